/// `columns` mode (perspective with w and u constant along a device column): each column's x
/// taps and v = A + Y·B for device row `row` (32.32 fixed point) from the sampling tables,
/// indexed by pixel of the span; a column behind the eye (weight `SamplingTables.invalid`) is
/// left alone.
struct ColumnSource: SpanSource {
    let pixels: UnsafePointer<UInt32>
    let stride: Int, height: Int
    let row: Int64
    let x0: UnsafeMutablePointer<Int32>, x1: UnsafeMutablePointer<Int32>, wx: UnsafeMutablePointer<UInt32>
    let a: UnsafeMutablePointer<Int64>, b: UnsafeMutablePointer<Int64>
    @inline(__always) func covers(_ i: Int) -> Bool { wx[i] != SamplingTables.invalid }
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let t = BilinearSampler.tap(fixed: a[i] &+ row &* b[i], size: height)
        let r0 = pixels + t.i0 &* stride, r1 = pixels + t.i1 &* stride
        let c0 = Int(x0[i]), c1 = Int(x1[i])
        return BilinearSampler.blend(r0[c0], r0[c1], r1[c0], r1[c1], wx: wx[i], wy: t.weight)
    }
    var batched: Bool { true }
    @inline(__always) func covers4(_ i: Int) -> Bool {
        (wx[i] | wx[i &+ 1] | wx[i &+ 2] | wx[i &+ 3]) & 0x8000_0000 == 0
    }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        @inline(__always) func rows(_ k: Int) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UInt32) {
            let t = BilinearSampler.tap(fixed: a[k] &+ row &* b[k], size: height)
            return (pixels + t.i0 &* stride, pixels + t.i1 &* stride, t.weight)
        }
        let (s0, e0, w0) = rows(i), (s1, e1, w1) = rows(i &+ 1), (s2, e2, w2) = rows(i &+ 2), (s3, e3, w3) = rows(i &+ 3)
        let a0 = Int(x0[i]), a1 = Int(x0[i &+ 1]), a2 = Int(x0[i &+ 2]), a3 = Int(x0[i &+ 3])
        let b0 = Int(x1[i]), b1 = Int(x1[i &+ 1]), b2 = Int(x1[i &+ 2]), b3 = Int(x1[i &+ 3])
        if s0 == s1 && s0 == s2 && s0 == s3 && e0 == e1 && e0 == e2 && e0 == e3
            && a1 == a0 &+ 1 && a2 == a0 &+ 2 && a3 == a0 &+ 3 && b0 == a0 &+ 1 && b3 == a3 &+ 1
        {
            // The four columns read the same two rows at consecutive columns: contiguous loads.
            return BilinearSampler.blend4(
                contiguous: UnsafeRawPointer(s0 + a0), UnsafeRawPointer(e0 + a0),
                wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(w0, w1, w2, w3))
        }
        return BilinearSampler.blend4(
            SIMD4(s0[a0], s1[a1], s2[a2], s3[a3]), SIMD4(s0[b0], s1[b1], s2[b2], s3[b3]),
            SIMD4(e0[a0], e1[a1], e2[a2], e3[a3]), SIMD4(e0[b0], e1[b1], e2[b2], e3[b3]),
            wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(w0, w1, w2, w3))
    }
}
