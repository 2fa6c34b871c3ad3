extension APNGEncoder {
    /// `seconds` as the fraction `numerator/denominator` seconds that an `fcTL` chunk stores,
    /// both at most 65535: the last continued-fraction convergent of `seconds` whose terms
    /// fit, so common frame times are exact (1/60 → 1/60, 0.1 → 1/10, 1/24 → 1/24).
    /// The denominator is never 0 (the APNG specification reads 0 as 100).
    /// - Parameter seconds: finite, 0...65535.
    /// - Complexity: O(log 65535) steps.
    static func delayFraction(seconds: Double) -> (numerator: UInt16, denominator: UInt16) {
        precondition(seconds.isFinite && seconds >= 0 && seconds <= 65535, "delay \(seconds) s outside 0...65535")
        let limit = 65535
        // Convergents h/k of the continued fraction [a0; a1, a2, ...].
        var (h0, h1) = (0, 1)  // h(-2), h(-1)
        var (k0, k1) = (1, 0)
        var x = seconds
        var best = (numerator: Int(seconds.rounded()), denominator: 1)
        for _ in 0..<64 {
            let a = x.rounded(.down)
            guard a <= Double(limit) else { break }
            let ai = Int(a)
            let h = ai * h1 + h0, k = ai * k1 + k0
            guard h <= limit, k <= limit else { break }
            best = (h, k)
            (h0, h1) = (h1, h)
            (k0, k1) = (k1, k)
            let fraction = x - a
            if fraction < 1e-9 || abs(Double(h) / Double(k) - seconds) < 1e-12 { break }
            x = 1 / fraction
        }
        return (UInt16(best.numerator), UInt16(best.denominator))
    }
}
