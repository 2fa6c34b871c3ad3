/// `separable` mode (an axis-aligned scale and translation): the span's two image rows and
/// y weight (`r0`, `r1`, `wy`, one tap per device row) and each column's x taps from the
/// sampling tables (`x0`, `x1`, `wx`, `quad` and its `masks`, indexed by pixel of the span).
struct SeparableSource: SpanSource {
    let r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>
    let x0: UnsafeMutablePointer<Int32>, x1: UnsafeMutablePointer<Int32>, wx: UnsafeMutablePointer<UInt32>
    let quad: UnsafeMutablePointer<UInt8>, masks: UnsafeMutablePointer<SIMD4<UInt32>>
    let wy: UInt32
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let a = Int(x0[i]), b = Int(x1[i])
        return BilinearSampler.blend(r0[a], r0[b], r1[a], r1[b], wx: wx[i], wy: wy)
    }
    var batched: Bool { true }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        let wx4 = UnsafeRawPointer(wx + i).loadUnaligned(as: SIMD4<UInt32>.self)
        let a0 = Int(x0[i])
        let flags = quad[i]
        if flags & SamplingTables.contiguous != 0 {
            // Four consecutive image columns (and their right neighbours): contiguous loads.
            return BilinearSampler.blend4(
                contiguous: UnsafeRawPointer(r0 + a0), UnsafeRawPointer(r1 + a0), wx: wx4, wy: SIMD4(repeating: wy))
        }
        if flags & SamplingTables.steps != 0 {
            // One column further from some lane on (a downscale's skipped column).
            return BilinearSampler.blend4(
                steps: UnsafeRawPointer(r0 + a0), UnsafeRawPointer(r1 + a0), mask: masks[Int(flags &>> 4)], wx: wx4, wy: SIMD4(repeating: wy))
        }
        if flags != 0 {
            // Four pairs of neighbours further apart.
            let top = UnsafeRawPointer(r0)
            return BilinearSampler.blend4(
                pairs: top + a0 &* 4, top + Int(x0[i &+ 1]) &* 4, top + Int(x0[i &+ 2]) &* 4, top + Int(x0[i &+ 3]) &* 4,
                down: UnsafeRawPointer(r1) - top, wx: wx4, wy: SIMD4(repeating: wy))
        }
        let a1 = Int(x0[i &+ 1]), a2 = Int(x0[i &+ 2]), a3 = Int(x0[i &+ 3])
        let b0 = Int(x1[i]), b1 = Int(x1[i &+ 1]), b2 = Int(x1[i &+ 2]), b3 = Int(x1[i &+ 3])
        return BilinearSampler.blend4(
            SIMD4(r0[a0], r0[a1], r0[a2], r0[a3]), SIMD4(r0[b0], r0[b1], r0[b2], r0[b3]),
            SIMD4(r1[a0], r1[a1], r1[a2], r1[a3]), SIMD4(r1[b0], r1[b1], r1[b2], r1[b3]),
            wx: wx4, wy: SIMD4(repeating: wy))
    }
}
