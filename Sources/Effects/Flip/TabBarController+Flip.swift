import Foundation
import TransitionKitCore

extension TabBarController {
    /// Selects tab `index` with the flip: towards a higher index the push's flip, towards a
    /// lower index the flip back.
    ///
    /// Runs for this one request: the app's tab bar delegate stays the delegate, is asked
    /// `shouldSelect` and hears `didSelect` (see `select(_:animated:transition:completion:)`).
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - effect: the configuration (default `Flip()`: 0.5 s, m34 = −1/1000, from the right).
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count` (traps otherwise, as
    ///   `select(_:animated:transition:completion:)`).
    public func flipSelect(_ index: Int, effect: Flip = Flip(), completion: (@MainActor (Bool) -> Void)? = nil) {
        select(index, animated: true, transition: TransitionOverride(animator: FlipAnimator(effect)), completion: completion)
    }
}
