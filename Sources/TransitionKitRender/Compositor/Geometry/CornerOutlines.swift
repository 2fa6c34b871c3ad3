import Foundation
import TransitionKitCore

/// Rounded rectangles with Core Animation's corner options: `maskedCorners` (which corners
/// round) and `cornerCurve` (`.circular` or `.continuous`).
extension ShapeFlattening {
    /// The outline of `r` with the corners in `corners` rounded by `cornerRadius` points along
    /// `curve`, chords within `tolerance` points, clockwise on a y-down screen from the top
    /// edge's right end, into `pts`. All four circular corners are `roundedRect(_:cornerRadius:
    /// tolerance:into:)` itself. The radius is clamped to half the shorter side, as circular
    /// corners are; a continuous corner reaches `continuousReach` radii along each side, less
    /// where that does not fit in half the side, where it is blended towards the circular
    /// corner's Bézier form until it fits (a radius of half the side is a capsule's round end).
    /// - Complexity: O(points of the outline).
    static func roundedRect(
        _ r: CGRect, cornerRadius: Double, corners: CornerMask, curve: CornerCurve, tolerance: Double, into pts: inout [CGPoint]
    ) {
        if corners == .all && curve == .circular {
            return roundedRect(r, cornerRadius: cornerRadius, tolerance: tolerance, into: &pts)
        }
        let half = Double(min(r.width, r.height)) / 2
        let c = max(0, min(cornerRadius, half))
        guard c > 0, !corners.isEmpty else { return rect(r, into: &pts) }
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        // Per corner, clockwise from the top-right: the corner point, the unit vector back along
        // the side the outline comes in by, the one along the side it leaves by, its mask bit.
        // (A switch, not an array literal: an outline is built every frame a corner radius
        // animates, and must not allocate.)
        func frame(_ k: Int) -> (px: Double, py: Double, inX: Double, inY: Double, outX: Double, outY: Double, mask: CornerMask) {
            switch k {
            case 0: return (x1, y0, -1, 0, 0, 1, .layerMaxXMinYCorner)
            case 1: return (x1, y1, 0, -1, -1, 0, .layerMaxXMaxYCorner)
            case 2: return (x0, y1, 1, 0, 0, -1, .layerMinXMaxYCorner)
            default: return (x0, y0, 0, 1, 1, 0, .layerMinXMinYCorner)
            }
        }
        let blend = curve == .continuous ? continuousBlend(radius: c, half: half) : 0
        let n = segments(radius: c, angle: .pi / 2, tolerance: tolerance, maximum: 2048)
        let arcs = CornerArcs.shared.points(chords: n)
        pts.removeAll(keepingCapacity: true)
        for k in 0..<4 {
            let f = frame(k)
            func at(_ a: Double, _ b: Double) -> CGPoint {
                CGPoint(x: f.px + c * (a * f.inX + b * f.outX), y: f.py + c * (a * f.inY + b * f.outY))
            }
            guard corners.contains(f.mask) else {
                pts.append(CGPoint(x: f.px, y: f.py))
                continue
            }
            guard curve == .continuous else {
                // The exact circle, as `roundedRect` draws all four.
                let cx = f.px + c * (f.inX + f.outX), cy = f.py + c * (f.inY + f.outY)
                for i in 0...n {
                    let u = arcs[k &* (n &+ 1) &+ i]
                    pts.append(CGPoint(x: cx + c * u.x, y: cy + c * u.y))
                }
                continue
            }
            for (curve, circle) in zip(continuousCurves, circularCurves) {
                // Each control point blended `blend` of the way from the circular corner's (four
                // values, not an array: no allocation per corner).
                func blended(_ j: Int) -> (x: Double, y: Double) {
                    (x: circle[j].x + blend * (curve[j].x - circle[j].x), y: circle[j].y + blend * (curve[j].y - circle[j].y))
                }
                let p = (blended(0), blended(1), blended(2), blended(3))
                pts.append(at(p.0.x, p.0.y))
                // Wang's formula for a cubic: m ≥ √(3/4 · max‖Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂‖ / tolerance)
                // uniform steps keep every chord within the tolerance (the points are in radii).
                let d1 = hypot(p.0.x - 2 * p.1.x + p.2.x, p.0.y - 2 * p.1.y + p.2.y)
                let d2 = hypot(p.1.x - 2 * p.2.x + p.3.x, p.1.y - 2 * p.2.y + p.3.y)
                let m = max(1, min(512, Int((0.75 * max(d1, d2) * c / tolerance).squareRoot().rounded(.up))))
                for i in 1...m {
                    let t = Double(i) / Double(m), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    pts.append(at(w0 * p.0.x + w1 * p.1.x + w2 * p.2.x + w3 * p.3.x, w0 * p.0.y + w1 * p.1.y + w2 * p.2.y + w3 * p.3.y))
                }
            }
        }
    }

    /// How far a continuous corner leaves each side from the corner, in radii: 1.52866483
    /// (PaintCode's reverse-engineering of iOS 7's `UIBezierPath(roundedRect:cornerRadius:)`, 2013).
    static let continuousReach = 1.52866483

    /// Kappa of a quarter circle drawn as one cubic, 4/3·(√2 − 1): the control points' distance
    /// from the ends, in radii (the standard circle approximation, radial error 2.7e-4).
    static let circleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// The continuous corner as three cubics, each four points (start, two controls, end) in
    /// radii from the corner: `x` back along the incoming side, `y` along the outgoing one;
    /// short lines join each end to the next start. PaintCode's points (see `continuousReach`),
    /// symmetric about the diagonal.
    static let continuousCurves: [[(x: Double, y: Double)]] = [
        [(continuousReach, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
        [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399)],
        [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, continuousReach)],
    ]
    /// The same three curves for a circular corner (one Bézier quarter circle, the outer
    /// curves collapsed to its ends), so that the two blend point by point.
    static let circularCurves: [[(x: Double, y: Double)]] = [
        [(1, 0), (1, 0), (1, 0), (1, 0)],
        [(1, 0), (1 - circleKappa, 0), (0, 1 - circleKappa), (0, 1)],
        [(0, 1), (0, 1), (0, 1), (0, 1)],
    ]

    /// 1 where a continuous corner of radius `radius` fits its full reach within `half` (half the
    /// shorter side), down to 0 where only a circular corner fits (radius = half).
    static func continuousBlend(radius: Double, half: Double) -> Double {
        let reach = min(continuousReach, half / radius)
        return max(0, min(1, (reach - 1) / (continuousReach - 1)))
    }
}
