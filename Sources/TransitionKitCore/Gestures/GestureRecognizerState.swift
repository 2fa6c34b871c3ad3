/// The state of a gesture recognizer (`UIGestureRecognizer.State`).
///
/// A continuous gesture (a pan) goes `possible → began → changed* → ended | cancelled`, or
/// `possible → failed` if the touch never qualifies. A recognizer keeps its final state
/// (`ended`, `cancelled`, `failed`) until the next touch begins; then it is reset to
/// `possible`. (UIKit resets at the end of the run-loop turn; keeping the state until the
/// next touch lets headless callers read how a gesture ended.)
public enum GestureRecognizerState: Sendable, Hashable, CaseIterable {
    /// Touches are being watched; nothing recognized yet.
    case possible
    /// The gesture was recognized; the action has been called once with this state.
    case began
    /// The gesture continues (called on every move after `began`).
    case changed
    /// The finger lifted after the gesture began. Only this state may finish an
    /// interactive transition (see `InteractionPolicy`).
    case ended
    /// The system took the touch, the recognizer was disabled or removed while active.
    case cancelled
    /// The touches did not form this gesture; the action is not called.
    case failed

    /// Whether the gesture is in progress (`began` or `changed`).
    public var isActive: Bool { self == .began || self == .changed }

    /// Whether the recognizer is done with the current touch (`ended`, `cancelled`, `failed`).
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
}
