import Foundation
import TransitionKitCore

/// Turns shapes in layer space (points) into closed polygons for the coverage rasteriser.
enum ShapeFlattening {
    /// The outline of `path` as polygons whose chords stay within `tolerance` points of the
    /// true curve. Ellipses and rounded corners are flattened from the exact circle (not from
    /// the Bézier approximation `ShapePath.elements` uses); general paths use
    /// `ShapePath.flattened(tolerance:)`.
    /// - Complexity: O(segments); allocates.
    static func polygons(_ path: ShapePath, tolerance: Double) -> [[CGPoint]] {
        switch path.primitive {
        case .rect(let r):
            return [rect(r.standardized)]
        case .ellipse(let r):
            return [ellipse(r.standardized, tolerance: tolerance)]
        case .roundedRect(let r, let radius):
            return [roundedRect(r.standardized, cornerRadius: Double(radius), tolerance: tolerance)]
        case .path:
            return path.flattened(tolerance: CGFloat(tolerance))
        }
    }

    static func rect(_ r: CGRect) -> [CGPoint] {
        [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
        ]
    }

    /// Chord count for an arc of `angle` radians and radius `radius` so that the sagitta
    /// r·(1 − cos(θ/2)) of each chord is at most `tolerance`.
    static func segments(radius: Double, angle: Double, tolerance: Double, maximum: Int) -> Int {
        guard radius > tolerance else { return 1 }
        let theta = 2 * acos(1 - tolerance / radius)
        guard theta > 0, theta.isFinite else { return maximum }
        return max(1, min(maximum, Int((angle / theta).rounded(.up))))
    }

    /// The inscribed ellipse of `r` as an n-gon whose radii are scaled by
    /// k = √(2π / (n·sin(2π/n))) so that the polygon's area equals the ellipse's area πab
    /// (the area of a regular n-gon of circumradius ρ is n/2·ρ²·sin(2π/n); an affine image
    /// keeps the ratio). Exact-area coverage then sums to the ellipse's true area.
    static func ellipse(_ r: CGRect, tolerance: Double) -> [CGPoint] {
        let rx = Double(r.width) / 2, ry = Double(r.height) / 2
        let cx = Double(r.midX), cy = Double(r.midY)
        var n = segments(radius: max(rx, ry), angle: 2 * .pi, tolerance: tolerance, maximum: 8192)
        n = max(8, (n + 3) & ~3)
        let k = (2 * Double.pi / (Double(n) * sin(2 * Double.pi / Double(n)))).squareRoot()
        return (0..<n).map { i in
            let t = 2 * Double.pi * Double(i) / Double(n)
            return CGPoint(x: cx + rx * k * cos(t), y: cy + ry * k * sin(t))
        }
    }

    /// A rectangle with circular corners (radius clamped to half the shorter side), corners
    /// flattened into chords on the true arcs.
    static func roundedRect(_ r: CGRect, cornerRadius: Double, tolerance: Double) -> [CGPoint] {
        let c = max(0, min(cornerRadius, Double(min(r.width, r.height)) / 2))
        guard c > 0 else { return rect(r) }
        let n = segments(radius: c, angle: .pi / 2, tolerance: tolerance, maximum: 2048)
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        // Corner centres and start angles, clockwise on a y-down screen from the top-right.
        let corners: [(Double, Double, Double)] = [
            (x1 - c, y0 + c, -.pi / 2), (x1 - c, y1 - c, 0), (x0 + c, y1 - c, .pi / 2), (x0 + c, y0 + c, .pi),
        ]
        var pts: [CGPoint] = []
        pts.reserveCapacity(4 * (n + 1))
        for (cx, cy, start) in corners {
            for i in 0...n {
                let t = start + Double.pi / 2 * Double(i) / Double(n)
                pts.append(CGPoint(x: cx + c * cos(t), y: cy + c * sin(t)))
            }
        }
        return pts
    }

    /// Sutherland–Hodgman clip of a polygon to an axis-aligned rectangle (exact for any
    /// polygon against one convex clip region; used with convex subjects here).
    static func clip(_ polygon: [CGPoint], to r: CGRect) -> [CGPoint] {
        var pts = polygon
        let planes: [(CGPoint) -> Double] = [
            { Double($0.x - r.minX) }, { Double(r.maxX - $0.x) }, { Double($0.y - r.minY) }, { Double(r.maxY - $0.y) },
        ]
        for distance in planes {
            guard pts.count >= 3 else { return [] }
            var out: [CGPoint] = []
            out.reserveCapacity(pts.count + 2)
            for i in pts.indices {
                let a = pts[i], b = pts[i + 1 == pts.count ? 0 : i + 1]
                let da = distance(a), db = distance(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = CGFloat(da / (da - db))
                    out.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
            pts = out
        }
        return pts.count >= 3 ? pts : []
    }
}
