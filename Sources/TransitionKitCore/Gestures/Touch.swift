import Foundation

/// The phase of a touch in its sequence (`UITouch.Phase`, reduced to what a single finger
/// and the trace format need).
///
/// The raw values are the strings of the gesture-trace format
/// (`{"t":0.0,"x":1.0,"y":420.0,"phase":"began"}`, see `GestureTrace`).
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    /// The finger touched down.
    case began
    /// The finger moved (or reported its position again) while down.
    case moved
    /// The finger lifted.
    case ended
    /// The system took the touch away (an incoming call, a system gesture); a recognizer
    /// that had begun ends in `.cancelled` and an interactive transition must cancel (C2).
    case cancelled

    /// Whether the phase ends the touch sequence (`ended` or `cancelled`).
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}

/// One sample of one finger: when, where, and in which phase (`UITouch`, as a value).
///
/// ```swift
/// window.send(Touch(timestamp: 0, location: CGPoint(x: 1, y: 240), phase: .began))
/// ```
public struct Touch: Sendable, Hashable {
    /// When the sample was taken, seconds on the frame clock's timeline.
    public var timestamp: TimeInterval
    /// Where the finger was, points in window coordinates (origin top left, y down).
    public var location: CGPoint
    /// The phase of the touch at this sample.
    public var phase: TouchPhase

    /// A touch sample.
    /// - Parameters:
    ///   - timestamp: seconds; should be finite and non-decreasing along a sequence.
    ///   - location: points in window coordinates; should be finite.
    ///   - phase: the phase of the sample.
    public init(timestamp: TimeInterval, location: CGPoint, phase: TouchPhase) {
        self.timestamp = timestamp
        self.location = location
        self.phase = phase
    }

    /// Whether the timestamp and both coordinates are finite (what `GestureTrace` accepts).
    public var isFinite: Bool { timestamp.isFinite && location.x.isFinite && location.y.isFinite }
}
