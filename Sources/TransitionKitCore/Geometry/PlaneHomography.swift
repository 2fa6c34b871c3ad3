import Foundation

/// A projective map of the plane in row-vector form, `(x, y, 1)·H = (X, Y, W)`, the point
/// being `(X/W, Y/W)`: the one implementation of that maths for hit testing and `convert`
/// (views, points) and for the compositor (layers to device pixels, device pixels to image
/// pixels). Double precision throughout, as both had it.
///
/// Core Animation flattens every (non-`CATransformLayer`) layer into its parent's plane, and
/// layer content lies in its z = 0 plane, so the 4x4 `Transform3D` acting on such points
/// reduces to rows 1, 2, 4 and columns 1, 2, 4 (the z input is 0 and the z output is discarded
/// by the flattening; the same reduction as Chromium's `gfx::Transform::FlattenTo2d` followed
/// by dropping z). Mapping a point between a view and its superview is exactly this map or its
/// inverse.
///
/// Public, not `package`, for speed: the compositor (another module) maps every polygon
/// vertex through `apply`, and Swift inlines an `@inlinable` body across modules only for a
/// public declaration (a `package` one stays a call), so these operations inline there as they
/// did when the type lived in the renderer. The views-only operations stay `package`.
public struct PlaneHomography: Equatable, Sendable {
    /// Row 1: the x input's contributions to X, Y and W.
    public var m11: Double, m12: Double, m13: Double
    /// Row 2: the y input's contributions to X, Y and W.
    public var m21: Double, m22: Double, m23: Double
    /// Row 3: the constant contributions (translation and W's constant term).
    public var m31: Double, m32: Double, m33: Double

    /// The identity map.
    public static let identity = PlaneHomography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// Creates a map from its nine entries, row by row.
    @inlinable
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The action of `t` on the z = 0 plane with the z output dropped: rows (m11 m12 m14),
    /// (m21 m22 m24), (m41 m42 m44) of `t`.
    @inlinable
    public init(flattening t: Transform3D) {
        self.init(
            m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
            m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
            m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44))
    }

    /// A uniform scale (points to pixels).
    @inlinable
    public init(scale s: Double) {
        self.init(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// An axis-aligned scale then translation: `(x·sx + tx, y·sy + ty)`.
    @inlinable
    public init(scaleX sx: Double, y sy: Double, translationX tx: Double, y ty: Double) {
        self.init(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// True when W does not depend on the point and is positive: no perspective, nothing
    /// can go behind the eye.
    @inlinable
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 > 0 }

    /// Every entry is finite.
    @inlinable
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// `self` first, then `b`: the product `self · b`.
    @inlinable
    public func concatenating(_ b: PlaneHomography) -> PlaneHomography {
        let a = self
        return PlaneHomography(
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

    /// `(x, y, 1)·H` in homogeneous coordinates, before the divide by w.
    @inline(__always)
    @inlinable
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The image of `p` (row vector times the matrix, divided by w), or `nil` when w <= 0
    /// (at or behind the eye) or the result is not finite.
    package func apply(_ p: CGPoint) -> CGPoint? {
        let q = apply(Double(p.x), Double(p.y))
        guard q.w > 0 else { return nil }
        let r = CGPoint(x: q.x / q.w, y: q.y / q.w)
        return r.x.isFinite && r.y.isFinite ? r : nil
    }

    // Two inverses, on purpose. Both are the adjugate over the determinant, but each keeps its
    // caller's results bit for bit: the compositor's expands the determinant along the first
    // column and accepts any non-zero one (its goldens were rendered so); the views' expands it
    // along the first row, treats |det| <= 1e-12 as singular and writes four cofactors as
    // negated differences (a zero entry can differ in sign). One formula for both would move
    // the last bits of one caller's numbers.

    /// The inverse (adjugate over determinant, expanded along the first column), or nil when
    /// singular or not finite. The compositor's inverse (contents maps, occlusion tests).
    @inlinable
    public func inverted() -> PlaneHomography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let det = m11 * c11 + m21 * c12 + m31 * c13
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        let r = PlaneHomography(
            m11: c11 * i, m12: c12 * i, m13: c13 * i,
            m21: (m23 * m31 - m21 * m33) * i, m22: (m11 * m33 - m13 * m31) * i, m23: (m13 * m21 - m11 * m23) * i,
            m31: (m21 * m32 - m22 * m31) * i, m32: (m12 * m31 - m11 * m32) * i, m33: (m11 * m22 - m12 * m21) * i)
        return r.isFinite ? r : nil
    }

    /// The inverse map for points between views (`View.convert`, hit testing), or `nil` for a
    /// singular matrix (e.g. a zero scale, |det| <= 1e-12) or a non-finite determinant.
    package func invertedForViews() -> PlaneHomography? {
        let a = m11, b = m12, c = m13, d = m21, e = m22, f = m23, g = m31, h = m32, i = m33
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        let s = 1 / det
        // Adjugate (transpose of the cofactor matrix) over the determinant.
        return PlaneHomography(m11: A * s, m12: D * s, m13: G * s, m21: B * s, m22: E * s, m23: H * s, m31: C * s, m32: F * s, m33: I * s)
    }
}
