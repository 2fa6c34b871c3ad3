import Foundation

/// Order statistics of per-frame costs (nearest-rank percentiles).
struct Distribution: Equatable, Codable {
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double
    var mean: Double

    /// Nearest-rank percentiles (the smallest value with at least q·n values at or below it).
    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a distribution needs at least one value")
        let s = values.sorted()
        func rank(_ q: Double) -> Double { s[Swift.max(0, Int((q * Double(s.count)).rounded(.up)) - 1)] }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = s[s.count - 1]
        mean = s.reduce(0, +) / Double(s.count)
    }

    init(p50: Double, p90: Double, p99: Double, max: Double, mean: Double) {
        self.p50 = p50; self.p90 = p90; self.p99 = p99; self.max = max; self.mean = mean
    }
}

/// Frame budgets of common display rates, in milliseconds.
enum FrameBudget {
    static let hz60 = 1000.0 / 60
    static let hz120 = 1000.0 / 120
}
