import Foundation

/// Two effects on the same transition at once (`radial+fade`: the radial reveal while the
/// incoming view fades in), with no animator of its own. See `ComposedEffect` for the rules
/// every composition shares.
///
/// Both parts see the composition's eased progress p unchanged. Properties set by both on
/// every frame combine: opacity = o₁·o₂ ÷ o₀ (each part's opacity a factor of the layer's own
/// o₀; o₁·o₂ when o₀ = 0), transform = T₁ · T₀⁻¹ · T₂ (T₁ then T₂ when the layer's own T₀ is
/// the identity). Any other property both set is an `EffectConflict`. Duration: the longer
/// part's.
///
/// ```swift
/// let revealAndFade = ParallelEffect(Radial(), Fade())
/// nav.perform(.push(detail), animated: true, transition: TransitionOverride(animator: revealAndFade.makeAnimator(for: .push)))
/// ```
public struct ParallelEffect<First: TransitionEffect, Second: TransitionEffect>: ComposedEffect {
    /// The part listed first: its curve, gestures and operation order are the composition's.
    public var first: First
    /// The other part.
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// `first+second`, e.g. `radial+fade`.
    public static var name: String { Composition.operand(First.name) + "+" + Composition.operand(Second.name) }
    public static var summary: String { "\(First.name) and \(Second.name) at once" }
    /// The parts' parameters, prefixed (`radial.duration`, `fade.duration`, …).
    public static var parameters: [AnyEffectParameter] { Composition.parameters(First.self) + Composition.parameters(Second.self) }
    /// The operations both parts support, in the first part's order.
    public static var supportedOperations: [TransitionOperation] { Composition.operations(First.self, Second.self) }
    /// `.overFullScreen` if either part uses it.
    public static var modalPresentationStyle: ModalPresentationStyle { Composition.style(First.self, Second.self) }

    /// Both parts from their prefixed parameters.
    /// - Throws: what either part's `init(parameters:)` throws.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(try Composition.part(First.self, from: parameters), try Composition.part(Second.self, from: parameters))
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        Composition.animator(first, first.makeAnimator(for: operation), .whole, second, .whole, for: operation, rule: .longest)
    }

    /// The first part's gestures for the supported operations.
    public var interactions: [EffectInteraction] { Composition.interactions(first.interactions, supported: Self.supportedOperations) }

    /// The first part's interactive animation (following the finger as it does) with the
    /// second part in parallel.
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        var run = first.makeInteractiveAnimation(for: operation, touchDown: touchDown)
        run.animator = Composition.animator(first, run.animator, .whole, second, .whole, for: operation, rule: .longest)
        return run
    }
}

extension ParallelEffect: Equatable where First: Equatable, Second: Equatable {}
extension ParallelEffect: Hashable where First: Hashable, Second: Hashable {}
