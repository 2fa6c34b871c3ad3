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

    /// The whole pixels inside `polygons` when it is one axis-aligned rectangle (on whole pixels
    /// or not): every one of them gets full coverage.
    static func interior(of polygons: [[CGPoint]]) -> PixelRect? {
        guard polygons.count == 1, polygons[0].count == 4 else { return nil }
        let pts = polygons[0]
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in pts {
            let x = Double(p.x), y = Double(p.y)
            guard abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        // Snap coordinates within 1e-7 of a whole pixel (as `aligned` does).
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-7 ? v.rounded() : v }
        let r = PixelRect(
            x0: Int(snap(minX).rounded(.up)), y0: Int(snap(minY).rounded(.up)),
            x1: Int(snap(maxX).rounded(.down)), y1: Int(snap(maxY).rounded(.down)))
        return r.isEmpty ? nil : r
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
