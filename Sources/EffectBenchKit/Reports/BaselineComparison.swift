import Foundation

/// `--baseline old.json`: per effect and operation, the ratio of this run's p50 render and
/// model costs to the baseline's, and of its × floor figure (render p50 ÷ the frame memcpy's
/// p50, `BenchReport.Result.xFloor`) to the baseline's. The × floor ratio, which the machine's
/// memory speed moves much less than the render ratio, decides: above 1 + threshold it is a
/// regression (exit status 3). Where either report has no × floor (written before it
/// existed) the render ratio decides instead, and the row says so.
///
/// Rows match by effect name; each `EffectPair` adds rows matching this run's `effect` with the
/// baseline's `reference` (`--baseline old.json --compare iris:radial`: this run's iris ÷ the
/// baseline's radial, e.g. after a rename or against the effect a new one replaces).
public struct BaselineComparison: Equatable, Sendable {
    /// One effect and operation against the baseline.
    public struct Row: Equatable, Sendable {
        /// This run's effect.
        public var effect: String
        /// The baseline's effect it is compared with (`effect` unless mapped by a pair).
        public var baselineEffect: String
        /// push, pop, present or dismiss.
        public var operation: String
        /// This run's render p50 ÷ the baseline's.
        public var renderRatio: Double
        /// This run's model p50 ÷ the baseline's.
        public var modelRatio: Double
        /// This run's × floor ÷ the baseline's; nil when either report lacks it.
        public var floorRatio: Double?
        /// The figure that decides `regressed`: `floorRatio`, or `renderRatio` without one.
        public var judgedRatio: Double { floorRatio ?? renderRatio }
        /// `judgedRatio` > 1 + threshold.
        public var regressed: Bool
    }

    /// Matched rows: by name first, then those of each pair.
    public var rows: [Row]
    /// Entries present in only one of the two reports (and in no pair's rows).
    public var unmatched: [String]
    /// Allowed render slowdown as a fraction (0.25: 25 %).
    public var threshold: Double
    /// Ways the two runs were measured differently (scene, frames, threads, whether copy-bound
    /// frames were split, build), which make the ratios meaningless.
    public var mismatches: [String]
    /// The runs' `--param` settings when they differ (`"duration=0.5 vs baseline defaults"`):
    /// comparing two settings of one effect is what such a pair of runs is for, so this is
    /// printed as a note, not a warning; nil when they are the same.
    public var parameterDifference: String?

    /// Compares `current` with `baseline`; `pairs` add rows of differently named effects.
    /// - Parameters:
    ///   - current: this run's report.
    ///   - baseline: the earlier run's report (`--baseline old.json`).
    ///   - threshold: allowed render slowdown as a fraction, >= 0.
    ///   - pairs: effects of this run matched with differently named effects of the baseline (`--compare a:b`).
    public init(current: BenchReport, baseline: BenchReport, threshold: Double, pairs: [EffectPair] = []) {
        self.threshold = threshold
        var sameName: [String] = []
        for r in current.results where !sameName.contains(r.effect) && baseline.results.contains(where: { $0.effect == r.effect }) {
            sameName.append(r.effect)
        }
        let ratios =
            sameName.flatMap { CostRatio.rows(EffectPair(effect: $0, reference: $0), current.results, over: baseline.results) }
            + pairs.flatMap { CostRatio.rows($0, current.results, over: baseline.results) }
        rows = ratios.map {
            Row(
                effect: $0.effect, baselineEffect: $0.reference, operation: $0.operation, renderRatio: $0.renderRatio,
                modelRatio: $0.modelRatio, floorRatio: $0.floorRatio, regressed: ($0.floorRatio ?? $0.renderRatio) > 1 + threshold)
        }
        var unmatched: [String] = []
        for r in current.results where !rows.contains(where: { $0.effect == r.effect && $0.operation == r.operation }) {
            unmatched.append("\(r.effect) \(r.operation) (not in baseline)")
        }
        for b in baseline.results where !rows.contains(where: { $0.baselineEffect == b.effect && $0.operation == b.operation }) {
            unmatched.append("\(b.effect) \(b.operation) (only in baseline)")
        }
        self.unmatched = unmatched
        var m: [String] = []
        let a = current.scene, b = baseline.scene
        if (a.widthPixels, a.heightPixels) != (b.widthPixels, b.heightPixels) {
            m.append("frame \(a.widthPixels)x\(a.heightPixels) px vs baseline \(b.widthPixels)x\(b.heightPixels) px")
        }
        if a.source != b.source || a.from != b.from || a.to != b.to { m.append("scene images differ from the baseline's") }
        if current.frames != baseline.frames { m.append("\(current.frames) frames vs baseline \(baseline.frames)") }
        if current.threads != baseline.threads { m.append("\(current.threads) threads vs baseline \(baseline.threads)") }
        // With two or more threads copy-bound frames are split only where the run's copy
        // measurement said so (`CopyScaling`; no `copy_scaling`: none split), which can differ
        // between two runs on one machine.
        let splits = current.copyScaling?.splitsCopies ?? false, baselineSplits = baseline.copyScaling?.splitsCopies ?? false
        if current.threads == baseline.threads && current.threads > 1 && splits != baselineSplits {
            func bands(_ split: Bool) -> String { split ? "split into bands" : "in one band" }
            m.append("copy-bound frames \(bands(splits)) vs baseline \(bands(baselineSplits))")
        }
        if current.machine.configuration != baseline.machine.configuration {
            m.append("\(current.machine.configuration) build vs baseline \(baseline.machine.configuration)")
        }
        mismatches = m
        let mine = current.parametersText ?? "defaults", theirs = baseline.parametersText ?? "defaults"
        parameterDifference = mine == theirs ? nil : "\(mine) vs baseline \(theirs)"
    }

    /// Whether any row regressed.
    public var hasRegression: Bool { rows.contains { $0.regressed } }

    /// A title line saying which ratio decides, the table (effect, or "this ÷ baseline's" for a
    /// pair; op; × floor, render and model ratios with 3 decimals, "-" for a missing × floor;
    /// REGRESSION marks naming the ratio that exceeded), then the parameter settings when they
    /// differ, warnings and unmatched entries.
    public func format() -> String {
        var table = [["effect", "op", "× floor ratio", "render ratio", "model ratio", ""]]
        for r in rows {
            let limit = String(format: "%.2f", 1 + threshold)
            table.append([
                CostRatio.label(r.effect, r.baselineEffect), r.operation, r.floorRatio.map { String(format: "%.3f", $0) } ?? "-",
                String(format: "%.3f", r.renderRatio), String(format: "%.3f", r.modelRatio),
                r.regressed ? "REGRESSION (\(r.floorRatio == nil ? "render" : "× floor") ratio > \(limit))" : "",
            ])
        }
        var lines =
            [
                "baseline comparison (this run ÷ baseline, p50; the × floor ratio decides a regression, "
                    + "the render ratio where a report has no × floor):"
            ] + TableReport.grid(table)
        if let parameterDifference { lines.append("  parameters: \(parameterDifference)") }
        lines += mismatches.map { "  WARNING: not comparable: \($0)" }
        lines += unmatched.map { "  unmatched: \($0)" }
        return lines.joined(separator: "\n")
    }
}
