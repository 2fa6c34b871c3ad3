import Foundation
import TransitionKitCore

extension NavigationController {
    /// Pushes `viewController` with the flip (the category-style entry point, as `radialPush`):
    /// the screen turns over about its centre and the pushed screen is on its back.
    ///
    /// Runs for this one request only: the app's navigation delegate stays the delegate and
    /// receives `willShow`/`didShow`; `completion` runs exactly once, after the stack changed.
    /// - Parameters:
    ///   - viewController: the view controller to push; not already in a navigation stack.
    ///   - effect: the configuration (default `Flip()`: 0.5 s, m34 = −1/1000, from the right).
    ///   - completion: `true` if the push happened.
    public func flipPush(_ viewController: ViewController, effect: Flip = Flip(), completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.push(viewController), animated: true, transition: TransitionOverride(animator: FlipAnimator(effect)), completion: completion)
    }

    /// Pops the top view controller with the flip back (the push played backwards: the card
    /// turns the other way).
    /// - Parameters:
    ///   - effect: the configuration; use the one the push used for an exact reverse.
    ///   - interactionController: drives the pop; nil for a time-based pop.
    ///   - completion: `true` if the pop happened, `false` on the root or when cancelled.
    public func flipPop(
        effect: Flip = Flip(), interactionController: (any InteractiveTransitioning)? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        perform(
            .pop, animated: true, transition: TransitionOverride(animator: FlipAnimator(effect), interactionController: interactionController),
            completion: completion)
    }
}
