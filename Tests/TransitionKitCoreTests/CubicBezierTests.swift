import Foundation
import Testing
import TransitionKitCore

/// y at x on the Bézier through (0,0), (x1,y1), (x2,y2), (1,1), by 200 halvings of the
/// parameter interval on the Bernstein form (not the power form TransitionKit uses).
/// A slow, obviously-correct reference: x(t) is non-decreasing for x1, x2 in 0...1.
private func referenceY(_ p: [Double], at x: Double) -> Double {
    func bernstein(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(p[0], p[2], middle) < x { low = middle } else { high = middle }
    }
    return bernstein(p[1], p[3], (low + high) / 2)
}

@Suite("Cubic Bézier")
struct CubicBezierTests {
    static let curves: [[Double]] = [
        [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1],
        [0.5, -1, 0.5, 2], [0, 0, 0, 0], [1, 1, 1, 1], [1, 0, 0, 1], [0.9, 0.1, 0.1, 0.9],
        [0, 1, 1, 0], [1, 0.5, 1, 1], [0.68, -0.6, 0.32, 1.6],
    ]

    private func curve(_ p: [Double]) -> CubicBezier { CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) }

    /// How closely y is defined by a double x. (1, 0, 0, 1) has a vertical inflection at
    /// x = 1/2: there x − 1/2 ≈ 4(t − 1/2)³ while dy/dt = 1.5, so one rounding error of
    /// 1e-16 in x moves y by 1.5·(1e-16/4)^(1/3) ≈ 5e-6 in any solver, the reference
    /// included. (0, 1, 1, 0) has vertical tangents at both ends, where 1 − x ≈ 3(1 − t)²
    /// and dy/dt = 3, so y is defined to 3·√(1e-16/3) ≈ 2e-8 there. Every other curve here
    /// is well conditioned.
    private func tolerance(_ points: [Double]) -> Double {
        switch points {
        case [1, 0, 0, 1]: return 1e-5
        case [0, 1, 1, 0]: return 1e-7
        default: return 1e-9
        }
    }

    // Expected: `referenceY`, an independent bisection on the Bernstein form, to 1e-9
    // (better than the 1e-7 asked for) except where the curve itself is ill-conditioned.
    @Test("Solve agrees with an independent bisection", arguments: curves)
    func solveAccuracy(points: [Double]) {
        let bezier = curve(points)
        for step in 0...1000 {
            let x = Double(step) / 1000
            #expect(isClose(bezier.value(at: x), referenceY(points, at: x), tolerance(points)), "x = \(x)")
        }
    }

    @Test("Ends are exact", arguments: curves)
    func exactEnds(points: [Double]) {
        #expect(curve(points).value(at: 0) == 0)
        #expect(curve(points).value(at: 1) == 1)
    }

    // Expected: the identity y(p) = 1 − y(1 − p) that defines playing a curve backwards
    // (material-motion/motion-interchange-objc's rule), with y from `referenceY`.
    @Test("Reversed curve plays the curve backwards", arguments: curves)
    func reversedPlaysBackwards(points: [Double]) {
        let reversed = curve(points).reversed
        for step in 0...100 {
            let p = Double(step) / 100
            #expect(isClose(reversed.value(at: p), 1 - referenceY(points, at: 1 - p), tolerance(points)), "p = \(p)")
        }
        // Twice reversed is the original up to the rounding of 1 − (1 − v).
        let twice = reversed.reversed
        let original = curve(points)
        for (a, e) in zip([twice.x1, twice.y1, twice.x2, twice.y2], [original.x1, original.y1, original.x2, original.y2]) {
            #expect(isClose(a, e, 1e-15))
        }
    }

    // Source: reversed_curve_rule (accuracy 0.001) with the Core Animation control points
    // of named_cubic_bezier: easeIn (0.42, 0, 1, 1) backwards is easeOut (0, 0, 0.58, 1).
    @Test("easeIn reversed is easeOut; easeInEaseOut is its own reverse")
    func namedReverses() {
        let pairs: [(CubicBezier, [Double])] = [
            (CubicBezier.easeIn.reversed, [0, 0, 0.58, 1]),
            (CubicBezier.easeOut.reversed, [0.42, 0, 1, 1]),
            (CubicBezier.easeInEaseOut.reversed, [0.42, 0, 0.58, 1]),
            (CubicBezier.linear.reversed, [0, 0, 1, 1]),
        ]
        for (reversed, expected) in pairs {
            let actual = [reversed.x1, reversed.y1, reversed.x2, reversed.y2]
            for (a, e) in zip(actual, expected) { #expect(isClose(a, e, 0.001)) }
        }
    }

    // Expected: the centred difference of `referenceY` (step 1e-5, error O(h²·y''') ≈ 1e-8).
    @Test("Slope inside 0...1 is the derivative", arguments: [[0.42, 0, 0.58, 1], [0.5, -1, 0.5, 2], [0.25, 0.1, 0.25, 1]])
    func slopeIsDerivative(points: [Double]) {
        let bezier = curve(points)
        for step in 1..<20 {
            let x = Double(step) / 20
            let h = 1e-5
            let expected = (referenceY(points, at: x + h) - referenceY(points, at: x - h)) / (2 * h)
            #expect(isClose(bezier.slope(at: x), expected, 1e-5), "x = \(x)")
        }
    }

    // (0,0,0,0), (1,1,1,1) and (1,1,0,0) have x(t) = y(t), i.e. they are the line y = x:
    // slope 1 everywhere, including where dx/dt and dy/dt both vanish (t = 0 or 1 for the
    // first two, t = 1/2, x = 1/2 for the last), where Chromium's Slope would return 0.
    @Test("Degenerate curves equal to y = x have slope 1", arguments: [[0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 0, 0]])
    func degenerateSlopes(points: [Double]) {
        let bezier = curve(points)
        for x in [-1, 0, 0.1, 0.3, 0.5, 0.7, 0.999, 1, 2] {
            #expect(isClose(bezier.slope(at: x), 1, 1e-6), "x = \(x)")
            #expect(isClose(bezier.value(at: x), x, 1e-9), "x = \(x)")
        }
    }
}

@Suite("Timing curve")
struct TimingCurveTests {
    @Test("Linear is the identity, unclamped")
    func linear() {
        for p in [-0.5, 0, 0.25, 1, 1.5] {
            #expect(TimingCurve.linear.value(at: p, duration: 0.35) == p)
        }
        #expect(TimingCurve.linear.reversed == .linear)
    }

    // Source: chromium_cubic_bezier_basic, CubicBezier(0.25, 0, 0.75, 1) at 0.25 is
    // 0.18235 (tolerance 0.00015); the duration does not matter for a Bézier.
    @Test("A Bézier curve ignores the duration")
    func bezierIgnoresDuration() {
        let curve = TimingCurve.cubicBezier(CubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1))
        for duration in [0, 0.3, 10] {
            #expect(isClose(curve.value(at: 0.25, duration: duration), 0.18235, 0.00015))
        }
    }

    // Source: spring_unit_step_ca_defaults: at 0.35 s the spring is at 1.16165 (1e-6), so a
    // 0.7 s transition at progress 0.5 overshoots past 1.
    @Test("A spring runs for progress × duration seconds and may overshoot")
    func springOvershoots() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let curve = TimingCurve.spring(spring)
        #expect(isClose(curve.value(at: 0.5, duration: 0.7), 1.16165, 1e-6))
        #expect(curve.value(at: 0, duration: 0.7) == 0)
        #expect(curve.reversed == curve)
    }
}
