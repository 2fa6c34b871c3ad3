import CPixelKernels

#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The scratch of the separable per-column warp (`ContentsSampling.drawStripSeparably`): a
/// sliding window of image rows blended horizontally for one strip of device columns.
///
/// For image row r (held in slot r mod `slots`) and strip column j, each channel's x lerp is
/// stored as `LerpKernels.biased` (a signed 16-bit lane), the four channels of a column in the
/// pixel's byte order (8 bytes a column), so that the y lerp of a pixel, rounding included, is
/// one SSE2 `pmaddwd` (`LerpKernels.madd`). Slots 0 and 1 are also kept after the last slot (at `slots`
/// and `slots` + 1), so that the rows after row r's slot always lie 1 and 2 slots further
/// in memory. The window holds rows `lo..<hi` (at most `slots` of them, all inside the image).
/// Per strip column it also keeps the running v = a + Y·b (32.32 fixed point) split in two
/// 32-bit halves, stepped by `SamplingTables.step` (four columns at once in the halves, with a
/// carry: `stepLanes`), whose high half is the row index (v >> 32) and low half the fraction. Kept by a band renderer's
/// sampling tables for every layer and frame: grown to the largest strip's need, never shrunk.
final class BlendedRowWindow {
    /// Columns of a row: a strip of `drawColumnRuns` (`ContentsSampling.stripColumns`).
    static let columns = ContentsSampling.stripColumns
    /// The most slots a strip may ask for (a strip whose rows spread wider is drawn by the
    /// row kernel): 256 rows of 256 columns, 512 KB, a level-2 cache.
    static let maxSlots = 256
    /// Slots in the ring (a power of two, or 0 before the first use).
    private(set) var slots = 0
    /// `slots` + 2 rows of `columns` blended columns (the last two repeat slots 0 and 1).
    private(set) var rows = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    /// Per strip column, its x weight wx in four 16-bit lanes (0...256), then (`columns` on)
    /// 256 − wx likewise.
    let weights = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 &* BlendedRowWindow.columns)
    /// Five arrays of `columns` 32-bit lanes, one after the other (`lanes` apart, so that a
    /// kernel reaches all of them from one pointer): per strip column, the low (fraction) and
    /// high (row index, as a bit pattern) 32 bits of its running v = a + Y·b (32.32 fixed
    /// point) for device row `vRow`; b's low 32 bits, the same with the top bit flipped (a
    /// signed comparison with it is an unsigned one with b's) and b's high 32 bits
    /// (`setSteps`).
    let fraction = UnsafeMutablePointer<UInt32>.allocate(capacity: 5 &* BlendedRowWindow.columns)
    var index: UnsafeMutablePointer<UInt32> { fraction + BlendedRowWindow.lanes }
    var stepFraction: UnsafeMutablePointer<UInt32> { fraction + 2 &* BlendedRowWindow.lanes }
    var stepCarry: UnsafeMutablePointer<UInt32> { fraction + 3 &* BlendedRowWindow.lanes }
    var stepIndex: UnsafeMutablePointer<UInt32> { fraction + 4 &* BlendedRowWindow.lanes }
    /// Lanes from one of the five arrays of `fraction` to the next.
    static let lanes = columns
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
            rows = .allocate(capacity: (wanted &+ 2) &* BlendedRowWindow.columns)
            slots = wanted
        }
        count = columns
        lo = 0; hi = 0
        vRow = Int.min
    }

    /// Takes each column's v step b (32.32 fixed point) from `b`, for `count` columns.
    func setSteps(_ b: UnsafePointer<Int64>, count: Int) {
        for j in 0..<count {
            let low = UInt32(truncatingIfNeeded: b[j])
            stepFraction[j] = low
            stepCarry[j] = low ^ 0x8000_0000
            stepIndex[j] = UInt32(truncatingIfNeeded: b[j] &>> 32)
        }
    }

    /// Sets column `j`'s running v (32.32 fixed point).
    @inline(__always)
    func setV(_ j: Int, _ v: Int64) {
        fraction[j] = UInt32(truncatingIfNeeded: v); index[j] = UInt32(truncatingIfNeeded: v &>> 32)
    }

    /// Steps column `j`'s running v to the next device row (`SamplingTables.step`, on the
    /// halves joined back) and returns it.
    @inline(__always)
    func stepV(_ j: Int) -> Int64 {
        @inline(__always) func joined(_ high: UInt32, _ low: UInt32) -> Int64 { Int64(Int32(bitPattern: high)) &<< 32 | Int64(low) }
        let v = SamplingTables.step(joined(index[j], fraction[j]), by: joined(stepIndex[j], stepFraction[j]))
        setV(j, v)
        return v
    }

    /// The first blended column of image row `r` (which the window holds).
    @inline(__always)
    func row(_ r: Int) -> UnsafeMutablePointer<UInt64> { rows + (r & (slots &- 1)) &* BlendedRowWindow.columns }

    /// Whether image rows `r` and `r + 1` are both held.
    @inline(__always)
    func holdsPair(_ r: Int) -> Bool { r >= lo && r &+ 1 < hi }

    /// Makes the window hold image rows `m...last` (inside the image, at most `slots` of them),
    /// blending those it lacks with `fill` (which writes `row(r)`; rows in slots 0 and 1 are
    /// then repeated after the last slot); rows beyond `slots` from them are given up.
    /// - Complexity: O(columns) per row blended; a strip going down its rows blends each once.
    @inline(__always)
    func ensure(_ m: Int, _ last: Int, fill blend: (Int) -> Void) {
        @inline(__always) func fill(_ r: Int) {
            blend(r)
            if r & (slots &- 1) < 2 {
                (row(r) + slots &* BlendedRowWindow.columns).update(from: row(r), count: count)
            }
        }
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

    deinit {
        rows.deallocate(); weights.deallocate(); fraction.deallocate()
    }
}

#if arch(x86_64)
    extension BlendedRowWindow {
        /// `stepV` of four columns from `at` (`fraction` + j): `SamplingTables.step`'s wrapping
        /// 64-bit sum in 32-bit halves, the fractions wrapping and the index taking a carry
        /// where the new fraction is below the step (unsigned: signed with both top bits
        /// flipped, `stepCarry`); both stored back. Returns the new fractions and indices.
        @inline(__always)
        static func stepLanes(_ at: UnsafeMutableRawPointer) -> (fraction: __m128i, index: __m128i) {
            let lanes = BlendedRowWindow.lanes &* 4
            @inline(__always) func lane(_ array: Int) -> __m128i {
                at.loadUnaligned(fromByteOffset: array &* lanes, as: __m128i.self)
            }
            let fraction = _mm_add_epi32(lane(0), lane(2))
            let carry = _mm_cmpgt_epi32(lane(3), _mm_xor_si128(fraction, _mm_set1_epi32(Int32.min)))
            let index = _mm_sub_epi32(_mm_add_epi32(lane(1), lane(4)), carry)
            at.storeBytes(of: fraction, as: __m128i.self)
            at.storeBytes(of: index, toByteOffset: lanes, as: __m128i.self)
            return (fraction, index)
        }
    }

    extension ContentsSampling {
        /// Blends image row `r` horizontally into `window.row(r)` for strip columns `0..<count`
        /// (table columns from `k0`): four columns a step with the loads of `SamplingTables.quad`
        /// (contiguous, one skipped column, pairs), one at a time elsewhere; where the renderer's
        /// table is AVX2 (`tables.kernels`), eight contiguous, one-skipped or pairs columns a step
        /// in C (`tk_blend_row_avx2`, pairs gathered) until another kind. Each lane is `LerpKernels.biased` of the
        /// column's x taps: the x half of `BilinearSampler.blend`.
        /// - Complexity: O(count).
        func blendRow(_ r: Int, into window: BlendedRowWindow, k0: Int, count: Int) {
            let src = UnsafeRawPointer(sampler.pixels + r &* sampler.stride)
            let dst = UnsafeMutableRawPointer(window.row(r)), w = UnsafeRawPointer(window.weights)
            let quad = tables.quad + k0, x0 = tables.x0 + k0, masks = tables.stepMasks
            let zero = _mm_setzero_si128(), complements = BlendedRowWindow.columns &* 8
            var j = 0
            let kernels = tables.kernels, avx2 = kernels.avx2
            // The same columns `readAhead` image rows down, requested now (the next rows blended).
            let ahead = r &+ ContentsSampling.readAhead
            if ahead < sampler.height && count > 0 {
                let p0 = Int(x0[0]), p1 = Int(x0[count &- 1])
                tk_prefetch_read(src + (ContentsSampling.readAhead &* sampler.stride &+ min(p0, p1)) &* 4, (abs(p1 &- p0) &+ 2) &* 4)
            }
            while j &+ 4 <= count {
                if avx2 {
                    // Eight columns a step while both quads are contiguous or steps (C).
                    let done = tk_blend_row_avx2(
                        src.assumingMemoryBound(to: UInt8.self), quad, x0, UnsafeRawPointer(masks).assumingMemoryBound(to: UInt32.self),
                        w.assumingMemoryBound(to: UInt16.self), (w + complements).assumingMemoryBound(to: UInt16.self),
                        dst.assumingMemoryBound(to: UInt16.self), j, count)
                    if done > j { kernels.tookAVX2() }
                    j = done
                    guard j &+ 4 <= count else { break }
                }
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
                    c0 = LerpKernels.select(t0, t1, mask: mask); c1 = LerpKernels.select(t1, t2, mask: mask)
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
                let a01 = w.loadUnaligned(fromByteOffset: complements &+ j &* 8, as: __m128i.self)
                let a23 = w.loadUnaligned(fromByteOffset: complements &+ j &* 8 &+ 16, as: __m128i.self)
                let t01 = LerpKernels.biased(_mm_unpacklo_epi8(c0, zero), _mm_unpacklo_epi8(c1, zero), a01, b01)
                let t23 = LerpKernels.biased(_mm_unpackhi_epi8(c0, zero), _mm_unpackhi_epi8(c1, zero), a23, b23)
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
                    lanes |= UInt64(LerpKernels.biased(p0 &>> s & 0xff, p1 &>> s & 0xff, weight: wx)) &<< UInt64(c &* 16)
                }
            }
            dst.storeBytes(of: lanes, toByteOffset: j &* 8, as: UInt64.self)
        }
    }
#endif
