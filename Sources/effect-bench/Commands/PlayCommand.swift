import Foundation
import TransitionKitCore

/// `effect-bench play`: an interactive pop or dismiss driven by a recorded touch trace.
@MainActor
enum PlayCommand {
    static func run(_ request: PlayRequest, registry: EffectRegistry) throws(BenchError) -> String {
        throw .failure("play is not available yet")
    }
}
