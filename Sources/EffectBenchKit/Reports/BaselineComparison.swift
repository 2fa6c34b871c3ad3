import Foundation

/// `--baseline old.json`: per effect and operation, the ratio of this run's p50 render and
/// model costs to the baseline's. A render ratio above 1 + threshold is a regression.
struct BaselineComparison: Equatable {
    struct Row: Equatable {
        var effect: String
        var operation: String
        var renderRatio: Double
        var modelRatio: Double
        var regressed: Bool
    }

    var rows: [Row]
    /// Entries present in only one of the two reports.
    var unmatched: [String]
    var threshold: Double
    /// Ways the two runs were measured differently (scene, frames, threads, build), which make
    /// the ratios meaningless.
    var mismatches: [String]

    init(current: BenchReport, baseline: BenchReport, threshold: Double) {
        self.threshold = threshold
        var rows: [Row] = []
        var unmatched: [String] = []
        for r in current.results {
            guard let b = baseline.results.first(where: { $0.effect == r.effect && $0.operation == r.operation }) else {
                unmatched.append("\(r.effect) \(r.operation) (not in baseline)")
                continue
            }
            let render = b.renderMilliseconds.p50 > 0 ? r.renderMilliseconds.p50 / b.renderMilliseconds.p50 : 1
            let model = b.modelNanoseconds.p50 > 0 ? r.modelNanoseconds.p50 / b.modelNanoseconds.p50 : 1
            rows.append(
                Row(
                    effect: r.effect, operation: r.operation, renderRatio: render, modelRatio: model,
                    regressed: render > 1 + threshold))
        }
        for b in baseline.results where !current.results.contains(where: { $0.effect == b.effect && $0.operation == b.operation }) {
            unmatched.append("\(b.effect) \(b.operation) (only in baseline)")
        }
        self.rows = rows
        self.unmatched = unmatched
        var m: [String] = []
        let a = current.scene, b = baseline.scene
        if (a.widthPixels, a.heightPixels) != (b.widthPixels, b.heightPixels) {
            m.append("frame \(a.widthPixels)x\(a.heightPixels) px vs baseline \(b.widthPixels)x\(b.heightPixels) px")
        }
        if a.source != b.source || a.from != b.from || a.to != b.to { m.append("scene images differ from the baseline's") }
        if current.frames != baseline.frames { m.append("\(current.frames) frames vs baseline \(baseline.frames)") }
        if current.threads != baseline.threads { m.append("\(current.threads) threads vs baseline \(baseline.threads)") }
        if current.machine.configuration != baseline.machine.configuration {
            m.append("\(current.machine.configuration) build vs baseline \(baseline.machine.configuration)")
        }
        mismatches = m
    }

    var hasRegression: Bool { rows.contains { $0.regressed } }

    func format() -> String {
        var table = [["effect", "op", "render ratio", "model ratio", ""]]
        for r in rows {
            table.append([
                r.effect, r.operation, String(format: "%.3f", r.renderRatio), String(format: "%.3f", r.modelRatio),
                r.regressed ? "REGRESSION (> \(String(format: "%.2f", 1 + threshold)))" : "",
            ])
        }
        var lines = ["baseline comparison (this run ÷ baseline, p50):"] + TableReport.grid(table)
        lines += mismatches.map { "  WARNING: not comparable: \($0)" }
        lines += unmatched.map { "  unmatched: \($0)" }
        return lines.joined(separator: "\n")
    }
}
