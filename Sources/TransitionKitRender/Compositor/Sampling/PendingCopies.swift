import CPixelKernels

/// Opaque rows of samples (`RowSamples`: 1:1 copies of `ContentsSampling`'s translation mode,
/// uniform two-by-two samples of its separable mode) at full strength not yet written, at most
/// one per band row: a constant-alpha layer drawn over one next (a cross-fade) blends both
/// sources in one pass (`fade(y:...)`), writing each pixel once; a translucent colour over
/// the whole copy (a dimming layer) is kept with it (`tint`) and applied as the copy is written;
/// an opaque layer drawn over part of it next (`cover`) drops that part unwritten; an opaque
/// copy recorded inside it keeps its right part deferred as the row's tail, and an edge drawn
/// over either blends over its source (`takeUnder`) without reading the frame. Every other
/// drawing flushes them first (`flush(y:dst:count:)` for the pixels it touches, `flushAll`), so
/// the picture is unchanged. The source pointers stay valid for the render: the layer tree being
/// drawn keeps its bitmaps alive.
final class PendingCopies {
    private(set) var originY = 0
    private(set) var capacity = 0
    private var dst = UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>.allocate(capacity: 1)
    private var src = UnsafeMutablePointer<RowSamples>.allocate(capacity: 1)
    private var count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// A premultiplied colour drawn over the row's copy at full strength (0: none).
    private var tints = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// A second deferred copy per row, right of the first, a 1:1 copy without a tint: what is
    /// left of such a copy right of an opaque copy `record`ed inside it (the part of the outgoing screen
    /// right of a radial reveal's circle), kept so that an edge drawn there next blends over
    /// its source (`takeUnder`) instead of reading the frame back. Every other use of the row
    /// writes it first (`writeTail`).
    private var tailDst = UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>.allocate(capacity: 1)
    private var tailSrc = UnsafeMutablePointer<RowSamples>.allocate(capacity: 1)
    private var tailCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// Whether any row has a tail: rows are only looked at for one when it is set, so that
    /// renders without any (everything but a reveal) pay one branch.
    private var hasTails = false
    /// Whether long row stores into the band (plain copies and `RowSamples` rows: vertical
    /// lerps, a sub-pixel slide's uniform two-by-two rows) stream their whole lines past the cache (`RowStores.streams`): set per
    /// frame by the band's renderer (`BandRenderer.streaming(band:frameHeight:)`).
    var streamsStores = false
    /// Whether rows that mix several source pixels per pixel stream theirs: cross-fades (a
    /// screen, 1:1 or resampled, over another at an opacity: every `BlendKernels.fade` into the
    /// band) and the separable resampler's two-pass rows (`SeparableRows.write`). The same rule
    /// as `streamsStores` except in a frame split between threads
    /// (`BandRenderer.streaming(band:frameHeight:)`).
    var streamsMixes = false
    /// Copies shorter than this many pixels have their cache lines asked for when they are
    /// recorded (source for reading, destination for writing), so that they are on their way
    /// by the time the copy is written: a damage render's copies are short runs on rows far
    /// apart (a radial frame's ring: thousands of 10–40-pixel runs), each a cache miss on the
    /// frame and on the image otherwise. Measured on the 2-core EPYC VM at 1179x2556: radial
    /// damage frames (push, pop) p50 0.43–0.47 → 0.40–0.44 ms, two binaries alternated three
    /// times. Long copies (whole rows) are left to the hardware prefetchers: the bound is
    /// `RowStores.streamingMinimumCount`, the length from which a copy in a frame bigger than
    /// the cache is streamed instead.
    static let prefetchedMaximumCount = RowStores.streamingMinimumCount
    /// Rows that may hold a copy (a bound).
    private var lo = 0, hi = 0
    /// Scratch pixels for a fade whose source is not a plain copy (`BlendKernels.fade`).
    private let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: PendingCopies.scratchCount)
    private static let scratchCount = 1024
    /// The band renderer's kernel table (the fades' and the sample writes').
    let kernels: KernelTable

    /// No copies pending; the fades and sample writes run on `kernels`.
    init(kernels: KernelTable) { self.kernels = kernels }

    /// Retargets to the band's rows, none pending.
    func prepare(band: PixelRect) {
        let n = max(band.height, 1)
        if n > capacity {
            dst.deallocate(); src.deallocate(); count.deallocate(); tints.deallocate()
            tailDst.deallocate(); tailSrc.deallocate(); tailCount.deallocate()
            dst = .allocate(capacity: n); src = .allocate(capacity: n); count = .allocate(capacity: n)
            tints = .allocate(capacity: n)
            tailDst = .allocate(capacity: n); tailSrc = .allocate(capacity: n); tailCount = .allocate(capacity: n)
            capacity = n
        }
        count.initialize(repeating: 0, count: n)
        tints.initialize(repeating: 0, count: n)
        tailCount.initialize(repeating: 0, count: n)
        hasTails = false
        originY = band.y0
        lo = 0; hi = 0
    }

    /// Defers writing `count` samples `s` to `dst` in row `y` (after any copy there).
    /// Of a copy already deferred in the row only the pixels outside the new one are written
    /// (the new copy replaces the rest), so an opaque 1:1 layer over another one (the radial
    /// reveal's interior) writes each pixel once; the part right of the new copy, when the old
    /// one has no tint, is kept deferred as the row's tail instead (`takeUnder`).
    @inline(__always)
    func record(y: Int, dst d: UnsafeMutablePointer<UInt32>, src s: RowSamples, count n: Int) {
        let r = y &- originY
        writeTail(r)
        let pc = count[r]
        if pc > 0 {
            let pd = dst[r]!, ps = src[r]
            if tints[r] == 0 && ps.isCopy && pd <= d && d + n < pd + pc {
                let cut = cut(pd, ps, count: pc, at: d, count: n)
                tailDst[r] = cut.rest; tailSrc[r] = cut.restSource; tailCount[r] = cut.restCount
                hasTails = true
            } else {
                _ = write(pd, from: ps, count: pc, outside: d, count: n, tint: tints[r])
            }
        }
        dst[r] = d; src[r] = s; count[r] = n; tints[r] = 0
        if n < PendingCopies.prefetchedMaximumCount {
            tk_prefetch_read(s.a, n &* 4)
            if !s.isCopy { tk_prefetch_read(s.b, n &* 4 &+ 4) }
            tk_prefetch_write(d, n &* 4)
        }
        if lo == hi { lo = r; hi = r &+ 1 } else { lo = min(lo, r); hi = max(hi, r &+ 1) }
    }

    /// An opaque layer's samples `s` at strength `m` (0...255) over `count` pixels from `d`:
    /// deferred at full strength (`record`), fused with row `y`'s deferred copy otherwise (`fade`).
    @inline(__always)
    func `defer`(y: Int, dst d: UnsafeMutablePointer<UInt32>, src s: RowSamples, count n: Int, alpha m: UInt32) {
        if m == 255 {
            record(y: y, dst: d, src: s, count: n)
        } else if m != 0 {
            fade(y: y, dst: d, src: s, count: n, alpha: m)
        }
    }

    /// Does row `y`'s deferred copy now where it meets `dst..<dst + count` (and to the left of
    /// it); the part to the right stays deferred. Drawing into that range may then read it.
    /// `reads`: the caller reads that range at once (a shadow's blend), so the part inside it is
    /// stored through the cache, not streamed (a streamed line read back at once is fetched
    /// from memory again); the bytes are the same either way.
    @inline(__always)
    func flush(y: Int, dst d: UnsafeMutablePointer<UInt32>, count n: Int, reads: Bool = false) {
        guard lo < hi else { return }
        let r = y &- originY
        writeTail(r)
        let pc = count[r]
        guard pc > 0 else { return }
        let pd = dst[r]!, ps = src[r]
        let a = max(pd, d), b = min(pd + pc, d + n)
        guard a < b else { return }
        if reads && streamsStores {
            if pd < a { emit(pd, from: ps, count: a - pd, tint: tints[r]) }
            streamsStores = false
            emit(a, from: ps.advanced(by: a - pd), count: b - a, tint: tints[r])
            streamsStores = true
        } else {
            emit(pd, from: ps, count: b - pd, tint: tints[r])
        }
        if b < pd + pc {
            dst[r] = b; src[r] = ps.advanced(by: b - pd); count[r] = pd + pc - b
        } else {
            count[r] = 0
        }
    }

    /// Does every deferred copy now.
    func flushAll() {
        guard lo < hi else { return }
        for r in lo..<hi where count[r] > 0 {
            emit(dst[r]!, from: src[r], count: count[r], tint: tints[r])
            count[r] = 0
        }
        if hasTails {
            for r in lo..<hi { writeTail(r) }
            hasTails = false
        }
        lo = 0; hi = 0
    }

    /// The opaque samples `s` at strength `m` over `count` pixels from `d` (`BlendKernels.fade`)
    /// as if row `y`'s deferred copy had been done first: where they overlap, one fused pass
    /// over both sources.
    @inline(__always)
    func fade(y: Int, dst d: UnsafeMutablePointer<UInt32>, src s: RowSamples, count n: Int, alpha m: UInt32) {
        let r = y &- originY
        writeTinted(r)
        writeTail(r)
        let pc = lo < hi ? count[r] : 0
        guard pc > 0 else {
            fade(d, source: s, under: nil, count: n, alpha: m)
            return
        }
        let pd = dst[r]!, ps = src[r]
        count[r] = 0
        let (a, b) = write(pd, from: ps, count: pc, outside: d, count: n, tint: 0)
        guard a < b else {
            fade(d, source: s, under: nil, count: n, alpha: m)
            return
        }
        if d < a { fade(d, source: s, under: nil, count: a - d, alpha: m) }
        if b < d + n { fade(b, source: s.advanced(by: b - d), under: nil, count: d + n - b, alpha: m) }
        fade(a, source: s.advanced(by: a - d), under: ps.advanced(by: a - pd), count: b - a, alpha: m)
    }

    /// `BlendKernels.fade` of samples with this object's scratch row.
    @inline(__always)
    private func fade(_ d: UnsafeMutablePointer<UInt32>, source: RowSamples, under: RowSamples?, count n: Int, alpha m: UInt32) {
        BlendKernels.fade(
            d, source: source, under: under, count: n, alpha: m, scratch: scratch, scratchCount: PendingCopies.scratchCount,
            kernels: kernels, streaming: streamsMixes)
    }

    /// `SpanKernels.solidRun(d, coverage: 255, clip: nil, count: n, color: c)` for a colour
    /// `c` that is not opaque (a dimming layer), as if row `y`'s deferred copy had been done
    /// first: over exactly the copy's pixels it is kept with the copy (applied when the copy is
    /// written, `SpanKernels.tint`); elsewhere, where they overlap, one pass reads the copy's
    /// source and writes the tinted pixel.
    @inline(__always)
    func tint(y: Int, dst d: UnsafeMutablePointer<UInt32>, count n: Int, color c: UInt32) {
        let r = y &- originY
        writeTail(r)
        if lo < hi && count[r] > 0 && tints[r] == 0 && dst[r] == d && count[r] == n {
            tints[r] = c
            return
        }
        writeTinted(r)
        let pc = lo < hi ? count[r] : 0
        guard pc > 0 else {
            SpanKernels.solidRun(d, coverage: 255, clip: nil, count: n, color: c)
            return
        }
        let pd = dst[r]!, ps = src[r]
        count[r] = 0
        let (a, b) = write(pd, from: ps, count: pc, outside: d, count: n, tint: 0)
        guard a < b else {
            SpanKernels.solidRun(d, coverage: 255, clip: nil, count: n, color: c)
            return
        }
        if d < a { SpanKernels.solidRun(d, coverage: 255, clip: nil, count: a - d, color: c) }
        if b < d + n { SpanKernels.solidRun(b, coverage: 255, clip: nil, count: d + n - b, color: c) }
        emit(a, from: ps.advanced(by: a - pd), count: b - a, tint: c)
    }

    /// The `count` pixels from `dst` in row `y` are about to be painted opaque at full strength
    /// without reading them: row `y`'s deferred copy is written where it lies outside them
    /// (left and right) and dropped inside; the part to the right stays deferred.
    @inline(__always)
    func cover(y: Int, dst d: UnsafeMutablePointer<UInt32>, count n: Int) {
        guard lo < hi else { return }
        let r = y &- originY
        writeTail(r)
        let pc = count[r]
        guard pc > 0 else { return }
        let pd = dst[r]!, ps = src[r]
        let a = max(pd, d), b = min(pd + pc, d + n)
        guard a < b else {
            if pd < d { emit(pd, from: ps, count: pc, tint: tints[r]); count[r] = 0 }
            return
        }
        if pd < a { emit(pd, from: ps, count: a - pd, tint: tints[r]) }
        if b < pd + pc {
            dst[r] = b; src[r] = ps.advanced(by: b - pd); count[r] = pd + pc - b
        } else {
            count[r] = 0
        }
    }

    /// Writes row `r`'s tail now if it has one (`tailDst`).
    @inline(__always)
    private func writeTail(_ r: Int) {
        guard hasTails, lo < hi, tailCount[r] > 0 else { return }
        let ts = tailSrc[r]
        RowStores.copy(tailDst[r]!, from: ts.a, count: tailCount[r], streaming: streamsStores, ahead: ts.ahead)
        tailCount[r] = 0
    }

    /// The source pixels under `d..<d + n` in row `y` when a deferred 1:1 copy without a tint
    /// (the row's copy or its tail) covers all of them: that copy's pixels left of `d` are
    /// written, the `n` are taken out of it (the caller writes them, blended over the returned
    /// source, without reading the frame), the rest stays deferred. nil, changing nothing,
    /// otherwise. An anti-aliased edge over a deferred screen (a radial mask's rim) then costs
    /// no read of a frame line that was just written or is still being fetched for writing.
    /// Measured with the next row's edge lines asked for (`ContentsSampling.askForNextRow`) on
    /// the 2-core EPYC VM at 1179x2556, release, one core: one frame rendered 500 times (best of
    /// 5 × 100, the blend still inlined in `draw`), radial push at p = 0.5 0.73 → 0.64–0.67 ms,
    /// at p = 0.7 0.89–0.90 → 0.78–0.84 ms, pop at p = 0.5 0.77 → 0.72–0.76 ms; sweep p50 with
    /// the blend out of line (`ContentsSampling.blendEdge`; two builds alternated three times),
    /// push 0.69–0.71 → 0.63–0.66, pop 0.75–0.76 → 0.72–0.73, tab 0.68–0.69 → 0.64–0.65 ms.
    @inline(__always)
    func takeUnder(y: Int, dst d: UnsafeMutablePointer<UInt32>, count n: Int) -> UnsafePointer<UInt32>? {
        guard lo < hi else { return nil }
        let r = y &- originY
        let pc = count[r]
        if pc > 0, tints[r] == 0, let pd = dst[r], pd <= d, d + n <= pd + pc, src[r].isCopy {
            let cut = cut(pd, src[r], count: pc, at: d, count: n)
            dst[r] = cut.rest; src[r] = cut.restSource; count[r] = cut.restCount
            return cut.under
        }
        let tc = tailCount[r]
        if tc > 0, let td = tailDst[r], td <= d, d + n <= td + tc {
            let cut = cut(td, tailSrc[r], count: tc, at: d, count: n)
            tailDst[r] = cut.rest; tailSrc[r] = cut.restSource; tailCount[r] = cut.restCount
            return cut.under
        }
        return nil
    }

    /// Of an untinted deferred 1:1 copy of `pc` samples `ps` at `pd` that covers `d..<d + n`:
    /// writes its pixels left of `d`, and returns its source under `d` and what stays deferred
    /// right of `d + n` (`restCount` 0: nothing).
    @inline(__always)
    private func cut(
        _ pd: UnsafeMutablePointer<UInt32>, _ ps: RowSamples, count pc: Int, at d: UnsafeMutablePointer<UInt32>, count n: Int
    ) -> (under: UnsafePointer<UInt32>, rest: UnsafeMutablePointer<UInt32>, restSource: RowSamples, restCount: Int) {
        if pd < d { emit(pd, from: ps, count: d - pd, tint: 0) }
        let e = d + n
        return (ps.a + (d - pd), e, ps.advanced(by: e - pd), pd + pc - e)
    }

    /// Writes row `r`'s deferred copy now if it carries a tint.
    @inline(__always)
    private func writeTinted(_ r: Int) {
        guard lo < hi, count[r] > 0, tints[r] != 0 else { return }
        emit(dst[r]!, from: src[r], count: count[r], tint: tints[r])
        count[r] = 0
    }

    /// Writes `n` samples `ps` to `pd`, with `tint` over them unless it is 0 (applied as a
    /// copy is read, after other samples are written).
    @inline(__always)
    private func emit(_ pd: UnsafeMutablePointer<UInt32>, from ps: RowSamples, count n: Int, tint: UInt32) {
        if tint == 0 {
            if ps.isCopy {
                RowStores.copy(pd, from: ps.a, count: n, streaming: streamsStores, ahead: ps.ahead)
            } else {
                ps.write(to: pd, count: n, kernels: kernels, streaming: streamsStores)
            }
            return
        }
        // A copy or a one-axis lerp under a tint: one pass (`BlendKernels.lerp(_:_:_:count:weight:tint:)`).
        if ps.wx == 0 || ps.wy == 0 {
            let (b, w) = ps.wy == 0 ? (ps.a + (ps.wx == 0 ? 0 : 1), ps.wx) : (ps.b, ps.wy)
            BlendKernels.lerp(pd, ps.a, b, count: n, weight: w, tint: tint, ahead: ps.ahead, kernels: kernels, streaming: streamsStores)
            return
        }
        // Resampled then tinted (a sliding screen under its dimming layer): each chunk is
        // resampled into the scratch row and tinted from there, so the frame's pixels are
        // written once and never read back (the same numbers as writing, then tinting in place).
        BlendKernels.forEachChunk(count: n, of: PendingCopies.scratchCount) { done, k in
            ps.advanced(by: done).write(to: scratch, count: k, kernels: kernels)
            SpanKernels.tint(pd + done, under: scratch, count: k, color: tint)
        }
    }

    /// Writes the copy of `pc` pixels from `ps` to `pd` (with `tint`, `emit`) except where it
    /// meets `d..<d + n`, and returns that overlap `a..<b` (empty when they do not meet: then all
    /// of it is written).
    @inline(__always)
    private func write(
        _ pd: UnsafeMutablePointer<UInt32>, from ps: RowSamples, count pc: Int,
        outside d: UnsafeMutablePointer<UInt32>, count n: Int, tint: UInt32
    ) -> (a: UnsafeMutablePointer<UInt32>, b: UnsafeMutablePointer<UInt32>) {
        let a = max(pd, d), b = min(pd + pc, d + n)
        if a < b {
            if pd < a { emit(pd, from: ps, count: a - pd, tint: tint) }
            if b < pd + pc { emit(b, from: ps.advanced(by: b - pd), count: pd + pc - b, tint: tint) }
        } else {
            emit(pd, from: ps, count: pc, tint: tint)
        }
        return (a, b)
    }

    deinit {
        dst.deallocate(); src.deallocate(); count.deallocate(); tints.deallocate(); scratch.deallocate()
        tailDst.deallocate(); tailSrc.deallocate(); tailCount.deallocate()
    }
}
