import Foundation
import TransitionKitCore

/// How a gradient's location t is found at a device pixel centre (px, py), from three linear
/// forms of the pixel: `P = px·p1 + py·p2 + p3`, `Q` likewise, and the homogeneous weight
/// `W = px·w1 + py·w2 + w3` of the device → unit-coordinate map (the inverse of the layer's
/// projection, then the bounds scaled to the unit square). Folding the gradient's own
/// constants into P and Q leaves per pixel:
/// - axial: t = P / W, where P / W = (u − sx)·dx / |d|² + (v − sy)·dy / |d|² is the unit
///   position (u, v) projected on the axis d = end − start;
/// - radial: t = √(P² + Q²) / W, with P / W = (u − sx) / rx and Q / W = (v − sy) / ry;
/// - conic: t = ((atan2(Q, P) − `angle0`) / 2π) mod 1, with P = (u − sx)·W and Q = (v − sy)·W
///   (W > 0 keeps the angle), `angle0` the direction of end − start.
/// A map that is affine is scaled so W = 1 (`affine`): no division per pixel.
struct GradientShader {
    enum Kind { case axial, radial, conic }
    var kind = Kind.axial
    var p1 = 0.0, p2 = 0.0, p3 = 0.0
    var q1 = 0.0, q2 = 0.0, q3 = 0.0
    var w1 = 0.0, w2 = 0.0, w3 = 1.0
    var angle0 = 0.0
    /// W is 1 at every pixel.
    var affine = true
}

/// A gradient ready to draw (`LoweredCommand.gradient`): its colour ramp and its shader, built
/// by lowering (`build`), read by every band (`GradientDrawing`) and never written while they
/// draw. Kept in the frame's slots from frame to frame (`LoweredFrame.newGradientPlan`): the
/// ramp's storage is allocated once per slot and rebuilt only when the gradient changes, so a
/// steady sequence of frames allocates nothing here.
///
/// The ramp is `rampSize` premultiplied RGBA8 colours, entry k the colour line at location
/// k / (rampSize − 1) (`Gradient.color(at:)` premultiplied and rounded as `Color` converts):
/// a pixel takes the entry nearest its t, clamped to 0...1 (so beyond the ends the end
/// colours, Core Animation's padding). With 1024 entries t is off by at most 1/2046, which
/// moves a channel by at most 255/2046 ≈ 0.12 of an 8-bit step across the steepest two-stop
/// ramp (black to white): the value is within one step of the exact colour.
final class GradientPlan {
    /// Entries of the ramp: 1024 (4 KiB), a chosen value (see the type's error bound).
    static let rampSize = 1024

    /// Premultiplied packed colours, `rampSize` of them once built.
    private(set) var ramp: [UInt32] = []
    private(set) var shader = GradientShader()
    /// Every colour (and so every ramp entry) is opaque.
    private(set) var isOpaque = false
    /// The gradient `ramp` was built from (nil before the first build).
    private(set) var built: Gradient?

    /// Makes the plan draw `gradient` over a layer whose bounds are `bounds` (layer points,
    /// with area) drawn through `projection`. False (nothing to draw) when the projection is
    /// not invertible or the map is not finite, or `gradient` is invalid or has no colours.
    /// - Complexity: O(1), plus O(rampSize · colours) when `gradient` differs from the last
    ///   one built here.
    func build(_ gradient: Gradient, bounds: CGRect, projection: Projection) -> Bool {
        guard !gradient.colors.isEmpty, gradient.isValid, let inverse = projection.composite.inverted() else { return false }
        let w = Double(bounds.width), h = Double(bounds.height)
        let toUnit = PlaneHomography(scaleX: 1 / w, y: 1 / h, translationX: -Double(bounds.minX) / w, y: -Double(bounds.minY) / h)
        var m = inverse.concatenating(toUnit)
        let affine = m.m13 == 0 && m.m23 == 0 && m.m33 > 0
        if affine {
            let k = 1 / m.m33
            m = PlaneHomography(
                m11: m.m11 * k, m12: m.m12 * k, m13: 0, m21: m.m21 * k, m22: m.m22 * k, m23: 0, m31: m.m31 * k, m32: m.m32 * k, m33: 1)
        }
        guard m.isFinite else { return false }
        shader = GradientPlan.shader(gradient, map: m, affine: affine)
        if built != gradient {
            fillRamp(gradient)
            built = gradient
        }
        return true
    }

    /// The shader of `gradient` through the device → unit map `m` (row vectors: u = U / W with
    /// U = px·m11 + py·m21 + m31, v likewise with m·2, W with m·3).
    static func shader(_ g: Gradient, map m: PlaneHomography, affine: Bool) -> GradientShader {
        var s = GradientShader()
        s.affine = affine
        (s.w1, s.w2, s.w3) = (m.m13, m.m23, m.m33)
        let sx = Double(g.startPoint.x), sy = Double(g.startPoint.y)
        let dx = Double(g.endPoint.x) - sx, dy = Double(g.endPoint.y) - sy
        // P and Q of (u − sx)·a and (v − sy)·b, times W: (U − W·sx)·a, (V − W·sy)·b.
        func forms(_ a: Double, _ b: Double) -> GradientShader {
            var f = s
            (f.p1, f.p2, f.p3) = ((m.m11 - m.m13 * sx) * a, (m.m21 - m.m23 * sx) * a, (m.m31 - m.m33 * sx) * a)
            (f.q1, f.q2, f.q3) = ((m.m12 - m.m13 * sy) * b, (m.m22 - m.m23 * sy) * b, (m.m32 - m.m33 * sy) * b)
            return f
        }
        // Degenerate geometry: t = W / W = 1 everywhere, the last colour.
        func last() -> GradientShader {
            var f = s
            f.kind = .axial
            (f.p1, f.p2, f.p3) = (s.w1, s.w2, s.w3)
            return f
        }
        switch g.type {
        case .axial:
            let d2 = dx * dx + dy * dy
            guard d2 > 0, d2.isFinite else { return last() }
            // t = P' + Q' with P' = (u − sx)·dx / d², Q' = (v − sy)·dy / d².
            var f = forms(dx / d2, dy / d2)
            (f.p1, f.p2, f.p3) = (f.p1 + f.q1, f.p2 + f.q2, f.p3 + f.q3)
            f.kind = .axial
            return f
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            guard rx > 0, ry > 0 else { return last() }
            var f = forms(1 / rx, 1 / ry)
            f.kind = .radial
            return f
        case .conic:
            guard dx != 0 || dy != 0 else { return last() }
            var f = forms(1, 1)
            f.kind = .conic
            f.angle0 = atan2(dy, dx)
            return f
        }
    }

    /// Rebuilds the ramp and `isOpaque` from `gradient` (its storage kept).
    private func fillRamp(_ gradient: Gradient) {
        let n = GradientPlan.rampSize
        if ramp.count != n { ramp = [UInt32](repeating: 0, count: n) }
        var opaque = gradient.colors.allSatisfy { $0.premultipliedRGBA8.a == 255 }
        ramp.withUnsafeMutableBufferPointer { r in
            for k in 0..<n {
                let c = gradient.color(at: Double(k) / Double(n - 1))?.premultipliedRGBA8.packed ?? 0
                r[k] = c
                if c &>> 24 != 255 { opaque = false }
            }
        }
        isOpaque = opaque
    }
}
