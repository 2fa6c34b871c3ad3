import Foundation

/// The gradient row kernel: per pixel of a span, the location t at the pixel's centre
/// (`GradientShader`), the ramp entry nearest it (`GradientPlan`), times coverage × clip ×
/// opacity (`SpanKernels.strength`), source-over onto the destination with `PixelMath`'s
/// rounding. Every pixel's t comes from its own column (never accumulated from the span's
/// first pixel), so a pixel's value does not depend on where its span starts: bands, damage
/// pieces and the occlusion pass's pieces give the same bytes. No allocation, no dynamic
/// dispatch; the shape's kind is switched on once per span.
enum GradientKernels {
    /// The largest ramp index, as a Double (`GradientPlan.rampSize` − 1).
    static let lastEntry = Double(GradientPlan.rampSize - 1)

    /// Draws `count` pixels of row `y` from column `x` into `dst` (pixel x), with per-pixel
    /// `coverage`, or `constantCoverage` when it is nil, through the optional `clip` span,
    /// times `alpha` (0...255). `ramp` holds `GradientPlan.rampSize` premultiplied colours.
    /// - Complexity: O(count): per pixel one multiply-add (axial, affine map), a square root
    ///   (radial), an arctangent (conic), and a division under a projective map.
    @inline(__always)
    static func span(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32, clip: UnsafePointer<UInt8>?,
        count: Int, x: Int, y: Int, shader s: GradientShader, ramp: UnsafePointer<UInt32>, alpha: UInt32
    ) {
        let py = Double(y) + 0.5
        let p0 = py * s.p2 + s.p3, q0 = py * s.q2 + s.q3, w0 = py * s.w2 + s.w3
        var i = 0
        switch s.kind {
        case .axial where s.affine:
            // t is affine along the row: t = p0 + px·p1.
            while i < count {
                let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
                if m != 0 {
                    let px = Double(x &+ i) + 0.5
                    put(dst + i, ramp[index(px * s.p1 + p0)], m)
                }
                i &+= 1
            }
        case .axial:
            while i < count {
                let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
                let px = Double(x &+ i) + 0.5
                let w = px * s.w1 + w0
                if m != 0 && w > 0 { put(dst + i, ramp[index((px * s.p1 + p0) / w)], m) }
                i &+= 1
            }
        case .radial:
            while i < count {
                let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
                let px = Double(x &+ i) + 0.5
                let w = px * s.w1 + w0
                if m != 0 && w > 0 {
                    let p = px * s.p1 + p0, q = px * s.q1 + q0
                    let r = (p * p + q * q).squareRoot()
                    put(dst + i, ramp[index(s.affine ? r : r / w)], m)
                }
                i &+= 1
            }
        case .conic:
            let turn = 1 / (2 * Double.pi)
            while i < count {
                let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
                let px = Double(x &+ i) + 0.5
                let w = px * s.w1 + w0
                if m != 0 && w > 0 {
                    var t = (atan2(px * s.q1 + q0, px * s.p1 + p0) - s.angle0) * turn
                    t -= t.rounded(.down)
                    put(dst + i, ramp[index(t)], m)
                }
                i &+= 1
            }
        }
    }

    /// The ramp entry nearest location `t`, t clamped to 0...1 (NaN as 0).
    @inline(__always)
    static func index(_ t: Double) -> Int {
        var f = t * lastEntry + 0.5
        if !(f >= 0) { f = 0 }
        if f > lastEntry { f = lastEntry }
        return Int(f)
    }

    /// Source-over of colour `c` at strength `m` (1...255) onto `*dst`.
    @inline(__always)
    static func put(_ dst: UnsafeMutablePointer<UInt32>, _ c: UInt32, _ m: UInt32) {
        let s = m == 255 ? c : PixelMath.scale(c, m)
        dst.pointee = s &>> 24 == 255 ? s : PixelMath.over(s, dst.pointee)
    }
}
