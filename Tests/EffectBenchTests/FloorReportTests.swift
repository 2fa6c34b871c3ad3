import Foundation
import Testing
import TransitionKitCore

@testable import EffectBenchKit

/// The memory floor of each frame and the `× floor` figure (`BenchReport`'s schema comment:
/// `floor_milliseconds`, `x_floor`), the layer-row figures (`ns_per_layer`, `vs_flat`), and
/// `--baseline` judging the × floor ratio. Every figure is computed by hand from the frames given.
@Suite struct FloorReportTests {
    static func result(effect: String = "radial", operation: String = "push", render: [Double], floor: [Double?], model: Double = 1000)
        -> BenchReport.Result
    {
        precondition(render.count == floor.count)
        let frames = render.indices.map { k in
            FrameSample(
                progress: Double(k) / Double(render.count - 1), modelNanoseconds: model, renderMilliseconds: render[k],
                modelAllocations: 0, modelBytes: 0, renderAllocations: 0, renderBytes: 0, floorMilliseconds: floor[k])
        }
        return BenchReport.Result(SweepResult(effect: effect, operation: operation, transitionDuration: 0.33, frames: frames))
    }

    static func report(_ results: [BenchReport.Result]) -> BenchReport {
        var r = ReportTests.report(render: [:])
        r.results = results
        return r
    }

    /// × floor = render p50 ÷ floor p50 (nearest rank, 2nd of 4): render 2, 4, 6, 8 ms has p50
    /// 4; floors 1, 1, 2, 2 ms have p50 1; so 4.0. The JSON carries both, and reads back equal.
    @Test func xFloorIsRenderP50OverFloorP50() throws {
        let r = Self.result(render: [2, 4, 6, 8], floor: [1, 2, 1, 2])
        #expect(r.renderMilliseconds.p50 == 4 && r.floorMilliseconds?.p50 == 1)
        #expect(r.xFloor == 4)
        let data = try Self.report([r]).encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results[0]["x_floor"] as? Double == 4)
        let floor = try #require(results[0]["floor_milliseconds"] as? [String: Any])
        #expect(floor["p50"] as? Double == 1 && floor["max"] as? Double == 2 && floor["mean"] as? Double == 1.5)
        let frames = try #require(results[0]["per_frame"] as? [[String: Any]])
        #expect(frames.map { $0["floor_milliseconds"] as? Double } == [1, 2, 1, 2])
        #expect(try BenchReport.decode(data, path: "x") == Self.report([r]))
    }

    /// A row without floor samples (a report written before them, or a model-only sweep) has
    /// no `x_floor` and no `floor_milliseconds`, and a schema /1 report without the keys reads.
    @Test func noFloorNoXFloor() throws {
        let r = Self.result(render: [2, 4], floor: [nil, nil])
        #expect(r.xFloor == nil && r.floorMilliseconds == nil)
        let data = try Self.report([r]).encoded()
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(!text.contains("floor"))
        #expect(try BenchReport.decode(data, path: "old.json").results[0].xFloor == nil)
    }

    /// Repeated sweeps fold each frame's floor by minimum like its costs; a sweep without a
    /// floor sample for a frame leaves the other's.
    @Test func repeatsFoldTheFloorByMinimum() {
        func sweep(_ floor: [Double?]) -> SweepResult {
            SweepResult(
                effect: "fade", operation: "push", transitionDuration: 0.33,
                frames: floor.enumerated().map { k, f in
                    FrameSample(
                        progress: Double(k), modelNanoseconds: 1, renderMilliseconds: 3, modelAllocations: 0, modelBytes: 0,
                        renderAllocations: 0, renderBytes: 0, floorMilliseconds: f, loweringNanoseconds: f.map { $0 * 1000 })
                })
        }
        let folded = SweepResult.perFrameMinimum([sweep([1.5, nil, 2]), sweep([1, 0.5, nil])])
        #expect(folded.frames.map(\.floorMilliseconds) == [1, 0.5, 2])
        #expect(folded.frames.map(\.loweringNanoseconds) == [1000, 500, 2000])
        // render 3 ms on every frame over floors 0.5, 1, 2 (p50 1): × floor 3.
        #expect(BenchReport.Result(folded).xFloor == 3)
    }

    /// `--baseline` compares × floor figures: the render ratio 6 ÷ 4 = 1.5 with a floor that got
    /// 1.5x slower too (2 → 3 ms: × floor 4 ÷ 2 = 2 before, 6 ÷ 3 = 2 after, ratio 1) is no
    /// regression; an unchanged render over a floor that got faster (2 → 1.5 ms: × floor 2 →
    /// 4 ÷ 1.5, ratio 4 ÷ 3) is one; a baseline
    /// without floors falls back to the render ratio, and the table says which ratio decided.
    @Test func baselineJudgesTheXFloorRatio() throws {
        let old = Self.report([
            Self.result(effect: "radial", render: [4, 4], floor: [2, 2]), Self.result(effect: "fade", render: [4, 4], floor: [2, 2]),
        ])
        let new = Self.report([
            Self.result(effect: "radial", render: [6, 6], floor: [3, 3]), Self.result(effect: "fade", render: [4, 4], floor: [1.5, 1.5]),
        ])
        let c = BaselineComparison(current: new, baseline: old, threshold: 0.10)
        #expect(c.rows.count == 2)
        let radial = c.rows.first { $0.effect == "radial" }, fade = c.rows.first { $0.effect == "fade" }
        #expect(radial?.renderRatio == 1.5 && radial?.floorRatio == 1 && radial?.regressed == false)
        let fadeFloor = try #require(fade?.floorRatio)
        #expect(fade?.renderRatio == 1 && abs(fadeFloor - 4.0 / 3) < 1e-12 && fade?.regressed == true)
        #expect(c.hasRegression)
        let text = c.format()
        #expect(text.contains("the × floor ratio decides a regression"))
        #expect(text.contains("REGRESSION (× floor ratio > 1.10)"))

        let older = Self.report([Self.result(effect: "radial", render: [4, 4], floor: [nil, nil])])
        let fallback = BaselineComparison(current: new, baseline: older, threshold: 0.10)
        #expect(fallback.rows.count == 1)
        #expect(fallback.rows[0].floorRatio == nil && fallback.rows[0].judgedRatio == 1.5 && fallback.rows[0].regressed)
        #expect(fallback.format().contains("REGRESSION (render ratio > 1.10)"))
    }

    /// The floor ring holds at least twice the last-level cache in frame-sized buffers, 2...64:
    /// a 1179x2556 px frame (12,054,096 bytes) with a 32 MiB cache needs ⌈67,108,864 ÷
    /// 12,054,096⌉ = 6; a 64 MiB frame 2; a 4 kB frame would need 32,768, capped at 64.
    @Test func floorRingExceedsTheCacheTwice() {
        #expect(FloorRing.count(frameBytes: 1179 * 2556 * 4, cacheBytes: 32 << 20) == 6)
        #expect(FloorRing.count(frameBytes: 64 << 20, cacheBytes: 32 << 20) == 2)
        #expect(FloorRing.count(frameBytes: 4096, cacheBytes: 64 << 20) == 64)
        #expect(FloorRing.lastLevelCacheBytes > 0)
    }

    /// Layer rows: ns per layer = (model p50 + lowering p50) ÷ layers = (1000 + 9000) ÷ 200 = 50;
    /// vs flat = render p50 ÷ the flat row's = 5 ÷ 4 = 1.25. The JSON names them as documented.
    @Test func layerRowFigures() throws {
        func row(render: Double, lowering: Double) -> BenchReport.Result {
            let frames = (0..<3).map { k in
                FrameSample(
                    progress: Double(k) / 2, modelNanoseconds: 1000, renderMilliseconds: render, modelAllocations: 0, modelBytes: 0,
                    renderAllocations: 0, renderBytes: 0, floorMilliseconds: 2, loweringNanoseconds: lowering)
            }
            return BenchReport.Result(SweepResult(effect: "fade", operation: "push", transitionDuration: 0.33, frames: frames))
        }
        var flat = row(render: 4, lowering: 400)
        flat.setLayerScene(variant: "flat", layers: 5)
        var many = row(render: 5, lowering: 9000)
        many.setLayerScene(variant: "many-layer", layers: 200)
        many.compare(withFlat: flat)
        #expect(flat.nsPerLayer == 280 && flat.vsFlat == nil)
        #expect(many.nsPerLayer == 50 && many.vsFlat == 1.25 && many.layers == 200)
        let data = try Self.report([flat, many]).encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[1]["variant"] as? String == "many-layer" && results[1]["layers"] as? Int == 200)
        #expect(results[1]["ns_per_layer"] as? Double == 50 && results[1]["vs_flat"] as? Double == 1.25)
        #expect((results[1]["lowering_nanoseconds"] as? [String: Any])?["p50"] as? Double == 9000)
        #expect(results[0]["vs_flat"] == nil)
        let table = TableReport.format(Self.report([flat, many]))
        #expect(table.contains("× floor") && table.contains("ns/layer") && table.contains("vs flat"))
        // 4 ÷ 2 and 5 ÷ 2 ms: × floor 2.00x and 2.50x; 50.0 ns per layer, 1.25x the flat row.
        #expect(table.contains("2.00x") && table.contains("2.50x") && table.contains("50.0 ns") && table.contains("1.25x"))
    }
}
