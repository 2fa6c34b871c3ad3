import Foundation

/// How a Gaussian blur of standard deviation `sigma` device pixels is drawn (a layer's
/// `filters`, `LayerFilter.gaussianBlur`): chosen once per frame from σ alone. The blur is of
/// the pixel image, so the exact answer is the continuous Gaussian's, each pixel taken as its
/// square of uniform colour: a discrete kernel of variance σ² + 1/12 (`target`), whose weights
/// are the Gaussian integrated over each pixel, Φ((i + ½)/σ) − Φ((i − ½)/σ); on a step edge it
/// gives exactly 255·(1 − Φ((x + ½ − e)/σ)) at pixel centres (the sum telescopes).
///
/// - σ < `exactBelow` (1 px): that kernel itself, separable, taps out to ⌈3σ⌉ + 1 (the W3C
///   Filter Effects spec, feGaussianBlur, allows an exact kernel at small σ: three boxes are a
///   poor Gaussian there, 7/255 off on a step edge at σ = 0.6).
/// - else three successive box blurs (running sums, separable, O(1) a pixel whatever σ: the
///   spec's "three successive box-blurs", whose width it gives as d = ⌊σ·3·√(2π)/4 + 0.5⌋), at
///   a resolution reduced by s = 2^`levels`, the largest power of two with σ/s ≥
///   `minimumSigma` (2 px; a chosen value: with it the step-edge error stays under 4/255 and
///   the box passes run on at most a quarter of the pixels from σ = 4 px). The spec's integer
///   width d is up to 6/255 off on a step edge (its variance (d² − 1)/4 misses σ² between
///   widths), so each box is an extended box (Gwosdek, Grewenig, Bruhn, Weickert, "Theoretical
///   Foundations of Gaussian Convolution by Extended Box Filtering", SSVM 2011): width 2r + 1
///   plus the next pixel on each side at weight α < 1, r and α chosen so its variance is
///   exactly a third of the small image's; still O(1) a pixel. Reduced by s, the average down
///   (variance (s² − 1)/12) and the bilinear filter up (s²/6) are part of the blur: the small
///   image's variance is (σ² + 1/12 − (s² − 1)/12 − s²/6)/s².
///
/// Error, measured on a step edge against the closed form (`LayerBlurTests`): under 4/255 for
/// every σ, at most 1/255 with the exact kernel.
struct BlurPlan: Equatable {
    /// The blur's σ, device pixels (> 0.2, ≤ 4096).
    var sigma: Double
    /// The resolution is reduced by 2^levels (0: full resolution).
    var levels: Int
    /// Whether the exact kernel is drawn (σ < `exactBelow`, `levels` 0).
    var exact: Bool
    /// Each of the three boxes (reduced pixels): radius r (2r + 1 pixels at weight `inner`, the
    /// one next to them on each side at `outer`, both in units of 2^−16).
    var radius: Int
    var inner: UInt32, outer: UInt32
    /// The pixels around the blurred content its blur reaches, device pixels, each side.
    var reach: Int

    static let exactBelow = 1.0
    static let minimumSigma = 2.0

    /// The plan for σ `sigma` device pixels; nil when the blur changes no pixel by more than
    /// rounding (σ at most 0.2 px: the exact kernel's side taps are then under 1/255 of the
    /// centre's, Φ(−1.5/0.2) − Φ(−0.5/0.2) ≈ 0.006).
    /// - Complexity: O(1).
    init?(sigma: Double) {
        guard sigma.isFinite, sigma > 0.2 else { return nil }
        let sigma = min(sigma, 4096)
        self.sigma = sigma
        let target = sigma * sigma + 1.0 / 12
        if sigma < BlurPlan.exactBelow {
            (levels, exact, radius, inner, outer) = (0, true, 0, 0, 0)
            reach = BlurPlan.exactRadius(sigma)
            return
        }
        exact = false
        var k = 0
        while sigma / Double(1 << (k + 1)) >= BlurPlan.minimumSigma { k += 1 }
        levels = k
        let s = Double(1 << k)
        let small = k == 0 ? target : max(target - (s * s - 1) / 12 - s * s / 6, 0) / (s * s)
        // One extended box of variance v: r(r + 1)/3 <= v, α from Gwosdek et al.'s eq. for it.
        let v = small / 3
        let r = Int((((1 + 12 * v).squareRoot() - 1) / 2).rounded(.down))
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (v - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - v))
        radius = r
        inner = UInt32((65536 / (2 * rr + 1 + 2 * alpha)).rounded())
        outer = UInt32((alpha * Double(inner)).rounded())
        // Each box reaches r + 1 small pixels; the average down and the filter up, one more each.
        reach = (3 * (r + 1) + 2) << k
    }

    /// The exact kernel's radius in pixels: ⌈3σ⌉ + 1 (the pixel-integrated Gaussian beyond it
    /// holds under 0.14 % of it, a fraction of 1/255).
    static func exactRadius(_ sigma: Double) -> Int { Int((3 * sigma).rounded(.up)) + 1 }

    /// The exact kernel's weights, taps −r...r (r = `exactRadius`), the Gaussian integrated over
    /// each pixel, in units of 2^−14 summing to 2^14 (the centre takes the rounding), into
    /// `weights` (its storage kept).
    func exactWeights(into weights: inout [Int32]) {
        let r = BlurPlan.exactRadius(sigma)
        weights.removeAll(keepingCapacity: true)
        func phi(_ t: Double) -> Double { (1 + erf(t / (sigma * 2.squareRoot()))) / 2 }
        var sum: Int32 = 0
        for i in -r...r {
            let v = Int32(((phi(Double(i) + 0.5) - phi(Double(i) - 0.5)) * 16384).rounded())
            weights.append(v)
            sum += v
        }
        weights[r] += 16384 - sum
    }
}
