import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// The commands end to end on a tiny scene: outputs are written completely or not at all.
@MainActor
@Suite struct CommandTests {
    static let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("effect-bench-tests-\(getpid())")

    init() throws { try FileManager.default.createDirectory(at: Self.tmp, withIntermediateDirectories: true) }

    func options(_ extra: [String]) throws -> RunOptions {
        guard case .run(let o) = try ArgumentParser.parse(["run", "--size", "40x80", "--scale", "1", "--frames", "3"] + extra) else {
            throw BenchError.usage("not a run")
        }
        return o
    }

    @Test func runWritesJSONAndHTMLForEveryEffect() throws {
        let json = Self.tmp.appendingPathComponent("r.json").path, html = Self.tmp.appendingPathComponent("r.html").path
        let outcome = try RunCommand.run(
            try options(["--json", json, "--html", html]), registry: try EffectBench.registry(effects: []),
            progress: ProgressIndicator(enabled: false))
        // 5 + 3 + 5 + 3 + 2 + 4 + 5 + 2 + 4 operations (slide, radial, fade, pushback3d with tab; dragdismiss, zoom;
        // flip with tab; sheet; curl), then 3 + 3 of the built-in compositions (radial+fade, pushback3d>fade: push, pop, tab).
        #expect(outcome.report.results.count == 39)
        #expect(outcome.text.contains("radial") && outcome.text.contains("dragdismiss"))
        let decoded = try BenchReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)), path: json)
        #expect(decoded == outcome.report)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<table id=\"results\">") && page.contains("<svg") && page.contains("data:image/png;base64,"))
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 == 39)
    }

    /// `run --param` reaches the effect: fade's `duration` (seconds) is the sweeps' transition
    /// duration; the table and the JSON name the setting; a bad value is refused by the registry.
    @Test func runParameterReachesTheEffect() throws {
        let json = Self.tmp.appendingPathComponent("param.json").path
        let registry = try EffectBench.registry(effects: [])
        let outcome = try RunCommand.run(
            try options(["--effects", "fade", "--param", "duration=0.25", "--repeat", "1", "--json", json]), registry: registry,
            progress: ProgressIndicator(enabled: false))
        #expect(outcome.report.results.count == 5)
        #expect(outcome.report.results.allSatisfy { $0.transitionDuration == 0.25 })
        #expect(outcome.report.parameters == ["duration": "0.25"])
        #expect(outcome.text.contains("\nparameters: duration=0.25\n"))
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(object?["parameters"] as? [String: String] == ["duration": "0.25"])
        let plain = try RunCommand.run(
            try options(["--effects", "fade", "--repeat", "1"]), registry: registry, progress: ProgressIndicator(enabled: false))
        #expect(plain.report.parameters == nil && plain.report.results.allSatisfy { $0.transitionDuration != 0.25 })
        #expect(throws: BenchError.self) {
            _ = try RunCommand.run(
                try options(["--effects", "fade", "--param", "duration=-1", "--repeat", "1"]), registry: registry,
                progress: ProgressIndicator(enabled: false))
        }
    }

    /// A baseline sharing no effect and operation with the run is refused before anything is
    /// loaded or measured: the missing `--from` image would otherwise be reported first (and
    /// with images, only after the whole sweep).
    @Test func baselineWithNothingInCommonFailsBeforeMeasuring() throws {
        let json = Self.tmp.appendingPathComponent("other-effects.json").path
        var base = try RunCommand.run(
            try options(["--effects", "fade"]), registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false)
        ).report
        for i in base.results.indices { base.results[i].effect = "retired" }
        try base.encoded().write(to: URL(fileURLWithPath: json))
        let missing = Self.tmp.appendingPathComponent("no-such-image.png").path
        #expect(throws: BenchError.failure("baseline \(json) has no effect and operation in common with this run")) {
            try RunCommand.run(
                try options(["--effects", "radial", "--baseline", json, "--from", missing, "--to", missing]),
                registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false))
        }
    }

    @Test func baselineRegressionIsReported() throws {
        let json = Self.tmp.appendingPathComponent("base.json").path
        var base = try RunCommand.run(
            try options(["--effects", "radial"]), registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false)
        ).report
        // A baseline 1000x faster than anything real, in its render p50 and in its × floor
        // (what `--baseline` judges): this run must regress against it.
        for i in base.results.indices {
            base.results[i].renderMilliseconds = Distribution(p50: 1e-6, p90: 1e-6, p99: 1e-6, max: 1e-6, mean: 1e-6)
            #expect(base.results[i].xFloor != nil)
            base.results[i].xFloor = 1e-6
        }
        try base.encoded().write(to: URL(fileURLWithPath: json))
        let outcome = try RunCommand.run(
            try options(["--effects", "radial", "--baseline", json]), registry: try EffectBench.registry(effects: []),
            progress: ProgressIndicator(enabled: false))
        #expect(outcome.regression && outcome.text.contains("REGRESSION"))
    }

    @Test func badInputWritesNothing() throws {
        let json = Self.tmp.appendingPathComponent("never.json").path
        for extra in [
            ["--effects", "nosuch", "--json", json], ["--from", "/nonexistent.png", "--to", "/nonexistent.png", "--json", json],
            ["--from", "/etc/passwd", "--to", "/etc/passwd", "--json", json], ["--baseline", "/nonexistent.json", "--json", json],
            ["--json", "/nonexistent-dir/x.json"],
        ] {
            #expect(throws: BenchError.self, "\(extra)") {
                try RunCommand.run(try options(extra), registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false))
            }
            #expect(!FileManager.default.fileExists(atPath: json))
        }
    }

    @Test func renderListPrintsTheFramesDisplayList() throws {
        // Fade push at 0.5 (1x, 40x80): the root's black, the outgoing screen copied 1:1, the
        // incoming one blended over it at the layer opacity 0.5 → 128/255 (PixelMath.alpha8).
        var request = RenderRequest(
            scene: SceneOptions(size: CGSize(width: 40, height: 80), scale: 1), effect: "fade", operation: .push, progress: 0.5,
            outPath: nil)
        request.list = true
        let text = try RenderCommand.run(request, registry: try EffectBench.registry(effects: []))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("display list: 40x80 px") == true, "\(text)")
        #expect(lines.contains { $0.contains("contents 40x80 translation copy") }, "\(text)")
        #expect(lines.contains { $0.contains("contents 40x80 translation over 0.502") }, "\(text)")
        #expect(!lines.contains { $0.hasPrefix("wrote") })
    }

    @Test func renderOneFrameAnimationAndSheet() throws {
        let registry = try EffectBench.registry(effects: [])
        let one = Self.tmp.appendingPathComponent("one.png").path
        _ = try RenderCommand.run(
            RenderRequest(
                scene: SceneOptions(size: CGSize(width: 40, height: 80), scale: 1), effect: "radial",
                progress: 0.5, outPath: one), registry: registry)
        let bitmap = try PNGDecoder.read(contentsOf: one)
        #expect(bitmap.width == 40 && bitmap.height == 80)
        let sheet = Self.tmp.appendingPathComponent("sheet.png").path
        _ = try RenderCommand.run(
            RenderRequest(
                scene: SceneOptions(size: CGSize(width: 40, height: 80), scale: 1), effect: "fade",
                operation: .present, frames: 4, sheetColumns: 2, outPath: sheet), registry: registry)
        #expect(try PNGDecoder.read(contentsOf: sheet).width > 80)
        let apng = Self.tmp.appendingPathComponent("anim.png").path
        _ = try RenderCommand.run(
            RenderRequest(
                scene: SceneOptions(size: CGSize(width: 40, height: 80), scale: 1), effect: "pushback3d",
                frames: 5, outPath: apng), registry: registry)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: apng))
        #expect(bytes.range(of: Data("acTL".utf8)) != nil)
        // Unsupported operation and bad parameter values: usage errors, nothing written.
        let none = Self.tmp.appendingPathComponent("none.png").path
        for request in [
            RenderRequest(effect: "radial", operation: .present, progress: 0.5, outPath: none),
            RenderRequest(effect: "radial", progress: 0.5, parameters: ["duration": "-1"], outPath: none),
            RenderRequest(effect: "radial", progress: 0.5, parameters: ["nope": "1"], outPath: none),
            RenderRequest(effect: "nosuch", progress: 0.5, outPath: none),
        ] {
            #expect(throws: BenchError.self) { try RenderCommand.run(request, registry: registry) }
            #expect(!FileManager.default.fileExists(atPath: none))
        }
    }
}
