import Foundation
import TransitionKitCore

/// Core's `PlaneHomography` under the name the renderer's tests use (`FastPathTests`); the
/// compositor's own code says `PlaneHomography`.
typealias Homography = PlaneHomography

/// A layer's map from its own coordinates (points) to device pixels, as a chain of projective
/// stages applied in order, `device = p · stages[0] · stages[1] · …`.
///
/// Every level of the tree flattens into its parent's plane, so geometry that passes behind
/// the eye at one level must be clipped there (w > ε) before the next level maps it. Adjacent
/// levels are merged into one stage whenever one of them is affine (merging then cannot change
/// the sign of w); in the common case of at most one perspective level the chain has one stage.
struct Projection {
    /// The first stage, kept inline so that deriving a child's chain (the common one-stage
    /// case) allocates nothing.
    private(set) var head: PlaneHomography
    /// Stages after `head` (empty without nested perspective).
    private(set) var tail: [PlaneHomography] = []

    /// Geometry with w below this is behind (or at) the eye and is clipped away.
    static let minimumW = 1e-5

    init(_ h: PlaneHomography) { head = h }

    /// All stages in order, `head` first.
    var stages: [PlaneHomography] { [head] + tail }

    /// The chain for a child whose map to this chain's space is `step`; nil if not finite.
    func prepending(_ step: PlaneHomography) -> Projection? {
        guard step.isFinite else { return nil }
        var p = self
        if step.isAffine || p.head.isAffine {
            p.head = step.concatenating(p.head)
            guard p.head.isFinite else { return nil }
        } else {
            p.tail.insert(p.head, at: 0)
            p.head = step
        }
        return p
    }

    /// The product of all stages: the point map, valid wherever the geometry survived clipping.
    var composite: PlaneHomography {
        var h = head
        for s in tail { h = h.concatenating(s) }
        return h
    }

    /// Maps closed polygons (points, layer space) to device pixels, clipping each against
    /// w > `minimumW` in homogeneous space before dividing, stage by stage, so nothing behind
    /// the eye is drawn mirrored. Polygons that vanish are dropped.
    /// - Complexity: O(vertices · stages).
    func project(_ polygons: [[CGPoint]]) -> [[CGPoint]] {
        var out: [[CGPoint]] = []
        out.reserveCapacity(polygons.count)
        for polygon in polygons {
            var pts = Projection.map(polygon, head)
            if pts.count >= 3 {
                for stage in tail {
                    pts = Projection.map(pts, stage)
                    if pts.count < 3 { break }
                }
            }
            if pts.count >= 3 { out.append(pts) }
        }
        return out
    }

    /// `project(polygons)` into `out`, reusing its storage (and its polygons') when the chain
    /// has one stage.
    func project(_ polygons: [[CGPoint]], into out: inout [[CGPoint]]) {
        guard tail.isEmpty else {
            out = project(polygons)
            return
        }
        var n = 0
        for polygon in polygons {
            if n == out.count { out.append([]) }
            Projection.map(polygon, head, into: &out[n])
            if out[n].count >= 3 { n += 1 }
        }
        if out.count > n { out.removeSubrange(n...) }
    }

    /// `project([polygon])` into `out`, reusing its storage (and its first polygon's) when the
    /// chain has one stage: the same points, no allocation once the buffers have grown.
    func project(_ polygon: [CGPoint], into out: inout [[CGPoint]]) {
        guard tail.isEmpty else {
            out = project([polygon])
            return
        }
        if out.isEmpty { out.append([]) } else if out.count > 1 { out.removeSubrange(1...) }
        Projection.map(polygon, head, into: &out[0])
        if out[0].count < 3 { out.removeAll(keepingCapacity: true) }
    }

    private static func map(_ pts: [CGPoint], _ h: PlaneHomography) -> [CGPoint] {
        var out: [CGPoint] = []
        map(pts, h, into: &out)
        return out
    }

    static func map(_ pts: [CGPoint], _ h: PlaneHomography, into out: inout [CGPoint]) {
        out.removeAll(keepingCapacity: true)
        if h.isAffine {
            let iw = 1 / h.m33
            out.reserve(atLeast: pts.count)
            for p in pts {
                let q = h.apply(Double(p.x), Double(p.y))
                out.append(CGPoint(x: q.x * iw, y: q.y * iw))
            }
            return
        }
        // Sutherland–Hodgman against the single half-space w >= minimumW (valid for any polygon).
        out.reserve(atLeast: pts.count + 2)
        let eps = minimumW
        let n = pts.count
        guard n > 0 else { return }
        for i in 0..<n {
            let pa = pts[i], pb = pts[i + 1 == n ? 0 : i + 1]
            let a = h.apply(Double(pa.x), Double(pa.y)), b = h.apply(Double(pb.x), Double(pb.y))
            let inA = a.w >= eps, inB = b.w >= eps
            if inA { out.append(CGPoint(x: a.x / a.w, y: a.y / a.w)) }
            if inA != inB {
                let t = (eps - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                out.append(CGPoint(x: x / eps, y: y / eps))
            }
        }
    }

    /// The single stage when the chain has one (no nested perspective), else nil.
    var singleStage: PlaneHomography? { tail.isEmpty ? head : nil }

    /// The box of whole device pixels around `rect` (layer points) under this chain, one pixel
    /// wider on every side (anti-aliasing); nil when a corner maps at or behind the eye
    /// (`minimumW`) or not to a finite point. A projective map that keeps all four corners in
    /// front keeps the whole rectangle in front, and the image is the convex hull of the
    /// corners' images, so the box holds every pixel the rectangle can touch.
    /// - Complexity: O(stages); no allocation.
    func deviceBox(of rect: CGRect) -> PixelRect? {
        let r = rect.standardized
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ cx: CGFloat, _ cy: CGFloat) -> Bool {
            guard let (x, y) = mapPoint(Double(cx), Double(cy)) else { return false }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            return true
        }
        guard add(r.minX, r.minY), add(r.maxX, r.minY), add(r.maxX, r.maxY), add(r.minX, r.maxY) else { return nil }
        // Far outside any frame: clamp (the box is intersected with the frame).
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
        return PixelRect(
            x0: clamp(minX.rounded(.down)) - 1, y0: clamp(minY.rounded(.down)) - 1,
            x1: clamp(maxX.rounded(.up)) + 1, y1: clamp(maxY.rounded(.up)) + 1)
    }

    /// Device pixels per layer point: the largest stretch of the map's Jacobian at the corners
    /// and centre of `rect`, used to choose curve-flattening tolerances. 1 if undefined.
    func pixelsPerPoint(over rect: CGRect) -> Double {
        let h = composite
        var best = 0.0
        for i in 0..<3 {
            let x = i == 0 ? rect.minX : i == 1 ? rect.midX : rect.maxX
            for j in 0..<3 {
                let y = j == 0 ? rect.minY : j == 1 ? rect.midY : rect.maxY
                let q = h.apply(Double(x), Double(y))
                guard q.w > Projection.minimumW else { continue }
                let u = q.x / q.w, v = q.y / q.w
                let dux = (h.m11 - u * h.m13) / q.w, dvx = (h.m12 - v * h.m13) / q.w
                let duy = (h.m21 - u * h.m23) / q.w, dvy = (h.m22 - v * h.m23) / q.w
                let s = max((dux * dux + dvx * dvx).squareRoot(), (duy * duy + dvy * dvy).squareRoot())
                if s.isFinite { best = max(best, s) }
            }
        }
        return best > 0 ? best : 1
    }
}

extension Projection {
    /// Maps one point (layer points of the first stage's space) to device pixels, nil when it
    /// lies at or behind the eye (`minimumW`) at any stage or is not finite.
    /// - Complexity: O(stages).
    func mapPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        var q = head.apply(x, y)
        guard q.w > Projection.minimumW else { return nil }
        var px = q.x / q.w, py = q.y / q.w
        for stage in tail {
            q = stage.apply(px, py)
            guard q.w > Projection.minimumW else { return nil }
            px = q.x / q.w
            py = q.y / q.w
        }
        guard px.isFinite, py.isFinite else { return nil }
        return (px, py)
    }
}
