/// Row-order drawing of the opaque full-strength interior of a per-column warp (`columns`
/// mode: a rotation about the y axis under perspective).
extension ContentsSampling {
    /// Writes `count` device pixels of row `y` from column `x` (opaque contents at full coverage,
    /// opacity and clip): per column the x taps are fixed and v = A + Y·B comes from the
    /// tables' running row (`SamplingTables.advance`, one add a column a row). Four columns at a
    /// time, one `BilinearSampler.blend4` with per-lane weights: where they read the same two
    /// image rows at four consecutive image columns (`SamplingTables.quad`) the 2x2
    /// neighbourhoods are four contiguous 16-byte loads, six and a per-lane select where one
    /// image column is skipped between them, eight 8-byte pair loads where the row steps
    /// between them; only at the image's edges (clamped taps) and
    /// behind the eye is each pixel `ColumnSource.pixel`. Bit for bit the per-pixel result.
    /// - Complexity: O(count) plus O(layer columns) when the row changes; no divide, no allocation.
    func drawColumnsRun(_ dst: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
        guard count > 0 else { return }
        tables.advance(to: y, columns: (x &- tableX0)..<(x &- tableX0 &+ count))
        let k0 = x &- tableX0
        let pixels = UnsafeRawPointer(sampler.pixels), rowBytes = sampler.stride &* 4
        // 0 <= index < last as one unsigned comparison per lane.
        let lastRow = UInt32(truncatingIfNeeded: sampler.height &- 1), last = SIMD4<UInt32>(repeating: lastRow)
        let v = UnsafeRawPointer(tables.v + k0), wx = UnsafeRawPointer(tables.wx + k0)
        let quad = tables.quad + k0, x0 = tables.x0 + k0, masks = tables.stepMasks
        let out = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 4 <= count {
            // v of the four columns as 32-bit halves: fraction (even) and row index (odd).
            let h01 = v.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<UInt32>.self)
            let h23 = v.loadUnaligned(fromByteOffset: i &* 8 &+ 16, as: SIMD4<UInt32>.self)
            let index = SIMD4<UInt32>(lowHalf: h01.oddHalf, highHalf: h23.oddHalf)
            let flags = quad[i]
            let i0 = index[0]
            @inline(__always) func weights() -> (SIMD4<UInt32>, SIMD4<UInt32>) {
                let fraction = SIMD4<UInt32>(lowHalf: h01.evenHalf, highHalf: h23.evenHalf)
                return (wx.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self), (fraction &>> 24) &+ ((fraction &>> 23) & 1))
            }
            let p: SIMD4<UInt32>
            if flags & SamplingTables.steps != 0 && i0 < lastRow && all(index .== SIMD4(repeating: i0)) {
                // One pair of image rows (the usual case).
                let (w, wy) = weights()
                let top = pixels + Int(i0) &* rowBytes + Int(x0[i]) &* 4
                if flags & SamplingTables.contiguous != 0 {
                    // Four consecutive image columns.
                    p = BilinearSampler.blend4(contiguous: top, top + rowBytes, wx: w, wy: wy)
                } else {
                    // A skipped image column between two of the four.
                    p = BilinearSampler.blend4(steps: top, top + rowBytes, mask: masks[Int(flags &>> 4)], wx: w, wy: wy)
                }
            } else if flags != 0 && all(index .< last) {
                // The row steps between the four: one pair load per lane and tap row.
                let (w, wy) = weights()
                @inline(__always) func at(_ j: Int) -> UnsafeRawPointer {
                    pixels + Int(index[j]) &* rowBytes + Int(x0[i &+ j]) &* 4
                }
                p = BilinearSampler.blend4(pairs: at(0), at(1), at(2), at(3), down: rowBytes, wx: w, wy: wy)
            } else {
                // An image edge (clamped taps) or a column behind the eye.
                drawColumnPixels(dst + i, k: k0 &+ i, y: y, count: 4)
                i &+= 4
                continue
            }
            out.storeBytes(of: p, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        if i < count { drawColumnPixels(dst + i, k: k0 &+ i, y: y, count: count &- i) }
    }

    /// `count` pixels of row `y` from table column `k`, one `ColumnSource.pixel` each (columns
    /// behind the eye left alone).
    @inline(never)
    private func drawColumnPixels(_ dst: UnsafeMutablePointer<UInt32>, k: Int, y: Int, count: Int) {
        let source = ColumnSource(
            pixels: sampler.pixels, stride: sampler.stride, height: sampler.height, row: Int64(y),
            x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, a: tables.a + k, b: tables.b + k)
        for i in 0..<count where source.covers(i) { dst[i] = source.pixel(i) }
    }
}
