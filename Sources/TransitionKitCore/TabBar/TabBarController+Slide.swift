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
    /// - Throws: `TransitionKitError.invalidValue` for an index outside the tabs or a duration
    ///   that is not finite and >= 0.
    public func slideSelect(_ index: Int, duration: TimeInterval = 0.35, completion: (@MainActor (Bool) -> Void)? = nil)
        throws(TransitionKitError)
    {
        try TransitionKitError.check(duration, "slide duration", in: 0...Double.greatestFiniteMagnitude, accepted: "finite, >= 0 seconds")
        try select(index, animated: true, transition: TransitionOverride(animator: SlideAnimator(duration: duration)), completion: completion)
    }
}
