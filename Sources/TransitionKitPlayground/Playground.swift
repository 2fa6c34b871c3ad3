import EffectBenchKit
import Foundation
import TransitionKitCore

/// The playground as a library: a window where a person runs an effect's transitions at the
/// display's rate, drives its gestures with the pointer (or a touch screen), slows them down,
/// pauses, steps, scrubs, tunes parameters and records. An effect author's package opens its
/// own effects in it with one line, as `EffectBench.main()` gives it a bench:
///
/// ```swift
/// // Sources/iris-playground/main.swift
/// import IrisEffect
/// import TransitionKitPlayground
///
/// Playground.main(effects: [Iris.self])   // iris first, then the built-ins
/// ```
///
/// `swift run -c release iris-playground` opens it. The window needs SDL2 at run time
/// (Debian: `apt-get install libsdl2-dev`) and a display; under CI, `xvfb-run` or
/// `SDL_VIDEODRIVER=offscreen`. Without either it prints one line saying so and exits 1.
public enum Playground {
    /// Runs the playground over `effects` followed by the built-in effects, with the process's
    /// command line (`playground --help`), and exits with its status: 0 after the window was
    /// closed, 1 without SDL2 or a display (one line on standard error), 2 for bad arguments.
    @MainActor
    public static func main(effects: [any TransitionEffect.Type] = []) -> Never {
        let registry: EffectRegistry
        do { registry = try EffectBench.registry(effects: effects) } catch {
            FileHandle.standardError.write(Data("playground: \(error)\n".utf8))
            exit(2)
        }
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), registry: registry))
    }

    /// Runs one command line (without the program name) over `registry`; returns the exit
    /// status (see `main(effects:)`). `output` gets the recording lines and one JSON line per
    /// transition that ended (`{"event":"ended","effect",...,"outcome":"finished"|"cancelled","depth"}`);
    /// `errorOutput` the one-line failure.
    @MainActor
    public static func run(
        arguments: [String], registry: EffectRegistry, output: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data("\($0)\n".utf8)) },
        errorOutput: (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
    ) -> Int32 {
        do throws(PlaygroundFailure) {
            let options = try PlaygroundOptions.parse(arguments)
            if let name = options.effect, (try? registry.resolvedEntry(named: name)) == nil {
                throw .usage("unknown effect '\(name)'; registered: \(registry.names.joined(separator: ", "))")
            }
            let app = try PlaygroundApp(options: options, registry: registry, output: output)
            app.run()
            app.close()
            return 0
        } catch {
            switch error {
            case .help: output(PlaygroundOptions.usage)
            case .usage(let line): errorOutput("playground: \(line)\n\(PlaygroundOptions.usage)")
            case .failure(let line): errorOutput("playground: \(line)")
            }
            return error.exitCode
        }
    }
}
