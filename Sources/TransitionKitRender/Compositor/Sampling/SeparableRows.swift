import CPixelKernels

#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The `separable` mode's opaque full-strength runs (an axis-aligned scale: the view behind a
/// drag-dismiss card, a zoomed screen) drawn as two 1-D passes instead of a 2x2 blend per pixel.
///
/// `BilinearSampler.blend` regroups exactly (integers, no rounding in between) as a vertical
/// lerp first, V[c] = r0[c]·(256 − wy) + r1[c]·wy per image column c over the row's two image
/// rows, then the horizontal one, (V[x0]·(256 − wx) + V[x1]·wx + 2¹⁵) >> 16. A run is then:
///
/// 1. the vertical pass, once per image column the run reads (not once per device pixel):
///    V[c] for columns `lo...hi`, stored as `LerpKernels.biased` lanes;
/// 2. the horizontal pass, per device pixel: the two columns' biased V side by side, times the
///    column's (256 − wx, wx), one SSE2 `pmaddwd` for four channels (`LerpKernels.madd`),
///    packed four pixels at once (`LerpKernels.pack`).
///
/// The column taps come from `SamplingTables` (x0, x1, wx of `BilinearSampler.tap`) once per
/// layer (`prepare`): a column clamped at the image's edge (x1 = x0) reads V[x0]·256, which is
/// V[x0]·256 + V[x0 + 1]·0, so every column becomes a pair (x0, x0 + 1) with weights
/// (256 − w, w), w = 0 where clamped, and V has one spare column after the image's last. The
/// result is bit for bit `BilinearSampler.blend` of the same taps (`FastPathTests`).
///
/// On x86-64 both passes are AVX2 where the renderer's table says so (`kernels`, looked at
/// once per pass; eight pixels a step in C), SSE2 otherwise and for what is left of a run;
/// elsewhere, and for the last pixels of a run, the same integer arithmetic one channel at a
/// time. Where the table is AVX2 and the scale is near 1, a run is drawn horizontal-first instead (`SeparableBlocks`, the same
/// numbers).
final class SeparableRows {
    private var capacity = 0
    /// Per column: the first of its two image columns (the tables' x0, read in place).
    private var start = UnsafePointer<Int32>(bitPattern: 0)
    /// Per column: the two taps' weights (256 − w, w) as 16-bit lanes, four times (one per channel).
    private var weights = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: 1)
    /// The vertical pass of one run: four biased 16-bit channels per image column, at the
    /// image column's index (the columns a run reads are written before it reads them).
    private var lerped = UnsafeMutablePointer<UInt16>.allocate(capacity: 4)
    private var lerpedColumns = 1
    /// The tables' x1 and wx and the layer's column count (`prepare`), and whether `weights`
    /// are the current layer's (`weigh`).
    private var taps: (x1: UnsafePointer<Int32>?, wx: UnsafePointer<UInt32>?, count: Int) = (nil, nil, 0)
    private var weighed = false
    /// The horizontal-first form, where it applies (`SeparableBlocks`).
    private let blocks: SeparableBlocks
    /// The band renderer's kernel table (`SamplingTables.kernels`).
    let kernels: KernelTable

    /// Runs drawn on `kernels` (no layer's taps yet).
    init(kernels: KernelTable) {
        self.kernels = kernels
        blocks = SeparableBlocks(kernels: kernels)
    }
    /// Whether the current layer's runs take the horizontal-first form (`SeparableBlocks`).
    var horizontalFirst: Bool { blocks.ready() }

    /// Takes the current layer's column taps (`SamplingTables.x0`, `x1`, `wx` of `n` device
    /// columns, indexed like `SamplingTables`; an image `imageWidth` pixels wide). The tables
    /// are read in place, so they must not be reserved again before the layer's runs. Each
    /// form works out its per-column tables at the layer's first run that takes it (`weigh`,
    /// `SeparableBlocks.ready()`), so a layer pays only for the form it is drawn in.
    /// - Complexity: O(1).
    func prepare(_ tables: SamplingTables, count n: Int, imageWidth: Int) {
        start = UnsafePointer(tables.x0)
        taps = (UnsafePointer(tables.x1), UnsafePointer(tables.wx), n)
        weighed = false
        if imageWidth + 1 > lerpedColumns {
            lerped.deallocate()
            lerpedColumns = imageWidth + 1
            lerped = .allocate(capacity: 4 * lerpedColumns)
        }
        blocks.prepare(tables, count: n, imageWidth: imageWidth)
    }

    /// The vertical-first form's per-column weights for the current layer (`prepare`).
    /// - Complexity: O(columns), once per layer.
    private func weigh() {
        weighed = true
        guard let start, let x1 = taps.x1, let wx = taps.wx else { return }
        let n = taps.count
        if n > capacity {
            weights.deallocate()
            weights = .allocate(capacity: n)
            capacity = n
        }
        for k in 0..<n {
            let w = x1[k] == start[k] ? 0 : wx[k]
            weights[k] = SIMD4(repeating: (256 &- w) | w &<< 16)
        }
    }

    /// Writes the samples of device columns `k..<k + count` (`prepare`'s indices) of the row
    /// between image rows `r0` and `r1` (weight `wy` of `r1`, 0...256) to `dst`: opaque samples
    /// at full strength, so a store. `imageWidth` is the image's. `ahead`: the image row the
    /// next device row reads and this one does not, or nil; the AVX2 vertical pass prefetches
    /// the columns it reads of it (a hint, never read). `streaming`: `dst` is a row of a band
    /// bigger than the cache (`RowStores.streams(count:streaming:)`; the AVX2 pass then streams
    /// its whole lines).
    /// - Complexity: O(count + image columns read); no allocation.
    func write(
        _ dst: UnsafeMutablePointer<UInt32>, k: Int, count n: Int, r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>,
        wy: UInt32, imageWidth: Int, ahead: UnsafePointer<UInt32>? = nil, streaming: Bool = false
    ) {
        guard n > 0, let start else { return }
        if horizontalFirst {
            blocks.write(dst, k: k, count: n, r0: r0, r1: r1, wy: wy, ahead: ahead, streaming: streaming)
            return
        }
        if !weighed { weigh() }
        // The taps are monotonic in the device column (the floor of a linear map, clamped).
        let a = Int(start[k]), b = Int(start[k &+ n &- 1])
        let lo = min(a, b), hi = max(a, b) &+ 1
        // The spare column after the image's last is read only at weight 0.
        let last = min(hi, imageWidth &- 1)
        lerp(r0 + lo, r1 + lo, into: lerped + 4 &* lo, columns: last &- lo &+ 1, wy: wy, ahead: ahead.map { $0 + lo })
        if last < hi { (lerped + 4 &* hi).initialize(repeating: 0, count: 4) }
        horizontal(dst, start: start + k, k: k, count: n, streaming: streaming)
    }

    /// The vertical pass: biased V of `columns` image columns from `p0` and `p1` into `v`.
    @inline(__always)
    private func lerp(
        _ p0: UnsafePointer<UInt32>, _ p1: UnsafePointer<UInt32>, into v: UnsafeMutablePointer<UInt16>, columns n: Int, wy: UInt32,
        ahead: UnsafePointer<UInt32>?
    ) {
        var c = 0
        #if arch(x86_64)
            if kernels.avx2 {
                c = tk_separable_vertical_avx2(p0, p1, v, n, wy, ahead)
                if c > 0 { kernels.tookAVX2() }
            }
            let zero = _mm_setzero_si128()
            let ay = _mm_set1_epi16(Int16(truncatingIfNeeded: 256 &- wy)), by = _mm_set1_epi16(Int16(truncatingIfNeeded: wy))
            let out = UnsafeMutableRawPointer(v)
            while c &+ 4 <= n {
                let t = UnsafeRawPointer(p0 + c).loadUnaligned(as: __m128i.self)
                let u = UnsafeRawPointer(p1 + c).loadUnaligned(as: __m128i.self)
                let l = LerpKernels.biased(_mm_unpacklo_epi8(t, zero), _mm_unpacklo_epi8(u, zero), ay, by)
                let h = LerpKernels.biased(_mm_unpackhi_epi8(t, zero), _mm_unpackhi_epi8(u, zero), ay, by)
                out.storeBytes(of: l, toByteOffset: c &* 8, as: __m128i.self)
                out.storeBytes(of: h, toByteOffset: c &* 8 &+ 16, as: __m128i.self)
                c &+= 4
            }
        #endif
        while c < n {
            let t = p0[c], u = p1[c]
            for ch in 0..<4 {
                let s = UInt32(truncatingIfNeeded: ch &* 8)
                v[c &* 4 &+ ch] = LerpKernels.biased(t &>> s & 0xff, u &>> s & 0xff, weight: wy)
            }
            c &+= 1
        }
    }

    /// The horizontal pass: device columns `k..<k + count` from V.
    @inline(__always)
    private func horizontal(_ dst: UnsafeMutablePointer<UInt32>, start: UnsafePointer<Int32>, k: Int, count n: Int, streaming: Bool) {
        let v = UnsafeRawPointer(lerped)
        let weights = UnsafeRawPointer(self.weights + k)
        var i = 0
        #if arch(x86_64)
            if kernels.avx2 {
                let w = UnsafeRawPointer(self.weights + k).assumingMemoryBound(to: UInt32.self)
                i = tk_separable_horizontal_avx2(dst, start, w, lerped, n, RowStores.streams(count: n, streaming: streaming) ? 1 : 0)
                if i > 0 { kernels.tookAVX2() }
            }
            @inline(__always) func pixel(_ j: Int) -> __m128i {
                let pair = v.loadUnaligned(fromByteOffset: Int(start[j]) &* 8, as: __m128i.self)
                // (V0, V1) channel by channel: r0 r1 g0 g1 b0 b1 a0 a1.
                let taps = _mm_unpacklo_epi16(pair, _mm_unpackhi_epi64(pair, pair))
                let w = weights.load(fromByteOffset: j &* 16, as: __m128i.self)
                return LerpKernels.madd(taps, w)
            }
            let out = UnsafeMutableRawPointer(dst)
            while i &+ 4 <= n {
                let p = LerpKernels.pack(pixel(i), pixel(i &+ 1), pixel(i &+ 2), pixel(i &+ 3))
                out.storeBytes(of: p, toByteOffset: i &* 4, as: __m128i.self)
                i &+= 4
            }
        #endif
        let lanes = v.assumingMemoryBound(to: UInt16.self)
        while i < n {
            let c = Int(start[i]) &* 4, w = self.weights[k &+ i][0]
            let w0 = Int32(w & 0xffff), w1 = Int32(w &>> 16)
            var p: UInt32 = 0
            for ch in 0..<4 {
                p |= LerpKernels.finish(lanes[c &+ ch], lanes[c &+ 4 &+ ch], w0, w1) &<< UInt32(ch &* 8)
            }
            dst[i] = p
            i &+= 1
        }
    }

    deinit { weights.deallocate(); lerped.deallocate() }
}

extension ContentsSampling {
    /// Part of a `separable` span, `count` device pixels from column `x` between image rows `r0`
    /// and `r1` (weight `wy`): `SeparableRows` for opaque samples at constant coverage without a
    /// clip mask (stored at full strength, cross-faded through the scratch row otherwise), the
    /// per-pixel `SeparableSource` in `BlendKernels.run` for the rest (edge pixels, masks).
    /// The same contract and numbers as `BlendKernels.run` with `SeparableSource`. `ahead`:
    /// `rowAhead(y:rows:)`, the next row to prefetch.
    @inline(__always)
    func drawSeparable(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, x: Int, r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>, wy: UInt32,
        alpha: UInt32, ahead: UnsafePointer<UInt32>?
    ) {
        let k = x &- tableX0
        if coverage == nil && clip == nil && opaque {
            let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
            let rows = tables.separableRows, width = sampler.width
            if m == 255 {
                rows.write(
                    dst, k: k, count: count, r0: r0, r1: r1, wy: wy, imageWidth: width, ahead: ahead, streaming: tables.pending.streamsMixes)
            } else if m != 0 {
                BlendKernels.fade(
                    dst, count: count, alpha: m, through: tables.row, scratchCount: tables.rowCapacity, kernels: tables.kernels,
                    streaming: tables.pending.streamsMixes
                ) { scratch, done, n in
                    rows.write(scratch, k: k &+ done, count: n, r0: r0, r1: r1, wy: wy, imageWidth: width, ahead: ahead)
                }
            }
            return
        }
        BlendKernels.run(
            dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count, alpha: alpha, opaque: opaque,
            SeparableSource(
                r0: r0, r1: r1, x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, quad: tables.quad + k, masks: tables.stepMasks,
                wy: wy))
    }
}
