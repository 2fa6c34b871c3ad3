import Foundation
import Testing
import TransitionKitCore

// Every vector of every group of Tests/Fixtures/oracles/timing.json, at the tolerance the
// file states. Expected values come only from the file (or, where said, from arithmetic on
// the file's numbers); none is computed with TransitionKit.

/// One (input, expected) pair of a curve group, named for the test report.
struct CurveVector: Sendable, CustomTestStringConvertible {
    let curve: [Double]
    let input: Double
    let expected: Double
    let tolerance: Double
    var testDescription: String { "\(curve) at \(input) -> \(expected)" }
}

private func bezier(_ points: [Double]) -> CubicBezier {
    CubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
}

private func vectors(_ group: TimingOracle.SampledCurve) -> [CurveVector] {
    group.samples.map { CurveVector(curve: group.curve, input: $0[0], expected: $0[1], tolerance: group.tolerance) }
}

@Suite("Timing oracle: cubic Bézier")
struct CubicBezierOracleTests {
    static let curvesByName: [String: CubicBezier] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    // Source: Core Animation CAMediaTimingFunction names (Apple documentation for
    // 'default'; the others as printed from iOS and in the W3C CSS Easing spec).
    @Test("Named curves have Core Animation's control points", arguments: ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    func namedCurve(name: String) throws {
        let oracle = try TimingOracle.load().namedCubicBezier
        let expected = try #require(oracle.controlPoints[name])
        let curve = try #require(Self.curvesByName[name])
        #expect([curve.x1, curve.y1, curve.x2, curve.y2] == expected)
        let (first, second) = curve.controlPoints
        #expect([Double(first.x), Double(first.y), Double(second.x), Double(second.y)] == expected)
    }

    // Source: as above; the TimingCurve conveniences are the same named curves.
    @Test("TimingCurve conveniences wrap the named curves")
    func timingCurveConveniences() throws {
        let points = try TimingOracle.load().namedCubicBezier.controlPoints
        #expect(Set(points.keys) == Set(Self.curvesByName.keys))
        #expect(TimingCurve.easeIn == .cubicBezier(bezier(try #require(points["easeIn"]))))
        #expect(TimingCurve.easeOut == .cubicBezier(bezier(try #require(points["easeOut"]))))
        #expect(TimingCurve.easeInEaseOut == .cubicBezier(bezier(try #require(points["easeInEaseOut"]))))
        #expect(TimingCurve.default == .cubicBezier(bezier(try #require(points["default"]))))
    }

    // Source: chromium ui/gfx/geometry/cubic_bezier_unittest.cc,
    // CubicBezier(0.25, 0.0, 0.75, 1.0).Solve(x); tolerance 0.00015.
    @Test("Chromium basic curve", arguments: try vectors(TimingOracle.load().chromiumBasic))
    func chromiumBasic(vector: CurveVector) {
        let curve = bezier(vector.curve)
        #expect(isClose(curve.value(at: vector.input), vector.expected, vector.tolerance))
        #expect(isClose(TimingCurve.cubicBezier(curve).value(at: vector.input, duration: 0.3), vector.expected, vector.tolerance))
    }

    // Source: chromium ui/gfx/geometry/cubic_bezier_unittest.cc,
    // CubicBezier(0.5, -1.0, 0.5, 2.0).Solve(x); tolerance 0.00015.
    @Test("Chromium curve with y outside 0...1", arguments: try vectors(TimingOracle.load().chromiumUnclampedY))
    func chromiumUnclampedY(vector: CurveVector) {
        #expect(isClose(bezier(vector.curve).value(at: vector.input), vector.expected, vector.tolerance))
    }

    // Source: chromium ui/gfx/geometry/cubic_bezier_unittest.cc (EXPECT_EQ: exact).
    @Test(
        "Chromium exact values",
        arguments: try TimingOracle.load().chromiumExact.cases.map {
            CurveVector(curve: $0.curve, input: $0.x, expected: $0.y, tolerance: 0)
        })
    func chromiumExact(vector: CurveVector) {
        #expect(bezier(vector.curve).value(at: vector.input) == vector.expected)
    }

    // Source: chromium ui/gfx/geometry/cubic_bezier_unittest.cc, Slope(x) of
    // (0.25, 0, 0.75, 1) (the curve is named in the group's source); tolerance 0.00015.
    @Test(
        "Chromium slopes",
        arguments: try TimingOracle.load().chromiumSlope.samples.map {
            CurveVector(curve: [0.25, 0, 0.75, 1], input: $0[0], expected: $0[1], tolerance: 0.00015)
        })
    func chromiumSlope(vector: CurveVector) throws {
        let tolerance = try TimingOracle.load().chromiumSlope.tolerance
        #expect(isClose(bezier(vector.curve).slope(at: vector.input), vector.expected, tolerance))
    }

    // Source: chromium ui/gfx/geometry/cubic_bezier_unittest.cc: input outside [0,1]
    // extrapolates along the end tangents (EXPECT_EQ: exact).
    @Test(
        "Chromium extrapolation outside 0...1",
        arguments: try TimingOracle.load().chromiumOutside.cases.map {
            [$0.curve[0], $0.curve[1], $0.curve[2], $0.curve[3], $0.atMinus1, $0.at2]
        })
    func chromiumOutside(row: [Double]) {
        let curve = bezier(Array(row[0..<4]))
        let (atMinus1, at2) = (row[4], row[5])
        #expect(curve.value(at: -1) == atMinus1)
        #expect(curve.value(at: 2) == at2)
        // The extrapolation is a line through (0, 0) and one through (1, 1), so the oracle's
        // values fix the outside slopes: −atMinus1 below 0 and at2 − 1 above 1.
        #expect(curve.slope(at: -1) == -atMinus1)
        #expect(curve.slope(at: 2) == at2 - 1)
    }

    // Source: material-motion/motion-interchange-objc tests: a curve played backwards is
    // (1-x2, 1-y2, 1-x1, 1-y1); accuracy 0.001.
    @Test("Reversed curve rule")
    func reversedRule() throws {
        let example = try TimingOracle.load().reversedRule.example
        let reversed = bezier(example.curve).reversed
        let actual = [reversed.x1, reversed.y1, reversed.x2, reversed.y2]
        for (value, expected) in zip(actual, example.reversed) {
            #expect(isClose(value, expected, 0.001))
        }
        #expect(TimingCurve.cubicBezier(bezier(example.curve)).reversed == .cubicBezier(reversed))
    }
}

@Suite("Timing oracle: springs")
struct SpringOracleTests {
    // Source: Apple SwiftUI documentation of Spring: duration 0.5, bounce 0.3 is mass 1,
    // stiffness 157.9, damping 17.6 (tolerance 0.05).
    @Test("SwiftUI doc example: duration and bounce to mass, stiffness, damping")
    func durationBounceToPhysical() throws {
        let example = try #require(TimingOracle.load().springMappings.docExamples.first { $0.given["duration"] != nil })
        let spring = Spring(duration: try #require(example.given["duration"]), bounce: try #require(example.given["bounce"]))
        #expect(isClose(spring.mass, try #require(example.expect["mass"]), example.tolerance))
        #expect(isClose(spring.stiffness, try #require(example.expect["stiffness"]), example.tolerance))
        #expect(isClose(spring.damping, try #require(example.expect["damping"]), example.tolerance))

        // The other direction: the rounded physical values map back to duration 0.5 and
        // bounce 0.3. Rounding stiffness and damping to 0.05 moves duration by < 1e-4 and
        // bounce by < 0.003, so 0.005 holds.
        let back = Spring(
            mass: try #require(example.expect["mass"]), stiffness: try #require(example.expect["stiffness"]),
            damping: try #require(example.expect["damping"]))
        #expect(isClose(back.duration, try #require(example.given["duration"]), 0.005))
        #expect(isClose(back.bounce, try #require(example.given["bounce"]), 0.005))
    }

    // Source: Apple SwiftUI documentation of Spring (inverse mapping): mass 1, stiffness
    // 100, damping 10 is duration 0.63, bounce 0.5 (tolerance 0.005).
    @Test("SwiftUI doc example: mass, stiffness, damping to duration and bounce")
    func physicalToDurationBounce() throws {
        let example = try #require(TimingOracle.load().springMappings.docExamples.first { $0.given["mass"] != nil })
        let spring = Spring(
            mass: try #require(example.given["mass"]), stiffness: try #require(example.given["stiffness"]),
            damping: try #require(example.given["damping"]))
        #expect(isClose(spring.duration, try #require(example.expect["duration"]), example.tolerance))
        #expect(isClose(spring.bounce, try #require(example.expect["bounce"]), example.tolerance))

        // The other direction: duration 0.63 and bounce 0.5 map back to about 100 and 10.
        // The oracle's ±0.005 on duration and bounce allows stiffness (2π/d)² ± 2·0.005/0.63
        // relative (±1.6) and damping 4π(1−b)/d ± (0.08 + 0.10) = ±0.18.
        let back = Spring(duration: try #require(example.expect["duration"]), bounce: try #require(example.expect["bounce"]))
        #expect(back.mass == 1)
        #expect(isClose(back.stiffness, try #require(example.given["stiffness"]), 1.6))
        #expect(isClose(back.damping, try #require(example.given["damping"]), 0.18))
    }

    // Source: the spring_mappings formulas (Apple SwiftUI documentation of Spring):
    // k = (2π/response)²·m, c = 4π·dampingRatio·m/response; dampingRatio = 1 − bounce for
    // bounce >= 0, 1/(1 + bounce) below. Expected values are that arithmetic, in the test.
    @Test(
        "Response/damping-ratio and bounce formulas",
        arguments: [
            (0.5, 0.3), (0.35, 0.0), (1.2, 0.9), (0.6, -0.5), (0.25, -0.2),
        ])
    func mappingFormulas(duration: Double, bounce: Double) {
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let stiffness = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        let damping = 4 * Double.pi * ratio / duration
        let fromBounce = Spring(duration: duration, bounce: bounce)
        let fromRatio = Spring(response: duration, dampingRatio: ratio)
        for spring in [fromBounce, fromRatio] {
            #expect(spring.mass == 1)
            #expect(isClose(spring.stiffness, stiffness, 1e-9 * stiffness))
            #expect(isClose(spring.damping, damping, 1e-9 * damping))
            #expect(isClose(spring.dampingRatio, ratio, 1e-12))
            #expect(isClose(spring.response, duration, 1e-12))
            #expect(isClose(spring.duration, duration, 1e-12))
            #expect(isClose(spring.bounce, bounce, 1e-12))
        }
    }

    // Source: closed-form damped oscillator, unit step 0 -> 1, mass 1, stiffness 100,
    // damping 10, initial velocity 0 (CASpringAnimation defaults); agrees with WebKit
    // SpringSolver to 1e-6. Tolerance 1e-6.
    @Test("Unit step of the CASpringAnimation defaults", arguments: try TimingOracle.load().springUnitStep.samples)
    func unitStep(sample: [Double]) throws {
        let tolerance = try TimingOracle.load().springUnitStep.tolerance
        let (time, expected) = (sample[0], sample[1])
        let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        #expect(isClose(spring.value(at: time), expected, tolerance))
        #expect(Spring() == spring)
        // Through TimingCurve: a 0.5 s transition at progress time / 0.5.
        #expect(isClose(TimingCurve.spring(spring).value(at: time / 0.5, duration: 0.5), expected, tolerance))
    }

    // Source: motiondivision/motion packages/motion-dom/src/animation/generators/__tests__/
    // spring.test.ts: spring from 100 to 1000 sampled every 200 ms, rounded to integers
    // (exact). Framer-motion's velocity is 0 here; stiffness, damping and mass map directly.
    @Test("framer-motion spring vectors", arguments: try TimingOracle.load().framerMotion.cases.indices)
    func framerMotion(index: Int) throws {
        let testCase = try TimingOracle.load().framerMotion.cases[index]
        let spring = Spring(
            mass: try #require(testCase.params["mass"]), stiffness: try #require(testCase.params["stiffness"]),
            damping: try #require(testCase.params["damping"]), initialVelocity: 0)
        let (from, to) = (100.0, 1000.0)
        var checked = 0
        for (step, expected) in testCase.samples.enumerated() {
            let time = Double(step) * 0.2
            let actual = (from + (to - from) * spring.value(at: time)).rounded()
            #expect(actual == expected, "t = \(time) s")
            checked += 1
        }
        #expect(checked == [9, 6, 14][index])  // samples_every_200ms of each case in the file
    }
}

/// How many vectors each timing.json group holds, counted by hand in the file: the
/// parameterized tests above run one case per vector, so these are the numbers of vectors
/// they check (a group that shrinks, or fails to decode some rows, is noticed here).
@Suite("Timing oracle: vector counts")
struct TimingOracleCountTests {
    @Test func everyGroupHasItsVectors() throws {
        let oracle = try TimingOracle.load()
        #expect(oracle.namedCubicBezier.controlPoints.count == 5)
        #expect(vectors(oracle.chromiumBasic).count == 20)
        #expect(vectors(oracle.chromiumUnclampedY).count == 21)
        #expect(oracle.chromiumExact.cases.count == 3)
        #expect(oracle.chromiumSlope.samples.count == 16)
        #expect(oracle.chromiumOutside.cases.count == 9)
        #expect(oracle.springMappings.formulas.count == 2 && oracle.springMappings.docExamples.count == 2)
        #expect(oracle.springUnitStep.samples.count == 21)
        #expect(oracle.framerMotion.cases.count == 3)
        #expect(oracle.uikitInteractive.rules.count == 4)
        // Every row has the width its test reads.
        #expect((oracle.chromiumBasic.samples + oracle.chromiumUnclampedY.samples + oracle.chromiumSlope.samples).allSatisfy { $0.count == 2 })
        #expect(oracle.springUnitStep.samples.allSatisfy { $0.count == 2 })
    }
}
