import Foundation

/// A half-open rectangle of device pixels: columns `x0..<x1`, rows `y0..<y1`.
struct PixelRect: Equatable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    /// The smallest rectangle holding both (an empty operand is ignored).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
}

/// Whole-pixel rectangles of polygons in device pixels: around them (the rasteriser's box),
/// inside them (pixels at full coverage) and equal to them (a rectangle on whole pixels).
extension PixelRect {
    /// The whole-pixel rectangle around `polygons` (as the rasteriser's box), nil if a point is
    /// not finite or nothing is there.
    static func bounds(of polygons: [[CGPoint]]) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                let x = Double(p.x), y = Double(p.y)
                guard x.isFinite, y.isFinite else { return nil }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX, minY <= maxY, abs(minX) < 1e9, abs(maxX) < 1e9, abs(minY) < 1e9, abs(maxY) < 1e9 else { return nil }
        return PixelRect(x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)), x1: Int(maxX.rounded(.up)), y1: Int(maxY.rounded(.up)))
    }

    /// A rectangle of whole pixels inside `polygons` when it is one convex polygon (on whole
    /// pixels or not; 4 to 8 vertices, either winding): every one of its pixels gets full
    /// coverage. For an axis-aligned rectangle, all of its whole pixels; for a trapezoid with two
    /// vertical sides (a screen turned about the y axis in perspective) or two horizontal ones
    /// (about the x axis), the largest such rectangle. Nil when the polygon is not convex, a
    /// coordinate is 1e9 px or more, or no whole pixel fits.
    ///
    /// Why it is inside: let a ≤ b be the polygon's second smallest and second largest vertex x
    /// (a triangle's are one vertex: hence at least 4). At any x in a...b the polygon spans
    /// top(x)...bottom(x), top convex and bottom concave (the polygon is convex), so between two
    /// columns top is at most its larger end value and bottom at least its smaller one: the
    /// rectangle from column x0 = ⌈a⌉ to x1 = ⌊b⌋, rows ⌈max(top(x0), top(x1))⌉ to
    /// ⌊min(bottom(x0), bottom(x1))⌋, lies inside. Coordinates within 1e-7 of a whole pixel count
    /// as on it (as `aligned` does), so x0 may lie just left of a (x1 just right of b): the extent
    /// is then taken at a (b).
    /// - Complexity: O(vertices).
    static func interior(of polygons: [[CGPoint]]) -> PixelRect? {
        guard polygons.count == 1, (4...8).contains(polygons[0].count) else { return nil }
        let pts = polygons[0]
        guard pts.allSatisfy({ abs($0.x) < 1e9 && abs($0.y) < 1e9 }), isConvex(pts) else { return nil }
        // The second smallest and second largest vertex x (no allocation: this runs per frame).
        var lo = (Double.infinity, Double.infinity), hi = (-Double.infinity, -Double.infinity)
        for p in pts {
            let x = Double(p.x)
            if x < lo.0 { lo = (x, lo.0) } else if x < lo.1 { lo.1 = x }
            if x > hi.0 { hi = (x, hi.0) } else if x > hi.1 { hi.1 = x }
        }
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-7 ? v.rounded() : v }
        let x0 = snap(lo.1).rounded(.up), x1 = snap(hi.1).rounded(.down)
        guard x0 < x1 else { return nil }
        // The polygon's extent top...bottom along column x (x within its vertices' x range).
        func span(_ x: Double) -> (top: Double, bottom: Double) {
            var top = Double.infinity, bottom = -Double.infinity
            for i in pts.indices {
                let p = pts[i], q = pts[(i + 1) % pts.count]
                let px = Double(p.x), py = Double(p.y), qx = Double(q.x), qy = Double(q.y)
                guard min(px, qx) <= x, x <= max(px, qx) else { continue }
                if px == qx {
                    top = min(top, py, qy); bottom = max(bottom, py, qy)
                } else {
                    let y = py + (x - px) * (qy - py) / (qx - px)
                    top = min(top, y); bottom = max(bottom, y)
                }
            }
            return (top, bottom)
        }
        // Snapping may put a column up to 1e-7 outside a...b: its extent is taken at a or b.
        let s0 = span(max(x0, lo.1)), s1 = span(min(x1, hi.1))
        let top = snap(max(s0.top, s1.top)).rounded(.up), bottom = snap(min(s0.bottom, s1.bottom)).rounded(.down)
        guard top.isFinite, bottom.isFinite, top < bottom else { return nil }
        return PixelRect(x0: Int(x0), y0: Int(top), x1: Int(x1), y1: Int(bottom))
    }

    /// Whether the closed polygon `pts` is convex: consecutive edges never turn both ways (a
    /// straight run turns neither way, but one that doubles back on itself, a spike, is refused),
    /// and its x direction changes at most twice around it, so it winds once (a pentagram turns
    /// one way throughout but reverses x four times).
    private static func isConvex(_ pts: [CGPoint]) -> Bool {
        let n = pts.count
        var left = false, right = false, reversals = 0, lastDX = 0.0
        for i in 0..<n {
            let p = pts[i], q = pts[(i + 1) % n], r = pts[(i + 2) % n]
            let cross = Double((q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x))
            if cross > 0 { left = true } else if cross < 0 { right = true }
            if cross == 0 && Double((q.x - p.x) * (r.x - q.x) + (q.y - p.y) * (r.y - q.y)) < 0 { return false }
        }
        // Twice around, counting reversals on the second lap only, so that the wrap is counted.
        for i in 0..<(2 * n) {
            let dx = Double(pts[(i + 1) % n].x - pts[i % n].x)
            guard dx != 0 else { continue }
            if i >= n && lastDX != 0 && (dx > 0) != (lastDX > 0) { reversals += 1 }
            lastDX = dx
        }
        return !(left && right) && reversals <= 2
    }

    /// The rectangle when `polygons` is one axis-aligned rectangle on whole pixels.
    static func aligned(_ polygons: [[CGPoint]]) -> PixelRect? {
        guard polygons.count == 1, polygons[0].count == 4 else { return nil }
        let pts = polygons[0]
        func whole(_ v: CGFloat) -> Bool { abs(v) < 1e9 && abs(v - v.rounded()) < 1e-7 }
        guard pts.allSatisfy({ whole($0.x) && whole($0.y) }) else { return nil }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard a.x.rounded() == b.x.rounded() || a.y.rounded() == b.y.rounded() else { return nil }
        }
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for p in pts {
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
