import Foundation
import TransitionKitCore

extension ViewController.Transition {
    /// The page curl as a view controller's `preferredTransition` (UIKit's
    /// `UIModalTransitionStyle.partialCurl` and `UIView.transition`'s `curlUp`/`curlDown`):
    /// presenting or pushing the view controller curls the screen above it up and away,
    /// dismissing or popping it curls that screen back down over it. See `Curl`.
    ///
    /// ```swift
    /// settings.preferredTransition = .partialCurl()
    /// viewController.present(settings)
    /// ```
    /// - Parameter curl: the configuration (default 30°, 40 pt, 0.6 s).
    public static func partialCurl(_ curl: Curl = Curl()) -> Self {
        Self(name: Curl.name, makeAnimator: { operation in curl.makeAnimator(for: operation) })
    }
}

extension ViewController {
    /// Presents `viewController` with the curl up (the category-style entry point): this
    /// screen curls up and away, revealing it. `completion` runs once, `true` if it presented.
    public func curlPresent(_ viewController: ViewController, effect: Curl = Curl(), completion: (@MainActor (Bool) -> Void)? = nil) {
        present(viewController, animated: true, transition: TransitionOverride(animator: CurlAnimator(effect)), completion: completion)
    }

    /// Dismisses the presented view controller with the curl down: the screen below curls back
    /// down over it. `completion` runs once, `true` if it dismissed.
    public func curlDismiss(effect: Curl = Curl(), completion: (@MainActor (Bool) -> Void)? = nil) {
        dismiss(animated: true, transition: TransitionOverride(animator: CurlAnimator(effect)), completion: completion)
    }
}

extension NavigationController {
    /// Pushes `viewController` with the curl up: the top screen curls away, revealing it.
    /// `completion` runs once, `true` if the push happened.
    public func curlPush(_ viewController: ViewController, effect: Curl = Curl(), completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.push(viewController), animated: true, transition: TransitionOverride(animator: CurlAnimator(effect)), completion: completion)
    }

    /// Pops the top view controller with the curl down: the screen below curls back over it.
    /// `completion` runs once, `true` if the pop happened (`false` on the root or cancelled).
    public func curlPop(effect: Curl = Curl(), completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.pop, animated: true, transition: TransitionOverride(animator: CurlAnimator(effect)), completion: completion)
    }
}
