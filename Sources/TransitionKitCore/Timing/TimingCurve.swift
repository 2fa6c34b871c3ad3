/// How a transition maps elapsed time to progress: linear, a cubic Bézier or a spring.
///
/// ```swift
/// let curve = TimingCurve.easeInEaseOut
/// curve.value(at: 0.5, duration: 0.35)   // 0.5
/// ```
public enum TimingCurve: Sendable, Hashable {
    /// Progress equals time progress.
    case linear
    /// A cubic Bézier of time progress (`CAMediaTimingFunction`).
    case cubicBezier(CubicBezier)
    /// A spring run for the transition's duration (`CASpringAnimation`,
    /// `UISpringTimingParameters`). Its position is not clamped: an underdamped spring
    /// overshoots past 1 and may not have settled exactly at 1 when the duration ends.
    case spring(Spring)

    /// Core Animation's `easeIn`: `.cubicBezier(.easeIn)`, control points (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.cubicBezier(.easeIn)
    /// Core Animation's `easeOut`: `.cubicBezier(.easeOut)`, control points (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(.easeOut)
    /// Core Animation's `easeInEaseOut`: `.cubicBezier(.easeInEaseOut)`, control points
    /// (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingCurve.cubicBezier(.easeInEaseOut)
    /// Core Animation's `default`: `.cubicBezier(.default)`, control points
    /// (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve.cubicBezier(.default)

    /// The eased progress of a transition at a time progress.
    ///
    /// - `.linear`: `progress` itself (not clamped).
    /// - `.cubicBezier(b)`: `b.value(at: progress)` (extrapolated outside 0...1).
    /// - `.spring(s)`: `s.value(at: progress * duration)`, the spring's position after that
    ///   many seconds. It may overshoot outside 0...1 and is not forced to 1 at progress 1.
    ///
    /// - Parameters:
    ///   - progress: elapsed time ÷ duration, finite; usually 0...1.
    ///   - duration: the transition's duration in seconds, finite and >= 0; only springs
    ///     use it.
    /// - Returns: eased progress (0 at the start, 1 at the end).
    /// - Precondition: both are finite and `duration` >= 0.
    /// - Complexity: O(1); see ``CubicBezier/value(at:)`` and ``Spring/value(at:)``.
    public func value(at progress: Double, duration: Double) -> Double {
        precondition(
            progress.isFinite && duration.isFinite && duration >= 0,
            "TimingCurve.value(at: \(progress), duration: \(duration)): progress must be finite, duration finite and >= 0"
        )
        switch self {
        case .linear:
            return progress
        case .cubicBezier(let curve):
            return curve.value(at: progress)
        case .spring(let spring):
            return spring.value(at: progress * duration)
        }
    }

    /// The curve for running the transition backwards (as when an interactive transition
    /// is cancelled).
    ///
    /// Linear stays linear and a Bézier becomes ``CubicBezier/reversed``. A spring is not
    /// time-reversible (it has no backwards solution that starts at rest), so a reversed
    /// spring is the same spring, now driving the way back: this is a choice, documented
    /// here, not a Core Animation rule.
    public var reversed: TimingCurve {
        switch self {
        case .linear:
            return .linear
        case .cubicBezier(let curve):
            return .cubicBezier(curve.reversed)
        case .spring:
            return self
        }
    }
}
