/// Samples for consecutive device pixels 0..<count of a span, one conforming struct per
/// sampling mode, so `BlendKernels.run` is specialised for each (no dynamic dispatch).
protocol SpanSource {
    /// False where the map is undefined (behind the eye): the pixel is left alone.
    func covers(_ i: Int) -> Bool
    func pixel(_ i: Int) -> UInt32
    /// Whether `pixels4` is worth calling (bilinear sources: `BilinearSampler.blend4`).
    var batched: Bool { get }
    func covers4(_ i: Int) -> Bool
    /// `pixel(i)...pixel(i + 3)`.
    func pixels4(_ i: Int) -> SIMD4<UInt32>
}

extension SpanSource {
    @inline(__always) func covers(_ i: Int) -> Bool { true }
    @inline(__always) func covers4(_ i: Int) -> Bool { true }
    var batched: Bool { false }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        SIMD4(pixel(i), pixel(i &+ 1), pixel(i &+ 2), pixel(i &+ 3))
    }
}

/// One colour for every pixel: the clamped edge column of a 1:1 layer's image (`translation`).
struct ConstantSource: SpanSource {
    let value: UInt32
    @inline(__always) func pixel(_ i: Int) -> UInt32 { value }
}

/// Pixels read straight from an image row: a 1:1 layer's interior (`translation`).
struct PointerSource: SpanSource {
    let base: UnsafePointer<UInt32>
    @inline(__always) func pixel(_ i: Int) -> UInt32 { base[i] }
}
