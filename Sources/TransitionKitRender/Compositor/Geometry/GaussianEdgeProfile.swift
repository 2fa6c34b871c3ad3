import Foundation

/// The coverage a pixel takes from a half-plane blurred by a Gaussian, averaged over the pixel:
/// `value(u)` for a pixel whose centre lies `u` pixels inside the edge (negative: outside), at
/// standard deviation `sigma` pixels. It is the one-dimensional factor of every shadow
/// (`ShadowPlan`): a rectangle's blurred, pixel-averaged coverage is the product of two
/// differences of it, exactly.
///
/// Closed form: with Φ the standard normal distribution function and φ its density, the
/// blurred edge is Φ(x / σ), whose antiderivative is F(x) = x·Φ(x/σ) + σ·φ(x/σ) (integrate x·φ
/// by parts), so the average over the pixel [u − ½, u + ½] is F(u + ½) − F(u − ½). At σ = 0 it
/// is the exact area coverage of a half-plane, clamp(u + ½, 0, 1). Tabulated once per σ at
/// steps of 1/32 px (on a grid through 0, so σ = 0's kinks at ±½ fall on samples) and read with
/// linear interpolation: the error is at most h²/8 · max|v''| = h² / (8 · √(2π) · σ) ≤ 2e-4 for
/// σ ≥ 0.25 px (a twentieth of an 8-bit step; below, the value is the clamp with its kinks on
/// samples, rounded over a width σ). Outside ±`reach` the value is 0 or 1 to within 0.14 %
/// (Φ(−3), a third of an 8-bit step).
final class GaussianEdgeProfile {
    let sigma: Double
    /// Beyond this distance from the edge (pixels) the value is taken as 0 or 1: 3σ + 1.
    let reach: Double
    private let step: Double
    private let inverseStep: Double
    /// Samples at u = −reach + k·step.
    private var samples: [Float] = []
    private let origin: Double

    /// The reach of a σ of `sigma` pixels (a negative value is 0): 3σ + 1 (see the type).
    static func reach(sigma: Double) -> Double { 3 * max(0, sigma) + 1 }

    /// The table for `sigma` pixels (0 or more; a negative value is 0).
    /// - Complexity: O(reach / step) evaluations of erf, once per σ.
    init(sigma: Double) {
        let s = max(0, sigma)
        self.sigma = s
        reach = GaussianEdgeProfile.reach(sigma: s)
        // 1/32 px, coarser only for very wide blurs (the table stays at most 16 Ki samples).
        let k = max(1, Int((2 * reach * 32 / 16_384).rounded(.up)))
        step = Double(k) / 32
        inverseStep = 1 / step
        let half = Int((reach / step).rounded(.up))
        origin = -Double(half) * step
        samples = (0...(2 * half)).map { Float(GaussianEdgeProfile.exact(origin + Double($0) * step, sigma: s)) }
    }

    /// The exact pixel-averaged value (see the type).
    static func exact(_ u: Double, sigma: Double) -> Double {
        guard sigma > 1e-6 else { return min(max(u + 0.5, 0), 1) }
        func f(_ x: Double) -> Double {
            let z = x / sigma
            return x * 0.5 * (1 + erf(z / 2.0.squareRoot())) + sigma * exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
        }
        return min(max(f(u + 0.5) - f(u - 0.5), 0), 1)
    }

    /// The tabulated value at `u` pixels inside the edge.
    @inline(__always)
    func value(_ u: Double) -> Float {
        let t = (u - origin) * inverseStep
        if t <= 0 { return 0 }
        let i = Int(t)
        if i >= samples.count - 1 { return 1 }
        let f = Float(t - Double(i))
        return samples.withUnsafeBufferPointer { s in s[i] + (s[i + 1] - s[i]) * f }
    }
}
