import Foundation
import TransitionKitCore

extension TabBarController {
    /// Selects tab `index` with a circular reveal rising from its bar item (the tab
    /// counterpart of `radialPush`, which reveals from a button's frame).
    ///
    /// Runs for this one request: the app's tab bar delegate stays the delegate, is asked
    /// `shouldSelect` and hears `didSelect` (see `select(_:animated:transition:completion:)`).
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - duration: seconds, finite and >= 0 (default 0.33, RadialTransition's).
    ///   - startFrame: container coordinates in points; nil → the centre of the tab's bar
    ///     item (`itemFrameInContainerView(at:)`, see `RadialAnimator`).
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count` (traps otherwise, as
    ///   `select(_:animated:transition:completion:)`); `duration` and `startFrame` are finite
    ///   (as `Radial`'s initialiser).
    public func radialSelect(
        _ index: Int, duration: TimeInterval = Radial.defaultDuration, startFrame: CGRect? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let animator = RadialAnimator(Radial(duration: duration, startFrame: startFrame), operation: .tab)
        select(index, animated: true, transition: TransitionOverride(animator: animator), completion: completion)
    }
}
