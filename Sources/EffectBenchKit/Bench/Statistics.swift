import Foundation

/// Order statistics of per-frame costs (nearest-rank percentiles).
public struct Distribution: Equatable, Codable, Sendable {
    /// Median, in the unit of the values.
    public var p50: Double
    /// 90th percentile.
    public var p90: Double
    /// 99th percentile.
    public var p99: Double
    /// Largest value.
    public var max: Double
    /// Arithmetic mean.
    public var mean: Double

    /// Nearest-rank percentiles (the smallest value with at least q·n values at or below it).
    /// - Precondition: `values` is not empty.
    /// - Complexity: O(n log n) (sorts a copy).
    public init(_ values: [Double]) {
        precondition(!values.isEmpty, "a distribution needs at least one value")
        let s = values.sorted()
        func rank(_ q: Double) -> Double { s[Swift.max(0, Int((q * Double(s.count)).rounded(.up)) - 1)] }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = s[s.count - 1]
        mean = s.reduce(0, +) / Double(s.count)
    }

    /// The statistics as given, in one unit.
    public init(p50: Double, p90: Double, p99: Double, max: Double, mean: Double) {
        self.p50 = p50; self.p90 = p90; self.p99 = p99; self.max = max; self.mean = mean
    }
}

/// Frame budgets of common display rates, in milliseconds.
public enum FrameBudget {
    /// 16.67 ms: one frame at 60 Hz.
    public static let hz60 = 1000.0 / 60
    /// 8.33 ms: one frame at 120 Hz.
    public static let hz120 = 1000.0 / 120
}
