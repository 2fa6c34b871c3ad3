import Foundation
import TransitionKitCore

/// A layer's stroke as the compositor draws it: `LayerProperties`' stroke values checked and
/// normalised once per frame (the rules are `Layer.strokeColor`'s).
struct StrokeStyle: Equatable {
    /// Half the line width, points (> 0, finite).
    var halfWidth: Double
    var cap: ShapePath.LineCap
    var join: ShapePath.LineJoin
    /// The miter limit (1/sin(θ/2) at most this draws a miter), at least 0.
    var miterLimit: Double
    /// The dash pattern as drawn: an even count, every length ≥ 0 and finite, a sum > 0; nil
    /// for a solid stroke. Kept as the layer's array (an odd count is read twice over by
    /// `dashLength(_:)`), so no frame copies it.
    var dashes: [CGFloat]?
    /// How many lengths one period of the pattern has (twice an odd array's count).
    var dashCount: Int
    /// The pattern's period, points (> 0 when dashed).
    var dashPeriod: Double
    /// The phase, points.
    var dashPhase: Double
    /// The trim, fractions of the path's length, 0 ≤ start < end ≤ 1.
    var start: Double, end: Double

    /// Vertices inside a flattened curve turning by at most this angle (radians) join with a
    /// miter: its point lies within h·(1/cos(θ/2) − 1) ≤ 0.0086·h of the true offset curve;
    /// a sharper turn inside a curve (a cusp) joins round, the offset curve's own shape.
    static let smoothMiterAngle = 15.0 * Double.pi / 180

    /// How far the outline reaches from the path, in half widths: the miter limit for miter
    /// joins, √2 for square caps (a corner of the cap's square), 1/cos(7.5°) for the miters of
    /// a curve's vertices (`smoothMiterAngle`), whichever is largest.
    var reach: Double {
        var r = 1 / cos(StrokeStyle.smoothMiterAngle / 2)
        if join == .miter { r = max(r, miterLimit) }
        if cap == .square { r = max(r, 2.0.squareRoot()) }
        return r
    }

    /// Dash length `i` of the period (0..<dashCount), points.
    @inline(__always) func dashLength(_ i: Int) -> Double {
        guard let d = dashes else { return 0 }
        return Double(d[i < d.count ? i : i - d.count])
    }

    /// The style of `p`'s stroke, or nil when it strokes nothing: no path, no stroke colour
    /// or a transparent one, a line width that is not finite and > 0, or a trim whose end is
    /// at or before its start (after clamping both to 0...1; NaN reads as the default).
    /// A dash pattern that is empty, has a negative or non-finite length, or whose period
    /// (its sum, twice it for an odd count) is below 1e-5 points strokes solid.
    /// - Complexity: O(dash count); no allocation.
    init?(_ p: LayerProperties) {
        guard p.path != nil, let color = p.strokeColor, color.alpha > 0 else { return nil }
        let w = Double(p.lineWidth)
        guard w.isFinite, w > 0 else { return nil }
        let s = Double(p.strokeStart), e = Double(p.strokeEnd)
        start = s.isNaN ? 0 : min(max(s, 0), 1)
        end = e.isNaN ? 1 : min(max(e, 0), 1)
        guard end > start else { return nil }
        halfWidth = w / 2
        cap = p.lineCap
        join = p.lineJoin
        let limit = Double(p.miterLimit)
        miterLimit = limit.isFinite ? max(limit, 0) : 0
        let phase = Double(p.lineDashPhase)
        dashPhase = phase.isFinite ? phase : 0
        dashes = nil
        dashCount = 0
        dashPeriod = 0
        if let d = p.lineDashPattern, !d.isEmpty {
            var sum = 0.0, valid = true
            for v in d {
                let x = Double(v)
                if !x.isFinite || x < 0 { valid = false }
                sum += x
            }
            let count = d.count % 2 == 0 ? d.count : 2 * d.count
            let period = d.count % 2 == 0 ? sum : 2 * sum
            if valid, period >= 1e-5, period.isFinite {
                dashes = d
                dashCount = count
                dashPeriod = period
            }
        }
    }
}
