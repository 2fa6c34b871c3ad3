#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The scratch of the separable per-column warp (`ContentsSampling.drawStripSeparably`): a
/// sliding window of image rows blended horizontally for one strip of device columns.
///
/// For image row r (held in slot r mod `slots`) and strip column j, each channel's x lerp
/// c0·(256 − wx) + c1·wx (at most 255·256, exact in 16 bits) is stored minus 2¹⁵ as a signed
/// 16-bit lane, the four channels of a column in the pixel's byte order (8 bytes a column), so
/// that the y lerp of a pixel is one SSE2 `pmaddwd` (`ContentsSampling.lerpRows`). The window
/// holds rows `lo..<hi` (at most `slots` of them, all inside the image). Kept by a band
/// renderer's sampling tables for every layer and frame: grown to the largest strip's need,
/// never shrunk.
final class BlendedRowWindow {
    /// Columns of a row: a strip of `drawColumnRuns` (`ContentsSampling.stripColumns`).
    static let columns = ContentsSampling.stripColumns
    /// The most slots a strip may ask for (a strip whose rows spread wider is drawn by the
    /// row kernel): 256 rows of 256 columns, 512 KB, a level-2 cache.
    static let maxSlots = 256
    /// Slots in the ring (a power of two, or 0 before the first use).
    private(set) var slots = 0
    /// `slots` rows of `columns` blended columns.
    private(set) var rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    /// Per strip column, its x weight wx in four 16-bit lanes (0 for a column behind the eye).
    let weights = UnsafeMutablePointer<UInt64>.allocate(capacity: BlendedRowWindow.columns)
    /// Per strip column, its running v = a + Y·b (32.32 fixed point) for device row `vRow`.
    let v = UnsafeMutablePointer<Int64>.allocate(capacity: BlendedRowWindow.columns)
    var vRow = Int.min
    /// Image rows held: `lo..<hi`.
    private(set) var lo = 0, hi = 0
    /// Columns of the current strip (at most `columns`).
    private(set) var count = 0

    /// Starts a strip of `columns` columns with at least `slots` slots (a power of two, at
    /// most `maxSlots`): an empty window.
    func start(slots wanted: Int, columns: Int) {
        if wanted > slots {
            rows.deallocate()
            rows = .allocate(capacity: wanted &* BlendedRowWindow.columns)
            slots = wanted
        }
        count = columns
        lo = 0; hi = 0
        vRow = Int.min
    }

    /// The first blended column of image row `r` (which the window holds).
    @inline(__always)
    func row(_ r: Int) -> UnsafeMutablePointer<UInt64> { rows + (r & (slots &- 1)) &* BlendedRowWindow.columns }

    /// Whether image rows `r` and `r + 1` are both held.
    @inline(__always)
    func holdsPair(_ r: Int) -> Bool { r >= lo && r &+ 1 < hi }

    /// Makes the window hold image rows `m...last` (inside the image, at most `slots` of them),
    /// blending those it lacks with `fill`; rows beyond `slots` from them are given up.
    /// - Complexity: O(columns) per row blended; a strip going down its rows blends each once.
    @inline(__always)
    func ensure(_ m: Int, _ last: Int, fill: (Int) -> Void) {
        if m >= lo && last < hi { return }
        if m >= lo && m <= hi {
            // Further down: append rows hi...last.
            for r in hi...last { fill(r) }
            hi = last &+ 1
            lo = max(lo, hi &- slots)
        } else if m < lo && last >= lo &- 1 && last < hi {
            // Further up: prepend rows m..<lo.
            for r in m..<lo { fill(r) }
            lo = m
            hi = min(hi, lo &+ slots)
        } else {
            // Elsewhere: start over.
            for r in m...last { fill(r) }
            lo = m; hi = last &+ 1
        }
    }

    deinit { rows.deallocate(); weights.deallocate(); v.deallocate() }
}

#if arch(x86_64)
    extension ContentsSampling {
        /// Blends image row `r` horizontally into `window.row(r)` for strip columns `0..<count`
        /// (table columns from `k0`): four columns a step with the loads of `SamplingTables.quad`
        /// (contiguous, one skipped column, pairs), one at a time elsewhere. Each lane is
        /// (c0·(256 − wx) + c1·wx) ^ 0x8000, the x half of `BilinearSampler.blend` exactly.
        /// - Complexity: O(count).
        func blendRow(_ r: Int, into window: BlendedRowWindow, k0: Int, count: Int) {
            let src = UnsafeRawPointer(sampler.pixels + r &* sampler.stride)
            let dst = UnsafeMutableRawPointer(window.row(r)), w = UnsafeRawPointer(window.weights)
            let quad = tables.quad + k0, x0 = tables.x0 + k0, masks = tables.stepMasks
            let zero = _mm_setzero_si128(), k256 = _mm_set1_epi16(256), bias = _mm_set1_epi16(Int16.min)
            var j = 0
            while j &+ 4 <= count {
                let flags = quad[j]
                let c0: __m128i, c1: __m128i
                if flags & SamplingTables.contiguous != 0 {
                    let p = src + Int(x0[j]) &* 4
                    c0 = p.loadUnaligned(as: __m128i.self); c1 = p.loadUnaligned(fromByteOffset: 4, as: __m128i.self)
                } else if flags & SamplingTables.steps != 0 {
                    let p = src + Int(x0[j]) &* 4
                    let t0 = p.loadUnaligned(as: __m128i.self), t1 = p.loadUnaligned(fromByteOffset: 4, as: __m128i.self)
                    let t2 = p.loadUnaligned(fromByteOffset: 8, as: __m128i.self)
                    let mask = unsafeBitCast(masks[Int(flags &>> 4)], to: __m128i.self)
                    c0 = _mm_xor_si128(t0, _mm_and_si128(_mm_xor_si128(t0, t1), mask))
                    c1 = _mm_xor_si128(t1, _mm_and_si128(_mm_xor_si128(t1, t2), mask))
                } else if flags & SamplingTables.pairs != 0 {
                    @inline(__always) func pair(_ i: Int) -> __m128i {
                        _mm_loadl_epi64(UnsafeRawPointer(src + Int(x0[j &+ i]) &* 4).assumingMemoryBound(to: __m128i.self))
                    }
                    let p01 = _mm_unpacklo_epi64(pair(0), pair(1)), p23 = _mm_unpacklo_epi64(pair(2), pair(3))
                    // (c0, c1) per column → all c0, then all c1.
                    let s01 = unsafeBitCast(p01, to: SIMD4<UInt32>.self), s23 = unsafeBitCast(p23, to: SIMD4<UInt32>.self)
                    c0 = unsafeBitCast(SIMD4(lowHalf: s01.evenHalf, highHalf: s23.evenHalf), to: __m128i.self)
                    c1 = unsafeBitCast(SIMD4(lowHalf: s01.oddHalf, highHalf: s23.oddHalf), to: __m128i.self)
                } else {
                    for i in j..<(j &+ 4) { blendColumn(i, k0: k0, src: src, into: dst) }
                    j &+= 4
                    continue
                }
                let b01 = w.loadUnaligned(fromByteOffset: j &* 8, as: __m128i.self)
                let b23 = w.loadUnaligned(fromByteOffset: j &* 8 &+ 16, as: __m128i.self)
                @inline(__always) func lerp(_ a: __m128i, _ b: __m128i, _ bx: __m128i) -> __m128i {
                    let t = _mm_add_epi16(_mm_mullo_epi16(a, _mm_sub_epi16(k256, bx)), _mm_mullo_epi16(b, bx))
                    return _mm_xor_si128(t, bias)
                }
                let t01 = lerp(_mm_unpacklo_epi8(c0, zero), _mm_unpacklo_epi8(c1, zero), b01)
                let t23 = lerp(_mm_unpackhi_epi8(c0, zero), _mm_unpackhi_epi8(c1, zero), b23)
                dst.storeBytes(of: t01, toByteOffset: j &* 8, as: __m128i.self)
                dst.storeBytes(of: t23, toByteOffset: j &* 8 &+ 16, as: __m128i.self)
                j &+= 4
            }
            while j < count {
                blendColumn(j, k0: k0, src: src, into: dst)
                j &+= 1
            }
        }

        /// One column of `blendRow`: any taps (clamped at the image's edges); 0 behind the eye.
        @inline(__always)
        private func blendColumn(_ j: Int, k0: Int, src: UnsafeRawPointer, into dst: UnsafeMutableRawPointer) {
            let k = k0 &+ j, wx = tables.wx[k]
            var lanes: UInt64 = 0
            if wx != SamplingTables.invalid {
                let p0 = src.load(fromByteOffset: Int(tables.x0[k]) &* 4, as: UInt32.self)
                let p1 = src.load(fromByteOffset: Int(tables.x1[k]) &* 4, as: UInt32.self)
                for c in 0..<4 {
                    let s = UInt32(c &* 8)
                    let t = (p0 &>> s & 0xff) &* (256 &- wx) &+ (p1 &>> s & 0xff) &* wx
                    lanes |= UInt64(t ^ 0x8000) &<< UInt64(c &* 16)
                }
            }
            dst.storeBytes(of: lanes, toByteOffset: j &* 8, as: UInt64.self)
        }
    }
#endif
