import Foundation
import TransitionKitCore

/// Entry point: parse, run, print; errors are one line on standard error with a non-zero exit.
@MainActor
func effectBenchMain(_ arguments: [String]) -> Int32 {
    do throws(BenchError) {
        let registry = BenchEffects.registry()
        switch try ArgumentParser.parse(arguments) {
        case .help:
            print(HelpText.text)
        case .list:
            print(ListCommand.output(registry))
        case .run(let options):
            if !MachineInfo.isOptimized {
                FileHandle.standardError.write(
                    Data("effect-bench: WARNING: this is a DEBUG build; timings are meaningless. Use `swift run -c release effect-bench`.\n".utf8))
            }
            let outcome = try RunCommand.run(options, registry: registry)
            print(outcome.text)
            if outcome.regression {
                throw BenchError(
                    kind: .regression, message: "regression against \(options.baselinePath ?? "baseline") above \(Int(options.threshold * 100)) %")
            }
        case .render(let request):
            print(try RenderCommand.run(request, registry: registry))
        case .play(let request):
            print(try PlayCommand.run(request, registry: registry))
        }
        return 0
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return error.exitCode
    }
}

exit(MainActor.assumeIsolated { effectBenchMain(Array(CommandLine.arguments.dropFirst())) })
