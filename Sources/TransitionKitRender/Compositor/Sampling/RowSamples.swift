/// One row of an opaque layer's samples with the same bilinear weights at every pixel: pixel i
/// is the 2x2 neighbourhood (a[i], a[i + 1], b[i], b[i + 1]) blended with `wx`, `wy` (0...256,
/// `BilinearSampler.blend`), written by `BlendKernels.twoByTwo`. Both weights 0 is a 1:1 copy of
/// `a` (a screen drawn on whole pixels); one weight 0 a two-tap lerp (a screen on a half pixel,
/// such as a full-screen image aspect-filled into a tab bar controller's content area). A
/// deferred row (`PendingCopies`) and the cross-fade over one are written from it in one pass.
struct RowSamples {
    var a: UnsafePointer<UInt32>
    var b: UnsafePointer<UInt32>
    var wx: UInt32
    var wy: UInt32
    /// The image row the next device row reads and this one does not, at this row's first
    /// pixel (a vertical slide's next row), or nil: `write` has its cache lines prefetched as it
    /// goes (`BlendKernels.lerp`). A hint only, never read.
    var ahead: UnsafePointer<UInt32>? = nil

    /// The 1:1 copy of the pixels from `source`; `ahead` as the property (the copy's next
    /// image row, prefetched by a streamed copy, `RowStores.copy`).
    @inline(__always)
    init(copying source: UnsafePointer<UInt32>, ahead: UnsafePointer<UInt32>? = nil) {
        a = source; b = source; wx = 0; wy = 0; self.ahead = ahead
    }

    /// Neighbourhoods from rows `a` and `b` (already offset to the first pixel) with weights `wx`,
    /// `wy`; `ahead` as the property.
    @inline(__always)
    init(a: UnsafePointer<UInt32>, b: UnsafePointer<UInt32>, wx: UInt32, wy: UInt32, ahead: UnsafePointer<UInt32>? = nil) {
        self.a = a; self.b = b; self.wx = wx; self.wy = wy; self.ahead = ahead
    }

    /// A plain copy: `a` itself holds the pixels.
    @inline(__always)
    var isCopy: Bool { wx == 0 && wy == 0 }

    /// The two rows whose rounded average (a + b + 1) >> 1 per channel the samples are, when
    /// they are (`BlendKernels.lerp` at weight 128 along one axis, 0 along the other; a copy is
    /// the average of its row with itself).
    @inline(__always)
    var averaged: (UnsafePointer<UInt32>, UnsafePointer<UInt32>)? {
        if wx == 0 && (wy == 0 || wy == 128) { return (a, wy == 0 ? a : b) }
        if wx == 128 && wy == 0 { return (a, a + 1) }
        return nil
    }

    /// The samples from pixel `k` on.
    @inline(__always)
    func advanced(by k: Int) -> RowSamples { RowSamples(a: a + k, b: b + k, wx: wx, wy: wy, ahead: ahead.map { $0 + k }) }

    /// Writes `count` samples to `dst` with the renderer's `kernels`; `streaming`: `dst` is a row
    /// of a band bigger than the cache (`BlendKernels.twoByTwo`).
    /// - Complexity: O(count), streaming.
    @inline(__always)
    func write(to dst: UnsafeMutablePointer<UInt32>, count: Int, kernels: KernelTable, streaming: Bool = false) {
        BlendKernels.twoByTwo(dst, a, b, count: count, wx: wx, wy: wy, ahead: ahead, kernels: kernels, streaming: streaming)
    }
}

extension BlendKernels {
    /// `fade(dst, source:count:alpha:)` of a source written chunk by chunk into `scratch`
    /// (`scratchCount` pixels) by `write(scratch, done, n)` (source pixels `done..<done + n`),
    /// so that each chunk is still in cache when it is blended; `kernels` and `streaming` as in
    /// `fade(_:source:count:alpha:kernels:streaming:)`.
    /// - Complexity: O(count) plus the writes.
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, count: Int, alpha m: UInt32, through scratch: UnsafeMutablePointer<UInt32>,
        scratchCount: Int, kernels: KernelTable, streaming: Bool = false, write: (UnsafeMutablePointer<UInt32>, Int, Int) -> Void
    ) {
        forEachChunk(count: count, of: scratchCount) { done, n in
            write(scratch, done, n)
            fade(dst + done, source: scratch, count: n, alpha: m, kernels: kernels, streaming: streaming)
        }
    }

    /// Calls `body(done, n)` for consecutive chunks `done..<done + n` of `0..<count`, each of
    /// `size` pixels but the last (the scratch-row chunking of the fades).
    @inline(__always)
    static func forEachChunk(count: Int, of size: Int, _ body: (Int, Int) -> Void) {
        var done = 0
        while done < count {
            let n = min(count &- done, size)
            body(done, n)
            done &+= n
        }
    }

    /// `fade(dst, source:under:count:alpha:)` with both operands as samples (`under` nil: the
    /// destination's own pixels). Copies are read in place; other samples are written first,
    /// `under`'s into the destination itself and the source's into `scratch` (`scratchCount`
    /// pixels, chunk by chunk), so the rows stay in cache between the two steps. The same
    /// numbers as sampling each layer into the destination in turn. `kernels` and `streaming` as
    /// in `fade(_:source:count:alpha:kernels:streaming:)` (for the blend's stores: an `under` written into
    /// the destination first is read back, so it is not streamed).
    /// - Complexity: O(count).
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, source: RowSamples, under: RowSamples?, count: Int, alpha m: UInt32,
        scratch: UnsafeMutablePointer<UInt32>, scratchCount: Int, kernels: KernelTable, streaming: Bool = false
    ) {
        if source.isCopy && (under?.isCopy ?? true) {
            fade(dst, source: source.a, under: under?.a ?? UnsafePointer(dst), count: count, alpha: m, kernels: kernels, streaming: streaming)
            return
        }
        if let s = source.averaged, let u = under?.averaged {
            fade(dst, averageOf: s.0, s.1, under: u.0, u.1, count: count, alpha: m, kernels: kernels, streaming: streaming)
            return
        }
        forEachChunk(count: count, of: scratchCount) { done, n in
            let d = dst + done
            let s = source.advanced(by: done)
            var p = s.a
            if !s.isCopy {
                s.write(to: scratch, count: n, kernels: kernels)
                p = UnsafePointer(scratch)
            }
            // Each call below sees statically whether it blends in place (a runtime choice of
            // `under` would defeat the vectoriser's overlap check when it is the destination).
            if let u = under?.advanced(by: done), u.isCopy {
                fade(d, source: p, under: u.a, count: n, alpha: m, kernels: kernels, streaming: streaming)
            } else {
                under?.advanced(by: done).write(to: d, count: n, kernels: kernels)
                fade(d, source: p, count: n, alpha: m, kernels: kernels, streaming: streaming)
            }
        }
    }
}
