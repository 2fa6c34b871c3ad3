import Foundation
import TransitionKitCore

/// A projective map of the plane in row-vector form, `(x, y, 1)·H = (X, Y, W)`, the point
/// being `(X/W, Y/W)`.
///
/// Core Animation flattens every layer into its parent's plane, and layer content lies in its
/// z = 0 plane, so the 4x4 `Transform3D` acting on such points reduces to rows 1, 2, 4 and
/// columns 1, 2, 4 (the z input is 0 and the z output is discarded by the flattening; the
/// same reduction as Chromium's `gfx::Transform::FlattenTo2d` followed by dropping z).
struct Homography: Equatable {
    var m11: Double, m12: Double, m13: Double
    var m21: Double, m22: Double, m23: Double
    var m31: Double, m32: Double, m33: Double

    static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The action of `t` on the z = 0 plane with the z output dropped.
    init(flattening t: Transform3D) {
        self.init(
            m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
            m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
            m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44))
    }

    /// A uniform scale (points to pixels).
    init(scale s: Double) {
        self.init(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// An axis-aligned scale then translation: `(x·sx + tx, y·sy + ty)`.
    init(scaleX sx: Double, y sy: Double, translationX tx: Double, y ty: Double) {
        self.init(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// True when W does not depend on the point and is positive: no perspective, nothing
    /// can go behind the eye.
    var isAffine: Bool { m13 == 0 && m23 == 0 && m33 > 0 }

    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// `self` first, then `b`: the product `self · b`.
    func concatenating(_ b: Homography) -> Homography {
        let a = self
        return Homography(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The inverse (adjugate over determinant), or nil when singular or not finite.
    func inverted() -> Homography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let det = m11 * c11 + m21 * c12 + m31 * c13
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        let r = Homography(
            m11: c11 * i, m12: c12 * i, m13: c13 * i,
            m21: (m23 * m31 - m21 * m33) * i, m22: (m11 * m33 - m13 * m31) * i, m23: (m13 * m21 - m11 * m23) * i,
            m31: (m21 * m32 - m22 * m31) * i, m32: (m12 * m31 - m11 * m32) * i, m33: (m11 * m22 - m12 * m21) * i)
        return r.isFinite ? r : nil
    }
}

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
    private(set) var head: Homography
    /// Stages after `head` (empty without nested perspective).
    private(set) var tail: [Homography] = []

    /// Geometry with w below this is behind (or at) the eye and is clipped away.
    static let minimumW = 1e-5

    init(_ h: Homography) { head = h }

    /// All stages in order, `head` first.
    var stages: [Homography] { [head] + tail }

    /// The chain for a child whose map to this chain's space is `step`; nil if not finite.
    func prepending(_ step: Homography) -> Projection? {
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
    var composite: Homography {
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

    private static func map(_ pts: [CGPoint], _ h: Homography) -> [CGPoint] {
        var out: [CGPoint] = []
        map(pts, h, into: &out)
        return out
    }

    private static func map(_ pts: [CGPoint], _ h: Homography, into out: inout [CGPoint]) {
        out.removeAll(keepingCapacity: true)
        if h.isAffine {
            let iw = 1 / h.m33
            out.reserveCapacity(pts.count)
            for p in pts {
                let q = h.apply(Double(p.x), Double(p.y))
                out.append(CGPoint(x: q.x * iw, y: q.y * iw))
            }
            return
        }
        // Sutherland–Hodgman against the single half-space w >= minimumW (valid for any polygon).
        out.reserveCapacity(pts.count + 2)
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
