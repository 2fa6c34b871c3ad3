import CPixelKernels

/// Drawing one span of a layer's contents in the mode chosen for the layer: the general
/// per-pixel path, a 1:1 copy or blend (deferred as a `PendingCopies` row copy when it can
/// be), or a span source for the separable, per-row and per-column modes handed to the
/// blend loop (`BlendKernels.run`).
extension ContentsSampling {
    /// The longest edge run (pixels) blended over a deferred copy's source in a stack row
    /// (`draw`, `PendingCopies.takeUnder`); longer ones (the nearly level top of a large
    /// circle) flush the copy and blend over the frame. 64 pixels is 256 bytes of stack; the
    /// edges of a radial frame at 1179x2556 are 2–11 pixels in all but a few rows.
    static let fusedEdgeMaximumCount = 64

    /// An edge over a deferred copy (`PendingCopies.takeUnder`): `count` pixels of the opaque
    /// `source` at per-pixel `coverage` and `alpha` over `under`, blended in a stack row and
    /// written to `dst` without reading it (the same arithmetic as blending over the frame after
    /// writing `under` there, `BlendKernels.run`). Not inlined: a rim's few pixels a row, kept
    /// out of the per-span code every mode runs.
    /// - Precondition: count <= `fusedEdgeMaximumCount`.
    /// - Complexity: O(count).
    @inline(never)
    static func blendEdge(
        _ dst: UnsafeMutablePointer<UInt32>, over under: UnsafePointer<UInt32>, source: UnsafePointer<UInt32>,
        coverage: UnsafePointer<UInt8>, constantCoverage: UInt32, count: Int, alpha: UInt32
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: fusedEdgeMaximumCount) { buffer in
            let t = buffer.baseAddress!
            t.update(from: under, count: count)
            BlendKernels.run(
                t, coverage: coverage, constantCoverage: constantCoverage, clip: nil, count: count,
                alpha: alpha, opaque: true, PointerSource(base: source))
            dst.update(from: t, count: count)
        }
    }

    /// In `.translation` mode, asks for the lines the next row's edge near this one will touch
    /// (`tk_prefetch_line`: hints, never read): the frame row below `dst` (frame rows
    /// `frameStride` pixels apart) and image row y + 1, each from 16 pixels left of the edge's
    /// `count` pixels at (`x`, `y`) to 15 right of them, three lines each. A radial mask's rim
    /// moves a few pixels a row, so the next row's edge then finds its frame line owned and its
    /// image line in cache: before, a perf profile put 57 % of the edge blend's samples on its
    /// load of the frame pixel and 19 % on the image pixel. Measured with
    /// `PendingCopies.takeUnder`, which it goes with.
    /// - Complexity: O(1).
    @inline(__always)
    func askForNextRow(around dst: UnsafeMutablePointer<UInt32>, frameStride: Int, x: Int, y: Int, count: Int) {
        let frame = dst + frameStride
        tk_prefetch_line(frame - 16)
        tk_prefetch_line(frame)
        tk_prefetch_line(frame + count + 15)
        let sy: Int = y &+ dy &+ 1, sx: Int = x &+ dx
        let image = sampler.pixels + (sy &* sampler.stride &+ sx)
        tk_prefetch_line(image - 16)
        tk_prefetch_line(image)
        tk_prefetch_line(image + count + 15)
    }

    /// How many device rows ahead an edge of the `columns` mode asks for its lines
    /// (`askForRowsAhead`). A chosen value, not tuned (the shared machine's timings were too
    /// noisy to rank 4, 8 and 16): the rasteriser's rows cost little more than their edges (the
    /// interiors are drawn afterwards, `drawColumnRuns`), so one row ahead is too close for a
    /// line from memory.
    static let edgeRowsAhead = 8

    /// In `.columns` mode, asks for the lines the edge `edgeRowsAhead` rows below this one will
    /// touch if it stays in the same columns (a turned card's sides are vertical in device space;
    /// `tk_prefetch_line`: hints, never read): the frame row's line at `dst` (frame rows
    /// `frameStride` pixels apart) and, for the edge's first and last column, the two image rows
    /// that row reads at the column's left tap. Each row of a side reads a new image row, so
    /// without it every edge pixel waits for memory: a perf profile of a flip frame put 60 % of
    /// the edge blend's samples (11 % of the frame's) on one image tap's load.
    /// - Complexity: O(1).
    @inline(__always)
    func askForRowsAhead(around dst: UnsafeMutablePointer<UInt32>, frameStride: Int, x: Int, y: Int, count: Int) {
        let ahead = ContentsSampling.edgeRowsAhead
        tk_prefetch_line(dst + ahead &* frameStride)
        let last = sampler.height &- 1, row = Int64(y &+ ahead)
        @inline(__always) func image(_ k: Int) {
            guard tables.wx[k] != SamplingTables.invalid else { return }
            let i = Int(truncatingIfNeeded: (tables.a[k] &+ row &* tables.b[k]) &>> 32)
            let column = sampler.pixels + Int(tables.x0[k])
            tk_prefetch_line(column + min(max(i, 0), last) &* sampler.stride)
            tk_prefetch_line(column + min(max(i &+ 1, 0), last) &* sampler.stride)
        }
        let k = x &- tableX0
        image(k)
        if count > 1 { image(k &+ count &- 1) }
    }

    /// Draws `count` device pixels from (`x`, `y`): the sample times coverage (per pixel, or
    /// `constantCoverage` when nil) times the clip mask times `alpha`, source-over — the same
    /// contract and rounding as `SpanKernels.image`.
    @inline(__always)
    func draw(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, x: Int, y: Int, alpha: UInt32
    ) {
        guard count > 0 else { return }
        let s = sampler
        switch mode {
        case .general:
            SpanKernels.image(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                x: x, y: y, sampler: s, inverse: map, alpha: alpha)
        case .translation:
            let sy = min(max(y &+ dy, 0), s.height &- 1)
            let row = s.pixels + sy &* s.stride
            // Image columns X + dx inside 0..<width come straight from the row; the rest clamp.
            let lo = min(max(-dx &- x, 0), count), hi = max(min(s.width &- dx &- x, count), lo)
            let pending = tables.pending
            if coverage == nil && clip == nil && opaque && lo == 0 && hi == count {
                // An opaque interior: a copy is deferred (`PendingCopies`); a blend at strength m
                // over a deferred copy reads the copy's source instead of the destination.
                let src = row + (x &+ dx)
                let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
                // Rows are drawn top to bottom: the next device row copies the next image row.
                let ahead = y &+ dy &+ 1 < s.height && y &+ dy >= 0 ? src + s.stride : nil
                pending.defer(y: y, dst: dst, src: RowSamples(copying: src, ahead: ahead), count: count, alpha: m)
                return
            }
            if let cov = coverage, clip == nil, opaque, lo == 0, hi == count, count <= ContentsSampling.fusedEdgeMaximumCount,
                let under = pending.takeUnder(y: y, dst: dst, count: count)
            {
                ContentsSampling.blendEdge(
                    dst, over: under, source: row + (x &+ dx), coverage: cov, constantCoverage: constantCoverage, count: count, alpha: alpha)
                return
            }
            pending.flush(y: y, dst: dst, count: count)
            if lo > 0 {
                BlendKernels.run(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: lo,
                    alpha: alpha, opaque: opaque, ConstantSource(value: row[0]))
            }
            if hi > lo {
                let src = row + (x &+ dx &+ lo)
                let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
                if coverage == nil && clip == nil && m == 255 && opaque {
                    (dst + lo).update(from: src, count: hi &- lo)
                } else if coverage == nil && clip == nil && opaque {
                    if m != 0 {
                        BlendKernels.fade(
                            dst + lo, source: src, count: hi &- lo, alpha: m, kernels: tables.kernels, streaming: pending.streamsMixes)
                    }
                } else {
                    BlendKernels.run(
                        dst + lo, coverage: coverage.map { $0 + lo }, constantCoverage: constantCoverage,
                        clip: clip.map { $0 + lo }, count: hi &- lo, alpha: alpha, opaque: opaque,
                        PointerSource(base: src))
                }
            }
            if hi < count {
                BlendKernels.run(
                    dst + hi, coverage: coverage.map { $0 + hi }, constantCoverage: constantCoverage,
                    clip: clip.map { $0 + hi }, count: count &- hi, alpha: alpha, opaque: opaque,
                    ConstantSource(value: row[s.width &- 1]))
            }
        case .separable:
            let t = separableRowTap(y)
            let r0 = s.pixels + t.i0 &* s.stride, r1 = s.pixels + t.i1 &* s.stride
            let ahead = rowAhead(y: y, rows: t)
            // The uniform part of the span (a sub-pixel slide's interior) by a streaming kernel.
            var lo = count, hi = count
            if coverage == nil && clip == nil && opaque {
                lo = min(max(uniform.lowerBound &- x, 0), count)
                hi = max(min(uniform.upperBound &- x, count), lo)
                if hi == lo { lo = count; hi = count }
            }
            let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
            if lo == 0 && hi == count {
                // All of it uniform: deferred or fused with a deferred row like a 1:1 copy (the
                // caller left any deferred row under it, `defers(x:count:)`).
                let sx = x &+ uniformShift
                let samples = RowSamples(a: r0 + sx, b: r1 + sx, wx: uniformWeight, wy: t.weight, ahead: ahead.map { $0 + sx })
                tables.pending.defer(y: y, dst: dst, src: samples, count: count, alpha: m)
                return
            }
            if lo > 0 {
                drawSeparable(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: lo, x: x, r0: r0, r1: r1,
                    wy: t.weight, alpha: alpha, ahead: ahead)
            }
            if hi > lo && m != 0 {
                let sx = x &+ lo &+ uniformShift
                let samples = RowSamples(a: r0 + sx, b: r1 + sx, wx: uniformWeight, wy: t.weight, ahead: ahead.map { $0 + sx })
                if m == 255 {
                    samples.write(to: dst + lo, count: hi &- lo, kernels: tables.kernels, streaming: tables.pending.streamsStores)
                } else {
                    BlendKernels.fade(
                        dst + lo, source: samples, under: nil, count: hi &- lo, alpha: m, scratch: tables.row,
                        scratchCount: tables.rowCapacity, kernels: tables.kernels, streaming: tables.pending.streamsMixes)
                }
            }
            if hi < count {
                drawSeparable(
                    dst + hi, coverage: coverage.map { $0 + hi }, constantCoverage: constantCoverage, clip: clip.map { $0 + hi },
                    count: count &- hi, x: x &+ hi, r0: r0, r1: r1, wy: t.weight, alpha: alpha, ahead: ahead)
            }
        case .rows:
            let py = Double(y) + 0.5
            let w = py * map.m23 + map.m33
            guard w > 0 else { return }
            let iw = 1 / w
            let t = BilinearSampler.tap((py * map.m22 + map.m32) * iw - 0.5, size: s.height)
            let du = map.m11 * iw
            guard abs(du) < 1e4 else {
                SpanKernels.image(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                    x: x, y: y, sampler: s, inverse: map, alpha: alpha)
                return
            }
            // u in 32.32 fixed point, stepped from device column 0 (not from the span's first
            // pixel), so a pixel's u does not depend on where its span starts: a layer drawn in
            // pieces (around a hole, in bands, in damage runs) gets the bytes drawn whole.
            // |u at column 0| is clamped to 1e9 (then every u of the row lies outside the image
            // and clamps to its edge either way); with |du| < 1e4 and x < 2¹⁴ no sum overflows.
            let uAt0 = (0.5 * map.m11 + py * map.m21 + map.m31) * iw - 0.5
            let step = BilinearSampler.fixed(du)
            let source = RowSource(
                r0: s.pixels + t.i0 &* s.stride, r1: s.pixels + t.i1 &* s.stride, wy: t.weight,
                u0: BilinearSampler.fixed(min(max(uAt0, -1e9), 1e9)) &+ Int64(x) &* step, du: step, width: s.width)
            BlendKernels.run(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                alpha: alpha, opaque: opaque, source)
        case .columns:
            let k = x &- tableX0
            let source = ColumnSource(
                pixels: s.pixels, stride: s.stride, height: s.height, row: Int64(y),
                x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, a: tables.a + k, b: tables.b + k)
            BlendKernels.run(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                alpha: alpha, opaque: opaque, source)
        }
    }
}

extension ContentsSampling {
    /// `separable`: the two image rows of device row `y` and the second one's weight.
    @inline(__always)
    func separableRowTap(_ y: Int) -> (i0: Int, i1: Int, weight: UInt32) {
        let iw = 1 / map.m33
        return BilinearSampler.tap(((Double(y) + 0.5) * map.m22 + map.m32) * iw - 0.5, size: sampler.height)
    }

    /// `separable`: the start of the image row that device row y + 1 reads and row `y` (whose
    /// rows are `rows`) does not, or nil when it reads no other row (an upscale's rows repeat;
    /// past the last row). Row kernels prefetch it as they draw row `y` (`RowSamples.ahead`),
    /// since rows are drawn top to bottom; the first of the two when both are new (a downscale
    /// by more than 2).
    @inline(__always)
    func rowAhead(y: Int, rows t: (i0: Int, i1: Int, weight: UInt32)) -> UnsafePointer<UInt32>? {
        let next = separableRowTap(y &+ 1)
        let i = next.i0 != t.i0 && next.i0 != t.i1 ? next.i0 : next.i1 != t.i0 && next.i1 != t.i1 ? next.i1 : -1
        return i < 0 ? nil : sampler.pixels + i &* sampler.stride
    }
}
