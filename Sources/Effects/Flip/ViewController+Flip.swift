import Foundation
import TransitionKitCore

extension ViewController {
    /// Presents `viewController` with the flip (UIKit's `modalTransitionStyle = .flipHorizontal`
    /// with the default effect): this screen turns over and the presented one is on its back.
    ///
    /// The request is queued like `present(_:animated:completion:)` and refused the same way
    /// (`completion(false)`, nothing changed) when this view is not in a window or already
    /// presents something.
    /// - Parameters:
    ///   - viewController: the view controller to present.
    ///   - effect: the configuration (default `Flip()`: 0.5 s, m34 = −1/1000, from the right).
    ///   - completion: `true` if the presentation happened.
    public func flipPresent(_ viewController: ViewController, effect: Flip = Flip(), completion: (@MainActor (Bool) -> Void)? = nil) {
        present(viewController, animated: true, transition: TransitionOverride(animator: FlipAnimator(effect)), completion: completion)
    }

    /// Dismisses what this view controller presents (or itself) with the flip back: the card
    /// turns the other way, as `flipHorizontal`'s dismissal ("from left-to-right" after a
    /// right-to-left presentation).
    /// - Parameters:
    ///   - effect: the configuration; use the one the presentation used for an exact reverse.
    ///   - interactionController: drives the dismissal; nil for a time-based one.
    ///   - completion: `true` if the dismissal happened, `false` when there is nothing to
    ///     dismiss or it was cancelled.
    public func flipDismiss(
        effect: Flip = Flip(), interactionController: (any InteractiveTransitioning)? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        dismiss(
            animated: true, transition: TransitionOverride(animator: FlipAnimator(effect), interactionController: interactionController),
            completion: completion)
    }
}

extension ViewController.Transition {
    /// UIKit's `flipHorizontal` as a view controller's `preferredTransition` (iOS 18's
    /// `UIViewController.Transition.flipHorizontal`): presenting or pushing the view controller
    /// flips the screen over from the right to show it, dismissing or popping it flips back
    /// from the left.
    ///
    /// ```swift
    /// settings.preferredTransition = .flipHorizontal()
    /// root.present(settings)      // and settings.dismiss() flips back
    /// ```
    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.5).
    ///   - perspectiveDistance: points, finite and > 0 (default 1000).
    /// - Precondition: the values are in range (see `Flip.init`).
    public static func flipHorizontal(
        duration: TimeInterval = Flip.defaultDuration, perspectiveDistance: CGFloat = Flip.defaultPerspectiveDistance
    ) -> Self {
        let flip = Flip(duration: duration, perspectiveDistance: perspectiveDistance, direction: .fromRight)
        return Self(name: Flip.name) { operation in flip.makeAnimator(for: operation) }
    }
}
