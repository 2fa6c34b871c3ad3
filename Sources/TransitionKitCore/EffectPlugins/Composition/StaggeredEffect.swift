import Foundation

/// One effect over the incoming view and, in a cascade, each of its subviews (Hero's
/// `cascade`), with no animator of its own. See `ComposedEffect` for the rules every
/// composition shares.
///
/// Items: item 0 is the transition itself (the effect on the outgoing and incoming views),
/// items 1…N the incoming view's subviews at the start, in subview order (back to front).
/// Each item runs the whole effect over a window of the timeline of length w = 1 ÷ (1 + N·d),
/// item k starting at k·d·w (d = `delay`, the delay between two items as a fraction of one
/// item's run), so item k is at clamp((p − k·d·w) ÷ w, 0, 1) and the last ends at p = 1.
/// A subview runs the effect as if it were the incoming screen arriving over an empty,
/// invisible view with its frame, inside the incoming view (the effect's container then):
/// a fade fades it in, a radial reveal grows from the incoming view's edge, a slide moves it
/// in. Those empty views, and everything else, are removed when the transition ends.
///
/// Duration: the effect's × (1 + N·d), so each item runs for the effect's own duration.
/// Timing: the stagger's own curve is linear; in time-based playback each item runs the
/// effect's curve inside its window, so item k starts at k·d·w of the timeline and ends a
/// window later whatever the curve (a spring-timed effect included; scenario U6). While a
/// finger drives the transition each item sees its window of the finger's progress.
/// Only item 0 gets `finalizeTransition` (the subviews are restored like every layer). An
/// incoming view with no subviews is the effect alone.
///
/// ```swift
/// let cascade = StaggeredEffect(Fade(), delay: 0.25)   // the rows fade in one after another
/// ```
public struct StaggeredEffect<Effect: TransitionEffect>: ComposedEffect {
    /// The effect every item runs.
    public var effect: Effect
    /// The delay between two items' starts as a fraction of one item's run, 0...1 (default 0.25).
    public var delay: Double

    /// - Precondition: `delay` is in 0...1.
    public init(_ effect: Effect, delay: Double = 0.25) {
        precondition(delay.isFinite && (0...1).contains(delay), "StaggeredEffect delay must be 0...1, got \(delay)")
        self.effect = effect
        self.delay = delay
    }

    /// `delay`: fraction of one item's run 0...1, default 0.25.
    public static var delayParameter: EffectParameter<Double> {
        .number(
            "delay", summary: "delay between two subviews' starts, as a fraction of one subview's run", unit: "fraction", default: 0.25,
            range: 0...1, source: "TransitionKit's choice: a quarter of a run, a visible cascade that keeps every item moving")
    }

    /// `staggered(effect)`, e.g. `staggered(fade)`.
    public static var name: String { "staggered(\(Effect.name))" }
    public static var summary: String { "\(Effect.name) on the incoming view, then on each of its subviews in a cascade" }
    /// The effect's parameters, prefixed (`fade.duration`, …), then `delay`.
    public static var parameters: [AnyEffectParameter] { Composition.parameters(Effect.self) + [AnyEffectParameter(delayParameter)] }
    /// The effect's operations.
    public static var supportedOperations: [TransitionOperation] { Effect.supportedOperations }
    /// The effect's presentation style.
    public static var modalPresentationStyle: ModalPresentationStyle { Effect.modalPresentationStyle }

    /// The effect from its prefixed parameters, and `delay`.
    /// - Throws: what the effect's `init(parameters:)` throws.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(try Composition.part(Effect.self, from: parameters), delay: parameters[Self.delayParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        StaggerAnimator(screen: effect.makeAnimator(for: operation), delay: CGFloat(delay)) { [effect] in effect.makeAnimator(for: operation) }
    }

    /// The effect's gestures.
    public var interactions: [EffectInteraction] { effect.interactions }

    /// The effect's interactive animation for item 0 (following the finger as it does); the
    /// subviews cascade as in `makeAnimator(for:)`.
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        var run = effect.makeInteractiveAnimation(for: operation, touchDown: touchDown)
        run.animator = StaggerAnimator(screen: run.animator, delay: CGFloat(delay)) { [effect] in effect.makeAnimator(for: operation) }
        return run
    }

    /// The window of item `k` (0 = the transition, 1…`count` the subviews) among
    /// `count` subviews: length 1 ÷ (1 + count·delay), start k·delay·length.
    /// - Complexity: O(1).
    public static func itemWindow(_ k: Int, of count: Int, delay: Double) -> (start: Double, length: Double) {
        let w = ProgressWindow.staggered(k, of: count, delay: CGFloat(delay))
        return (Double(w.start), Double(w.length))
    }
}

extension StaggeredEffect: Equatable where Effect: Equatable {}
extension StaggeredEffect: Hashable where Effect: Hashable {}
