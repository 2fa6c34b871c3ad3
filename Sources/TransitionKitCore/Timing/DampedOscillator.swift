import Foundation

/// The closed-form solution space of the damped harmonic oscillator m·u'' + c·u' + k·u = 0,
/// shared by ``Spring``'s position, velocity and settling search.
///
/// Every solution is `e^(−a·t) · (P·C(t) + Q·S(t))` with decay rate a = c / 2m and
///
/// - underdamped (a < ω0): C = cos(ω_d·t), S = sin(ω_d·t) / ω_d, ω_d = √(ω0² − a²);
/// - critically damped (a = ω0): C = 1, S = t;
/// - overdamped (a > ω0): C = cosh(ω_d·t), S = sinh(ω_d·t) / ω_d, ω_d = √(a² − ω0²);
///
/// where ω0 = √(k / m). C(0) = 1, S(0) = 0, S' = C and C' = s·S with s = a² − ω0², so
/// P = u(0) and Q = u'(0) + a·P. Writing all three regimes this way makes the solution
/// continuous across a = ω0 (sin(x)/x and sinh(x)/x tend to t as ω_d → 0).
///
/// Sources: the standard solution of the damped oscillator; WebKit
/// Source/WebCore/platform/graphics/SpringSolver.h (under- and critically damped);
/// framer-motion's spring generator (overdamped, as cosh/sinh).
struct DampedOscillator: Sendable, Hashable {
    enum Regime: Sendable, Hashable {
        case underdamped, critical, overdamped
    }

    /// Decay rate a = c / 2m, 1/s.
    let decay: Double
    /// Undamped angular frequency squared, ω0² = k / m, 1/s².
    let omega0Squared: Double
    /// s = a² − ω0² (negative underdamped, 0 critical, positive overdamped), 1/s².
    let discriminant: Double
    /// ω_d = √|s|, 1/s (0 when critically damped).
    let frequency: Double
    let regime: Regime

    init(mass: Double, stiffness: Double, damping: Double) {
        decay = damping / (2 * mass)
        omega0Squared = stiffness / mass
        let omega0 = omega0Squared.squareRoot()
        // (a − ω0)(a + ω0) rather than c² − 4km: no overflow for large parameters, and
        // exactly 0 whenever a and ω0 round to the same value.
        discriminant = (decay - omega0) * (decay + omega0)
        frequency = abs(discriminant).squareRoot()
        if discriminant < 0 {
            regime = .underdamped
        } else if discriminant == 0 {
            regime = .critical
        } else {
            regime = .overdamped
        }
    }

    /// The slowest exponential decay rate of any solution, 1/s: a, or a − ω_d when
    /// overdamped (computed as ω0² / (a + ω_d) to avoid cancellation). Positive for k > 0.
    var slowestDecay: Double {
        regime == .overdamped ? omega0Squared / (decay + frequency) : decay
    }

    /// `(e^(−a·t)·C(t), e^(−a·t)·S(t))` for t ≥ 0.
    ///
    /// Overdamped, both are formed from e^(−(a−ω_d)·t) and expm1 so that nothing overflows
    /// for large t and nothing cancels for small ω_d·t.
    /// - Complexity: O(1), one or two `exp` plus one `sin`/`cos` or `expm1`.
    @inline(__always)
    func basis(at t: Double) -> (c: Double, s: Double) {
        switch regime {
        case .underdamped:
            let envelope = exp(-decay * t)
            let phase = frequency * t
            return (envelope * cos(phase), envelope * sin(phase) / frequency)
        case .critical:
            let envelope = exp(-decay * t)
            return (envelope, envelope * t)
        case .overdamped:
            let slow = exp(-slowestDecay * t)
            let fast = exp(-(decay + frequency) * t)
            return ((slow + fast) * 0.5, slow * -expm1(-2 * frequency * t) / (2 * frequency))
        }
    }

    /// e^(−a·t)·(p·C(t) + q·S(t)).
    @inline(__always)
    func solution(p: Double, q: Double, at t: Double) -> Double {
        let b = basis(at: t)
        return p * b.c + q * b.s
    }

    /// The least time T ≥ 0 after which |e^(−a·t)·(p·C + q·S)| ≤ tolerance for all t ≥ T:
    /// 0 if it never exceeds the tolerance, +infinity if it never settles (no damping).
    ///
    /// Analytic bracketing, then bisection to about 1e-12 s:
    /// - underdamped, the solution is R·e^(−a·t)·cos(ω_d·t − φ); its extrema are at
    ///   t_n = (φ + θ + π/2 + nπ) / ω_d with θ = atan2(ω_d, a), where
    ///   |u(t_n)| = R·(ω_d/ω0)·e^(−a·t_n). The last extremum above the tolerance and the next
    ///   one bracket the answer, and |u| falls through the tolerance once between them;
    /// - critically or overdamped, the solution has at most one extremum t_e > 0 (where
    ///   tanh(ω_d·t)/ω_d, or t, equals −P'/Q' for the derivative's coefficients), so |u| is
    ///   decreasing after t_e and after its single zero before it.
    /// - Complexity: O(1) evaluations apart from a bisection of at most 200 steps.
    func settlingTime(p: Double, q: Double, tolerance: Double) -> Double {
        func exceeds(_ t: Double) -> Bool { abs(solution(p: p, q: q, at: t)) > tolerance }

        /// Bisection on a bracket where `exceeds` is true at `low` and false at `high`,
        /// and switches once between them.
        func boundary(_ low: Double, _ high: Double) -> Double {
            var low = low
            var high = high
            for _ in 0..<200 {
                let middle = (low + high) * 0.5
                if middle <= low || middle >= high || high - low <= 1e-12 * max(1, high) { break }
                if exceeds(middle) { low = middle } else { high = middle }
            }
            return high
        }

        /// A time after `start` where the (monotonically decaying) solution is within
        /// tolerance.
        func settledTime(after start: Double) -> Double {
            var high = start + 1 / slowestDecay
            var doublings = 0
            while exceeds(high), doublings < 2000 {
                high = start + 2 * (high - start)
                doublings += 1
            }
            return high
        }

        switch regime {
        case .underdamped:
            let sineCoefficient = q / frequency
            let amplitude = (p * p + sineCoefficient * sineCoefficient).squareRoot()
            if amplitude == 0 { return 0 }
            let omega0 = omega0Squared.squareRoot()
            if decay == 0 {
                // Undamped: |u| returns to its amplitude every half period.
                return amplitude > tolerance ? .infinity : 0
            }
            let phi = atan2(sineCoefficient, p)
            let theta = atan2(frequency, decay)
            let offset = phi + theta + .pi / 2
            func extremum(_ n: Double) -> Double { (offset + n * .pi) / frequency }
            // First extremum strictly after 0.
            // The estimates below are exact up to rounding; the bounded loops correct them
            // by at most a step or two.
            var first = (-offset / .pi).rounded(.down) + 1
            for _ in 0..<8 where extremum(first) <= 0 { first += 1 }
            for _ in 0..<8 where extremum(first - 1) > 0 { first -= 1 }
            // Last extremum above the tolerance: t_n < ln(R·ω_d / (ω0·tolerance)) / a.
            let limit = log(amplitude * frequency / (omega0 * tolerance)) / decay
            var last = ((limit * frequency - offset) / .pi).rounded(.up) - 1
            if !last.isFinite || last < first - 1 { last = first - 1 }
            for _ in 0..<8 where last >= first && !exceeds(extremum(last)) { last -= 1 }
            for _ in 0..<8 where exceeds(extremum(last + 1)) { last += 1 }
            if last < first {
                return exceeds(0) ? boundary(0, extremum(first)) : 0
            }
            return boundary(extremum(last), extremum(last + 1))

        case .critical, .overdamped:
            let pDerivative = q - decay * p
            let qDerivative = p * discriminant - decay * q
            var turningPoint: Double?
            if qDerivative != 0 {
                let ratio = -pDerivative / qDerivative
                if ratio > 0 {
                    if regime == .critical {
                        turningPoint = ratio
                    } else if ratio * frequency < 1 {
                        turningPoint = atanh(ratio * frequency) / frequency
                    }
                }
            }
            if let turningPoint, exceeds(turningPoint) {
                return boundary(turningPoint, settledTime(after: turningPoint))
            }
            if exceeds(0) {
                return boundary(0, turningPoint ?? settledTime(after: 0))
            }
            return 0
        }
    }
}
