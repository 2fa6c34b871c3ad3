import Foundation
import TransitionKitCore

extension TabBarController {
    /// Selects tab `index` with a cross-dissolve (or `effect`'s fade through a colour).
    ///
    /// Runs for this one request: the app's tab bar delegate stays the delegate, is asked
    /// `shouldSelect` and hears `didSelect` (see `select(_:animated:transition:completion:)`).
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - effect: the configuration (default `Fade()`: 0.3 s cross-dissolve).
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count` (traps otherwise, as
    ///   `select(_:animated:transition:completion:)`).
    public func fadeSelect(_ index: Int, effect: Fade = Fade(), completion: (@MainActor (Bool) -> Void)? = nil) {
        select(index, animated: true, transition: TransitionOverride(animator: FadeAnimator(effect)), completion: completion)
    }
}
