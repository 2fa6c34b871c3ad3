import Foundation

/// A damped spring, described as `CASpringAnimation` describes it, evaluated in closed form.
///
/// The spring moves a unit step: position 0 at time 0 towards a rest position of 1, with
/// `initialVelocity` as its velocity at time 0. Scale the result by the real distance (as
/// Core Animation does with `fromValue`/`toValue`). It solves
/// `mass·x'' + damping·x' + stiffness·(x − 1) = 0`, x(0) = 0, x'(0) = initialVelocity,
/// exactly for under-, critically and overdamped springs (see `DampedOscillator`), so
/// results do not depend on a frame rate or step size.
///
/// ```swift
/// let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
/// spring.value(at: 0.35)       // ≈ 1.16165 (overshoot)
/// spring.settlingDuration      // ≈ 1.353 s
/// ```
///
/// Sources: parameter names and defaults of `CASpringAnimation` (mass 1, stiffness 100,
/// damping 10, initial velocity 0); the solution of the damped harmonic oscillator as in
/// WebKit Source/WebCore/platform/graphics/SpringSolver.h, which WebKit evaluates only for
/// under- and critically damped springs (it treats overdamped as critical), extended here
/// with the exact overdamped solution as framer-motion's spring generator evaluates it.
public struct Spring: Sendable, Hashable {
    /// Mass of the object attached to the spring, finite and > 0. Default of
    /// `CASpringAnimation`: 1.
    public let mass: Double
    /// Spring stiffness coefficient k, finite and > 0. Default of `CASpringAnimation`: 100.
    public let stiffness: Double
    /// Damping coefficient c (force per unit velocity), finite and >= 0; 0 never settles.
    /// Default of `CASpringAnimation`: 10.
    public let damping: Double
    /// Velocity at time 0 in units of the step distance per second (1 = the whole
    /// distance in one second), finite; positive moves towards the rest position. This is
    /// the meaning of `CASpringAnimation.initialVelocity`. Multiply by the distance in
    /// points to get points per second.
    public let initialVelocity: Double

    let oscillator: DampedOscillator

    /// Creates a spring from physical parameters, as `CASpringAnimation`.
    ///
    /// Use this for values written in code. For values from outside use
    /// ``init(validatingMass:stiffness:damping:initialVelocity:)``.
    ///
    /// - Parameters:
    ///   - mass: finite, > 0.
    ///   - stiffness: finite, > 0.
    ///   - damping: finite, >= 0.
    ///   - initialVelocity: step distances per second, finite.
    /// - Precondition: the parameters are in those ranges.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        precondition(
            mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0
                && damping.isFinite && damping >= 0 && initialVelocity.isFinite,
            "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), initialVelocity: \(initialVelocity)): mass and stiffness must be finite and > 0, damping finite and >= 0, initialVelocity finite"
        )
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        oscillator = DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// Creates a spring from physical parameters that come from outside the program.
    ///
    /// - Parameters: as ``init(mass:stiffness:damping:initialVelocity:)``.
    /// - Throws: `TransitionKitError.invalidValue` naming `"mass"`, `"stiffness"`,
    ///   `"damping"` or `"initialVelocity"` (the first offending one) with the value given.
    public init(
        validatingMass mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) throws(TransitionKitError) {
        // Bounded so the closed form (ω = √(k/m), ζ = c / 2√(km)) stays finite for outside input.
        try TransitionKitError.check(mass, "mass", in: 1e-6...1e6, accepted: "1e-6...1e6")
        try TransitionKitError.check(stiffness, "stiffness", in: 1e-6...1e9, accepted: "1e-6...1e9")
        try TransitionKitError.check(damping, "damping", in: 0...1e9, accepted: "0...1e9")
        try TransitionKitError.check(initialVelocity, "initialVelocity", in: -1e6...1e6, accepted: "-1e6...1e6 distances per second")
        self.init(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Damping ratio ζ = damping / (2·√(stiffness·mass)): < 1 underdamped (overshoots),
    /// 1 critically damped, > 1 overdamped.
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// Position at a time: 0 at time 0, tending to 1.
    ///
    /// x(t) = 1 + e^(−a·t)·(−C(t) + (v0 − a)·S(t)) with a = damping / 2·mass and C, S the
    /// regime's basis (cos/sin, 1/t or cosh/sinh; see `DampedOscillator`). Underdamped
    /// springs overshoot 1.
    ///
    /// - Parameter time: seconds since the start, finite; times before 0 count as 0.
    /// - Returns: position in step distances (0 start, 1 rest).
    /// - Precondition: `time` is finite.
    /// - Complexity: O(1): one or two `exp` and one `sin`/`cos` or `expm1`.
    public func value(at time: Double) -> Double {
        precondition(time.isFinite, "Spring.value(at: \(time)): time must be finite")
        let t = max(time, 0)
        let basis = oscillator.basis(at: t)
        return 1 - basis.c + (initialVelocity - oscillator.decay) * basis.s
    }

    /// Velocity at a time, the derivative of ``value(at:)``.
    ///
    /// x'(t) = e^(−a·t)·(v0·C(t) + (ω0² − a·v0)·S(t)) with ω0² = stiffness / mass.
    ///
    /// - Parameter time: seconds since the start, finite; times before 0 count as 0
    ///   (velocity `initialVelocity`).
    /// - Returns: step distances per second; multiply by the distance in points for points
    ///   per second.
    /// - Precondition: `time` is finite.
    /// - Complexity: O(1), as ``value(at:)``.
    public func velocity(at time: Double) -> Double {
        precondition(time.isFinite, "Spring.velocity(at: \(time)): time must be finite")
        let t = max(time, 0)
        let basis = oscillator.basis(at: t)
        return initialVelocity * basis.c
            + (oscillator.omega0Squared - oscillator.decay * initialVelocity) * basis.s
    }
}
