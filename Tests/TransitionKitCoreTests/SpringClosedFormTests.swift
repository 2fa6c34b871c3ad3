import Foundation
import Testing
import TransitionKitCore

// Springs against closed forms written out here, independently of TransitionKit's
// formulation (which uses one e^(−at)·(P·C + Q·S) form for all regimes).

/// Parameters of one spring, named for the test report.
struct SpringCase: Sendable, CustomTestStringConvertible {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let initialVelocity: Double
    var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }
    var testDescription: String {
        "m \(mass), k \(stiffness), c \(damping), v0 \(initialVelocity)"
    }
}

/// Position and velocity of the unit step x(0) = 0, x'(0) = v0 towards 1.
///
/// - Underdamped (ζ < 1) and critically damped (ζ = 1): WebKit
///   Source/WebCore/platform/graphics/SpringSolver.h:
///   x = 1 − e^(−ζω0·t)·(cos ω_d·t + (ζω0 − v0)/ω_d · sin ω_d·t), and
///   x = 1 − (1 + (ω0 − v0)·t)·e^(−ω0·t); velocities by differentiating those by hand:
///   x' = e^(−ζω0·t)·(v0·cos ω_d·t + (ζω0·B + ω_d)·sin ω_d·t) with B = (ζω0 − v0)/ω_d, and
///   x' = e^(−ω0·t)·(v0 + ω0·(ω0 − v0)·t).
/// - Overdamped (ζ > 1; WebKit treats it as critical): the textbook solution with the two
///   real roots r1,2 = −ω0·(ζ ∓ √(ζ² − 1)): x = 1 + c1·e^(r1·t) + c2·e^(r2·t) with
///   c2 = (v0 + r1)/(r2 − r1), c1 = −1 − c2 (from x(0) = 0, x'(0) = v0).
func referenceStep(_ c: SpringCase, at t: Double) -> (x: Double, v: Double) {
    let omega0 = (c.stiffness / c.mass).squareRoot()
    let zeta = c.damping / (2 * (c.stiffness * c.mass).squareRoot())
    let v0 = c.initialVelocity
    if zeta < 1 {
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let b = (zeta * omega0 - v0) / omegaD
        let envelope = exp(-zeta * omega0 * t)
        let x = 1 - envelope * (cos(omegaD * t) + b * sin(omegaD * t))
        let v = envelope * (v0 * cos(omegaD * t) + (zeta * omega0 * b + omegaD) * sin(omegaD * t))
        return (x, v)
    } else if zeta == 1 {
        let envelope = exp(-omega0 * t)
        return (1 - (1 + (omega0 - v0) * t) * envelope, envelope * (v0 + omega0 * (omega0 - v0) * t))
    } else {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root)
        let r2 = -omega0 * (zeta + root)
        let c2 = (v0 + r1) / (r2 - r1)
        let c1 = -1 - c2
        return (1 + c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
    }
}

@Suite("Spring closed forms")
struct SpringClosedFormTests {
    static let times: [Double] = [0, 0.001, 0.01, 0.05, 0.1, 0.17, 0.25, 0.5, 0.8, 1, 1.5, 2, 3.3, 5]

    static let underdamped: [SpringCase] = [
        SpringCase(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
        SpringCase(mass: 2, stiffness: 300, damping: 6, initialVelocity: 4),
        SpringCase(mass: 0.5, stiffness: 50, damping: 1, initialVelocity: -3),
    ]
    // ζ = 1 exactly in floating point: c/2m equals √(k/m) in each.
    static let critical: [SpringCase] = [
        SpringCase(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
        SpringCase(mass: 1, stiffness: 100, damping: 20, initialVelocity: 3),
        SpringCase(mass: 1, stiffness: 100, damping: 20, initialVelocity: -2),
        SpringCase(mass: 4, stiffness: 25, damping: 20, initialVelocity: 10),
    ]
    static let overdamped: [SpringCase] = [
        SpringCase(mass: 1, stiffness: 300, damping: 100, initialVelocity: 0),
        SpringCase(mass: 1, stiffness: 100, damping: 50, initialVelocity: 5),
        SpringCase(mass: 2, stiffness: 50, damping: 40, initialVelocity: -5),
        SpringCase(mass: 1, stiffness: 1, damping: 1000, initialVelocity: 0),
    ]

    private func expectMatchesReference(_ c: SpringCase) {
        let spring = c.spring
        for t in Self.times {
            let reference = referenceStep(c, at: t)
            #expect(isClose(spring.value(at: t), reference.x, 1e-9), "t = \(t)")
            #expect(isClose(spring.velocity(at: t), reference.v, 1e-9 * max(1, abs(reference.v))), "t = \(t)")
        }
    }

    // Source: WebKit SpringSolver.h, under-damped branch (see `referenceStep`).
    @Test("Underdamped: WebKit SpringSolver closed form", arguments: underdamped)
    func underdampedMatches(c: SpringCase) {
        #expect(c.spring.dampingRatio < 1)
        expectMatchesReference(c)
    }

    // Source: WebKit SpringSolver.h, critically damped branch (see `referenceStep`).
    @Test("Critically damped: WebKit SpringSolver closed form", arguments: critical)
    func criticalMatches(c: SpringCase) {
        #expect(c.spring.dampingRatio == 1)
        expectMatchesReference(c)
    }

    // Source: textbook overdamped solution with two real roots (see `referenceStep`).
    @Test("Overdamped: two-exponential closed form", arguments: overdamped)
    func overdampedMatches(c: SpringCase) {
        #expect(c.spring.dampingRatio > 1)
        expectMatchesReference(c)
    }

    // Continuity across ζ = 1: the three regimes' formulas must join.
    @Test("Damping ratios 0.999999, 1 and 1.000001 agree to 1e-4", arguments: [0.0, 4.0, -3.0])
    func continuityAcrossCriticalDamping(initialVelocity: Double) {
        let springs = [0.999999, 1, 1.000001].map {
            Spring(response: 0.5, dampingRatio: $0, initialVelocity: initialVelocity)
        }
        // ω0 = 2π/0.5; the critically damped closed form (WebKit SpringSolver.h) at ζ = 1.
        let omega0 = 4 * Double.pi
        for t in Self.times {
            let envelope = exp(-omega0 * t)
            let x = 1 - (1 + (omega0 - initialVelocity) * t) * envelope
            let v = envelope * (initialVelocity + omega0 * (omega0 - initialVelocity) * t)
            for spring in springs {
                #expect(isClose(spring.value(at: t), x, 1e-4), "ζ = \(spring.dampingRatio), t = \(t)")
                #expect(isClose(spring.velocity(at: t), v, 1e-4 * max(1, abs(v))), "ζ = \(spring.dampingRatio), t = \(t)")
            }
            #expect(isClose(springs[0].value(at: t), springs[2].value(at: t), 1e-4))
        }
    }

    @Test("Before time 0 the spring is at its start")
    func negativeTime() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2.5)
        #expect(spring.value(at: -1) == 0)
        #expect(spring.velocity(at: -1) == 2.5)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.velocity(at: 0) == 2.5)
    }

    // The slowest case (k 1, c 1000) decays as e^(−0.001·t), so look far out.
    @Test("A spring tends to rest at 1")
    func restsAtOne() {
        for c in Self.underdamped + Self.critical + Self.overdamped {
            #expect(isClose(c.spring.value(at: 1e6), 1, 1e-12))
            #expect(isClose(c.spring.velocity(at: 1e6), 0, 1e-12))
        }
    }
}

@Suite("Spring settling duration")
struct SpringSettlingTests {
    /// The last time on a 0.1 ms grid up to `horizon` where the reference solution is not
    /// within |x − 1| <= 0.001 and |x'| <= 0.01, found by brute-force scanning.
    private func lastUnsettledSample(_ c: SpringCase, horizon: Double, step: Double) -> Double {
        var last = 0.0
        var index = 0
        while Double(index) * step <= horizon {
            let t = Double(index) * step
            let state = referenceStep(c, at: t)
            if abs(state.x - 1) > 0.001 || abs(state.v) > 0.01 { last = t }
            index += 1
        }
        return last
    }

    // Expected: brute-force scan of the closed forms in `referenceStep` (WebKit
    // SpringSolver.h and the textbook overdamped solution) on a 0.1 ms grid.
    @Test(
        "Settling duration agrees with a brute-force scan of the closed form",
        arguments: [
            SpringCase(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
            SpringCase(mass: 1, stiffness: 100, damping: 1, initialVelocity: 0),
            SpringCase(mass: 2, stiffness: 300, damping: 6, initialVelocity: 4),
            SpringCase(mass: 1, stiffness: 300, damping: 10, initialVelocity: -6),
            SpringCase(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
            SpringCase(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30),
            SpringCase(mass: 1, stiffness: 300, damping: 100, initialVelocity: 0),
            SpringCase(mass: 1, stiffness: 100, damping: 50, initialVelocity: -8),
            // Either side of critical damping (ζ = 0.999999 and 1.000001).
            SpringCase(mass: 1, stiffness: 100, damping: 19.99998, initialVelocity: 0),
            SpringCase(mass: 1, stiffness: 100, damping: 20.00002, initialVelocity: 0),
            // Light damping (ζ = 0.01): about 70 s of ringing.
            SpringCase(mass: 1, stiffness: 100, damping: 0.2, initialVelocity: 0),
        ])
    func settlingMatchesScan(c: SpringCase) {
        let step = 1e-4
        let expected = lastUnsettledSample(c, horizon: 90, step: step)
        #expect(expected < 85, "the scan horizon must cover the ringing")
        let actual = c.spring.settlingDuration
        #expect(actual >= expected - 1e-9)
        #expect(actual <= expected + step + 1e-9)
    }

    @Test("An undamped spring never settles")
    func undamped() {
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
    }

    @Test("Looser tolerances settle sooner")
    func looserTolerances() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let loose = spring.settlingDuration(positionTolerance: 0.01, velocityTolerance: 0.1)
        #expect(loose < spring.settlingDuration)
        #expect(loose > 0)
        #expect(
            spring.settlingDuration
                == spring.settlingDuration(
                    positionTolerance: Spring.settlingPositionTolerance,
                    velocityTolerance: Spring.settlingVelocityTolerance))
    }
}
