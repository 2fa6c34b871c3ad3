import Foundation

/// Decides, for the app, whether a gesture recognizer may take a touch, may begin, and which
/// other recognizers it waits for (`UIGestureRecognizerDelegate`, the three methods of it that a
/// single-touch, exclusive dispatcher needs). Every method has a default, so adopt only the
/// ones you need; set it as the recognizer's `delegate` (held weakly, as UIKit holds it).
///
/// ```swift
/// final class KeepSliderPans: GestureRecognizerDelegate {
///     weak var slider: View?
///     func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
///         guard let slider, let hit = slider.window?.rootView.hitTest(touch.location) else { return true }
///         return !hit.isDescendant(of: slider)        // the back swipe never starts on the slider
///     }
/// }
/// nav.interactiveContentPopGestureRecognizer?.delegate = keepSliderPans
/// ```
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer's own rules would move it out of `possible` into `began`
    /// (`gestureRecognizerShouldBegin(_:)`): false makes it `failed` for this touch instead.
    /// Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Asked at touch-down, before the recognizer sees the touch (`gestureRecognizer(_:shouldReceive:)`):
    /// false leaves the recognizer out of this touch's recipients altogether (it stays in its
    /// state, receives nothing and cannot begin). `touch.location` is in window coordinates.
    /// Default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Asked at touch-down for every other recipient of the touch
    /// (`gestureRecognizer(_:shouldRequireFailureOf:)`): true makes `gestureRecognizer` wait,
    /// for this touch, until `otherGestureRecognizer` has failed, as `require(toFail:)` does
    /// for every touch. Default false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer)
        -> Bool
    { false }
}
