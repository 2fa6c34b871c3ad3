import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Breaking the coincident-edge intersection (`exactIntersection`, `ConvexClipping`) against
/// exact areas: random simple polygons (convex or concave, vertices and edges on the clip's
/// edges) through a fractional `masksToBounds` rectangle and through a random convex mask path.
/// Expected values: per pixel, the area of polygon ∩ clip ∩ pixel worked out here in double
/// precision (Sutherland–Hodgman, shoelace), times 255, within 2/255 (8-bit coverage, one
/// rounding); the compositor's doc: exact-area anti-aliasing on every geometric edge.
@Suite struct Breaker2ExactAreaTests {
    /// The area of simple polygon `polygon` inside the axis-aligned rectangle `r`
    /// (Sutherland–Hodgman by its 4 sides, then the shoelace formula).
    static func area(_ polygon: [CGPoint], in r: CGRect, convex: [CGPoint] = []) -> Double {
        var poly = polygon.map { SIMD2(Double($0.x), Double($0.y)) }
        var sides: [(SIMD2<Double>) -> Double] = [
            { $0.x - Double(r.minX) }, { Double(r.maxX) - $0.x }, { $0.y - Double(r.minY) }, { Double(r.maxY) - $0.y },
        ]
        // A counter-clockwise (in y-down pixels: positive shoelace) convex polygon's half-planes.
        for i in convex.indices {
            let a = convex[i], b = convex[(i + 1) % convex.count]
            let ax = Double(a.x), ay = Double(a.y), ex = Double(b.x - a.x), ey = Double(b.y - a.y)
            sides.append { ex * ($0.y - ay) - ey * ($0.x - ax) }
        }
        for side in sides where poly.count >= 3 {
            var out: [SIMD2<Double>] = []
            var p = poly[poly.count - 1]
            for c in poly {
                let dp = side(p), dc = side(c)
                if (dc >= 0) != (dp >= 0) { out.append(p + (c - p) * (dp / (dp - dc))) }
                if dc >= 0 { out.append(c) }
                p = c
            }
            poly = out
        }
        guard poly.count >= 3 else { return 0 }
        var a = 0.0
        for i in poly.indices {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            a += p.x * q.y - q.x * p.y
        }
        return abs(a) / 2
    }

    /// Random simple polygons (star-shaped around a point: convex or concave), some vertices
    /// exactly on the clip's edges and some edges along them, drawn white through a parent's
    /// fractional `masksToBounds` rectangle: every pixel's value is the exact area of
    /// polygon ∩ clip ∩ pixel (within 2/255: 8-bit coverage, one rounding), fast and general path.
    @Test func randomPolygonsThroughAFractionalClipHaveTheExactArea() throws {
        var g = SplitMix64(seed: 0xC11B_2026)
        let size = CGSize(width: 40, height: 40)
        let clip = CGRect(x: 5.3, y: 4.7, width: 29.4, height: 30.6)
        var worst = (0, "")
        for i in 0..<120 {
            let n = 3 + g.index(10)
            let center = CGPoint(x: clip.midX + CGFloat(g.index(100)) / 20 - 2.5, y: clip.midY + CGFloat(g.index(100)) / 20 - 2.5)
            var angles = (0..<n).map { _ in Double(g.index(10_000)) / 10_000 * 2 * Double.pi }
            angles.sort()
            var points = angles.map { a -> CGPoint in
                let r = 2 + CGFloat(g.index(2300)) / 100
                return CGPoint(x: center.x + r * CGFloat(cos(a)), y: center.y + r * CGFloat(sin(a)))
            }
            // Snap some vertices onto the clip's vertical sides (an edge along one when two
            // neighbours snap to the same side).
            for k in points.indices where g.chance(0.35) {
                let p = points[k]
                let x = p.x < center.x ? clip.minX : clip.maxX
                let t = (x - center.x) / (p.x - center.x)
                if t > 0 && t.isFinite { points[k] = CGPoint(x: x, y: center.y + (p.y - center.y) * t) }
            }
            let local = points.map { CGPoint(x: $0.x - clip.minX, y: $0.y - clip.minY) }
            let path = ShapePath.path([.move(to: local[0])] + local.dropFirst().map { .line(to: $0) } + [.closeSubpath])
            let drawn = layer(CGRect(origin: .zero, size: clip.size)) {
                $0.path = path
                $0.fillColor = .white
            }
            let parent = layer(clip, sublayers: [drawn]) { $0.masksToBounds = true }
            let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [parent])
            for general in [false, true] {
                var options = RenderOptions(scale: 1, background: .black)
                options.disableFastPaths = general
                let frame = try Compositor(options: options).render(root, size: size)
                for y in 0..<40 {
                    for x in 0..<40 {
                        let pixel = CGRect(x: x, y: y, width: 1, height: 1).intersection(clip)
                        let expected = pixel.isNull || pixel.isEmpty ? 0 : Int((Self.area(points, in: pixel) * 255).rounded())
                        let got = Int(frame.pixel(x: x, y: y)?.r ?? 0)
                        if abs(got - expected) > worst.0 {
                            worst = (abs(got - expected), "case \(i) general \(general) pixel \(x),\(y): \(got) vs exact \(expected)")
                        }
                    }
                }
            }
        }
        print("exact-area worst: \(worst)")
        #expect(worst.0 <= 2, "\(worst.1)")
    }

    /// Random simple polygons through a random convex polygon mask (a mask layer's path), some
    /// vertices on the mask's edges: every pixel is the exact area within 2/255.
    @Test func randomPolygonsThroughAConvexMaskHaveTheExactArea() throws {
        var g = SplitMix64(seed: 0xC0_4E_2026)
        let size = CGSize(width: 40, height: 40)
        var worst = (0, ""), checked = 0, covered = 0
        for i in 0..<300 {
            // The mask: a convex polygon, points on an ellipse at increasing angles.
            let m = 3 + g.index(6)
            var maskAngles = (0..<m).map { _ in Double(g.index(10_000)) / 10_000 * 2 * Double.pi }
            maskAngles.sort()
            let mask = maskAngles.map { CGPoint(x: 20.3 + 15.1 * CGFloat(cos($0)), y: 19.7 + 13.3 * CGFloat(sin($0))) }
            guard ConvexClipping.convexOrientation(mask) == 1 else { continue }
            let n = 3 + g.index(10)
            var angles = (0..<n).map { _ in Double(g.index(10_000)) / 10_000 * 2 * Double.pi }
            angles.sort()
            var points = angles.map { a -> CGPoint in
                let r = 2 + CGFloat(g.index(2000)) / 100
                return CGPoint(x: 20 + r * CGFloat(cos(a)), y: 20 + r * CGFloat(sin(a)))
            }
            // Some vertices on a mask edge (the edge's midpoint moved along it).
            for k in points.indices where g.chance(0.3) {
                let e = g.index(m)
                let a = mask[e], b = mask[(e + 1) % m], t = CGFloat(g.index(101)) / 100
                points[k] = CGPoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
            }
            let polygon = ShapePath.path([.move(to: points[0])] + points.dropFirst().map { .line(to: $0) } + [.closeSubpath])
            let maskPath = ShapePath.path([.move(to: mask[0])] + mask.dropFirst().map { .line(to: $0) } + [.closeSubpath])
            let maskLayer = layer(CGRect(origin: .zero, size: size)) {
                $0.path = maskPath
                $0.fillColor = .white
            }
            let drawn = layer(CGRect(origin: .zero, size: size), mask: maskLayer) {
                $0.path = polygon
                $0.fillColor = .white
            }
            let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [drawn])
            // Only simple subjects have the signed area as their filled area.
            let simple = Self.isSimple(points)
            guard simple else { continue }
            checked += 1
            for general in [false, true] {
                var options = RenderOptions(scale: 1, background: .black)
                options.disableFastPaths = general
                let frame = try Compositor(options: options).render(root, size: size)
                for y in 0..<40 {
                    for x in 0..<40 {
                        let pixel = CGRect(x: x, y: y, width: 1, height: 1)
                        let expected = Int((Self.area(points, in: pixel, convex: mask) * 255).rounded())
                        let got = Int(frame.pixel(x: x, y: y)?.r ?? 0)
                        if expected > 0 { covered += 1 }
                        if abs(got - expected) > worst.0 {
                            worst = (abs(got - expected), "case \(i) general \(general) pixel \(x),\(y): \(got) vs exact \(expected)")
                        }
                    }
                }
            }
        }
        #expect(checked >= 60 && covered > 10_000, "only \(checked) polygons, \(covered) covered pixels checked")
        print("convex-mask \(checked) cases \(covered) covered exact-area worst: \(worst)")
        #expect(worst.0 <= 2, "\(worst.1)")
    }

    /// Whether no two non-adjacent edges of the closed polygon cross or touch.
    static func isSimple(_ p: [CGPoint]) -> Bool {
        func cross(_ o: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        let n = p.count
        for i in 0..<n {
            for j in (i + 1)..<n where j != i + 1 && !(i == 0 && j == n - 1) {
                let a = p[i], b = p[(i + 1) % n], c = p[j], d = p[(j + 1) % n]
                let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
                if (d1 * d2 <= 0) && (d3 * d4 <= 0) { return false }
            }
        }
        return true
    }
}
