import Foundation

/// The intersection of a drawn shape and its clip's shape as one set of polygons, so that a
/// pixel where both edges pass gets the exact area of the intersection (one coverage) instead
/// of the product of two coverages: where a layer's anti-aliased edge lies on its clip's edge
/// (a zoomed screen masked by a rounded rect of its own size), the product c·c would darken the
/// edge (a half-covered pixel 0.25 instead of 0.5).
///
/// Sutherland–Hodgman (Sutherland and Hodgman, "Reentrant polygon clipping", CACM 17(1), 1974):
/// the subject polygons are clipped by each edge's half-plane of one convex polygon in turn.
/// Clipping by a half-plane keeps the winding number of every point inside it and gives 0
/// outside (the part outside is replaced by a path along the line), so the result, under the
/// subject's own fill rule, is the subject's filled set cut to the convex polygon, for any
/// subject (concave, several polygons, either rule). The result may hold zero-area back-and-
/// forth edges along a clip line; an exact-area rasteriser gives them no coverage.
enum ConvexClipping {
    /// The orientation of `polygon` when it is convex: the sign of its signed area
    /// Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ), +1 or −1; nil when it is not convex, degenerate (fewer than 3
    /// points, zero area) or not finite. Collinear points are allowed. Turning the same way at
    /// every corner is not enough: a star polygon ({5/2}, a pentagram) or a polygon wound twice
    /// does so too, so the edges' x and y directions must also each change sign at most twice
    /// around the loop (2k times for a loop that winds k times).
    /// - Complexity: O(points).
    static func convexOrientation(_ polygon: [CGPoint]) -> Double? {
        let n = polygon.count
        guard n >= 3 else { return nil }
        var sign = 0.0, area = 0.0
        var xDirection = DirectionChanges(), yDirection = DirectionChanges()
        for i in 0..<n {
            let a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n]
            guard a.x.isFinite, a.y.isFinite else { return nil }
            let cross = Double((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x))
            if cross != 0 {
                let s: Double = cross > 0 ? 1 : -1
                if sign == 0 { sign = s } else if s != sign { return nil }
            }
            xDirection.add(Double(b.x - a.x))
            yDirection.add(Double(b.y - a.y))
            area += Double(a.x * b.y - b.x * a.y)
        }
        guard sign != 0, area != 0, (area > 0) == (sign > 0), xDirection.count <= 2, yDirection.count <= 2 else { return nil }
        return sign
    }

    /// The sign changes of one coordinate of a closed loop's edge vectors, zeros skipped,
    /// the last edge's sign compared with the first's.
    private struct DirectionChanges {
        private var first = 0.0, last = 0.0, changes = 0
        mutating func add(_ d: Double) {
            guard d != 0 else { return }
            let s: Double = d > 0 ? 1 : -1
            if first == 0 { first = s } else if s != last { changes += 1 }
            last = s
        }
        var count: Int { first != 0 && last != first ? changes + 1 : changes }
    }

    /// The polygons of `subject` clipped to the convex polygon `convex` of orientation
    /// `orientation` (`convexOrientation`), into `out` (storage reused; `temp` is the ping-pong
    /// buffer). Polygons with fewer than 3 points left are dropped.
    /// - Complexity: O(subject points · convex points) per call; no allocation once the buffers
    ///   have grown.
    static func clip(
        _ subject: [[CGPoint]], to convex: [CGPoint], orientation: Double, into out: inout [[CGPoint]], temp: inout [CGPoint]
    ) {
        var spare: [[CGPoint]] = []
        clip(subject, to: convex, orientation: orientation, into: &out, temp: &temp, spare: &spare)
    }

    /// `clip(_:to:orientation:into:temp:)` keeping the point buffers of slots it empties in
    /// `spare` and taking new slots from there, so a caller clipping every frame (a mesh's
    /// faces, some of which clip to nothing) allocates nothing once the buffers have grown.
    static func clip(
        _ subject: [[CGPoint]], to convex: [CGPoint], orientation: Double, into out: inout [[CGPoint]], temp: inout [CGPoint],
        spare: inout [[CGPoint]]
    ) {
        var kept = 0
        for polygon in subject where polygon.count >= 3 {
            if kept == out.count { out.append(spare.popLast() ?? []) }
            out[kept].removeAll(keepingCapacity: true)
            out[kept].append(contentsOf: polygon)
            let m = convex.count
            for e in 0..<m where out[kept].count >= 3 {
                let a = convex[e], b = convex[(e + 1) % m]
                let ex = Double(b.x - a.x), ey = Double(b.y - a.y)
                guard ex != 0 || ey != 0 else { continue }
                // Signed distance (times the edge length) to the edge's line, >= 0 inside.
                @inline(__always) func side(_ p: CGPoint) -> Double { orientation * (ex * Double(p.y - a.y) - ey * Double(p.x - a.x)) }
                swap(&out[kept], &temp)
                out[kept].removeAll(keepingCapacity: true)
                let count = temp.count
                var previous = temp[count - 1]
                var dp = side(previous)
                for i in 0..<count {
                    let current = temp[i]
                    let dc = side(current)
                    if (dc >= 0) != (dp >= 0) {
                        let t = dp / (dp - dc)
                        out[kept].append(
                            CGPoint(x: previous.x + CGFloat(t) * (current.x - previous.x), y: previous.y + CGFloat(t) * (current.y - previous.y)))
                    }
                    if dc >= 0 { out[kept].append(current) }
                    previous = current
                    dp = dc
                }
            }
            if out[kept].count >= 3 { kept += 1 }
        }
        while out.count > kept { spare.append(out.removeLast()) }
    }
}
