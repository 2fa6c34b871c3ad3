import Foundation
import TransitionKitCore

extension NavigationController {
    /// Pushes `viewController` with the 3-D push-back (the category-style entry point, in the
    /// manner of RadialTransition's `radialPushViewController:…`).
    ///
    /// Runs for this one request only: the app's navigation delegate stays the delegate and
    /// receives `willShow`/`didShow` (L2); `completion` runs exactly once, after the stack
    /// changed (L4).
    /// - Parameters:
    ///   - viewController: the view controller to push; not already in a navigation stack.
    ///   - effect: the configuration (default: 10°, m34 = −1/300, 0.3 s easeInEaseOut).
    ///   - completion: `true` if the push happened.
    public func pushBack3DPush(
        _ viewController: ViewController, effect: PushBack3D = PushBack3D(),
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        perform(
            .push(viewController), animated: true, transition: TransitionOverride(animator: PushBack3DAnimator(effect)),
            completion: completion)
    }

    /// Pops the top view controller with the reverse of the push-back: the view below comes
    /// forward from its tilted state while the top one slides out to the right.
    /// - Parameters:
    ///   - effect: the configuration; use the one the push used for an exact reverse.
    ///   - interactionController: drives the pop (e.g. a `PercentDrivenInteractiveTransition`
    ///     fed by an edge pan); nil for a time-based pop.
    ///   - completion: `true` if the pop happened, `false` on the root or when cancelled.
    public func pushBack3DPop(
        effect: PushBack3D = PushBack3D(), interactionController: (any InteractiveTransitioning)? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        perform(
            .pop, animated: true,
            transition: TransitionOverride(animator: PushBack3DAnimator(effect), interactionController: interactionController),
            completion: completion)
    }
}
