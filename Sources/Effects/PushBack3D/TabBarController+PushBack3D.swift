import Foundation
import TransitionKitCore

extension TabBarController {
    /// Selects tab `index` with the 3-D push-back: towards a higher index the tab on screen
    /// tilts back while the new one slides in from the right (the push), towards a lower index
    /// the reverse (the pop).
    ///
    /// Runs for this one request: the app's tab bar delegate stays the delegate, is asked
    /// `shouldSelect` and hears `didSelect` (see `select(_:animated:transition:completion:)`).
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - effect: the configuration (default: 10°, m34 = −1/300, 0.3 s easeInEaseOut).
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count` (traps otherwise, as
    ///   `select(_:animated:transition:completion:)`).
    public func pushBackSelect(
        _ index: Int, effect: PushBack3D = PushBack3D(), completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        select(index, animated: true, transition: TransitionOverride(animator: PushBack3DAnimator(effect)), completion: completion)
    }
}
