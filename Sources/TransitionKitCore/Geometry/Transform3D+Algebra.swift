import Foundation

extension Transform3D {
    /// `self` followed by `other` (`CATransform3DConcat(self, other)`): the matrix product
    /// `self · other` for row vectors, so a point is transformed by `self` first.
    /// - Complexity: O(1), 64 multiplications.
    @inlinable
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = self, b = other
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// Translates in the transform's own space first (`CATransform3DTranslate`):
    /// `Transform3D(translationX:y:z:).concatenating(self)`.
    @inlinable
    public func translatedBy(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// Scales in the transform's own space first (`CATransform3DScale`).
    @inlinable
    public func scaledBy(x: CGFloat, y: CGFloat, z: CGFloat = 1) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// Rotates in the transform's own space first (`CATransform3DRotate`); `angle` in radians.
    @inlinable
    public func rotated(by angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant of the 4x4 matrix.
    public var determinant: CGFloat {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// Whether the matrix can be inverted (non-zero, finite determinant).
    public var isInvertible: Bool {
        let d = determinant
        return d != 0 && d.isFinite
    }

    /// The inverse transform (`CATransform3DInvert`). Like Core Animation, a singular matrix
    /// is returned unchanged; check `isInvertible` first when that matters.
    /// Formula: cofactor expansion by 2x2 sub-determinants (Laplace), as in Mesa's `gluInvertMatrix`.
    public func inverted() -> Transform3D {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return self }
        let i = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * i,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * i,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * i,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * i,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * i,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * i,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * i,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * i,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * i,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * i,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * i,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * i,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * i,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * i,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * i,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * i)
    }
}

extension Transform3D {
    /// The homogeneous image (x, y, z, w) of the point (`x`, `y`, `z`, 1).
    @inlinable
    public func transform(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// Projects a point of the z = 0 plane through the transform, dividing by w.
    /// - Returns: the projected point in points, or `nil` when w <= 0 (the point is at or
    ///   behind the eye; Core Animation clips such geometry rather than drawing it mirrored).
    @inlinable
    public func project(_ point: CGPoint) -> CGPoint? {
        let h = transform(x: point.x, y: point.y)
        guard h.w > 0 else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// The transform applied about `anchor` (a point in the parent's coordinates, points):
    /// translate(-anchor), then `self`, then translate(+anchor). This is how Core Animation
    /// applies a layer's `transform` about its `anchorPoint`.
    @inlinable
    public func about(_ anchor: CGPoint, z: CGFloat = 0) -> Transform3D {
        Transform3D(translationX: -anchor.x, y: -anchor.y, z: -z)
            .concatenating(self)
            .concatenating(Transform3D(translationX: anchor.x, y: anchor.y, z: z))
    }
}
