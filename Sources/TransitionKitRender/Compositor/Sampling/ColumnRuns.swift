/// One recorded run of device columns `start..<end` per row of a band (empty when equal), for
/// work done after the rasteriser in another order (`ContentsSampling.drawColumnRuns`).
/// Reused across layers and frames; every run is cleared once drawn.
final class RowRuns {
    private(set) var originY = 0
    private(set) var capacity = 0
    private(set) var start = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var end = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Rows holding a run: `rows.lowerBound ..< rows.upperBound` (a bound, not exact).
    var rows: Range<Int> = 0..<0
    /// Where touch-ahead loads put their values, so they are not optimised away.
    var sink: UInt32 = 0

    /// Retargets to the band's rows (all runs empty).
    func prepare(band: PixelRect) {
        let n = max(band.height, 1)
        if n > capacity {
            start.deallocate(); end.deallocate()
            start = .allocate(capacity: n); end = .allocate(capacity: n)
            capacity = n
        }
        start.initialize(repeating: 0, count: n)
        end.initialize(repeating: 0, count: n)
        originY = band.y0
        rows = band.y0..<band.y0
    }

    /// Records `x..<x + count` for row `y` unless the row has one already (then false).
    @inline(__always)
    func record(y: Int, x: Int, count: Int) -> Bool {
        let r = y &- originY
        guard start[r] == end[r] else { return false }
        start[r] = Int32(truncatingIfNeeded: x); end[r] = Int32(truncatingIfNeeded: x &+ count)
        rows = rows.isEmpty ? y..<(y &+ 1) : min(rows.lowerBound, y)..<max(rows.upperBound, y &+ 1)
        return true
    }

    deinit { start.deallocate(); end.deallocate() }
}

/// Column-order drawing of the opaque interiors of a per-column warp (`columns` mode).
extension ContentsSampling {
    /// Draws the opaque full-coverage runs recorded per row (`runs`, `columns` mode) in column
    /// order, four columns at a time, over tiles of rows: per column the x taps are fixed and
    /// v = A + Y·B steps by B (32.32 fixed point, the same numbers as `ColumnSource`). Where the
    /// four columns read the same two source rows at consecutive columns (most of the picture:
    /// neighbouring columns differ by much less than a row), the 2x2 neighbourhoods are four
    /// contiguous 16-byte loads and one `BilinearSampler.blend4` with per-lane weights, no
    /// gather; elsewhere the taps are gathered. Bit for bit the per-pixel result.
    /// - Complexity: O(pixels of the runs), no divide or allocation.
    func drawColumnRuns(_ runs: RowRuns, into plane: PixelPlane) {
        let s = sampler
        let height = s.height, stride = s.stride, pixels = s.pixels, last = height &- 1
        let origin = runs.originY
        let tile = 16
        let x0t = tables.x0, x1t = tables.x1, wxt = tables.wx, at = tables.a, bt = tables.b
        let invalid = SamplingTables.invalid
        let dstStride = plane.stride
        var ty = runs.rows.lowerBound
        let end = runs.rows.upperBound

        /// Columns `xs` of rows ty..<te one pixel at a time, each pixel inside its row's run.
        @inline(__always) func single(_ xs: Range<Int>, _ ty: Int, _ te: Int, _ rowBase: UnsafeMutablePointer<UInt32>) {
            for X in xs {
                let k = X &- tableX0
                let wx = wxt[k]
                guard wx != invalid else { continue }
                let c0 = Int(x0t[k]), c1 = Int(x1t[k]), B = bt[k]
                var v = at[k] &+ Int64(ty) &* B
                var dst = rowBase + X
                var r = ty &- origin
                for _ in ty..<te {
                    if X >= Int(runs.start[r]) && X < Int(runs.end[r]) {
                        let t = BilinearSampler.tap(fixed: v, size: height)
                        let r0 = pixels + t.i0 &* stride, r1 = pixels + t.i1 &* stride
                        dst.pointee = BilinearSampler.blend(r0[c0], r0[c1], r1[c0], r1[c1], wx: wx, wy: t.weight)
                    }
                    v &+= B
                    dst += dstStride
                    r &+= 1
                }
            }
        }

        while ty < end {
            let te = min(ty &+ tile, end)
            // The columns some row of the tile draws, and those every row draws.
            var xmin = Int.max, xmax = Int.min, inLo = Int.min, inHi = Int.max
            for y in ty..<te {
                let r = y &- origin
                let a = Int(runs.start[r]), b = Int(runs.end[r])
                if a < b {
                    xmin = min(xmin, a); xmax = max(xmax, b); inLo = max(inLo, a); inHi = min(inHi, b)
                } else {
                    inLo = Int.max; inHi = Int.min
                }
            }
            if xmin < xmax {
                let rowBase = plane.base + (ty &- plane.originY) &* dstStride
                if inLo >= inHi { inLo = xmin; inHi = xmin }
                single(xmin..<inLo, ty, te, rowBase)
                var X = inLo
                var sink: UInt32 = 0
                while X &+ 4 <= inHi {
                    let k = X &- tableX0
                    if (X &- inLo) & 15 == 0 {
                        // Load one pixel of each cache line the next 16 columns read and write,
                        // back to back, so their misses overlap (Swift has no prefetch): the
                        // column walk is otherwise bound by one miss after another.
                        let g0 = X == inLo ? X : X &+ 16, g1 = min(g0 &+ 16, inHi) &- 1
                        if g0 <= g1 {
                            for c in Swift.stride(from: g0, through: g1, by: max(g1 &- g0, 1)) where wxt[c &- tableX0] != invalid {
                                let kc = c &- tableX0, B = bt[kc], A = at[kc]
                                let lo = max(Int(truncatingIfNeeded: (A &+ Int64(ty) &* B) &>> 32), 0)
                                let hi = min(Int(truncatingIfNeeded: (A &+ Int64(te) &* B) &>> 32) &+ 1, last)
                                let col = pixels + Int(x0t[kc])
                                var j = min(lo, hi), j1 = max(lo, hi)
                                while j <= j1 { sink ^= col[j &* stride]; j &+= 1 }
                            }
                            var d = rowBase + g0
                            for _ in ty..<te { sink ^= d[0] ^ d[g1 &- g0]; d += dstStride }
                        }
                    }
                    let wx = SIMD4<UInt32>(wxt[k], wxt[k &+ 1], wxt[k &+ 2], wxt[k &+ 3])
                    if wx[0] == invalid || wx[1] == invalid || wx[2] == invalid || wx[3] == invalid {
                        single(X..<(X &+ 4), ty, te, rowBase)
                        X &+= 4
                        continue
                    }
                    let c0 = Int(x0t[k]), c1 = Int(x0t[k &+ 1]), c2 = Int(x0t[k &+ 2]), c3 = Int(x0t[k &+ 3])
                    let d0 = Int(x1t[k]), d1 = Int(x1t[k &+ 1]), d2 = Int(x1t[k &+ 2]), d3 = Int(x1t[k &+ 3])
                    let contiguous =
                        c1 == c0 &+ 1 && c2 == c0 &+ 2 && c3 == c0 &+ 3 && d0 == c0 &+ 1 && d1 == c1 &+ 1
                        && d2 == c2 &+ 1 && d3 == c3 &+ 1
                    let B0 = bt[k], B1 = bt[k &+ 1], B2 = bt[k &+ 2], B3 = bt[k &+ 3]
                    // The four coordinates as two pairs of 64-bit lanes, stepped together; the
                    // weights and row indices are read off their 32-bit halves (the same numbers
                    // as `BilinearSampler.tap(fixed:size:)`).
                    let Y0 = Int64(ty)
                    var v01 = SIMD2<Int64>(at[k] &+ Y0 &* B0, at[k &+ 1] &+ Y0 &* B1)
                    var v23 = SIMD2<Int64>(at[k &+ 2] &+ Y0 &* B2, at[k &+ 3] &+ Y0 &* B3)
                    let b01 = SIMD2<Int64>(B0, B1), b23 = SIMD2<Int64>(B2, B3)
                    let column = UnsafeRawPointer(pixels + c0), rowBytes = stride &* 4
                    var dst = UnsafeMutableRawPointer(rowBase + X)
                    for _ in ty..<te {
                        let h01 = unsafeBitCast(v01, to: SIMD4<UInt32>.self), h23 = unsafeBitCast(v23, to: SIMD4<UInt32>.self)
                        let fraction = SIMD4<UInt32>(lowHalf: h01.evenHalf, highHalf: h23.evenHalf)
                        let index = SIMD4<UInt32>(lowHalf: h01.oddHalf, highHalf: h23.oddHalf)
                        let wy = (fraction &>> 24) &+ ((fraction &>> 23) & 1)
                        let i0 = Int(Int32(bitPattern: index[0]))
                        let p: SIMD4<UInt32>
                        if contiguous && index == SIMD4(repeating: index[0]) && i0 >= 0 && i0 < last {
                            let r0 = column + i0 &* rowBytes
                            p = BilinearSampler.blend4(contiguous: r0, r0 + rowBytes, wx: wx, wy: wy)
                        } else {
                            @inline(__always) func rows(_ i: UInt32) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>) {
                                let i = Int(Int32(bitPattern: i))
                                return (pixels + min(max(i, 0), last) &* stride, pixels + min(max(i &+ 1, 0), last) &* stride)
                            }
                            let (s0, e0) = rows(index[0]), (s1, e1) = rows(index[1])
                            let (s2, e2) = rows(index[2]), (s3, e3) = rows(index[3])
                            p = BilinearSampler.blend4(
                                SIMD4(s0[c0], s1[c1], s2[c2], s3[c3]), SIMD4(s0[d0], s1[d1], s2[d2], s3[d3]),
                                SIMD4(e0[c0], e1[c1], e2[c2], e3[c3]), SIMD4(e0[d0], e1[d1], e2[d2], e3[d3]),
                                wx: wx, wy: wy)
                        }
                        dst.storeBytes(of: p, as: SIMD4<UInt32>.self)
                        v01 &+= b01; v23 &+= b23
                        dst += dstStride &* 4
                    }
                    X &+= 4
                }
                runs.sink ^= sink
                single(X..<xmax, ty, te, rowBase)
            }
            for y in ty..<te {
                let r = y &- origin
                runs.start[r] = 0; runs.end[r] = 0
            }
            ty = te
        }
    }
}
