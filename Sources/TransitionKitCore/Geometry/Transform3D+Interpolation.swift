import Foundation

extension Transform3D {
    /// A transform split into the parts that interpolate independently (CSS Transforms
    /// Level 2, "Decomposing a 3D matrix", the algorithm Core Animation, WebKit and Chromium
    /// use to animate between matrices). Composition for row vectors:
    /// `scale · skew · rotation · translation · perspective`.
    public struct Decomposition: Sendable, Hashable {
        /// Translation in points (x, y, z).
        public var translation: SIMD3<Double>
        /// Scale factors along x, y, z (negative on a coordinate-system flip).
        public var scale: SIMD3<Double>
        /// Shear factors xy, xz, yz.
        public var skew: SIMD3<Double>
        /// Perspective column (m14, m24, m34, m44 of the perspective part).
        public var perspective: SIMD4<Double>
        /// Unit quaternion (x, y, z, w) of the rotation.
        public var quaternion: SIMD4<Double>
    }

    /// The decomposition, or nil when the matrix is singular or has m44 = 0 (such matrices
    /// do not interpolate smoothly; see `interpolated(to:fraction:)`).
    /// - Complexity: O(1).
    public var decomposed: Decomposition? {
        guard m44 != 0, isFinite else { return nil }
        var m = rows.map { $0 / m44 }
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        let pmT = Transform3D(rows: pm)
        guard pmT.isInvertible else { return nil }
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = SIMD4<Double>(m[0][3], m[1][3], m[2][3], m[3][3])
            let inv = pmT.inverted().rows
            // perspective = inverse(perspectiveMatrix) · rhs (column-vector product).
            perspective = SIMD4((0..<4).map { i in (inv[i] * rhs).sum() })
            for i in 0..<3 { m[i][3] = 0 }
            m[3][3] = 1
        }
        let translation = SIMD3(m[3][0], m[3][1], m[3][2])
        var row = (0..<3).map { SIMD3(m[$0][0], m[$0][1], m[$0][2]) }
        var scale = SIMD3<Double>.zero, skew = SIMD3<Double>.zero
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        scale.x = length(row[0]); row[0] /= scale.x
        skew.x = dot(row[0], row[1]); row[1] -= skew.x * row[0]
        scale.y = length(row[1]); row[1] /= scale.y; skew.x /= scale.y
        skew.y = dot(row[0], row[2]); row[2] -= skew.y * row[0]
        skew.z = dot(row[1], row[2]); row[2] -= skew.z * row[1]
        scale.z = length(row[2]); row[2] /= scale.z; skew.y /= scale.z; skew.z /= scale.z
        let c = SIMD3(row[1].y * row[2].z - row[1].z * row[2].y, row[1].z * row[2].x - row[1].x * row[2].z, row[1].x * row[2].y - row[1].y * row[2].x)
        if dot(row[0], c) < 0 {
            scale = -scale
            for i in 0..<3 { row[i] = -row[i] }
        }
        // row[i] is the image of basis vector i: the transpose of the column-vector rotation
        // matrix R, so R[j][i] = row[i][j]. Quaternion from R (Shepperd's method as in the spec).
        var q = SIMD4<Double>(
            0.5 * max(1 + row[0].x - row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x + row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x - row[1].y + row[2].z, 0).squareRoot(),
            0.5 * max(1 + row[0].x + row[1].y + row[2].z, 0).squareRoot())
        // Signs from the antisymmetric part of R: R[2][1] − R[1][2] = 4wx, etc.
        if row[1].z < row[2].y { q.x = -q.x }  // R[2][1] = row[1].z, R[1][2] = row[2].y
        if row[2].x < row[0].z { q.y = -q.y }  // R[0][2] = row[2].x, R[2][0] = row[0].z
        if row[0].y < row[1].x { q.z = -q.z }  // R[1][0] = row[0].y, R[0][1] = row[1].x
        return Decomposition(translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
    }

    /// Rebuilds a matrix from its parts (inverse of `decomposed`).
    public init(_ d: Decomposition) {
        let (x, y, z, w) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
        // Row-vector rotation matrix: the transpose of the usual column-vector quaternion matrix.
        let r = Transform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        var k = Transform3D.identity
        k.m21 = d.skew.x; k.m31 = d.skew.y; k.m32 = d.skew.z
        var p = Transform3D.identity
        p.m14 = d.perspective.x; p.m24 = d.perspective.y; p.m34 = d.perspective.z; p.m44 = d.perspective.w
        self = Transform3D(scaleX: d.scale.x, y: d.scale.y, z: d.scale.z)
            .concatenating(k).concatenating(r)
            .concatenating(Transform3D(translationX: d.translation.x, y: d.translation.y, z: d.translation.z))
            .concatenating(p)
    }

    /// The transform a fraction of the way from `self` to `other`, by decomposition as Core
    /// Animation animates `transform`: translation, scale, skew and perspective linearly,
    /// rotation by quaternion slerp along the shorter arc (as Chromium's `Quaternion::Slerp`).
    /// If either matrix cannot be decomposed the result switches from `self` to `other` at
    /// fraction 0.5 (CSS Transforms 2, §Interpolation of matrices).
    /// - Parameters:
    ///   - other: the transform at fraction 1.
    ///   - t: the fraction (argument label `fraction`): 0 gives `self`, 1 gives `other`; values
    ///     outside 0...1 extrapolate.
    /// - Complexity: O(1).
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        guard let a = decomposed, let b = other.decomposed else { return t < 0.5 ? self : other }
        func lerp<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double { x + (y - x) * t }
        var qa = a.quaternion, qb = b.quaternion
        var d = (qa * qb).sum()
        if d < 0 { qb = -qb; d = -d }
        let q: SIMD4<Double>
        if d > 1 - 1e-12 {
            q = qa
        } else {
            let theta = acos(min(d, 1))
            let s = sin(theta)
            qa *= sin((1 - t) * theta) / s
            qb *= sin(t * theta) / s
            q = qa + qb
        }
        return Transform3D(
            Decomposition(
                translation: lerp(a.translation, b.translation), scale: lerp(a.scale, b.scale),
                skew: lerp(a.skew, b.skew), perspective: lerp(a.perspective, b.perspective), quaternion: q))
    }

    /// The matrix as four rows of four values (row i = m(i+1)1 … m(i+1)4).
    public var rows: [SIMD4<Double>] {
        [SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44)]
    }

    /// A matrix from four rows (see `rows`).
    public init(rows r: [SIMD4<Double>]) {
        precondition(r.count == 4, "a Transform3D needs 4 rows, got \(r.count)")
        self.init(
            m11: r[0].x, m12: r[0].y, m13: r[0].z, m14: r[0].w, m21: r[1].x, m22: r[1].y, m23: r[1].z, m24: r[1].w,
            m31: r[2].x, m32: r[2].y, m33: r[2].z, m34: r[2].w, m41: r[3].x, m42: r[3].y, m43: r[3].z, m44: r[3].w)
    }
}
