#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The separable form of the per-column warp's strip drawing (`drawColumnRuns`), on x86-64.
///
/// Along a device column of the `columns` mode the x taps (x0, x0 + 1, weight wx) are fixed
/// and only the image row v = A + Y·B moves. `BilinearSampler.blend` lerps each tap row in x
/// first, exactly (c0·(256 − wx) + c1·wx per channel, at most 255·256), then in y with one
/// rounding: (top·(256 − wy) + bottom·wy + 2¹⁵) >> 16. So the x lerps of an image row are the
/// same numbers for every device row that reads it: a strip blends each image row it reads
/// once (`blendRow`, into a `BlendedRowWindow`) and each device pixel is then one y lerp of two
/// stored values. The y lerp stores top − 2¹⁵ and bottom − 2¹⁵ as signed 16-bit lanes, and
/// `pmaddwd` gives (top − 2¹⁵)·(256 − wy) + (bottom − 2¹⁵)·wy = top·(256 − wy) + bottom·wy − 2²³;
/// adding 2²³ + 2¹⁵ and shifting right by 16 is the blend's rounding. Same bytes as
/// `drawColumnsRun` (see `FastPathTests+WarpKernels`).
extension ContentsSampling {
    /// Draws the recorded runs of `runs` inside device columns `x0..<x1` (one strip) top to
    /// bottom by the separable form, or returns false without drawing when the strip does not
    /// suit it: a column behind the eye, a rows spread wider than `BlendedRowWindow.maxSlots`,
    /// or more image rows to blend than twice the device rows drawn (a vertical downscale by
    /// more than 2, where the row kernel's two x lerps a pixel are fewer).
    /// - Complexity: O(pixels of the runs + image rows read · strip columns).
    func drawStripSeparably(_ runs: RowRuns, into plane: PixelPlane, x0 stripX0: Int, x1 stripX1: Int) -> Bool {
        #if arch(x86_64)
            let c0 = max(stripX0, runs.columns.lowerBound), c1 = min(stripX1, runs.columns.upperBound)
            guard c0 < c1, let first = firstRow(runs, c0, c1), let last = lastRow(runs, c0, c1) else { return true }
            let k0 = c0 &- tableX0, n = c1 &- c0
            let window = tables.window
            // Rows each end row reads unclamped (their spread across columns is largest at
            // an end: v is linear in Y per column, so the spread is convex in Y; clamping to
            // the image only narrows it), and whether every column is in front of the eye.
            var lo0 = Int.max, hi0 = Int.min, lo1 = Int.max, hi1 = Int.min
            for j in 0..<n {
                let k = k0 &+ j
                guard tables.wx[k] != SamplingTables.invalid else { return false }
                let r0 = Int(truncatingIfNeeded: (tables.a[k] &+ Int64(first) &* tables.b[k]) &>> 32)
                let r1 = Int(truncatingIfNeeded: (tables.a[k] &+ Int64(last) &* tables.b[k]) &>> 32)
                lo0 = min(lo0, r0); hi0 = max(hi0, r0); lo1 = min(lo1, r1); hi1 = max(hi1, r1)
            }
            let spread = max(hi0 &- lo0, hi1 &- lo1) &+ 4
            // Image rows blended at most: those between the ends' rows, inside the image.
            let top = max(min(lo0, lo1), 0), bottom = min(max(hi0, hi1) &+ 1, sampler.height &- 1)
            guard spread <= BlendedRowWindow.maxSlots, bottom &- top &+ 1 <= 2 &* (last &- first &+ 1) else { return false }
            var slots = 8
            while slots < spread { slots &<<= 1 }
            window.start(slots: slots, columns: n)
            for j in 0..<n {
                let wx = UInt64(tables.wx[c0 &- tableX0 &+ j])
                window.weights[j] = wx | wx &<< 16 | wx &<< 32 | wx &<< 48
            }
            let origin = runs.originY
            for y in first...last {
                let r = y &- origin
                let a = max(Int(runs.start[r]), c0), b = min(Int(runs.end[r]), c1)
                guard a < b else { continue }
                // v of every strip column for row y − 1, then the kernel steps its own columns.
                let v = window.v, bs = tables.b + k0
                if window.vRow != y &- 1 {
                    let as_ = tables.a + k0, Y = Int64(y &- 1)
                    for j in 0..<n { v[j] = as_[j] &+ Y &* bs[j] }
                }
                let ja = a &- c0, jb = b &- c0
                for j in 0..<ja { v[j] &+= bs[j] }
                for j in jb..<n { v[j] &+= bs[j] }
                window.vRow = y
                drawSeparableRun(plane.row(y) + a, window: window, k0: k0, from: ja, to: jb)
            }
            return true
        #else
            return false
        #endif
    }

    /// The first row of `runs` with a run inside columns `c0..<c1`.
    private func firstRow(_ runs: RowRuns, _ c0: Int, _ c1: Int) -> Int? {
        runs.rows.first { max(Int(runs.start[$0 &- runs.originY]), c0) < min(Int(runs.end[$0 &- runs.originY]), c1) }
    }

    /// The last row of `runs` with a run inside columns `c0..<c1`.
    private func lastRow(_ runs: RowRuns, _ c0: Int, _ c1: Int) -> Int? {
        runs.rows.reversed().first { max(Int(runs.start[$0 &- runs.originY]), c0) < min(Int(runs.end[$0 &- runs.originY]), c1) }
    }

    #if arch(x86_64)
        /// Row `window.vRow` of strip columns `from..<to` into `dst` (their first pixel): each
        /// column's v stepped by its b (stored back), then the y lerp of the two blended rows
        /// around it, four columns a step. Where the four read one pair of rows the window
        /// holds, two 16-byte loads a row; otherwise each lane's clamped rows are brought into
        /// the window (`ensure`) and read on their own.
        /// - Complexity: O(to − from), plus `blendRow` for each image row entering the window.
        @inline(__always)
        private func drawSeparableRun(
            _ dst: UnsafeMutablePointer<UInt32>, window: BlendedRowWindow, k0: Int, from: Int, to: Int
        ) {
            let v = UnsafeMutableRawPointer(window.v), b = UnsafeRawPointer(tables.b + k0)
            let out = UnsafeMutableRawPointer(dst) - from &* 4
            let k256 = _mm_set1_epi32(256)
            var j = from
            while j &+ 4 <= to {
                let o = j &* 8
                let v01 = _mm_add_epi64(v.loadUnaligned(fromByteOffset: o, as: __m128i.self), b.loadUnaligned(fromByteOffset: o, as: __m128i.self))
                let v23 = _mm_add_epi64(
                    v.loadUnaligned(fromByteOffset: o &+ 16, as: __m128i.self), b.loadUnaligned(fromByteOffset: o &+ 16, as: __m128i.self))
                v.storeBytes(of: v01, toByteOffset: o, as: __m128i.self)
                v.storeBytes(of: v23, toByteOffset: o &+ 16, as: __m128i.self)
                // Fractions (even 32-bit halves) and row indices (odd halves) of the four.
                let h01 = unsafeBitCast(v01, to: SIMD4<UInt32>.self), h23 = unsafeBitCast(v23, to: SIMD4<UInt32>.self)
                let fraction = unsafeBitCast(SIMD4(lowHalf: h01.evenHalf, highHalf: h23.evenHalf), to: __m128i.self)
                let indices = SIMD4(lowHalf: h01.oddHalf, highHalf: h23.oddHalf), index = unsafeBitCast(indices, to: __m128i.self)
                // wy = the fraction rounded half up to 1/256 (`BilinearSampler.weight`);
                // pmaddwd weights (256 − wy) | wy << 16 per lane.
                let wy = _mm_add_epi32(_mm_srli_epi32(fraction, 24), _mm_and_si128(_mm_srli_epi32(fraction, 23), _mm_set1_epi32(1)))
                let weights = _mm_or_si128(_mm_sub_epi32(k256, wy), _mm_slli_epi32(wy, 16))
                let i0 = Int(Int32(bitPattern: indices[0]))
                let same = all(indices .== SIMD4(repeating: indices[0]))
                let p: __m128i
                if same && window.holdsPair(i0) {
                    let top = UnsafeRawPointer(window.row(i0) + j), bottom = UnsafeRawPointer(window.row(i0 &+ 1) + j)
                    p = lerpRows(
                        top.loadUnaligned(as: __m128i.self), top.loadUnaligned(fromByteOffset: 16, as: __m128i.self),
                        bottom.loadUnaligned(as: __m128i.self), bottom.loadUnaligned(fromByteOffset: 16, as: __m128i.self), weights)
                } else {
                    p = lerpLanes(index, weights, window: window, j: j, k0: k0)
                }
                out.storeBytes(of: p, toByteOffset: j &* 4, as: __m128i.self)
                j &+= 4
            }
            while j < to {
                let vj = window.v[j] &+ tables.b[k0 &+ j]
                window.v[j] = vj
                let t = BilinearSampler.tap(fixed: vj, size: sampler.height)
                let w = (256 &- Int32(t.weight)) | Int32(t.weight) &<< 16
                ensureRows(t.i0, t.i1, window: window, k0: k0)
                @inline(__always) func at(_ r: Int) -> __m128i {
                    _mm_loadl_epi64(UnsafeRawPointer(window.row(r) + j).assumingMemoryBound(to: __m128i.self))
                }
                let p = lerpRows(at(t.i0), _mm_setzero_si128(), at(t.i1), _mm_setzero_si128(), _mm_set1_epi32(w))
                out.storeBytes(of: UInt32(truncatingIfNeeded: _mm_cvtsi128_si32(p)), toByteOffset: j &* 4, as: UInt32.self)
                j &+= 1
            }
        }

        /// The four lanes of a step whose columns read different rows or rows outside the
        /// window: each lane's clamped tap rows (`BilinearSampler.tap(fixed:size:)`) brought in
        /// together, then read one 8-byte column at a time.
        @inline(never)
        private func lerpLanes(_ index: __m128i, _ weights: __m128i, window: BlendedRowWindow, j: Int, k0: Int) -> __m128i {
            let i = unsafeBitCast(index, to: SIMD4<Int32>.self)
            let last = sampler.height &- 1
            var r0 = SIMD4<Int>(repeating: 0), r1 = SIMD4<Int>(repeating: 0)
            for l in 0..<4 {
                r0[l] = min(max(Int(i[l]), 0), last); r1[l] = min(max(Int(i[l]) &+ 1, 0), last)
            }
            ensureRows(r0.min(), r1.max(), window: window, k0: k0)
            @inline(__always) func at(_ r: Int, _ l: Int) -> __m128i {
                _mm_loadl_epi64(UnsafeRawPointer(window.row(r) + (j &+ l)).assumingMemoryBound(to: __m128i.self))
            }
            return lerpRows(
                _mm_unpacklo_epi64(at(r0[0], 0), at(r0[1], 1)), _mm_unpacklo_epi64(at(r0[2], 2), at(r0[3], 3)),
                _mm_unpacklo_epi64(at(r1[0], 0), at(r1[1], 1)), _mm_unpacklo_epi64(at(r1[2], 2), at(r1[3], 3)), weights)
        }

        /// Brings image rows `m...last` into the window, blending the rows it lacks.
        @inline(__always)
        private func ensureRows(_ m: Int, _ last: Int, window: BlendedRowWindow, k0: Int) {
            window.ensure(m, last) { blendRow($0, into: window, k0: k0, count: window.count) }
        }

        /// The y lerp of four pixels from their blended top and bottom values (two columns a
        /// register, 16-bit lanes minus 2¹⁵) with pmaddwd weights (256 − wy) | wy << 16 per
        /// pixel: (top·(256 − wy) + bottom·wy + 2¹⁵) >> 16 per channel, packed to bytes.
        @inline(__always)
        private func lerpRows(_ t01: __m128i, _ t23: __m128i, _ b01: __m128i, _ b23: __m128i, _ w: __m128i) -> __m128i {
            let bias = _mm_set1_epi32(1 &<< 23 &+ 1 &<< 15)
            @inline(__always) func pixel(_ tb: __m128i, _ wj: __m128i) -> __m128i {
                _mm_srli_epi32(_mm_add_epi32(_mm_madd_epi16(tb, wj), bias), 16)
            }
            let lanes = unsafeBitCast(w, to: SIMD4<UInt32>.self)
            @inline(__always) func lane(_ l: Int) -> __m128i { unsafeBitCast(SIMD4(repeating: lanes[l]), to: __m128i.self) }
            let p0 = pixel(_mm_unpacklo_epi16(t01, b01), lane(0)), p1 = pixel(_mm_unpackhi_epi16(t01, b01), lane(1))
            let p2 = pixel(_mm_unpacklo_epi16(t23, b23), lane(2)), p3 = pixel(_mm_unpackhi_epi16(t23, b23), lane(3))
            return _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3))
        }
    #endif
}
