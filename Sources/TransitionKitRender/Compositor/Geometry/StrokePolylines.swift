import Foundation
import TransitionKitCore

/// A path flattened for stroking (layer points): its subpaths as polylines, open or closed, in
/// the order and direction of `ShapePath.elements` (a rectangle from its min-x min-y corner
/// towards max x; an ellipse or rounded rectangle from the middle of its top edge, clockwise
/// on a y-down screen), each point with its distance along its subpath. Points inside a
/// flattened curve are marked `smooth`: they join as the curve's offset does, not by the
/// layer's `lineJoin`. Consecutive equal points are kept once; a closed subpath's last point
/// is not its first again. Storage is kept from path to path (no allocation once grown).
struct StrokePolylines {
    struct Subpath {
        /// Its points, `points[range]`.
        var range: Range<Int>
        var closed: Bool
        /// Its length, points (closing segment included).
        var length: Double
    }

    var points: [CGPoint] = []
    var smooth: [Bool] = []
    /// Distance of each point from its subpath's first point, points.
    var distances: [Double] = []
    var subpaths: [Subpath] = []
    /// The sum of the subpaths' lengths, points.
    var totalLength = 0.0

    private var subpathStart = 0
    /// Whether the open subpath has a segment (a lone `move` strokes nothing).
    private var hasSegment = false

    /// Makes this `path` flattened with chords within `tolerance` points of its curves:
    /// ellipses and rounded corners on the exact circle or ellipse, Béziers by uniform steps
    /// counted by Wang's formula (as `ShapePath.flattened(tolerance:)`).
    /// - Complexity: O(points); no allocation once the buffers have grown.
    mutating func build(_ path: ShapePath, tolerance: Double) {
        points.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        distances.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        totalLength = 0
        subpathStart = 0
        hasSegment = false
        let tolerance = max(tolerance, 1e-6)
        switch path.primitive {
        case .rect(let r0):
            let r = r0.standardized
            move(CGPoint(x: r.minX, y: r.minY))
            line(CGPoint(x: r.maxX, y: r.minY), smooth: false)
            line(CGPoint(x: r.maxX, y: r.maxY), smooth: false)
            line(CGPoint(x: r.minX, y: r.maxY), smooth: false)
            close()
        case .ellipse(let r0):
            let r = r0.standardized
            let rx = Double(r.width) / 2, ry = Double(r.height) / 2, cx = Double(r.midX), cy = Double(r.midY)
            let n = max(8, ShapeFlattening.segments(radius: max(rx, ry), angle: 2 * .pi, tolerance: tolerance, maximum: 8192))
            move(CGPoint(x: cx, y: cy - ry))
            for i in 1..<n {
                let t = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(n)
                line(CGPoint(x: cx + rx * cos(t), y: cy + ry * sin(t)), smooth: true)
            }
            close(smoothStart: true)
        case .roundedRect(let r0, let radius):
            let r = r0.standardized
            let c = max(0, min(Double(radius), Double(min(r.width, r.height)) / 2))
            let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
            guard c > 0 else {
                move(CGPoint(x: x0, y: y0))
                line(CGPoint(x: x1, y: y0), smooth: false)
                line(CGPoint(x: x1, y: y1), smooth: false)
                line(CGPoint(x: x0, y: y1), smooth: false)
                close()
                break
            }
            let n = ShapeFlattening.segments(radius: c, angle: .pi / 2, tolerance: tolerance, maximum: 2048)
            // From the top edge's left end, clockwise: each side, then its corner's arc about
            // its centre from angle a (−π/2, 0, π/2, π), as `ShapePath.elements`.
            move(CGPoint(x: x0 + c, y: y0))
            for k in 0..<4 {
                let (cx, cy): (Double, Double)
                switch k {
                case 0: (cx, cy) = (x1 - c, y0 + c)
                case 1: (cx, cy) = (x1 - c, y1 - c)
                case 2: (cx, cy) = (x0 + c, y1 - c)
                default: (cx, cy) = (x0 + c, y0 + c)
                }
                let a = -Double.pi / 2 + Double(k) * Double.pi / 2
                line(CGPoint(x: cx + c * cos(a), y: cy + c * sin(a)), smooth: true)
                for i in 1...n where k < 3 || i < n {
                    let t = a + Double.pi / 2 * Double(i) / Double(n)
                    line(CGPoint(x: cx + c * cos(t), y: cy + c * sin(t)), smooth: true)
                }
            }
            close(smoothStart: true)
        case .path(let elements):
            var last = CGPoint.zero, first = CGPoint.zero
            for e in elements {
                switch e {
                case .move(let p):
                    finishOpen()
                    move(p)
                    first = p
                    last = p
                case .line(let p):
                    if points.count == subpathStart { move(last) }
                    line(p, smooth: false)
                    last = p
                case .quadCurve(let p, let c):
                    if points.count == subpathStart { move(last) }
                    let c1 = CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y))
                    let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                    cubic(last, c1, c2, p, tolerance: tolerance)
                    last = p
                case .curve(let p, let c1, let c2):
                    if points.count == subpathStart { move(last) }
                    cubic(last, c1, c2, p, tolerance: tolerance)
                    last = p
                case .closeSubpath:
                    if points.count > subpathStart { close() }
                    last = first
                }
            }
            finishOpen()
        }
    }

    /// Starts a subpath at `p` (ending an open one).
    private mutating func move(_ p: CGPoint) {
        finishOpen()
        subpathStart = points.count
        hasSegment = false
        points.append(p)
        smooth.append(false)
        distances.append(0)
    }

    private mutating func line(_ p: CGPoint, smooth isSmooth: Bool) {
        hasSegment = true
        let q = points[points.count - 1]
        let d = hypot(Double(p.x - q.x), Double(p.y - q.y))
        guard d > 1e-9 else { return }
        points.append(p)
        smooth.append(isSmooth)
        distances.append(distances[distances.count - 1] + d)
    }

    /// A cubic Bézier from the current point: n = ⌈√(3·max‖Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂‖ / (4·tolerance))⌉
    /// uniform steps (Wang's formula), the inner points smooth.
    private mutating func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: Double) {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = Double((ddx * ddx + ddy * ddy).squareRoot())
        let estimate = (3 * dd / (4 * tolerance)).squareRoot().rounded(.up)
        let n = estimate.isFinite ? max(1, Int(min(4096, estimate))) : 1
        for i in 1...n {
            let t = CGFloat(i) / CGFloat(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            line(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y), smooth: i < n)
        }
    }

    /// Ends the current subpath as closed: its closing segment back to the first point counts
    /// in its length (a last point equal to the first is dropped). `smoothStart`: the first
    /// point lies inside a curve (an ellipse's top).
    private mutating func close(smoothStart: Bool = false) {
        guard points.count > subpathStart else { return }
        if points.count - subpathStart > 1,
            hypot(Double(points[points.count - 1].x - points[subpathStart].x), Double(points[points.count - 1].y - points[subpathStart].y)) <= 1e-9
        {
            points.removeLast()
            smooth.removeLast()
            distances.removeLast()
        }
        let n = points.count
        let closing = hypot(Double(points[n - 1].x - points[subpathStart].x), Double(points[n - 1].y - points[subpathStart].y))
        let length = distances[n - 1] + closing
        smooth[subpathStart] = smoothStart
        if n - subpathStart >= 2 {
            subpaths.append(Subpath(range: subpathStart..<n, closed: true, length: length))
            totalLength += length
        } else {
            // A closed subpath of one point: a dot, as an open zero-length one.
            subpaths.append(Subpath(range: subpathStart..<n, closed: false, length: 0))
        }
        subpathStart = n
        hasSegment = false
    }

    /// Ends an open subpath (nothing when there is none; a lone `move` is dropped).
    private mutating func finishOpen() {
        let n = points.count
        guard n > subpathStart else { return }
        if hasSegment {
            let length = distances[n - 1]
            subpaths.append(Subpath(range: subpathStart..<n, closed: false, length: length))
            totalLength += length
        } else {
            points.removeSubrange(subpathStart..<n)
            smooth.removeSubrange(subpathStart..<n)
            distances.removeSubrange(subpathStart..<n)
        }
        subpathStart = points.count
        hasSegment = false
    }
}
