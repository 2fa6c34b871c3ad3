import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// `Tests/Fixtures/oracles/transforms.json` (independent values gathered from other engines):
/// Chromium `ui/gfx/transform_unittest.cc` and WebKit `TransformationMatrix.cpp` literals in
/// `CATransform3D` layout, and Blink `DOMMatrix.transformPoint` projections.
/// Tolerance 1e-9 for fields, 1e-4 points for projected points (stated in the file).
@Suite struct TransformOracleTests {
    nonisolated(unsafe) static let oracle = try! Fixtures.json("oracles/transforms.json")
    static let fieldCases = (oracle["field_cases"] as! [[String: Any]]).indices.map { $0 }
    static let names = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]

    static func build(_ ops: [[Any]]) -> Transform3D {
        var t = Transform3D.identity
        for op in ops {
            let name = op[0] as! String
            let v = op.dropFirst().map { ($0 as! NSNumber).doubleValue }
            let step: Transform3D
            switch name {
            case "translate": step = Transform3D(translationX: v[0], y: v[1], z: v[2])
            case "scale": step = Transform3D(scaleX: v[0], y: v[1], z: v[2])
            case "rotate": step = Transform3D(rotationAngle: v[0], x: v[1], y: v[2], z: v[3])
            case "perspective": step = .perspective(distance: v[0])
            default: fatalError("unknown op \(name) in oracle")
            }
            t = t.concatenating(step)  // ops apply first to last (CATransform3DConcat order)
        }
        return t
    }

    static func fields(_ t: Transform3D) -> [Double] { t.rows.flatMap { [$0.x, $0.y, $0.z, $0.w] } }

    @Test(arguments: fieldCases)
    func fieldCase(index: Int) {
        let c = (Self.oracle["field_cases"] as! [[String: Any]])[index]
        let t = Self.build(c["ops"] as! [[Any]])
        let expected = c["expected_fields"] as! [String: Double]
        #expect(expected.count == 16)  // all sixteen fields are given
        for (name, value) in zip(Self.names, Self.fields(t)) {
            #expect(
                isApproximatelyEqual(value, expected[name]!, absolute: 1e-9), "\(c["description"]!): \(name) = \(value), expected \(expected[name]!)")
        }
    }

    /// The numbers of vectors in the file, counted by hand: 8 field cases (one test case each).
    @Test func fieldCaseCount() {
        #expect(Self.fieldCases.count == 8)
    }

    @Test func projectedPointsOfPerspectiveTilt() {
        let groups = Self.oracle["projected_points"] as! [[String: Any]]
        var checked = 0
        defer { #expect(groups.count == 1 && checked == 5) }  // one group of 5 points in the file
        for g in groups {
            let anchor = (g["anchor_point"] as! [Double])
            let t = Self.build(g["ops_about_anchor"] as! [[Any]]).about(CGPoint(x: anchor[0], y: anchor[1]))
            for p in g["points"] as! [[String: [Double]]] {
                let out = t.project(CGPoint(x: p["in"]![0], y: p["in"]![1]))!
                #expect(isApproximatelyEqual(out.x, p["out"]![0], absolute: 1e-4))
                #expect(isApproximatelyEqual(out.y, p["out"]![1], absolute: 1e-4))
                checked += 1
            }
        }
    }

    /// WebKit's `rotate(degrees)` on an affine matrix applies the rotation first, which is
    /// `CATransform3DRotate`, i.e. `rotated(by:)`.
    @Test func webkitAffineRotation() {
        let w = Self.oracle["webkit_affine"] as! [String: Any]
        var checked = 0
        defer { #expect(checked == 2) }  // the file's two cases
        for c in w["cases"] as! [[String: Any]] {
            let s = c["start"] as! [Double]
            let start = Transform3D(a: s[0], b: s[1], c: s[2], d: s[3], tx: s[4], ty: s[5])
            let op = c["op"] as! [Any]
            let degrees = (op[1] as! NSNumber).doubleValue
            let r = start.rotated(by: degrees * .pi / 180, x: 0, y: 0, z: 1)
            let e = c["expect_abcd"] as! [Double]
            let tol = c["tolerance"] as! Double
            for (got, want) in zip([r.m11, r.m12, r.m21, r.m22], e) {
                #expect(isApproximatelyEqual(got, want, absolute: tol))
            }
            checked += 1
        }
    }

    /// Inversion: M · M⁻¹ = identity for the oracle matrices that are invertible (all are).
    @Test(arguments: fieldCases)
    func inverseTimesSelfIsIdentity(index: Int) {
        let c = (Self.oracle["field_cases"] as! [[String: Any]])[index]
        let t = Self.build(c["ops"] as! [[Any]])
        #expect(t.isInvertible)
        let product = Self.fields(t.concatenating(t.inverted()))
        for (got, want) in zip(product, Self.fields(.identity)) { #expect(isApproximatelyEqual(got, want, absolute: 1e-9)) }
    }

    /// A singular matrix is returned unchanged by `inverted()`, as `CATransform3DInvert` does.
    @Test func singularInverseIsUnchanged() {
        let s = Transform3D(scaleX: 0, y: 1)
        #expect(!s.isInvertible && s.inverted() == s)
    }

    /// Points behind the eye (w <= 0) project to nil instead of a mirrored point.
    @Test func pointBehindEyeDoesNotProject() {
        // Eye at z = 300 (m34 = −1/300); a point translated to z = 300 has w = 0, beyond it w < 0.
        let p = Transform3D(translationX: 0, y: 0, z: 300).concatenating(.perspective(distance: 300))
        #expect(p.project(CGPoint(x: 10, y: 10)) == nil)
        let q = Transform3D(translationX: 0, y: 0, z: 400).concatenating(.perspective(distance: 300))
        #expect(q.project(CGPoint(x: 10, y: 10)) == nil)
    }
}

/// Interpolation by decomposition (CSS Transforms 2 §"Interpolation of 3D matrices", the
/// method Core Animation uses). Expected values are closed forms: rotation angles halve,
/// scales and translations interpolate linearly.
@Suite struct TransformInterpolationTests {
    static func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
        zip(TransformOracleTests.fields(a), TransformOracleTests.fields(b)).allSatisfy { isApproximatelyEqual($0, $1, absolute: tol) }
    }

    @Test(arguments: [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (1.0, 0.0, 0.0), (1.0, 1.0, 1.0)])
    func halfwayRotationIsHalfTheAngle(x: Double, y: Double, z: Double) {
        let a = Transform3D.identity, b = Transform3D(rotationAngle: .pi / 2, x: x, y: y, z: z)
        #expect(Self.close(a.interpolated(to: b, fraction: 0.5), Transform3D(rotationAngle: .pi / 4, x: x, y: y, z: z)))
        #expect(Self.close(a.interpolated(to: b, fraction: 0.25), Transform3D(rotationAngle: .pi / 8, x: x, y: y, z: z)))
    }

    @Test func endpointsRoundTrip() {
        let a = Transform3D(scaleX: 0.9, y: 0.9).concatenating(Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0))
            .concatenating(Transform3D(translationX: 12, y: -4, z: 3)).concatenating(.perspective(distance: 500))
        let b = Transform3D(rotationAngle: -1.1, x: 0.2, y: 1, z: 0.4).concatenating(Transform3D(scaleX: 2, y: 0.5, z: 1))
        // Decomposition normalises by m44 (CSS Transforms 2, step 1); the result is the same
        // projective map as `a`, with every field divided by a.m44.
        let aNormalised = Transform3D(rows: a.rows.map { $0 / a.m44 })
        #expect(Self.close(a.interpolated(to: b, fraction: 0), aNormalised, 1e-9))
        #expect(Self.close(a.interpolated(to: b, fraction: 1), b, 1e-9))
    }

    @Test func scaleAndTranslationAreLinear() {
        let a = Transform3D(scaleX: 1, y: 1).concatenating(Transform3D(translationX: 0, y: 0))
        let b = Transform3D(scaleX: 2, y: 3).concatenating(Transform3D(translationX: 100, y: -50))
        let m = a.interpolated(to: b, fraction: 0.5)
        #expect(Self.close(m, Transform3D(scaleX: 1.5, y: 2).concatenating(Transform3D(translationX: 50, y: -25))))
    }

    @Test func perspectiveInterpolatesLinearlyInM34() {
        let a = Transform3D.identity, b = Transform3D.perspective(distance: 250)  // m34 = −0.004
        #expect(isApproximatelyEqual(a.interpolated(to: b, fraction: 0.5).m34, -0.002, absolute: 1e-12))
    }

    @Test func singularMatrixSwitchesAtHalf() {
        let a = Transform3D.identity, b = Transform3D(scaleX: 0, y: 1)
        #expect(a.interpolated(to: b, fraction: 0.49) == a && a.interpolated(to: b, fraction: 0.5) == b)
    }
}
