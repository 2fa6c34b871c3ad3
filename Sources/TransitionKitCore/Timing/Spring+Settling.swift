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

    /// The spring of mass 1, damping ratio `dampingRatio` and `initialVelocity` whose
    /// `settlingDuration` (the default criterion above) equals `settlingDuration` seconds:
    /// how a spring described by "how long until it is at rest" becomes physical parameters
    /// (UIKit's `UIView.animate(withDuration:usingSpringWithDamping:…)` and a zoom that must
    /// be over in a given time both need it).
    ///
    /// The response (period of the undamped spring) is found by bisection: settling time
    /// grows with the response, since every time scale of the motion is proportional to it.
    /// - Parameters:
    ///   - settlingDuration: seconds, finite and > 0.
    ///   - dampingRatio: finite and > 0 (1 is critically damped).
    ///   - initialVelocity: step distances per second, finite (default 0).
    /// - Precondition: the parameters are in those ranges.
    /// - Complexity: up to 64 bisection steps of `settlingDuration` (each a few hundred
    ///   evaluations); compute it once per animator, never per frame.
    public init(settlingDuration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(
            settlingDuration.isFinite && settlingDuration > 0 && dampingRatio.isFinite && dampingRatio > 0 && initialVelocity.isFinite,
            "Spring(settlingDuration: \(settlingDuration), dampingRatio: \(dampingRatio), initialVelocity: \(initialVelocity)): settlingDuration and dampingRatio must be finite and > 0, initialVelocity finite"
        )
        func settling(_ response: Double) -> Double {
            Spring(response: response, dampingRatio: dampingRatio, initialVelocity: initialVelocity).settlingDuration
        }
        var low = settlingDuration / 64, high = settlingDuration
        while settling(low) > settlingDuration, low > 1e-9 { low /= 2 }
        while settling(high) < settlingDuration, high < 1e6 { high *= 2 }
        for _ in 0..<64 {
            let mid = (low + high) / 2
            if settling(mid) > settlingDuration { high = mid } else { low = mid }
            if high - low <= 1e-12 * high { break }
        }
        self.init(response: low, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }
}
