import Foundation

/// Two effects one after the other (`radial>fade`): the first over progress 0…`split`, the
/// second over `split`…1, with no animator of its own. See `ComposedEffect` for the rules
/// every composition shares.
///
/// At the composition's eased progress p the first part is at min(1, p ÷ split) and the
/// second at max(0, (p − split) ÷ (1 − split)): both parts set their layers on every frame,
/// the second holding its start state until `split` and the first its end state after it,
/// and properties both set combine as in `ParallelEffect` (opacities multiply, transforms
/// concatenate; anything else is an `EffectConflict`). A sequence therefore reads well when
/// the second part's start leaves the first part's work visible (`pushback3d>fade`: the
/// outgoing view tilts back, then the incoming one fades in over it). Duration: the sum of
/// the parts'.
///
/// ```swift
/// let tiltThenFade = SequentialEffect(PushBack3D(), Fade(), split: 0.4)
/// ```
public struct SequentialEffect<First: TransitionEffect, Second: TransitionEffect>: ComposedEffect {
    /// The part that runs first: its curve, gestures and operation order are the composition's.
    public var first: First
    /// The part that runs second.
    public var second: Second
    /// Where the first part ends and the second starts, progress 0...1 (default 0.5).
    public var split: Double

    /// - Precondition: `split` is in 0...1.
    public init(_ first: First, _ second: Second, split: Double = 0.5) {
        precondition(split.isFinite && (0...1).contains(split), "SequentialEffect split must be 0...1, got \(split)")
        self.first = first
        self.second = second
        self.split = split
    }

    /// `split`: progress 0...1, default 0.5.
    public static var splitParameter: EffectParameter<Double> {
        .number(
            "split", summary: "where the first effect ends and the second starts", unit: "progress", default: 0.5, range: 0...1,
            source: "TransitionKit's choice: halves")
    }

    /// `first>second`, e.g. `radial>fade`.
    public static var name: String { Composition.operand(First.name) + ">" + Composition.operand(Second.name) }
    public static var summary: String { "\(First.name), then \(Second.name)" }
    /// The parts' parameters, prefixed (`pushback3d.angle`, `fade.duration`, …), then `split`.
    public static var parameters: [AnyEffectParameter] {
        Composition.parameters(First.self) + Composition.parameters(Second.self) + [AnyEffectParameter(splitParameter)]
    }
    /// The operations both parts support, in the first part's order.
    public static var supportedOperations: [TransitionOperation] { Composition.operations(First.self, Second.self) }
    /// `.overFullScreen` if either part uses it.
    public static var modalPresentationStyle: ModalPresentationStyle { Composition.style(First.self, Second.self) }

    /// Both parts from their prefixed parameters, and `split`.
    /// - Throws: what either part's `init(parameters:)` throws.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            try Composition.part(First.self, from: parameters), try Composition.part(Second.self, from: parameters),
            split: parameters[Self.splitParameter])
    }

    /// The windows of the two parts: 0…split and split…1.
    var windows: (first: ProgressWindow, second: ProgressWindow) {
        let t = CGFloat(split)
        return (ProgressWindow(start: 0, length: t), ProgressWindow(start: t, length: 1 - t))
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        Composition.animator(first, first.makeAnimator(for: operation), windows.first, second, windows.second, for: operation, rule: .sum)
    }

    /// The first part's gestures for the supported operations.
    public var interactions: [EffectInteraction] { Composition.interactions(first.interactions, supported: Self.supportedOperations) }

    /// The first part's interactive animation (following the finger as it does), then the second.
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        var run = first.makeInteractiveAnimation(for: operation, touchDown: touchDown)
        run.animator = Composition.animator(first, run.animator, windows.first, second, windows.second, for: operation, rule: .sum)
        return run
    }
}

extension SequentialEffect: Equatable where First: Equatable, Second: Equatable {}
extension SequentialEffect: Hashable where First: Hashable, Second: Hashable {}
