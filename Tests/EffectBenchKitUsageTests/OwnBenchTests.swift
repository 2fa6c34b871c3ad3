import EffectBenchKit
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// A slide named wipe, written in the test, as an outside package would write one: the incoming screen
/// enters from the right, its offset `width × (1 − progress)` points.
struct Wipe: TransitionEffect {
    static let name = "wipe"
    static let summary = "the incoming screen wipes in from the right; push and pop"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop]

    init() {}
    init(parameters: EffectParameters) throws(TransitionKitError) { self.init() }

    var interactions: [EffectInteraction] { [.leftEdgePanPop] }

    @MainActor
    func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        ClosureAnimator(
            duration: 0.25,
            prepare: { context throws(TransitionKitError) in
                let (from, to) = try context.viewsInContainer(effect: Self.name)
                context.containerView.insertSubview(to, aboveSubview: from)
            },
            update: { progress, context in
                let width = context.containerView.bounds.width
                context.view(forKey: .to)?.transform3D = Transform3D(translationX: width * (1 - progress), y: 0)
            })
    }
}

/// A bench of one's own, made only through EffectBenchKit's public API (no `@testable`): the
/// wipe registered next to the built-ins, every command run through `EffectBench.run`.
@MainActor
@Suite struct OwnBenchTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("own-bench-\(getpid())-\(UUID().uuidString)")
    let registry: EffectRegistry

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        registry = try EffectBench.registry(effects: [Wipe.self])
    }

    /// Runs `arguments`; returns the exit status, what went to `output` and to `errorOutput`
    /// (debug-build warnings left out).
    func bench(_ arguments: [String]) -> (status: Int32, out: String, err: [String]) {
        var out: [String] = [], err: [String] = []
        let status = EffectBench.run(
            arguments: arguments, registry: registry, output: { out.append($0) }, errorOutput: { err.append($0) })
        return (status, out.joined(separator: "\n"), err.filter { !$0.hasPrefix("effect-bench: WARNING") })
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Solid 40x80 white (outgoing) and blue (incoming) screens.
    func solidScreens() throws -> [String] {
        try PNGEncoder.write(Bitmap(width: 40, height: 80, fill: RGBA8(r: 255, g: 255, b: 255, a: 255)), to: path("white.png"))
        try PNGEncoder.write(Bitmap(width: 40, height: 80, fill: RGBA8(r: 0, g: 0, b: 255, a: 255)), to: path("blue.png"))
        return ["--from", path("white.png"), "--to", path("blue.png"), "--size", "40x80", "--scale", "1"]
    }

    @Test func registryPutsOwnEffectsFirstThenTheBuiltIns() throws {
        #expect(
            registry.names == [
                "wipe", "slide", "radial", "fade", "pushback3d", "dragdismiss", "zoom", "flip", "sheet", "curl", "radial+fade", "pushback3d>fade",
            ])
        #expect(EffectBench.builtInCompositions.map { $0.name } == ["radial+fade", "pushback3d>fade"])
        #expect(
            EffectBench.builtInEffects.map { $0.name } == ["slide", "radial", "fade", "pushback3d", "dragdismiss", "zoom", "flip", "sheet", "curl"])
        #expect(throws: TransitionKitError.self) { try EffectBench.registry(effects: [Wipe.self, Wipe.self]) }
    }

    @Test func listShowsTheOwnEffectAndTheBuiltIns() {
        let r = bench(["list"])
        #expect(r.status == 0 && r.err.isEmpty)
        let lines = r.out.components(separatedBy: "\n")
        #expect(lines.prefix(2) == ["wipe: the incoming screen wipes in from the right; push and pop", "  operations: push, pop"])
        #expect(lines.contains { $0.hasPrefix("radial: ") } && lines.contains { $0.hasPrefix("dragdismiss: ") })
    }

    /// At progress 0.5 the blue screen is offset by 40 × (1 − 0.5) = 20 pt: columns 0...19
    /// still show white, 20...39 blue (whole-pixel edge, so no blended column).
    @Test func renderDrawsTheOwnEffect() throws {
        let out = path("half.png")
        let r = bench(["render", "wipe", "--operation", "push", "--progress", "0.5", "--out", out] + (try solidScreens()))
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        #expect(r.out == "wrote \(out): wipe push at progress 0.5, 40x80 px")
        let bitmap = try PNGDecoder.read(contentsOf: out)
        #expect(bitmap.pixel(x: 19, y: 40) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(bitmap.pixel(x: 20, y: 40) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    /// One table with the wipe and radial, and `--compare wipe:radial` rows equal to the
    /// ratios of the p50s written to the JSON report.
    @Test func runComparesTheOwnEffectWithABuiltIn() throws {
        let json = path("run.json")
        let r = bench([
            "run", "--effects", "wipe,radial", "--frames", "3", "--size", "40x80", "--scale", "1", "--json", json,
            "--compare", "wipe:radial",
        ])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let report = try BenchReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)), path: json)
        #expect(report.results.map { "\($0.effect) \($0.operation)" } == ["wipe push", "wipe pop", "radial push", "radial pop", "radial tab"])
        let lines = r.out.components(separatedBy: "\n")
        let header = try #require(lines.first { $0.hasPrefix("effect ") })
        for column in ["model p50", "render p50", "allocs/frame", "bytes/frame"] { #expect(header.contains(column)) }
        #expect(lines.contains { $0.hasPrefix("wipe    push ") } && lines.contains { $0.hasPrefix("radial  pop ") })
        #expect(lines.contains("effect comparison (a ÷ b, p50, this run):"))
        for op in ["push", "pop"] {
            let wipe = try #require(report.result(effect: "wipe", operation: op))
            let radial = try #require(report.result(effect: "radial", operation: op))
            let render = String(format: "%.3f", wipe.renderMilliseconds.p50 / radial.renderMilliseconds.p50)
            let model = String(format: "%.3f", wipe.modelNanoseconds.p50 / radial.modelNanoseconds.p50)
            let row = try #require(lines.first { $0.hasPrefix("wipe ÷ radial  \(op) ") }, "\(r.out)")
            #expect(row.split(separator: " ").suffix(2) == [Substring(render), Substring(model)], "\(row)")
        }
    }

    /// `--baseline old.json --compare wipe:radial`: this run's wipe ÷ the baseline's radial.
    @Test func baselineComparesAcrossNames() throws {
        let old = path("old.json")
        let small = ["--frames", "3", "--size", "40x80", "--scale", "1"]
        #expect(bench(["run", "--effects", "radial", "--json", old] + small).status == 0)
        let r = bench(["run", "--effects", "wipe", "--baseline", old, "--threshold", "100", "--compare", "wipe:radial"] + small)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("wipe ÷ radial  push ") } && lines.contains { $0.hasPrefix("wipe ÷ radial  pop ") })
        // Only the radial's tab switch has no wipe counterpart (this own wipe has push and pop).
        #expect(r.out.components(separatedBy: "\n").filter { $0.contains("unmatched") } == ["  unmatched: radial tab (only in baseline)"])
        let missing = bench(["run", "--effects", "wipe", "--baseline", old, "--compare", "wipe:fade"] + small)
        #expect(missing.status == 2 && missing.err == ["effect-bench: --compare wipe:fade: baseline \(old) has no effect 'fade'; it has: radial"])
    }

    /// A left-edge drag across most of the 320 pt window, released slowly: the pop finishes.
    @Test func playDrivesTheOwnEffectsDeclaredGesture() throws {
        var samples = ["{\"t\":0,\"x\":1,\"y\":240,\"phase\":\"began\"}"]
        for k in 1...30 { samples.append("{\"t\":\(Double(k) * 0.02),\"x\":\(1 + Double(k) * 9),\"y\":240,\"phase\":\"moved\"}") }
        samples.append("{\"t\":0.8,\"x\":271,\"y\":240,\"phase\":\"ended\"}")
        try Data("{\"samples\":[\(samples.joined(separator: ","))]}".utf8).write(to: URL(fileURLWithPath: path("drag.json")))
        let r = bench(["play", "wipe", "--operation", "pop", "--gesture", path("drag.json"), "--json"])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(summary["effect"] as? String == "wipe" && summary["outcome"] as? String == "finished")
        #expect(summary["depth_before"] as? Int == 2 && summary["depth_after"] as? Int == 1)
    }

    @Test func badInputIsOneLineWithTheDocumentedStatus() {
        let unknown = bench(["render", "wip", "--out", path("x.png")])
        #expect(unknown.status == 2 && unknown.out.isEmpty)
        #expect(
            unknown.err == [
                "effect-bench: unknown effect 'wip'; registered: wipe, slide, radial, fade, pushback3d, dragdismiss, zoom, flip, sheet, curl, radial+fade, pushback3d>fade; did you mean 'wipe'?"
            ])
        let unshared = bench(["run", "--compare", "wipe:fade", "--effects", "wipe"])
        #expect(
            unshared.status == 2 && unshared.err == ["effect-bench: --compare wipe:fade: 'fade' is not in this run; add it to --effects (wipe)"])
        #expect(
            bench(["run", "--compare", "wipe"]).err == ["effect-bench: --compare 'wipe' is not a:b, two effect names (e.g. --compare iris:radial)"])
        #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    }

    /// A bench of one's own names itself in its error lines (`main` passes the executable's name).
    @Test func errorLinesNameTheProgram() {
        var err: [String] = []
        let status = EffectBench.run(
            arguments: ["list", "--bogus"], registry: registry, program: "wipe-bench", output: { _ in }, errorOutput: { err.append($0) })
        #expect(status == 2)
        #expect(err.count == 1 && err[0].hasPrefix("wipe-bench: "), "\(err)")
    }
}
