import Foundation
import Testing
import TransitionKitTestSupport
import TransitionKitTesting

@testable import FlipEffect
@testable import TransitionKitCore

/// `Flip.placement` against values derived by hand.
///
/// Derivation. `Transform3D(rotationAngle: θ, x: 0, y: 1, z: 0)` is Rodrigues' rotation for row
/// vectors about y (the primitive `TransformOracleTests` checks against Chromium's and WebKit's
/// literals): m11 = cos θ, m13 = −sin θ, m31 = sin θ, m33 = cos θ, m22 = m44 = 1. Times the
/// perspective P (the identity with m34 = −1/d), only the fourth column changes:
/// (R·P)_i4 = R_i3·(−1/d) + R_i4, so m14 = sin θ / d and m34 = −cos θ / d. About x:
/// m22 = cos θ, m23 = sin θ, m32 = −sin θ, m33 = cos θ, then m24 = −sin θ / d, m34 = −cos θ / d.
/// The default flip (from the right) turns by σ = −1: at push progress p the outgoing view turns
/// by −π·p and the incoming one by −π·(p − 1) = π·(1 − p). At p = 0.25 that is −π/4 and 3π/4:
/// cos = √2/2 and −√2/2. A face is seen while cos θ > 0 (the eye sits d in front of the card's
/// centre, on the side the turned normal (0, 0, cos θ)'s z points to).
@MainActor
@Suite struct FlipModelTests {
    private static let d = 1000.0
    private static let r = 0.5.squareRoot()

    /// R_y(θ)·P by the formulas above, from cos θ and sin θ given by hand.
    private func aboutY(c: Double, s: Double, d: Double = FlipModelTests.d) -> Transform3D {
        Transform3D(
            m11: c, m12: 0, m13: -s, m14: s / d, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: s, m32: 0, m33: c, m34: -c / d, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// R_x(θ)·P.
    private func aboutX(c: Double, s: Double, d: Double = FlipModelTests.d) -> Transform3D {
        Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: c, m23: s, m24: -s / d,
            m31: 0, m32: -s, m33: c, m34: -c / d, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    private func expectClose(_ a: Transform3D, _ b: Transform3D, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = a.rows.flatMap { [$0.x, $0.y, $0.z, $0.w] }, y = b.rows.flatMap { [$0.x, $0.y, $0.z, $0.w] }
        #expect(x.count == 16 && y.count == 16, sourceLocation: sourceLocation)
        for i in 0..<16 {
            #expect(isApproximatelyEqual(x[i], y[i], absolute: 1e-15), "field \(i): \(x[i]) vs \(y[i]) \(comment)", sourceLocation: sourceLocation)
        }
    }

    /// Push from the right (the default) at 0, 0.25, 0.5, 0.75 and 1, every field by hand.
    @Test func pushFromTheRight() {
        let flip = Flip()
        let r = Self.r
        let cases: [(p: Double, out: Transform3D, in: Transform3D, visible: Flip.Face)] = [
            (0, .identity, aboutY(c: -1, s: 0), .outgoing),  // in: θ = π
            (0.25, aboutY(c: r, s: -r), aboutY(c: -r, s: r), .outgoing),  // −π/4, 3π/4
            (0.5, aboutY(c: 0, s: -1), aboutY(c: 0, s: 1), .neither),  // −π/2, π/2: both edge-on
            (0.75, aboutY(c: -r, s: -r), aboutY(c: r, s: r), .incoming),  // −3π/4, π/4
            (1, aboutY(c: -1, s: 0), .identity, .incoming),  // −π, 0
        ]
        for c in cases {
            let placement = flip.placement(.push, progress: c.p)
            expectClose(placement.outgoing, c.out, "outgoing p \(c.p)")
            expectClose(placement.incoming, c.in, "incoming p \(c.p)")
            #expect(placement.visible == c.visible, "p \(c.p)")
        }
        // The ends are exactly the identity (nothing left on the layer that stays).
        #expect(flip.placement(.push, progress: 0).outgoing == .identity)
        #expect(flip.placement(.push, progress: 1).incoming == .identity)
    }

    /// Just before half-way only the outgoing face looks at the viewer (cos of its angle > 0,
    /// the incoming one's < 0); just after, only the incoming one; at 0.5 exactly neither.
    @Test(arguments: Flip.Direction.allCases)
    func faceSwitchesExactlyHalfWay(_ direction: Flip.Direction) {
        let flip = Flip(direction: direction)
        for eps in [1e-6, 0.01, 0.1] {
            let before = flip.placement(.push, progress: 0.5 - eps), after = flip.placement(.push, progress: 0.5 + eps)
            #expect(cos(before.outgoingAngle) > 0 && cos(before.incomingAngle) < 0 && before.visible == .outgoing, "ε \(eps)")
            #expect(cos(after.outgoingAngle) < 0 && cos(after.incomingAngle) > 0 && after.visible == .incoming, "ε \(eps)")
        }
        let half = flip.placement(.push, progress: 0.5)
        #expect(half.visible == .neither)
        #expect(abs(half.outgoingAngle) == .pi / 2 && abs(half.incomingAngle) == .pi / 2)
    }

    /// Apple's wording for each flip, as geometry: the named side comes toward the viewer
    /// (z > 0 after the turn, and projected larger than the opposite side) during a push.
    /// Expected angles at p = 0.25: ±π/4 with the sign σ: +1 from the left and the bottom.
    @Test(arguments: Flip.Direction.allCases)
    func theNamedSideComesForward(_ direction: Flip.Direction) throws {
        let w = 390.0, h = 844.0
        let placement = Flip(direction: direction).placement(.push, progress: 0.25)
        let expectedSign: Double = direction == .fromLeft || direction == .fromBottom ? 1 : -1
        #expect(isApproximatelyEqual(placement.outgoingAngle, expectedSign * .pi / 4, absolute: 1e-15))
        let t = placement.outgoing
        // Midpoints of the named side and the opposite one, relative to the centre.
        let (near, far): (CGPoint, CGPoint) =
            switch direction {
            case .fromLeft: (CGPoint(x: -w / 2, y: 0), CGPoint(x: w / 2, y: 0))
            case .fromRight: (CGPoint(x: w / 2, y: 0), CGPoint(x: -w / 2, y: 0))
            case .fromTop: (CGPoint(x: 0, y: -h / 2), CGPoint(x: 0, y: h / 2))
            case .fromBottom: (CGPoint(x: 0, y: h / 2), CGPoint(x: 0, y: -h / 2))
            }
        // Before the perspective divide, z = the turned point's depth: ±(half side)·sin(π/4).
        let half = direction.axis.y == 1 ? w / 2 : h / 2
        let nearZ = t.transform(x: near.x, y: near.y).z, farZ = t.transform(x: far.x, y: far.y).z
        #expect(isApproximatelyEqual(nearZ, half * Self.r, absolute: 1e-9) && isApproximatelyEqual(farZ, -half * Self.r, absolute: 1e-9))
        // The near side's corners project farther apart than the far side's (w < 1 magnifies).
        let along = direction.axis.y == 1 ? CGPoint(x: 0, y: h / 2) : CGPoint(x: w / 2, y: 0)
        let n1 = try #require(t.project(CGPoint(x: near.x + along.x, y: near.y + along.y)))
        let f1 = try #require(t.project(CGPoint(x: far.x + along.x, y: far.y + along.y)))
        // Magnification 1/w with w = 1 − z/d = 1 ∓ half·√2/2/1000.
        let nearScale = 1 / (1 - half * Self.r / Self.d), farScale = 1 / (1 + half * Self.r / Self.d)
        #expect(isApproximatelyEqual(abs(direction.axis.y == 1 ? n1.y : n1.x), (direction.axis.y == 1 ? h : w) / 2 * nearScale, absolute: 1e-9))
        #expect(isApproximatelyEqual(abs(direction.axis.y == 1 ? f1.y : f1.x), (direction.axis.y == 1 ? h : w) / 2 * farScale, absolute: 1e-9))
    }

    /// From the top turns by −π·p about x: at 0.25, −π/4 (cos √2/2, sin −√2/2); incoming 3π/4.
    @Test func pushFromTheTop() {
        let r = Self.r
        let placement = Flip(direction: .fromTop).placement(.push, progress: 0.25)
        expectClose(placement.outgoing, aboutX(c: r, s: -r), "outgoing")
        expectClose(placement.incoming, aboutX(c: -r, s: r), "incoming")
    }

    /// Pop at p is push at 1 − p with the roles swapped, so its outgoing view turns the other way.
    /// From the right (σ = −1) at pop progress 0.25: k = 1 − p = 0.75, the outgoing view (the
    /// back face) turns by σπ(k − 1) = π/4 (the push's outgoing view turned by −π/4) and the
    /// incoming one (the front face) by σπk = −3π/4.
    @Test(arguments: [TransitionOperation.pop, .dismiss])
    func popIsThePushBackwards(_ operation: TransitionOperation) {
        let flip = Flip()
        for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let back = flip.placement(operation, progress: p), forth = flip.placement(.push, progress: 1 - p)
            #expect(back.outgoing == forth.incoming && back.incoming == forth.outgoing, "p \(p)")
            #expect(back.outgoingAngle == forth.incomingAngle && back.incomingAngle == forth.outgoingAngle, "p \(p)")
        }
        let quarter = flip.placement(operation, progress: 0.25)
        #expect(isApproximatelyEqual(quarter.outgoingAngle, .pi / 4, absolute: 1e-15))
        #expect(isApproximatelyEqual(quarter.incomingAngle, -3 * .pi / 4, absolute: 1e-15))
        #expect(quarter.visible == .outgoing && flip.placement(operation, progress: 0.75).visible == .incoming)
    }

    /// A tab switch forward is the push, backward the pop.
    @Test func tabFollowsItsDirection() {
        let flip = Flip(direction: .fromBottom)
        #expect(flip.placement(.tab, progress: 0.3, tabDirection: .forward) == flip.placement(.push, progress: 0.3))
        #expect(flip.placement(.tab, progress: 0.3, tabDirection: .reverse) == flip.placement(.pop, progress: 0.3))
    }
}
