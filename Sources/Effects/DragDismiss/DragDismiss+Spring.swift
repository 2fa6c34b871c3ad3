import Foundation
import TransitionKitCore

extension DragDismiss {
    /// The spring `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
    /// would run for this configuration, as a TransitionKit `Spring`.
    ///
    /// Mapping (a documented choice; UIKit does not publish its own):
    /// - damping ratio: UIKit's `usingSpringWithDamping` *is* a damping ratio ("1 smoothly
    ///   decelerates without oscillation"), so ζ = `dampingRatio` as is.
    /// - initial velocity: UIKit's unit is "the total animation distance traversed in one
    ///   second", the unit of `Spring.initialVelocity`, so it is used as is.
    /// - stiffness: UIKit's call takes a *duration*, and the animation is over (its completion
    ///   runs) when that duration ends, so the spring must be at rest by then. Mass is 1 and
    ///   the response (period of the undamped spring) is the one for which
    ///   `Spring.settlingDuration` (|x − 1| <= 0.001 and |x'| <= 0.01 per second from then on)
    ///   equals `duration`, found by bisection. For the defaults (0.8 s, ζ 0.8, v0 0.1) the
    ///   response is ≈ 0.5551 s (stiffness ≈ 128.1, damping ≈ 18.11), the overshoot peaks at
    ///   1–3 % past the end and progress is within 0.001 of 1 at 0.8 s (pinned in
    ///   `DragDismissModelTests.springMapping`).
    ///
    /// Rejected alternative: response = duration (SwiftUI's `Spring(duration:bounce:)`); with
    /// 0.8 s the spring would still be visibly short of its end when the transition ends.
    ///
    /// - Complexity: up to 64 bisection steps of `settlingDuration` (each a few hundred
    ///   evaluations); computed once per animator, never per frame.
    public var spring: Spring {
        DragDismiss.uiViewSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialSpringVelocity)
    }

    /// The spring of mass 1, damping ratio `dampingRatio` and `initialVelocity` (distances
    /// per second) whose `settlingDuration` equals `duration` seconds (see `spring`):
    /// `Spring(settlingDuration:dampingRatio:initialVelocity:)`.
    /// - Precondition: `duration` finite and > 0, `dampingRatio` finite and > 0,
    ///   `initialVelocity` finite.
    public static func uiViewSpring(duration: Double, dampingRatio: Double, initialVelocity: Double) -> Spring {
        Spring(settlingDuration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }
}
