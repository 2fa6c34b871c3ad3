extension Spring {
    /// The default settling criterion's position tolerance: 0.001 of the step distance
    /// (0.4 pt on a 400 pt move).
    public static let settlingPositionTolerance = 0.001

    /// The default settling criterion's velocity tolerance: 0.01 step distances per second
    /// (4 pt/s on a 400 pt move, 0.03 pt per frame at 120 Hz).
    public static let settlingVelocityTolerance = 0.01

    /// Seconds after which the spring stays at rest for good, by the default criterion:
    /// |x − 1| <= 0.001 and |x'| <= 0.01 distances per second from then on.
    ///
    /// Core Animation does not document the criterion of `CASpringAnimation.settlingDuration`;
    /// this one is in the same spirit (for the `CASpringAnimation` defaults it gives about
    /// 1.353 s). `.infinity` for an undamped spring (damping 0).
    ///
    /// - Complexity: O(1) closed-form bracketing plus a bisection of at most 200
    ///   evaluations; not meant for every frame.
    public var settlingDuration: Double {
        settlingDuration(
            positionTolerance: Spring.settlingPositionTolerance,
            velocityTolerance: Spring.settlingVelocityTolerance
        )
    }

    /// The least time T >= 0 such that for every t >= T, |value(at: t) − 1| <=
    /// `positionTolerance` and |velocity(at: t)| <= `velocityTolerance`.
    ///
    /// Computed without stepping: each of position and velocity is e^(−a·t)·(P·C + Q·S) for
    /// the regime's basis, whose extrema are known in closed form; the last extremum above
    /// the tolerance brackets the answer, which a bisection then finds to about 1e-12 s.
    ///
    /// - Parameters:
    ///   - positionTolerance: step distances, finite and > 0.
    ///   - velocityTolerance: step distances per second, finite and > 0.
    /// - Returns: seconds; `.infinity` if the spring never settles (damping 0).
    /// - Precondition: both tolerances are finite and > 0.
    /// - Complexity: O(1) plus at most 200 evaluations per criterion.
    public func settlingDuration(positionTolerance: Double, velocityTolerance: Double) -> Double {
        precondition(
            positionTolerance.isFinite && positionTolerance > 0
                && velocityTolerance.isFinite && velocityTolerance > 0,
            "Spring.settlingDuration(positionTolerance: \(positionTolerance), velocityTolerance: \(velocityTolerance)): tolerances must be finite and > 0"
        )
        // Displacement x − 1: P = −1, Q = v0 − a. Velocity: P = v0, Q = ω0² − a·v0.
        let position = oscillator.settlingTime(
            p: -1, q: initialVelocity - oscillator.decay, tolerance: positionTolerance)
        let velocity = oscillator.settlingTime(
            p: initialVelocity,
            q: oscillator.omega0Squared - oscillator.decay * initialVelocity,
            tolerance: velocityTolerance)
        return max(position, velocity)
    }
}
