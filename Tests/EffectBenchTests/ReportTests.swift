import Foundation
import Testing
import TransitionKitCore

@testable import EffectBenchKit

/// The JSON schema (documented on `BenchReport`) and the baseline comparison.
@Suite struct ReportTests {
    static func report(render: [String: Double]) -> BenchReport {
        let results = render.sorted { $0.key < $1.key }.map { key, ms -> BenchReport.Result in
            let parts = key.split(separator: " ")
            let frames = (0..<4).map { k in
                FrameSample(
                    progress: Double(k) / 3, modelNanoseconds: 1000, renderMilliseconds: ms,
                    modelAllocations: 0, modelBytes: 0, renderAllocations: 2, renderBytes: 64)
            }
            return BenchReport.Result(SweepResult(effect: String(parts[0]), operation: String(parts[1]), transitionDuration: 0.33, frames: frames))
        }
        return BenchReport(
            machine: MachineInfo(cores: 2, cpu: "test", os: "Linux", toolchain: "Swift 6.3", configuration: "release", optimized: true),
            scene: .init(
                source: "built-in", from: nil, to: nil, widthPoints: 393, heightPoints: 852, scale: 3, widthPixels: 1179, heightPixels: 2556),
            frames: 4, threads: 1, allocationCounting: true, results: results)
    }

    /// The keys of schema transitionkit-effect-bench/1, exactly as documented.
    @Test func jsonSchemaKeys() throws {
        let data = try Self.report(render: ["radial push": 2]).encoded()
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(Set(object.keys) == ["schema", "machine", "scene", "frames", "threads", "allocation_counting", "results"])
        #expect(object["schema"] as? String == "transitionkit-effect-bench/1")
        #expect(Set((object["machine"] as! [String: Any]).keys) == ["cores", "cpu", "os", "toolchain", "configuration", "optimized"])
        #expect(
            Set((object["scene"] as! [String: Any]).keys) == ["source", "width_points", "height_points", "scale", "width_pixels", "height_pixels"])
        let result = (object["results"] as! [[String: Any]])[0]
        #expect(
            Set(result.keys) == [
                "effect", "operation", "transition_duration", "model_nanoseconds", "render_milliseconds",
                "frames_over_60hz", "frames_over_120hz", "steady_state", "per_frame",
            ])
        #expect(Set((result["render_milliseconds"] as! [String: Any]).keys) == ["p50", "p90", "p99", "max", "mean"])
        #expect(Set((result["steady_state"] as! [String: Any]).keys) == ["model_allocations", "model_bytes", "render_allocations", "render_bytes"])
        let frame = (result["per_frame"] as! [[String: Any]])[0]
        #expect(
            Set(frame.keys) == [
                "progress", "model_nanoseconds", "render_milliseconds", "model_allocations", "model_bytes",
                "render_allocations", "render_bytes",
            ])
        // Round trip.
        #expect(try BenchReport.decode(data, path: "x") == Self.report(render: ["radial push": 2]))
    }

    /// `--repeat`: each frame's costs are the minimum over the sweeps, and the noise is
    /// (max − min) ÷ min of the sweeps' render p50s: sweeps with render 2, 3, 2.5 ms on every
    /// frame fold to 2 ms (p50 2) with spread (3 − 2) ÷ 2 = 0.5; a single sweep has no spread.
    @Test func repeatedSweepsFoldByPerFrameMinimum() {
        func sweep(_ ms: [Double], model: Double, allocations: Int) -> SweepResult {
            SweepResult(
                effect: "radial", operation: "push", transitionDuration: 0.33,
                frames: ms.enumerated().map { k, v in
                    FrameSample(
                        progress: Double(k) / Double(ms.count - 1), modelNanoseconds: model, renderMilliseconds: v,
                        modelAllocations: allocations, modelBytes: 16 * allocations, renderAllocations: 0, renderBytes: 0)
                })
        }
        let sweeps = [
            sweep([2, 3, 2], model: 900, allocations: 1), sweep([3, 3, 3], model: 800, allocations: 0),
            sweep([2.5, 1, 2.5], model: 1000, allocations: 2),
        ]
        let folded = BenchReport.Result(repeated: sweeps)
        #expect(folded.perFrame.map(\.renderMilliseconds) == [2, 1, 2])
        #expect(folded.perFrame.map(\.modelNanoseconds) == [800, 800, 800])
        #expect(folded.perFrame.map(\.modelAllocations) == [0, 0, 0])
        #expect(folded.perFrame.map(\.progress) == [0, 0.5, 1])
        #expect(folded.renderP50Spread == (3 - 2) / 2.0)
        #expect(BenchReport.Result(repeated: [sweeps[0]]).renderP50Spread == nil)
    }

    /// With a model-only sweep, each frame's model cost is the minimum over the rendered
    /// sweeps AND that sweep (ticks 900/800 rendered, 300 alone → 300), render costs stay the
    /// rendered sweeps' minimum (the model-only sweep's empty intervals never count), and
    /// `modelP50AfterRender` keeps the rendered sweeps' fold (800).
    @Test func aModelOnlySweepLowersOnlyTheModelCost() {
        func sweep(_ ms: [Double], model: [Double]) -> SweepResult {
            SweepResult(
                effect: "radial", operation: "push", transitionDuration: 0.33,
                frames: ms.indices.map { k in
                    FrameSample(
                        progress: Double(k) / Double(ms.count - 1), modelNanoseconds: model[k], renderMilliseconds: ms[k],
                        modelAllocations: 0, modelBytes: 0, renderAllocations: 0, renderBytes: 0)
                })
        }
        let sweeps = [sweep([2, 3, 2], model: [900, 800, 900]), sweep([3, 1, 3], model: [800, 900, 800])]
        let modelOnly = sweep([0.00001, 0.00001, 0.00001], model: [300, 1000, 300])
        let folded = BenchReport.Result(repeated: sweeps, modelOnly: modelOnly)
        #expect(folded.perFrame.map(\.modelNanoseconds) == [300, 800, 300])
        #expect(folded.perFrame.map(\.renderMilliseconds) == [2, 1, 2])
        #expect(folded.modelNanoseconds.p50 == 300)
        #expect(folded.modelP50AfterRender == 800)
        #expect(folded.renderP50Spread == (3 - 2) / 2.0)
        #expect(BenchReport.Result(repeated: sweeps).modelP50AfterRender == nil)
    }

    /// Nearest-rank percentiles of 1...100: p50 = 50, p90 = 90, p99 = 99 (definition).
    @Test func percentilesAreNearestRank() {
        let d = Distribution((1...100).map(Double.init).reversed())
        #expect(d.p50 == 50 && d.p90 == 90 && d.p99 == 99 && d.max == 100 && d.mean == 50.5)
        let one = Distribution([7])
        #expect(one.p50 == 7 && one.p99 == 7)
    }

    /// Budgets: 16.67 ms (60 Hz) and 8.33 ms (120 Hz) per frame, model + render.
    @Test func framesOverBudgetCount() {
        let r = Self.report(render: ["a push": 10]).results[0]
        #expect(r.framesOver60hz == 0 && r.framesOver120hz == 4)
        #expect(r.steadyState.renderAllocations == 2 && r.steadyState.renderBytes == 64)
    }

    @Test func baselineRatiosAndRegression() {
        let old = Self.report(render: ["radial push": 2, "fade push": 4, "gone pop": 1])
        let new = Self.report(render: ["radial push": 2.1, "fade push": 5, "new pop": 1])
        let c = BaselineComparison(current: new, baseline: old, threshold: 0.10)
        let radial = c.rows.first { $0.effect == "radial" }!, fade = c.rows.first { $0.effect == "fade" }!
        #expect(isClose(radial.renderRatio, 1.05) && !radial.regressed)
        #expect(isClose(fade.renderRatio, 1.25) && fade.regressed)
        #expect(c.hasRegression)
        #expect(c.unmatched.sorted() == ["gone pop (only in baseline)", "new pop (not in baseline)"])
        #expect(!BaselineComparison(current: new, baseline: old, threshold: 0.3).hasRegression)
        #expect(c.format().contains("REGRESSION"))
        #expect(c.parameterDifference == nil && !c.format().contains("parameters:"))
    }

    /// Two settings of one effect (`run --param`): a note naming both, sorted by name, not a
    /// "not comparable" warning; the defaults named as such.
    @Test func baselineWithOtherParametersSaysWhich() {
        let old = Self.report(render: ["fade push": 2])
        var new = Self.report(render: ["fade push": 1])
        new.parameters = ["style": "through", "duration": "0.5"]
        let c = BaselineComparison(current: new, baseline: old, threshold: 0.1)
        #expect(c.parameterDifference == "duration=0.5 style=through vs baseline defaults")
        #expect(c.format().contains("\n  parameters: duration=0.5 style=through vs baseline defaults"))
        #expect(c.mismatches.isEmpty)
        let back = BaselineComparison(current: old, baseline: new, threshold: 0.1)
        #expect(back.parameterDifference == "defaults vs baseline duration=0.5 style=through")
    }

    /// `--compare a:b` in one run: a ÷ b per operation both have (report's render p50s 3, 2 and
    /// 1.5, model p50 1000 ns each), none for a pair without a shared operation.
    @Test func effectComparisonRatios() {
        let report = Self.report(render: ["iris push": 3, "iris pop": 1.5, "radial push": 2, "radial pop": 2, "fade present": 1])
        let c = EffectComparison(
            report: report, pairs: [EffectPair(effect: "iris", reference: "radial"), EffectPair(effect: "iris", reference: "fade")])
        #expect(c.rows.map(\.operation) == ["pop", "push"])
        #expect(c.rows.map(\.renderRatio) == [0.75, 1.5] && c.rows.map(\.modelRatio) == [1, 1])
        let lines = c.format().components(separatedBy: "\n")
        #expect(lines[0] == "effect comparison (a ÷ b, p50, this run):")
        #expect(lines[2].hasPrefix("iris ÷ radial  pop ") && lines[2].hasSuffix("0.750        1.000"))
    }

    /// `--baseline old.json --compare new:old`: this run's `new` against the baseline's `old`
    /// (render 3 ÷ 2 = 1.5, a regression at threshold 0.25), and neither counts as unmatched.
    @Test func baselinePairsMapNames() {
        let old = Self.report(render: ["old push": 2, "radial push": 2])
        let new = Self.report(render: ["new push": 3, "radial push": 2])
        let c = BaselineComparison(current: new, baseline: old, threshold: 0.25, pairs: [EffectPair(effect: "new", reference: "old")])
        #expect(c.rows.map { "\($0.effect)/\($0.baselineEffect)" } == ["radial/radial", "new/old"])
        #expect(c.rows[1].renderRatio == 1.5 && c.rows[1].regressed && !c.rows[0].regressed)
        #expect(c.unmatched.isEmpty)
        #expect(c.format().contains("new ÷ old  push"))
        #expect(
            BaselineComparison(current: new, baseline: old, threshold: 0.25).unmatched == [
                "new push (not in baseline)", "old push (only in baseline)",
            ])
    }

    /// A baseline measured differently (frame size, frames) is flagged as not comparable.
    @Test func baselineMismatchIsFlagged() {
        let old = Self.report(render: ["radial push": 2])
        var new = Self.report(render: ["radial push": 2])
        new.scene.widthPixels = 393
        new.frames = 10
        let c = BaselineComparison(current: new, baseline: old, threshold: 0.25)
        #expect(c.mismatches == ["frame 393x2556 px vs baseline 1179x2556 px", "10 frames vs baseline 4"])
        #expect(c.format().contains("WARNING: not comparable"))
        #expect(BaselineComparison(current: old, baseline: old, threshold: 0.25).mismatches.isEmpty)
    }

    @Test func baselineFileErrors() throws {
        #expect(throws: BenchError.self) { try BenchReport.decode(Data("{}".utf8), path: "x.json") }
        var wrong = Self.report(render: ["a push": 1])
        wrong.schema = "something-else/9"
        #expect(throws: BenchError.failure("x.json has schema 'something-else/9'; accepted: transitionkit-effect-bench/1")) {
            try BenchReport.decode(try wrong.encoded(), path: "x.json")
        }
    }

    /// A report of another schema whose keys differ too (a later version renaming `results`)
    /// is named by its schema, not by the first key it lacks.
    @Test func baselineOfAnotherSchemaNamesTheSchema() {
        let later = Data(#"{"schema": "transitionkit-effect-bench/2", "runs": []}"#.utf8)
        #expect(throws: BenchError.failure("v2.json has schema 'transitionkit-effect-bench/2'; accepted: transitionkit-effect-bench/1")) {
            try BenchReport.decode(later, path: "v2.json")
        }
    }

    func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }
}
