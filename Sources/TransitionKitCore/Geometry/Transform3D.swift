import Foundation

/// A 4x4 homogeneous transform in Core Animation's `CATransform3D` layout.
///
/// Points are row vectors multiplied on the left, `p' = p · M`, so translation lives in
/// `m41 m42 m43` and perspective in `m34` (`m34 = -1/d` for an eye at distance `d` points,
/// as in Apple's "Core Animation Programming Guide"). `a.concatenating(b)` applies `a` first,
/// exactly like `CATransform3DConcat(a, b)`.
///
/// ```swift
/// let tilt = Transform3D(rotationAngle: .pi / 18, x: 1, y: 0, z: 0)
///     .concatenating(.perspective(distance: 500))
/// ```
public struct Transform3D: Sendable, Hashable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Creates a transform from its sixteen fields in `CATransform3D` order.
    @inlinable
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform (`CATransform3DIdentity`).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// A translation by (`tx`, `ty`, `tz`) points (`CATransform3DMakeTranslation`).
    @inlinable
    public init(translationX tx: CGFloat, y ty: CGFloat, z tz: CGFloat = 0) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// A scale by (`sx`, `sy`, `sz`) (`CATransform3DMakeScale`).
    @inlinable
    public init(scaleX sx: CGFloat, y sy: CGFloat, z sz: CGFloat = 1) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// A rotation by `angle` radians about the axis (`x`, `y`, `z`)
    /// (`CATransform3DMakeRotation`). A positive angle about z turns +x towards +y, which on
    /// a y-down screen is clockwise. A zero-length axis gives the identity, as Core Animation does.
    ///
    /// Formula: Rodrigues' rotation matrix written for row vectors (the transpose of the
    /// column-vector form in Chromium's `gfx::Transform::RotateAbout`).
    public init(rotationAngle angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self.init(
            m11: c + x * x * t, m12: x * y * t + z * s, m13: x * z * t - y * s, m14: 0,
            m21: x * y * t - z * s, m22: c + y * y * t, m23: y * z * t + x * s, m24: 0,
            m31: x * z * t + y * s, m32: y * z * t - x * s, m33: c + z * z * t, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective projection for an eye `distance` points in front of the z = 0 plane:
    /// the identity with `m34 = -1 / distance` (Core Animation Programming Guide, "Adding
    /// Perspective"). `distance` must be finite and > 0.
    @inlinable
    public static func perspective(distance: CGFloat) -> Transform3D {
        precondition(distance > 0 && distance.isFinite, "perspective distance must be finite and > 0, got \(distance)")
        var t = Transform3D.identity
        t.m34 = -1 / distance
        return t
    }

    /// The 2-D affine transform (a, b, c, d, tx, ty) embedded as Core Animation does
    /// (`CATransform3DMakeAffineTransform`): a = m11, b = m12, c = m21, d = m22, tx = m41, ty = m42.
    @inlinable
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self = .identity
        m11 = a; m12 = b; m21 = c; m22 = d; m41 = tx; m42 = ty
    }

    /// Whether this is exactly the identity (`CATransform3DIsIdentity`).
    @inlinable public var isIdentity: Bool { self == .identity }

    /// Whether the transform is a 2-D affine map (`CATransform3DIsAffine`): only
    /// m11 m12 m21 m22 m41 m42 may differ from the identity.
    @inlinable
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
            && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Whether every field is finite.
    @inlinable
    public var isFinite: Bool {
        // x − x is 0 for a finite x and NaN for ±∞ and NaN, so the sum is 0 exactly when every
        // entry is finite: one branch instead of sixteen.
        let rows =
            ((m11 - m11) + (m12 - m12) + (m13 - m13) + (m14 - m14)) + ((m21 - m21) + (m22 - m22) + (m23 - m23) + (m24 - m24))
            + ((m31 - m31) + (m32 - m32) + (m33 - m33) + (m34 - m34)) + ((m41 - m41) + (m42 - m42) + (m43 - m43) + (m44 - m44))
        return rows == 0
    }
}
