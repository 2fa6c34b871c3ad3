import CurlEffect
import DragDismissEffect
import FadeEffect
import FlipEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import SheetEffect
import TransitionKitCore
import ZoomEffect

/// The whole effect-bench (`run`, `list`, `render`, `play`, JSON, HTML, baseline and
/// effect-to-effect comparison) as a library: a package's own bench executable over its
/// effects and the built-ins is one call.
///
/// ```swift
/// // Sources/iris-bench/main.swift
/// import EffectBenchKit
/// import IrisEffect
///
/// EffectBench.main(effects: [Iris.self])   // iris, the built-ins, radial+fade, pushback3d>fade
/// ```
///
/// `swift run -c release iris-bench run --compare iris:radial` then prints every effect in one
/// table and the ratio rows iris ÷ radial. The command grammar is the one of `effect-bench
/// --help` (README.md, "effect-bench").
public enum EffectBench {
    /// The seven effects TransitionKit ships, in the order `list` and `run` show them: slide
    /// (UIKit's own transitions, the default; in TransitionKitCore), radial, fade, pushback3d,
    /// dragdismiss, zoom, flip, sheet, curl.
    public static var builtInEffects: [any TransitionEffect.Type] {
        [Slide.self, Radial.self, Fade.self, PushBack3D.self, DragDismiss.self, Zoom.self, Flip.self, Sheet.self, Curl.self]
    }

    /// The compositions of built-in effects every bench lists and runs after them (see
    /// `ComposedEffect`): `radial+fade` (the reveal while the incoming view fades in) and
    /// `pushback3d>fade` (the outgoing view tilts back, then the incoming one fades in over it).
    public static var builtInCompositions: [any TransitionEffect.Type] {
        [ParallelEffect<Radial, Fade>.self, SequentialEffect<PushBack3D, Fade>.self]
    }

    /// A registry holding `effects` in the given order, then (when `includingBuiltIns`) the
    /// built-in effects and the built-in compositions.
    /// - Throws: `TransitionKitError.invalidOperation` when two effects share a name (one of
    ///   yours and a built-in included) or a name is not lowercase letters and digits (a
    ///   composition's: see `EffectRegistry.register(_:)`).
    public static func registry(effects: [any TransitionEffect.Type], includingBuiltIns: Bool = true) throws(TransitionKitError)
        -> EffectRegistry
    {
        var registry = EffectRegistry()
        func register<E: TransitionEffect>(_ type: E.Type) throws(TransitionKitError) { try registry.register(type) }
        for type in effects + (includingBuiltIns ? builtInEffects + builtInCompositions : []) { try register(type) }
        return registry
    }

    /// Runs one command line (without the program name, e.g. `["run", "--frames", "30"]`)
    /// over `registry`: parses, runs, hands the result to `output` and returns the exit status.
    ///
    /// Every error is one line (starting with `program` and a colon) handed to `errorOutput`;
    /// nothing is written to `output` then. Exit status: 0 ok, 1 failure, 2 bad arguments, 3 regression
    /// against `--baseline`.
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - registry: the effects the commands know.
    ///   - program: the name error lines start with (default `effect-bench`; `main` passes
    ///     the executable's file name, e.g. `iris-bench`).
    ///   - output: receives the command's result text (the table, the `list` lines, ...);
    ///     default: standard output.
    ///   - errorOutput: receives the error line and `run`'s debug-build warning, each without
    ///     a trailing newline; default: standard error.
    @MainActor
    public static func run(
        arguments: [String], registry: EffectRegistry, program: String = "effect-bench", output: (String) -> Void = { print($0) },
        errorOutput: (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
    ) -> Int32 {
        do throws(BenchError) {
            switch try ArgumentParser.parse(arguments) {
            case .help:
                output(HelpText.text(program: program))
            case .list:
                output(ListCommand.output(registry))
            case .run(let options):
                if !MachineInfo.isOptimized {
                    errorOutput("\(program): WARNING: this is a DEBUG build; timings are meaningless. Build and run it with -c release.")
                }
                let outcome = try RunCommand.run(options, registry: registry)
                output(outcome.text)
                if outcome.regression {
                    throw BenchError(
                        kind: .regression,
                        message: "regression against \(options.baselinePath ?? "baseline") above \(Int(options.threshold * 100)) %")
                }
            case .render(let request):
                output(try RenderCommand.run(request, registry: registry))
            case .play(let request):
                output(try PlayCommand.run(request, registry: registry))
            }
            return 0
        } catch {
            errorOutput(error.line(program: program))
            return error.exitCode
        }
    }

    /// The whole program: registers `effects` followed by the built-in effects, runs the
    /// process's command line (`CommandLine.arguments`) with `run(arguments:registry:)` and
    /// exits with its status. Two effects with one name end the program with one line on
    /// standard error and status 2.
    ///
    /// Allocation counts (`allocs/frame`) are measured because linking EffectBenchKit links
    /// its malloc-counting wrappers into the executable (see `AllocationCounter`).
    @MainActor
    public static func main(effects: [any TransitionEffect.Type] = []) -> Never {
        let executable = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        let program = executable.isEmpty ? "effect-bench" : executable
        let registry: EffectRegistry
        do {
            registry = try self.registry(effects: effects)
        } catch {
            let failure = BenchError(error)
            FileHandle.standardError.write(Data("\(failure.line(program: program))\n".utf8))
            exit(failure.exitCode)
        }
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), registry: registry, program: program))
    }

    /// The entry named `name` (registered, or a composition of registered effects such as
    /// `radial>fade`: `EffectRegistry.resolvedEntry(named:)`), or a usage error listing the
    /// registered names (`TransitionKitError.unknownName`'s message).
    static func entry(_ name: String, in registry: EffectRegistry) throws(BenchError) -> EffectRegistry.Entry {
        do throws(TransitionKitError) {
            return try registry.resolvedEntry(named: name)
        } catch {
            throw BenchError(error)
        }
    }
}
