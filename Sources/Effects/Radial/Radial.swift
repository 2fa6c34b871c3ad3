import Foundation
import TransitionKitCore

/// The circular reveal as a registered effect (`radial`).
public struct Radial: TransitionEffect {
    public static let name = "radial"
    public static let summary = "circular reveal from a start frame (RadialTransition), push and pop"
    public static let parameters = [
        EffectParameter(
            name: "duration", summary: "length of the transition", unit: "seconds",
            defaultValue: RadialAnimator.defaultDuration, range: 0...10, source: "RadialTransition's 0.33 s"),
        EffectParameter(
            name: "conceal", summary: "pop style: 0 reveals the previous view, 1 shrinks the outgoing one",
            unit: "0 or 1", defaultValue: 0, range: 0...1, source: "RadialTransition reveals on pop", wholeNumbers: true),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop]

    public let duration: TimeInterval
    public let conceal: Bool

    /// The animator of `operation`: `conceal` applies to pop only.
    @MainActor
    func radialAnimator(for operation: TransitionOperation) -> RadialAnimator {
        RadialAnimator(duration: duration, style: operation == .pop && conceal ? .conceal : .reveal)
    }

    public init(parameters: EffectParameters) throws(TransitionKitError) {
        duration = parameters["duration"]
        conceal = parameters["conceal"] >= 0.5
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        radialAnimator(for: operation)
    }
}
