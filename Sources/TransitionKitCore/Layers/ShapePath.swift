import Foundation

/// A filled outline in a layer's own coordinate space (points), the shape a mask or a
/// shape layer draws: like a `CGPath` with `CAShapeLayer.fillRule`.
///
/// Curves are kept as elements; the renderer flattens them (`flattened(tolerance:)`).
public struct ShapePath: Sendable, Hashable {
    /// One path element, in points.
    public enum Element: Sendable, Hashable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// How overlapping subpaths fill (`CAShapeLayerFillRule`).
    public enum FillRule: Sendable, Hashable {
        /// `kCAFillRuleNonZero` (the default).
        case nonZero
        /// `kCAFillRuleEvenOdd`.
        case evenOdd
    }

    /// How the open ends of a stroked path are drawn (`CAShapeLayerLineCap`, `CGLineCap`).
    public enum LineCap: String, Sendable, Hashable, CaseIterable {
        /// `kCALineCapButt` (the default): the stroke stops square at the end point.
        case butt
        /// `kCALineCapRound`: a half disc of diameter `lineWidth` around the end point.
        case round
        /// `kCALineCapSquare`: the stroke goes on past the end point by half `lineWidth`.
        case square
    }

    /// How a stroked path's segments meet at a corner (`CAShapeLayerLineJoin`, `CGLineJoin`).
    public enum LineJoin: String, Sendable, Hashable, CaseIterable {
        /// `kCALineJoinMiter` (the default): the outer edges extended to their intersection,
        /// unless the miter length over `lineWidth`, 1 / sin(θ / 2) for segments meeting at an
        /// angle θ, exceeds `miterLimit`, where the corner is bevelled.
        case miter
        /// `kCALineJoinRound`: a disc of diameter `lineWidth` around the corner.
        case round
        /// `kCALineJoinBevel`: the outer corners joined by a straight line.
        case bevel
    }

    /// A primitive the renderer can cover exactly (analytic area), or `.path` for a general outline.
    public enum Primitive: Sendable, Hashable {
        /// An axis-aligned rectangle.
        case rect(CGRect)
        /// The ellipse inscribed in a rectangle (a circle when the rectangle is square).
        case ellipse(CGRect)
        /// A rectangle with circular corners of `cornerRadius` points (clamped to half the shorter side).
        case roundedRect(CGRect, cornerRadius: CGFloat)
        /// A general outline of elements.
        case path([Element])
    }

    public var primitive: Primitive
    public var fillRule: FillRule

    public init(primitive: Primitive, fillRule: FillRule = .nonZero) {
        self.primitive = primitive
        self.fillRule = fillRule
    }

    /// A rectangle (`CGPath(rect:)`).
    public static func rect(_ rect: CGRect) -> ShapePath { ShapePath(primitive: .rect(rect)) }

    /// The ellipse inscribed in `rect` (`CGPath(ellipseIn:)`).
    public static func ellipse(in rect: CGRect) -> ShapePath { ShapePath(primitive: .ellipse(rect)) }

    /// A circle of `radius` points around `center`.
    public static func circle(center: CGPoint, radius: CGFloat) -> ShapePath {
        ShapePath(primitive: .ellipse(CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)))
    }

    /// A rounded rectangle (`CGPath(roundedRect:cornerWidth:cornerHeight:)` with equal radii).
    public static func roundedRect(_ rect: CGRect, cornerRadius: CGFloat) -> ShapePath {
        ShapePath(primitive: .roundedRect(rect, cornerRadius: cornerRadius))
    }

    /// A general path with the given fill rule.
    public static func path(_ elements: [Element], fillRule: FillRule = .nonZero) -> ShapePath {
        ShapePath(primitive: .path(elements), fillRule: fillRule)
    }

    /// The elements of the outline (curves included), whatever the primitive. Ellipses and
    /// rounded corners use four cubic Béziers per full turn with the standard circle
    /// constant k = 4/3·(√2 − 1) ≈ 0.5523 (maximum radial error 0.027 %).
    public var elements: [Element] {
        switch primitive {
        case .path(let e):
            return e
        case .rect(let r):
            return [
                .move(to: CGPoint(x: r.minX, y: r.minY)), .line(to: CGPoint(x: r.maxX, y: r.minY)),
                .line(to: CGPoint(x: r.maxX, y: r.maxY)), .line(to: CGPoint(x: r.minX, y: r.maxY)), .closeSubpath,
            ]
        case .ellipse(let r):
            return ShapePath.roundedRectElements(r, rx: r.width / 2, ry: r.height / 2)
        case .roundedRect(let r, let radius):
            let c = max(0, min(radius, min(r.width, r.height) / 2))
            return ShapePath.roundedRectElements(r, rx: c, ry: c)
        }
    }

    private static func roundedRectElements(_ r: CGRect, rx: CGFloat, ry: CGFloat) -> [Element] {
        let k: CGFloat = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let kx = rx * k, ky = ry * k
        return [
            .move(to: CGPoint(x: x0 + rx, y: y0)),
            .line(to: CGPoint(x: x1 - rx, y: y0)),
            .curve(to: CGPoint(x: x1, y: y0 + ry), control1: CGPoint(x: x1 - rx + kx, y: y0), control2: CGPoint(x: x1, y: y0 + ry - ky)),
            .line(to: CGPoint(x: x1, y: y1 - ry)),
            .curve(to: CGPoint(x: x1 - rx, y: y1), control1: CGPoint(x: x1, y: y1 - ry + ky), control2: CGPoint(x: x1 - rx + kx, y: y1)),
            .line(to: CGPoint(x: x0 + rx, y: y1)),
            .curve(to: CGPoint(x: x0, y: y1 - ry), control1: CGPoint(x: x0 + rx - kx, y: y1), control2: CGPoint(x: x0, y: y1 - ry + ky)),
            .line(to: CGPoint(x: x0, y: y0 + ry)),
            .curve(to: CGPoint(x: x0 + rx, y: y0), control1: CGPoint(x: x0, y: y0 + ry - ky), control2: CGPoint(x: x0 + rx - kx, y: y0)),
            .closeSubpath,
        ]
    }

    /// The bounding box of the outline's control points, in points.
    public var boundingBox: CGRect {
        switch primitive {
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _):
            return r.standardized
        case .path(let elements):
            var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
            func add(_ p: CGPoint) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
            for e in elements {
                switch e {
                case .move(let p), .line(let p): add(p)
                case .quadCurve(let p, let c): add(p); add(c)
                case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
                case .closeSubpath: break
                }
            }
            return minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
        }
    }

    /// The outline as closed polygons (one per subpath), curves subdivided until no point of
    /// a chord is farther than `tolerance` points from the curve.
    /// - Complexity: O(elements · segments per curve); allocates.
    public func flattened(tolerance: CGFloat = 0.05) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero, last = CGPoint.zero
        func finish() {
            if current.count >= 3 { polygons.append(current) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(); current = [p]; start = p; last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p); last = p
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [last] }
                let c1 = CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                ShapePath.flattenCubic(last, c1, c2, p, tolerance: tolerance, into: &current); last = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                ShapePath.flattenCubic(last, c1, c2, p, tolerance: tolerance, into: &current); last = p
            case .closeSubpath:
                finish(); last = start
            }
        }
        finish()
        return polygons
    }

    /// Uniform subdivision with a segment count from the second-difference bound
    /// n = ceil(sqrt(3·max|P0 − 2P1 + P2|, |P1 − 2P2 + P3|) / (4·tolerance))) (Wang's formula).
    private static func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat, into out: inout [CGPoint]) {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        // Clamp before converting: a NaN or huge control point must not trap in Int(_:).
        let estimate = (3 * dd / (4 * max(tolerance, 1e-6))).squareRoot().rounded(.up)
        let n = estimate.isFinite ? max(1, Int(min(4096, estimate))) : 1
        for i in 1...n {
            let t = CGFloat(i) / CGFloat(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            out.append(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }
}
