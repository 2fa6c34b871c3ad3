import Foundation

extension ViewController.Transition {
    /// Any effect as a preferred transition: its animators for push, pop, present and dismiss,
    /// its declared gestures (`TransitionEffect.interactions`) on the view controller's view,
    /// and its interactive runs (`makeInteractiveAnimation(for:touchDown:)`).
    ///
    /// Every transition of the view controller gets the effect's animator, also for an operation
    /// outside the effect's `supportedOperations` (a `Transition` has no way to decline one):
    /// give it to view controllers whose transitions the effect supports.
    ///
    /// A declared pop gesture and a plain dismiss drag in the same direction share one
    /// recognizer (it pops or dismisses, whichever the view controller's place allows), so two
    /// pans never compete for one touch.
    ///
    /// ```swift
    /// detail.preferredTransition = .effect(Radial())
    /// nav.push(detail)          // a radial reveal; an edge pan pops it back
    /// ```
    /// Its `modalPresentationStyle` is the effect's (`TransitionEffect.modalPresentationStyle`),
    /// so a view controller given `.effect(DragDismiss())` is presented `.overFullScreen`: the
    /// presenter's view stays in place behind it, as `EffectTransitioningDelegate` arranges.
    ///
    /// - Parameter effect: the effect; its configuration is used for every transition of the
    ///   view controller from now on.
    public static func effect<Effect: TransitionEffect>(_ effect: Effect) -> Self {
        var transition = Self(
            name: Effect.name, gestures: gestures(of: effect.interactions),
            makeInteractiveAnimation: { operation, _, _, touchDown in effect.makeInteractiveAnimation(for: operation, touchDown: touchDown) },
            makeAnimator: { operation in effect.makeAnimator(for: operation) })
        transition.modalPresentationStyle = Effect.modalPresentationStyle
        return transition
    }

    /// The gestures of `interactions`, a plain dismiss drag merged into an earlier gesture of
    /// the same direction (see `effect(_:)`).
    static func gestures(of interactions: [EffectInteraction]) -> [CustomGestureInteraction] {
        var gestures: [CustomGestureInteraction] = []
        for interaction in interactions {
            if case .dragToDismiss(let direction) = interaction, let i = gestures.firstIndex(where: { $0.direction == direction }) {
                gestures[i].operations.insert(.dismiss)
                continue
            }
            let gesture = interaction.gesture
            guard !gestures.contains(gesture) else { continue }
            gestures.append(gesture)
        }
        return gestures
    }
}
