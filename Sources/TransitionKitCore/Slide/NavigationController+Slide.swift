import Foundation

extension NavigationController {
    /// Pushes `viewController` with UIKit's push (`Slide`), the category-style entry point;
    /// the same as `perform(.push(viewController), animated: true)` when no delegate supplies an
    /// animator, and with `effect` to tune it.
    ///
    /// Runs for this one request only: the app's navigation delegate stays the delegate and
    /// receives `willShow`/`didShow`; `completion` runs exactly once, after the stack changed.
    /// - Parameters:
    ///   - viewController: the view controller to push; not already in a navigation stack.
    ///   - effect: the configuration (default `Slide()`).
    ///   - completion: `true` if the push happened.
    public func slidePush(_ viewController: ViewController, effect: Slide = Slide(), completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.push(viewController), animated: true, transition: TransitionOverride(animator: SlideAnimator(effect)), completion: completion)
    }

    /// Pops the top view controller with UIKit's pop (the push played backwards).
    /// - Parameters:
    ///   - effect: the configuration (default `Slide()`).
    ///   - interactionController: drives the pop (e.g. the back swipe's); nil for a time-based pop.
    ///   - completion: `true` if the pop happened, `false` on the root or when cancelled.
    public func slidePop(
        effect: Slide = Slide(), interactionController: (any InteractiveTransitioning)? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        perform(
            .pop, animated: true, transition: TransitionOverride(animator: SlideAnimator(effect), interactionController: interactionController),
            completion: completion)
    }
}
