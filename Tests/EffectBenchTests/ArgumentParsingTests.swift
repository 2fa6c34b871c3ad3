import Foundation
import Testing
import TransitionKitCore

@testable import EffectBenchKit

/// effect-bench's command line (README.md, "effect-bench"): every form parses to the
/// documented defaults, and bad input gives a usage error naming the problem.
@Suite struct ArgumentParsingTests {
    @Test func defaultIsRunWithDesignDefaults() throws {
        let c = try ArgumentParser.parse([])
        guard case .run(let o) = c else { Issue.record("\(c)"); return }
        #expect(o.scene.size == CGSize(width: 393, height: 852) && o.scene.scale == 3)
        #expect(o.frames == 120 && o.threads == 1 && o.repeats == 3 && o.effects.isEmpty && o.threshold == 0.10)
        #expect(o.jsonPath == nil && o.baselinePath == nil && o.htmlPath == nil)
        #expect(try ArgumentParser.parse(["run"]) == c)
    }

    @Test func runOptions() throws {
        let c = try ArgumentParser.parse([
            "run", "--effects", "radial,fade", "--size", "390x844", "--scale", "2", "--frames", "60",
            "--threads", "2", "--repeat", "5", "--json", "out.json", "--baseline=old.json", "--threshold", "0.25",
            "--html", "r.html", "--from", "a.png", "--to", "b.png", "--compare", "radial:fade", "--compare=fade:radial",
        ])
        guard case .run(let o) = c else { Issue.record("\(c)"); return }
        #expect(o.effects == ["radial", "fade"] && o.scene.size == CGSize(width: 390, height: 844) && o.scene.scale == 2)
        #expect(o.frames == 60 && o.threads == 2 && o.repeats == 5 && o.jsonPath == "out.json" && o.baselinePath == "old.json")
        #expect(o.threshold == 0.25 && o.htmlPath == "r.html" && o.scene.fromPath == "a.png" && o.scene.toPath == "b.png")
        #expect(o.comparisons == [EffectPair(effect: "radial", reference: "fade"), EffectPair(effect: "fade", reference: "radial")])
    }

    @Test func renderAndPlay() throws {
        let r = try ArgumentParser.parse([
            "render", "radial", "--operation", "pop", "--progress", "0.5", "--param", "duration=0.5",
            "--param", "popstyle=conceal", "--out", "x.png",
        ])
        #expect(
            r
                == .render(
                    RenderRequest(
                        scene: SceneOptions(size: CGSize(width: 393, height: 852), scale: 1), effect: "radial",
                        operation: .pop, progress: 0.5, parameters: ["duration": "0.5", "popstyle": "conceal"], outPath: "x.png")))
        let banded = try ArgumentParser.parse(["render", "radial", "--progress", "0.5", "--threads", "2", "--out", "x.png"])
        guard case .render(let b) = banded else { Issue.record("\(banded)"); return }
        #expect(b.threads == 2 && b.progress == 0.5)
        let listed = try ArgumentParser.parse(["render", "zoom", "--progress", "0.5", "--list"])
        guard case .render(let l) = listed else { Issue.record("\(listed)"); return }
        #expect(l.list && l.outPath == nil && l.progress == 0.5)
        let p = try ArgumentParser.parse(["play", "radial", "--operation", "pop", "--gesture", "t.json", "--json"])
        guard case .play(let request) = p else { Issue.record("\(p)"); return }
        #expect(request.json && request.outPath == nil && request.gesturePath == "t.json" && request.operation == .pop)
        #expect(try ArgumentParser.parse(["list"]) == .list)
        #expect(try ArgumentParser.parse(["--help"]) == .help)
    }

    /// Each bad command line and a fragment the one-line message must contain.
    static let bad: [([String], String)] = [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["run", "--frames", "1"], "--frames '1'"),
        (["run", "--param", "duration=0.5"], "--param sets a parameter of one effect"),
        (["run", "--effects", "radial,fade", "--param", "duration=0.5"], "--param sets a parameter of one effect"),
        (["run", "--effects", "fade", "--param", "duration"], "--param 'duration' is not name=value"),
        (["run", "--frames", "abc"], "--frames 'abc'"),
        (["run", "--threads", "0"], "--threads '0'"),
        (["run", "--repeat", "0"], "--repeat '0'"),
        (["run", "--repeat", "101"], "--repeat '101'"),
        (["run", "--size", "393"], "--size '393'"),
        (["run", "--size", "0x10"], "--size '0x10'"),
        (["run", "--size", "nanxnan"], "--size 'nanxnan'"),
        (["run", "--scale", "100"], "--scale '100'"),
        (["run", "--scale", "inf"], "--scale 'inf'"),
        (["run", "--size", "16000x16000", "--scale", "3"], "pixels a side"),
        (["run", "--bogus", "1"], "unknown option --bogus"),
        (["run", "--frames"], "needs a value"),
        (["run", "--json"], "--json needs a file path"),
        (["run", "extra"], "unexpected argument 'extra'"),
        (["run", "--frames", "10", "--frames", "20"], "--frames is given more than once"),
        (["run", "--damage", "--damage"], "option --damage is given more than once"),
        (["run", "--damage=1"], "option --damage takes no value, got --damage=1"),
        (["run", "--damage", "--damage=yes"], "option --damage takes no value, got --damage=yes"),
        (["run", "--help=1"], "option --help takes no value, got --help=1"),
        (["run", "--many-layer", "--many-layer"], "option --many-layer is given more than once"),
        (["run", "--many-layer=1"], "option --many-layer takes no value, got --many-layer=1"),
        (["run", "--many-layer", "--from", "a.png", "--to", "b.png"], "--many-layer draws the built-in list screen"),
        (["render", "radial", "--out", "a.png", "--many-layer"], "unknown option --many-layer for this command"),
        (["play", "radial", "--operation", "pop", "--gesture", "t.json", "--json", "--json"], "option --json is given more than once"),
        (["play", "radial", "--operation", "pop", "--gesture", "t.json", "--json=out.json"], "option --json takes no value, got --json=out.json"),
        (["render", "radial", "--out", "a.png", "--damage"], "unknown option --damage for this command"),
        (["run", "--compare", "radial"], "--compare 'radial' is not a:b"),
        (["run", "--compare", "radial:"], "--compare 'radial:' is not a:b"),
        (["run", "--compare", "a:b:c"], "--compare 'a:b:c' is not a:b"),
        (["run", "--compare", "radial:radial"], "compares an effect with itself"),
        (["run", "--effects", "fade,radial,fade"], "--effects names 'fade' twice"),
        (["run", "--compare", "fade:radial", "--compare", "fade:radial"], "--compare fade:radial is given twice"),
        (["run", "--json", "out.json", "--html", "out.json"], "--json and --html name the same file 'out.json'"),
        (["run", "--json", "--frames", "3"], "--json needs a file path"),
        (["render", "radial", "--out", "x.png", "--frames", "3", "--threads", "2"], "--threads applies to one frame"),
        (["render", "radial", "--out", "x.png", "--threads", "2"], "--threads needs --progress P"),
        (["render", "radial", "--out", "x.png", "--progress", "0.5", "--threads", "0"], "--threads '0'"),
        (["run", "--json="], "--json names an empty path"),
        (["run", "--json", ""], "--json names an empty path"),
        (["run", "--html="], "--html names an empty path"),
        (["run", "--baseline="], "--baseline names an empty path"),
        (["render", "radial", "--out="], "--out names an empty path"),
        (["render", "radial", "--out", "x.png", "--from="], "--from names an empty path"),
        (["play", "radial", "--operation", "pop", "--gesture="], "--gesture names an empty path"),
        (["render", "radial", "--out", "a.png", "--out", "b.png"], "--out is given more than once"),
        (["render"], "render needs an effect name"),
        (["render", "radial"], "render needs --out"),
        (["render", "radial", "--list"], "--list prints one frame's display list: it needs --progress P"),
        (["render", "radial", "--list=1", "--progress", "0.5"], "--list"),
        (["render", "radial", "--out", "x.png", "--progress", "1.5"], "--progress '1.5'"),
        (["render", "radial", "--out", "x.png", "--progress", "0.5", "--frames", "3"], "cannot be combined"),
        (["render", "radial", "--out", "x.png", "--operation", "sideways"], "--operation 'sideways'"),
        (["render", "radial", "--out", "x.png", "--param", "duration"], "--param 'duration'"),
        (["render", "radial", "--out", "x.png", "--param", "duration="], "--param 'duration='"),
        (["render", "radial", "--out", "x.png", "--param", "=1"], "--param '=1'"),
        (["render", "radial", "--out", "x.png", "--param", "duration=1", "--param", "duration=2"], "--param duration is given twice"),
        (["render", "radial", "--out", "x.png", "--param", "Duration=1", "--param", "duration=2"], "--param duration is given twice"),
        (["play", "radial", "--gesture", "t.json", "--json"], "play needs --operation"),
        (["play", "radial", "--operation", "push", "--gesture", "t.json", "--json"], "must be pop, dismiss or tab"),
        (["play", "radial", "--operation", "pop", "--json"], "play needs --gesture"),
    ]

    /// `--json` takes any file name as run's report path, not only one ending in `.json`.
    @Test func runJSONPathNeedNotEndInJSON() throws {
        guard case .run(let o) = try ArgumentParser.parse(["run", "--json", "results.txt", "--frames", "2"]) else {
            Issue.record("not a run")
            return
        }
        #expect(o.jsonPath == "results.txt" && o.frames == 2)
        guard case .play(let p) = try ArgumentParser.parse(["play", "radial", "--operation", "pop", "--gesture", "t.json", "--json"]) else {
            Issue.record("not a play")
            return
        }
        #expect(p.json && p.gesturePath == "t.json")
    }

    /// `run --param` with one effect: its settings as given, for the registry to read; names
    /// in any case (a UIKit user's `behindViewScale`) are the declared lowercase names, values
    /// are kept as typed.
    @Test func runParametersOfItsOneEffect() throws {
        guard
            case .run(let o) = try ArgumentParser.parse([
                "run", "--effects", "fade", "--param", "duration=0.25", "--param=style=through", "--param", "behindViewScale=Through",
            ])
        else {
            Issue.record("not a run")
            return
        }
        #expect(o.effects == ["fade"] && o.parameters == ["duration": "0.25", "style": "through", "behindviewscale": "Through"])
    }

    /// `--damage` once turns the damage sweeps on; absent, they stay off.
    @Test func damageIsAFlag() throws {
        guard case .run(let on) = try ArgumentParser.parse(["run", "--damage", "--frames", "2"]),
            case .run(let off) = try ArgumentParser.parse(["run", "--frames", "2"])
        else {
            Issue.record("not a run")
            return
        }
        #expect(on.damage && on.frames == 2)
        #expect(!off.damage)
    }

    /// `--many-layer` once adds the layer rows; absent, they stay off; it takes no value, so
    /// the word after it is read on its own (`--many-layer --frames 2`).
    @Test func manyLayerIsAFlag() throws {
        guard case .run(let on) = try ArgumentParser.parse(["run", "--many-layer", "--frames", "2"]),
            case .run(let off) = try ArgumentParser.parse(["run", "--frames", "2"])
        else {
            Issue.record("not a run")
            return
        }
        #expect(on.manyLayer && on.frames == 2 && !on.damage)
        #expect(!off.manyLayer)
    }

    @Test(arguments: bad)
    func badArgumentsGiveOneClearLine(arguments: [String], fragment: String) {
        do {
            let c = try ArgumentParser.parse(arguments)
            Issue.record("\(arguments) parsed as \(c)")
        } catch {
            #expect(error.kind == .usage && error.exitCode == 2)
            #expect(error.description.hasPrefix("effect-bench: "))
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }
}
