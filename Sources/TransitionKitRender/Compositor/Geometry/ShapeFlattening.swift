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
        var out: [[CGPoint]] = []
        polygons(path, tolerance: tolerance, into: &out)
        return out
    }

    /// `polygons(path, tolerance:)` into `out`, reusing its storage for a rectangle, ellipse or
    /// rounded rectangle (a general path allocates its polygons).
    static func polygons(_ path: ShapePath, tolerance: Double, into out: inout [[CGPoint]]) {
        switch path.primitive {
        case .rect(let r):
            onePolygon(&out) { rect(r.standardized, into: &$0) }
        case .ellipse(let r):
            onePolygon(&out) { ellipse(r.standardized, tolerance: tolerance, into: &$0) }
        case .roundedRect(let r, let radius):
            onePolygon(&out) { roundedRect(r.standardized, cornerRadius: Double(radius), tolerance: tolerance, into: &$0) }
        case .path:
            out = path.flattened(tolerance: CGFloat(tolerance))
        }
    }

    /// Makes `out` one polygon, filled by `fill` in place (its storage kept).
    static func onePolygon(_ out: inout [[CGPoint]], _ fill: (inout [CGPoint]) -> Void) {
        if out.isEmpty { out.append([]) } else if out.count > 1 { out.removeSubrange(1...) }
        fill(&out[0])
    }

    /// `rect(r)` into `out`, reusing its storage.
    static func rect(_ r: CGRect, into out: inout [CGPoint]) {
        out.removeAll(keepingCapacity: true)
        out.append(CGPoint(x: r.minX, y: r.minY)); out.append(CGPoint(x: r.maxX, y: r.minY))
        out.append(CGPoint(x: r.maxX, y: r.maxY)); out.append(CGPoint(x: r.minX, y: r.maxY))
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
        var pts: [CGPoint] = []
        ellipse(r, tolerance: tolerance, into: &pts)
        return pts
    }

    /// `ellipse(r, tolerance:)` into `out`, reusing its storage.
    static func ellipse(_ r: CGRect, tolerance: Double, into out: inout [CGPoint]) {
        let rx = Double(r.width) / 2, ry = Double(r.height) / 2
        let cx = Double(r.midX), cy = Double(r.midY)
        var n = segments(radius: max(rx, ry), angle: 2 * .pi, tolerance: tolerance, maximum: 8192)
        n = max(8, (n + 3) & ~3)
        let k = (2 * Double.pi / (Double(n) * sin(2 * Double.pi / Double(n)))).squareRoot()
        out.removeAll(keepingCapacity: true)
        out.reserve(atLeast: n)
        for i in 0..<n {
            let t = 2 * Double.pi * Double(i) / Double(n)
            out.append(CGPoint(x: cx + rx * k * cos(t), y: cy + ry * k * sin(t)))
        }
    }

    /// A rectangle with circular corners (radius clamped to half the shorter side), corners
    /// flattened into chords on the true arcs.
    static func roundedRect(_ r: CGRect, cornerRadius: Double, tolerance: Double) -> [CGPoint] {
        var pts: [CGPoint] = []
        roundedRect(r, cornerRadius: cornerRadius, tolerance: tolerance, into: &pts)
        return pts
    }

    /// `roundedRect(r, cornerRadius:tolerance:)` into `out`, reusing its storage.
    static func roundedRect(_ r: CGRect, cornerRadius: Double, tolerance: Double, into pts: inout [CGPoint]) {
        let c = max(0, min(cornerRadius, Double(min(r.width, r.height)) / 2))
        guard c > 0 else { return rect(r, into: &pts) }
        let n = segments(radius: c, angle: .pi / 2, tolerance: tolerance, maximum: 2048)
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        // Corner centres, clockwise on a y-down screen from the top-right; the arcs' unit points
        // (angles from −π/2, 0, π/2, π) shared by every rounded rectangle of n chords a corner.
        let arcs = CornerArcs.shared.points(chords: n)
        pts.removeAll(keepingCapacity: true)
        pts.reserveCapacity(4 * (n + 1))
        for k in 0..<4 {
            let (cx, cy): (Double, Double)
            switch k {
            case 0: (cx, cy) = (x1 - c, y0 + c)
            case 1: (cx, cy) = (x1 - c, y1 - c)
            case 2: (cx, cy) = (x0 + c, y1 - c)
            default: (cx, cy) = (x0 + c, y0 + c)
            }
            for i in 0...n {
                let u = arcs[k &* (n &+ 1) &+ i]
                pts.append(CGPoint(x: cx + c * u.x, y: cy + c * u.y))
            }
        }
    }

    /// Sutherland–Hodgman clip of a polygon to an axis-aligned rectangle (exact for any
    /// polygon against one convex clip region; used with convex subjects here).
    static func clip(_ polygon: [CGPoint], to r: CGRect) -> [CGPoint] {
        var out: [CGPoint] = [], temp: [CGPoint] = []
        clip(polygon, to: r, into: &out, temp: &temp)
        return out
    }

    /// `clip(polygon, to: r)` into `out` (with `temp` as the other ping-pong buffer), reusing
    /// both buffers' storage. Empty when fewer than three points are left.
    static func clip(_ polygon: [CGPoint], to r: CGRect, into out: inout [CGPoint], temp: inout [CGPoint]) {
        @inline(__always) func distance(_ plane: Int, _ p: CGPoint) -> Double {
            switch plane {
            case 0: return Double(p.x - r.minX)
            case 1: return Double(r.maxX - p.x)
            case 2: return Double(p.y - r.minY)
            default: return Double(r.maxY - p.y)
            }
        }
        // Each plane reads the previous result (swapped into `temp`) and writes `out`.
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: polygon)
        for plane in 0..<4 {
            swap(&out, &temp)
            out.removeAll(keepingCapacity: true)
            guard temp.count >= 3 else { return }
            out.reserveCapacity(temp.count + 2)
            let n = temp.count
            for i in 0..<n {
                let a = temp[i], b = temp[i + 1 == n ? 0 : i + 1]
                let da = distance(plane, a), db = distance(plane, b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = CGFloat(da / (da - db))
                    out.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
        }
        if out.count < 3 { out.removeAll(keepingCapacity: true) }
    }
}

extension Array {
    /// Makes room for `n` elements, at least doubling the storage when it grows, so a buffer
    /// refilled each frame with slowly growing counts (a growing circle) reallocates only
    /// O(log n) times in all.
    mutating func reserve(atLeast n: Int) {
        if capacity < n { reserveCapacity(Swift.max(n, 2 * capacity)) }
    }
}
