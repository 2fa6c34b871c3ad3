import Foundation

/// Two effects to compare, `effect` ÷ `reference`: `--compare iris:radial` on the command line.
public struct EffectPair: Equatable, Sendable, CustomStringConvertible {
    /// The effect whose costs are the numerators (with `--baseline`: from this run).
    public var effect: String
    /// The effect whose costs are the denominators (with `--baseline`: from the baseline).
    public var reference: String

    /// `effect` ÷ `reference`, by registry name.
    public init(effect: String, reference: String) {
        self.effect = effect
        self.reference = reference
    }

    /// Reads `a:b` (two different, non-empty effect names).
    /// - Throws: `BenchError` (usage) naming the text and the accepted form.
    public init(parsing text: String) throws(BenchError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .usage("--compare '\(text)' is not a:b, two effect names (e.g. --compare iris:radial)")
        }
        guard parts[0] != parts[1] else { throw .usage("--compare '\(text)' compares an effect with itself; name two effects") }
        self.init(effect: String(parts[0]), reference: String(parts[1]))
    }

    /// `effect:reference`, as given on the command line.
    public var description: String { "\(effect):\(reference)" }
}

/// The p50 costs of one result divided by another's, for one operation.
public struct CostRatio: Equatable, Sendable {
    /// The numerator's effect name.
    public var effect: String
    /// The denominator's effect name.
    public var reference: String
    /// push, pop, present or dismiss.
    public var operation: String
    /// Render p50 ÷ the reference's render p50 (1 when the reference's is 0).
    public var renderRatio: Double
    /// Model p50 ÷ the reference's model p50 (1 when the reference's is 0).
    public var modelRatio: Double
    /// `result`'s × floor ÷ the reference's (`BenchReport.Result.xFloor`); nil when either has
    /// none (a report written before the key) or the reference's is not positive.
    public var floorRatio: Double?

    /// `result`'s p50s over `reference`'s (same operation expected; `result`'s is reported).
    public init(_ result: BenchReport.Result, over reference: BenchReport.Result) {
        effect = result.effect
        self.reference = reference.effect
        operation = result.operation
        renderRatio = Self.ratio(result.renderMilliseconds.p50, reference.renderMilliseconds.p50)
        modelRatio = Self.ratio(result.modelNanoseconds.p50, reference.modelNanoseconds.p50)
        if let a = result.xFloor, let b = reference.xFloor, b > 0 { floorRatio = a / b }
    }

    /// `a ÷ b`, or 1 when `b` is not positive (nothing measured to compare with).
    static func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : 1 }

    /// "a ÷ b" for two names, "a" for one.
    static func label(_ effect: String, _ reference: String) -> String { effect == reference ? effect : "\(effect) ÷ \(reference)" }

    /// One ratio per operation that `pair.effect` in `numerators` and `pair.reference` in
    /// `denominators` both have, in `numerators`' order.
    static func rows(_ pair: EffectPair, _ numerators: [BenchReport.Result], over denominators: [BenchReport.Result]) -> [CostRatio] {
        numerators.filter { $0.effect == pair.effect }.compactMap { r in
            denominators.first { $0.effect == pair.reference && $0.operation == r.operation }.map { CostRatio(r, over: $0) }
        }
    }
}

/// `--compare a:b` without `--baseline`: per pair and shared operation, a's p50 costs ÷ b's,
/// both from the same run (so both were measured on the same scene, frames and build).
public struct EffectComparison: Equatable, Sendable {
    /// One row per pair and operation both effects support, pairs in the order given.
    public var rows: [CostRatio]

    /// The ratios of `pairs` in `report`; a pair whose effects share no operation, or are
    /// not in the report, gives no row.
    public init(report: BenchReport, pairs: [EffectPair]) {
        rows = pairs.flatMap { CostRatio.rows($0, report.results, over: report.results) }
    }

    /// A title line and a table: effects, op, render ratio, model ratio (3 decimals).
    public func format() -> String {
        var table = [["effects", "op", "render ratio", "model ratio"]]
        for r in rows {
            table.append([
                CostRatio.label(r.effect, r.reference), r.operation, String(format: "%.3f", r.renderRatio), String(format: "%.3f", r.modelRatio),
            ])
        }
        return (["effect comparison (a ÷ b, p50, this run):"] + TableReport.grid(table)).joined(separator: "\n")
    }
}
