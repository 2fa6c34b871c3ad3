import Foundation
import TransitionKitCore

extension ViewController.Transition {
    /// UIKit's `.crossDissolve` (iOS 18's `UIViewController.Transition.crossDissolve`, the look
    /// of `UIModalTransitionStyle.crossDissolve`): the view controller fades in over the screen
    /// it replaces when it is presented or pushed, and the screen below fades back in over it
    /// when it is dismissed or popped.
    ///
    /// It is `Fade()` (0.3 s, `easeInEaseOut`, style `.crossDissolve`): with p the eased
    /// progress, the incoming view's opacity is p above the untouched outgoing one, so each pixel
    /// is p·incoming + (1 − p)·outgoing (`Fade.opacities(at:)`). No gesture, as in UIKit: the
    /// view controller goes away with `pop()` or `dismiss()`.
    ///
    /// ```swift
    /// detail.preferredTransition = .crossDissolve
    /// nav.push(detail)             // dissolves in; nav.pop() dissolves back
    /// ```
    public static var crossDissolve: Self {
        var transition = Self.effect(Fade())
        transition.name = "crossDissolve"
        return transition
    }
}
