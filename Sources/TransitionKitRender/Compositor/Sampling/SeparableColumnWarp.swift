import CPixelKernels

#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The separable form of the per-column warp's strip drawing (`drawColumnRuns`), on x86-64.
///
/// Along a device column of the `columns` mode the x taps (x0, x0 + 1, weight wx) are fixed
/// and only the image row v = A + Y·B moves. `BilinearSampler.blend` lerps each tap row in x
/// first, exactly, then in y with one rounding. So the x lerps of an image row are the same
/// numbers for every device row that reads it: a strip blends each image row it reads once
/// (`blendRow`, into a `BlendedRowWindow`, as `LerpKernels.biased` lanes) and each device pixel
/// is then one y lerp of two stored values (`LerpKernels.madd`, rounding included). Same bytes
/// as `drawColumnsRun` (see `FastPathTests+WarpKernels`).
extension ContentsSampling {
    /// How many image rows ahead `blendRow` asks the memory system for the columns it will
    /// blend next (`tk_prefetch_read`). A strip reads its 256 columns of an image row, 1 KB,
    /// then the next row 4.6 KB on (a 1179-pixel image), a new page each row, which the
    /// hardware prefetchers do not follow: without it, the x pass stalls on those loads. Chosen
    /// by measurement (`effect-bench run --effects pushback3d`, 1179x2556 px, one core, runs
    /// alternated with a build without it): 2, 3 and 4 rows ahead all cut the push-back sweeps'
    /// p99 from 12–21 ms to 8–14 ms; 3 was the steadiest.
    static let readAhead = 3
    /// How many device rows ahead a strip asks for its next run's pixels for writing
    /// (`tk_prefetch_write`: `prefetchw` where the CPU has it): each row of a strip writes 1 KB
    /// of a new page.
    /// Chosen by measurement as `readAhead`: 2 rows gave the lowest p99 of 0, 2, 4 and 8.
    static let writeAhead = 2

    /// What `drawStripSeparably` did with a strip.
    enum SeparableStrip: Equatable {
        /// Drew it (or found no run in it).
        case drawn
        /// Declined, drawing nothing: the image rows one device row reads across the strip
        /// spread wider than `BlendedRowWindow.maxSlots` (a steep turn; narrower strips spread less).
        case spread
        /// Declined, drawing nothing, for another reason (see `drawStripSeparably`).
        case declined
    }

    /// Draws the recorded runs of `runs` inside device columns `x0..<x1` (one strip) top to
    /// bottom by the separable form, or returns without drawing when the strip does not
    /// suit it: `.spread` for rows spread wider than `BlendedRowWindow.maxSlots`, `.declined`
    /// for a column behind the eye or more image rows to blend than twice the device rows drawn
    /// (a vertical downscale by more than 2, where the row kernel's two x lerps a pixel are
    /// fewer), and on other architectures than x86-64.
    /// - Complexity: O(pixels of the runs + image rows read · strip columns).
    func drawStripSeparably(_ runs: RowRuns, into plane: PixelPlane, x0 stripX0: Int, x1 stripX1: Int) -> SeparableStrip {
        #if arch(x86_64)
            let c0 = max(stripX0, runs.columns.lowerBound), c1 = min(stripX1, runs.columns.upperBound)
            guard c0 < c1, let first = firstRow(runs, c0, c1), let last = lastRow(runs, c0, c1) else { return .drawn }
            let k0 = c0 &- tableX0, n = c1 &- c0
            let window = tables.window
            // Rows each end row reads unclamped (their spread across columns is largest at
            // an end: v is linear in Y per column, so the spread is convex in Y; clamping to
            // the image only narrows it), and whether every column is in front of the eye.
            var lo0 = Int.max, hi0 = Int.min, lo1 = Int.max, hi1 = Int.min
            for j in 0..<n {
                let k = k0 &+ j
                guard tables.wx[k] != SamplingTables.invalid else { return .declined }
                let r0 = Int(truncatingIfNeeded: (tables.a[k] &+ Int64(first) &* tables.b[k]) &>> 32)
                let r1 = Int(truncatingIfNeeded: (tables.a[k] &+ Int64(last) &* tables.b[k]) &>> 32)
                lo0 = min(lo0, r0); hi0 = max(hi0, r0); lo1 = min(lo1, r1); hi1 = max(hi1, r1)
            }
            let spread = max(hi0 &- lo0, hi1 &- lo1) &+ 4
            // Image rows blended at most: those between the ends' rows, inside the image.
            let top = max(min(lo0, lo1), 0), bottom = min(max(hi0, hi1) &+ 1, sampler.height &- 1)
            guard spread <= BlendedRowWindow.maxSlots else { return .spread }
            guard bottom &- top &+ 1 <= 2 &* (last &- first &+ 1) else { return .declined }
            var slots = 8
            while slots < spread { slots &<<= 1 }
            window.start(slots: slots, columns: n)
            window.setSteps(tables.b + k0, count: n)
            for j in 0..<n {
                let wx = UInt64(tables.wx[c0 &- tableX0 &+ j]), ax = 256 &- wx
                window.weights[j] = wx | wx &<< 16 | wx &<< 32 | wx &<< 48
                window.weights[BlendedRowWindow.columns &+ j] = ax | ax &<< 16 | ax &<< 32 | ax &<< 48
            }
            let origin = runs.originY
            for y in first...last {
                let r = y &- origin
                let a = max(Int(runs.start[r]), c0), b = min(Int(runs.end[r]), c1)
                guard a < b else { continue }
                // v of every strip column for row y − 1, then the kernel steps its own columns.
                let bs = tables.b + k0
                if window.vRow != y &- 1 {
                    let as_ = tables.a + k0, Y = Int64(y &- 1)
                    for j in 0..<n { window.setV(j, as_[j] &+ Y &* bs[j]) }
                }
                let ja = a &- c0, jb = b &- c0
                for j in 0..<ja { _ = window.stepV(j) }
                for j in jb..<n { _ = window.stepV(j) }
                window.vRow = y
                // The rows the run's end columns read (v is monotonic along a row for this
                // map), brought in before the kernel so that it rarely has to.
                let va = tables.a[k0 &+ ja] &+ Int64(y) &* bs[ja], vb = tables.a[k0 &+ jb &- 1] &+ Int64(y) &* bs[jb &- 1]
                let ia = Int(truncatingIfNeeded: va &>> 32), ib = Int(truncatingIfNeeded: vb &>> 32), last = sampler.height &- 1
                let rTop = min(max(min(ia, ib), 0), last), rBottom = min(max(max(ia, ib) &+ 1, 0), last)
                if rBottom &- rTop < window.slots { window.ensure(rTop, rBottom) { blendRow($0, into: window, k0: k0, count: n) } }
                // The strip's run `writeAhead` rows down, requested for writing now.
                if runs.rows.contains(y &+ ContentsSampling.writeAhead) {
                    let next = r &+ ContentsSampling.writeAhead
                    let na = max(Int(runs.start[next]), c0), nb = min(Int(runs.end[next]), c1)
                    if na < nb { tk_prefetch_write(plane.row(y &+ ContentsSampling.writeAhead) + na, (nb &- na) &* 4) }
                }
                drawSeparableRun(plane.row(y) + a, window: window, k0: k0, from: ja, to: jb)
            }
            return .drawn
        #else
            return .declined
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
        /// column's v stepped by its b (`BlendedRowWindow`: fraction and row index as 32-bit
        /// lanes, a carry between them), then the y lerp of the two blended rows around it,
        /// four columns a step. Where the four read one pair of rows the window holds, two
        /// 16-byte loads a row (the bottom row one slot after the top, as the window repeats
        /// its first two slots at its end); where the row steps by one between them, three
        /// rows and a per-column select; otherwise (rows missing, taps clamped at the image's
        /// top or bottom) each lane's clamped rows are brought into the window (`ensure`) and
        /// read on their own (`lerpLanes`). Where the renderer's table is AVX2 (`tables.kernels`), the
        /// one-pair and three-row cases, and eight columns each reading a pair the window holds
        /// (a steep turn, gathered), run eight columns a step in C (`tk_column_lerp_avx2`)
        /// until they meet another case, which the four-column code then takes.
        /// - Complexity: O(to − from), plus `blendRow` for each image row entering the window.
        @inline(__always)
        private func drawSeparableRun(
            _ dst: UnsafeMutablePointer<UInt32>, window: BlendedRowWindow, k0: Int, from: Int, to: Int
        ) {
            let state = UnsafeMutableRawPointer(window.fraction)
            let out = UnsafeMutableRawPointer(dst) - from &* 4
            let k256 = _mm_set1_epi32(256), one = _mm_set1_epi32(1), zero = _mm_setzero_si128()
            let rowBytes = BlendedRowWindow.columns &* 8
            // The window's state, read again only after it changes (`lerpLanes`): its first
            // row, and how many rows from it start a held pair (or a held three).
            var lo = 0, pairs: UInt = 0, threes: UInt = 0, slotMask = 0
            var rows = UnsafeRawPointer(window.row(0))
            @inline(__always) func load() {
                lo = window.lo; slotMask = window.slots &- 1
                pairs = UInt(max(window.hi &- lo &- 1, 0)); threes = UInt(max(window.hi &- lo &- 2, 0))
                rows = UnsafeRawPointer(window.row(0))
            }
            load()
            var j = from
            let end = to &- 4, kernels = tables.kernels, avx2 = kernels.avx2
            while j <= end {
                if avx2 {
                    // Eight columns a step while they read one held pair or three held rows.
                    let done = tk_column_lerp_avx2(
                        window.fraction, BlendedRowWindow.lanes, rows.assumingMemoryBound(to: UInt8.self), rowBytes, slotMask, lo, pairs, threes,
                        dst, from, j, to)
                    if done > j { kernels.tookAVX2() }
                    j = done
                    guard j <= end else { break }
                }
                let (fraction, index) = BlendedRowWindow.stepLanes(state + j &* 4)
                // wy = the fraction rounded half up to 1/256 (`BilinearSampler.weight`):
                // (f + 2²³) >> 24 = ((f >> 23) + 1) >> 1 without overflow; pmaddwd weights
                // (256 − wy) | wy << 16 per lane.
                let wy = _mm_srli_epi32(_mm_add_epi32(_mm_srli_epi32(fraction, 23), one), 1)
                let weights = _mm_or_si128(_mm_sub_epi32(k256, wy), _mm_slli_epi32(wy, 16))
                let i0 = Int(_mm_cvtsi128_si32(index))
                let same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(index, _mm_set1_epi32(Int32(truncatingIfNeeded: i0)))))
                let p: __m128i
                if same == 0xf && UInt(bitPattern: i0 &- lo) < pairs {
                    // One pair of rows (the usual case): two 16-byte loads a row.
                    let top = rows + ((i0 & slotMask) &* rowBytes &+ j &* 8)
                    p = lerpRows(
                        top.loadUnaligned(as: __m128i.self), top.loadUnaligned(fromByteOffset: 16, as: __m128i.self),
                        top.loadUnaligned(fromByteOffset: rowBytes, as: __m128i.self),
                        top.loadUnaligned(fromByteOffset: rowBytes &+ 16, as: __m128i.self), weights)
                } else {
                    // The lower of the first and last lanes' rows (v is monotonic along a row;
                    // if not, a lane below it fails the test below), and each lane's step from it.
                    let lanes = unsafeBitCast(index, to: SIMD4<Int32>.self)
                    let m = Int(min(lanes[0], lanes[3]))
                    let step = _mm_sub_epi32(index, _mm_set1_epi32(Int32(truncatingIfNeeded: m)))
                    if _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_srli_epi32(step, 1), zero))) == 0xf
                        && UInt(bitPattern: m &- lo) < threes
                    {
                        // The row steps by one between the four: rows m...m + 2, and each lane
                        // takes the upper or lower pair (a per-column select, mask 0 − step).
                        let r0 = rows + ((m & slotMask) &* rowBytes &+ j &* 8), r1 = r0 + rowBytes, r2 = r1 + rowBytes
                        let mask = _mm_sub_epi32(zero, step)
                        let m01 = _mm_unpacklo_epi32(mask, mask), m23 = _mm_unpackhi_epi32(mask, mask)
                        @inline(__always) func pick(_ a: __m128i, _ b: __m128i, _ m: __m128i) -> __m128i {
                            LerpKernels.select(a, b, mask: m)
                        }
                        let a01 = r0.loadUnaligned(as: __m128i.self), a23 = r0.loadUnaligned(fromByteOffset: 16, as: __m128i.self)
                        let b01 = r1.loadUnaligned(as: __m128i.self), b23 = r1.loadUnaligned(fromByteOffset: 16, as: __m128i.self)
                        let c01 = r2.loadUnaligned(as: __m128i.self), c23 = r2.loadUnaligned(fromByteOffset: 16, as: __m128i.self)
                        p = lerpRows(pick(a01, b01, m01), pick(a23, b23, m23), pick(b01, c01, m01), pick(b23, c23, m23), weights)
                    } else {
                        p = lerpLanes(index, weights, window: window, j: j, k0: k0)
                        load()
                    }
                }
                out.storeBytes(of: p, toByteOffset: j &* 4, as: __m128i.self)
                j &+= 4
            }
            while j < to {
                let t = BilinearSampler.tap(fixed: window.stepV(j), size: sampler.height)
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
        /// register, `LerpKernels.biased` lanes) with pmaddwd weights (256 − wy) | wy << 16
        /// per pixel (`LerpKernels.madd`), packed to bytes (`LerpKernels.pack`).
        @inline(__always)
        private func lerpRows(_ t01: __m128i, _ t23: __m128i, _ b01: __m128i, _ b23: __m128i, _ w: __m128i) -> __m128i {
            let lanes = unsafeBitCast(w, to: SIMD4<UInt32>.self)
            @inline(__always) func lane(_ l: Int) -> __m128i { unsafeBitCast(SIMD4(repeating: lanes[l]), to: __m128i.self) }
            return LerpKernels.pack(
                LerpKernels.madd(_mm_unpacklo_epi16(t01, b01), lane(0)), LerpKernels.madd(_mm_unpackhi_epi16(t01, b01), lane(1)),
                LerpKernels.madd(_mm_unpacklo_epi16(t23, b23), lane(2)), LerpKernels.madd(_mm_unpackhi_epi16(t23, b23), lane(3)))
        }
    #endif
}
