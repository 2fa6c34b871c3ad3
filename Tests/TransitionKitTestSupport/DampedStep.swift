import Foundation

/// The unit step of a damped harmonic oscillator, written out here independently of
/// TransitionKit's `Spring`/`DampedOscillator` (which use one e^(−a·t)·(P·C + Q·S) form for
/// every regime): the expected values of the run-out tests (scenarios R2, R4).
///
/// It solves m·x'' + c·x' + k·(x − 1) = 0 with x(0) = 0 and x'(0) = v0 (step distances per
/// second). Source: the textbook solution of the damped oscillator, e.g. K. Ogata, *Modern
/// Control Engineering*, §5-3 (step response of second-order systems), with the initial
/// velocity term added from the same general solution x = 1 + e^(−ζω0·t)(A·cos ω_d·t +
/// B·sin ω_d·t), A = −1, B = (v0 − ζω0)/ω_d; ω0 = √(k/m), ζ = c / 2√(km), ω_d = ω0·√(1 − ζ²).
/// Critically damped: x = 1 − (1 + (ω0 − v0)·t)·e^(−ω0·t). Overdamped: x = 1 + c1·e^(r1·t) +
/// c2·e^(r2·t), r1,2 = −ω0·(ζ ∓ √(ζ² − 1)), c2 = (v0 + r1)/(r2 − r1), c1 = −1 − c2.
public struct DampedStep: Sendable {
    /// Mass, stiffness (k) and damping (c) in the units of `Spring`; v0 in step distances
    /// per second.
    public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Position x(t) in step distances (0 at t = 0, tending to 1); t in seconds, >= 0.
    public func position(at t: Double) -> Double {
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            return 1 + exp(-zeta * omega0 * t) * (-cos(omegaD * t) + (v0 - zeta * omega0) / omegaD * sin(omegaD * t))
        } else if zeta == 1 {
            return 1 - (1 + (omega0 - v0) * t) * exp(-omega0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (v0 + r1) / (r2 - r1)
            return 1 + (-1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }
}
