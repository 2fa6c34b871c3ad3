/// `rows` mode (perspective with w and v constant along a device row): the row's two image
/// rows and y weight, and u linear in x, stepped in 32.32 fixed point, so a pixel costs one
/// multiply-add and an x tap.
struct RowSource: SpanSource {
    let r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>
    let wy: UInt32
    /// u at pixel 0 and its step, 32.32 fixed point.
    let u0: Int64, du: Int64
    let width: Int
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let t = BilinearSampler.tap(fixed: u0 &+ Int64(i) &* du, size: width)
        return BilinearSampler.blend(r0[t.i0], r0[t.i1], r1[t.i0], r1[t.i1], wx: t.weight, wy: wy)
    }
    var batched: Bool { true }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        let u = u0 &+ Int64(i) &* du
        let t0 = BilinearSampler.tap(fixed: u, size: width), t1 = BilinearSampler.tap(fixed: u &+ du, size: width)
        let t2 = BilinearSampler.tap(fixed: u &+ 2 &* du, size: width), t3 = BilinearSampler.tap(fixed: u &+ 3 &* du, size: width)
        return BilinearSampler.blend4(
            SIMD4(r0[t0.i0], r0[t1.i0], r0[t2.i0], r0[t3.i0]), SIMD4(r0[t0.i1], r0[t1.i1], r0[t2.i1], r0[t3.i1]),
            SIMD4(r1[t0.i0], r1[t1.i0], r1[t2.i0], r1[t3.i0]), SIMD4(r1[t0.i1], r1[t1.i1], r1[t2.i1], r1[t3.i1]),
            wx: SIMD4(t0.weight, t1.weight, t2.weight, t3.weight), wy: SIMD4(repeating: wy))
    }
}
