import Foundation
import Testing
import TransitionKitCore

/// Expects `body` to throw `TransitionKitError.invalidValue` naming `name` and `value`
/// (NaN matches NaN), with a description that carries both.
private func expectInvalidValue(
    _ name: String, _ value: Double,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(TransitionKitError) -> Void
) {
    do {
        try body()
        Issue.record("no error thrown for \(name) = \(value)", sourceLocation: sourceLocation)
    } catch {
        guard case let .invalidValue(actualName, actualValue, accepted) = error else {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(actualName == name, sourceLocation: sourceLocation)
        #expect(actualValue == value || (actualValue.isNaN && value.isNaN), sourceLocation: sourceLocation)
        #expect(!accepted.isEmpty, sourceLocation: sourceLocation)
        #expect(error.description.contains(name), sourceLocation: sourceLocation)
        #expect(error.description.contains("\(value)"), sourceLocation: sourceLocation)
    }
}

@Suite("Timing input validation")
struct TimingValidationTests {
    static let nonFinite: [Double] = [.nan, .infinity, -.infinity]

    @Test(
        "Bézier x outside 0...1 or non-finite is rejected, naming the value",
        arguments: [-0.1, 1.0000001, 2, -.infinity, .infinity, .nan])
    func bezierX(bad: Double) {
        expectInvalidValue("x1", bad) { () throws(TransitionKitError) in
            _ = try CubicBezier(validatingX1: bad, y1: 0, x2: 1, y2: 1)
        }
        expectInvalidValue("x2", bad) { () throws(TransitionKitError) in
            _ = try CubicBezier(validatingX1: 0, y1: 0, x2: bad, y2: 1)
        }
    }

    @Test("Bézier y must be finite", arguments: nonFinite)
    func bezierY(bad: Double) {
        expectInvalidValue("y1", bad) { () throws(TransitionKitError) in
            _ = try CubicBezier(validatingX1: 0.5, y1: bad, x2: 0.5, y2: 1)
        }
        expectInvalidValue("y2", bad) { () throws(TransitionKitError) in
            _ = try CubicBezier(validatingX1: 0.5, y1: 0, x2: 0.5, y2: bad)
        }
    }

    @Test("Valid Bézier input is accepted, including y outside 0...1 and x at the ends")
    func bezierValid() throws {
        let curve = try CubicBezier(validatingX1: 0, y1: -1, x2: 1, y2: 2)
        #expect(curve == CubicBezier(x1: 0, y1: -1, x2: 1, y2: 2))
        // Chromium's unclamped-y oracle curve.
        _ = try CubicBezier(validatingX1: 0.5, y1: -1, x2: 0.5, y2: 2)
    }

    @Test("Spring mass and stiffness must be finite and > 0", arguments: [0, -1, -0.0] + nonFinite)
    func springMassStiffness(bad: Double) {
        expectInvalidValue("mass", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingMass: bad, stiffness: 100, damping: 10)
        }
        expectInvalidValue("stiffness", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingMass: 1, stiffness: bad, damping: 10)
        }
    }

    @Test("Spring damping must be finite and >= 0", arguments: [-0.001, -10] + nonFinite)
    func springDamping(bad: Double) {
        expectInvalidValue("damping", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingMass: 1, stiffness: 100, damping: bad)
        }
    }

    @Test("Spring initial velocity must be finite", arguments: nonFinite)
    func springVelocity(bad: Double) {
        expectInvalidValue("initialVelocity", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingMass: 1, stiffness: 100, damping: 10, initialVelocity: bad)
        }
        expectInvalidValue("initialVelocity", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingResponse: 0.5, dampingRatio: 1, initialVelocity: bad)
        }
        expectInvalidValue("initialVelocity", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingDuration: 0.5, bounce: 0, initialVelocity: bad)
        }
    }

    @Test("Spring response must be finite and > 0; damping ratio finite and >= 0")
    func springResponse() {
        for bad in [0, -0.5] + Self.nonFinite {
            expectInvalidValue("response", bad) { () throws(TransitionKitError) in
                _ = try Spring(validatingResponse: bad, dampingRatio: 0.8)
            }
        }
        for bad in [-0.5] + Self.nonFinite {
            expectInvalidValue("dampingRatio", bad) { () throws(TransitionKitError) in
                _ = try Spring(validatingResponse: 0.5, dampingRatio: bad)
            }
        }
    }

    @Test("Spring duration must be finite and > 0 seconds", arguments: [0, -0.5, -1e-9] + nonFinite)
    func springDuration(bad: Double) {
        expectInvalidValue("duration", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingDuration: bad, bounce: 0.3)
        }
    }

    @Test("Spring bounce must be in -1 < bounce <= 1", arguments: [-1, -1.5, 1.0000001, 2] + nonFinite)
    func springBounce(bad: Double) {
        expectInvalidValue("bounce", bad) { () throws(TransitionKitError) in
            _ = try Spring(validatingDuration: 0.5, bounce: bad)
        }
    }

    @Test("Valid spring input is accepted and equals the trapping initialisers")
    func springValid() throws {
        #expect(try Spring(validatingMass: 1, stiffness: 100, damping: 0) == Spring(mass: 1, stiffness: 100, damping: 0))
        #expect(try Spring(validatingResponse: 0.5, dampingRatio: 0) == Spring(response: 0.5, dampingRatio: 0))
        #expect(try Spring(validatingDuration: 0.5, bounce: 1) == Spring(duration: 0.5, bounce: 1))
        #expect(try Spring(validatingDuration: 0.5, bounce: -0.99) == Spring(duration: 0.5, bounce: -0.99))
    }

    // Programmer errors trap with a precondition whose message carries the values; exit tests check that they do.
    @Test("Trapping initialisers and evaluators reject bad values")
    func preconditionsTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = CubicBezier(x1: 1.5, y1: 0, x2: 1, y2: 1)
        }
        await #expect(processExitsWith: .failure) {
            _ = Spring(mass: 0, stiffness: 100, damping: 10)
        }
        await #expect(processExitsWith: .failure) {
            _ = Spring(duration: .nan, bounce: 0)
        }
        await #expect(processExitsWith: .failure) {
            _ = TimingCurve.linear.value(at: 0.5, duration: -1)
        }
        await #expect(processExitsWith: .failure) {
            _ = CubicBezier.easeIn.value(at: .nan)
        }
    }
}
