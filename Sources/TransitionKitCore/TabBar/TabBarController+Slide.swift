import Foundation

extension TabBarController {
    /// Selects tab `index` with a side-by-side slide (`SlideAnimator`'s `.tab`): towards a
    /// higher index the new tab comes in from the right while the old one leaves to the left,
    /// towards a lower index the mirror image.
    ///
    /// Runs for this one request: the app's tab bar delegate stays the delegate, is asked
    /// `shouldSelect` and hears `didSelect` (see `select(_:animated:transition:completion:)`).
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - duration: seconds, finite and >= 0 (default 0.35, `SlideAnimator`'s).
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count` (as
    ///   `select(_:animated:transition:completion:)`) and `duration` is finite and >= 0; either
    ///   traps with the value.
    public func slideSelect(_ index: Int, duration: TimeInterval = 0.35, completion: (@MainActor (Bool) -> Void)? = nil) {
        precondition(duration.isFinite && duration >= 0, "slide duration \(duration) s: accepted finite, >= 0 seconds")
        select(index, animated: true, transition: TransitionOverride(animator: SlideAnimator(duration: duration)), completion: completion)
    }
}
