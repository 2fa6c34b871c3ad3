/// The direction a `PanGestureRecognizer` accepts when it decides to begin.
public enum PanAxis: Sendable, Hashable, CaseIterable {
    /// Any direction (UIKit's pan).
    case any
    /// Begins only if, when the movement first reaches the recognizer's minimum distance,
    /// |dx| > |dy| (window coordinates); a tie or a more vertical movement fails.
    case horizontal
    /// Begins only if |dy| > |dx| at that moment; a tie or a more horizontal movement fails.
    case vertical
}
