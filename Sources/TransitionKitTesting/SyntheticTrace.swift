import Foundation
import TransitionKitCore

/// Touch streams built from a few numbers, for driving interactive transitions with
/// `Window.replay(_:on:maxFrames:onFrame:)`: a sample every 8 ms (125 Hz, the touch rate of
/// the recorded fixtures), the finger moving at a constant speed along straight segments,
/// the last sample of every segment landing exactly on its end point.
///
/// Release velocity: the recognizers estimate it over the last 0.1 s of samples, so a `rest`
/// longer than 0.1 s gives velocity 0 (position alone decides), `rest: 0` releases at the
/// speed of the last segment (a flick).
///
/// ```swift
/// let trace = SyntheticTrace.edgeSwipe(in: window.size, to: 0.7)   // finishes a pop
/// window.replay(trace, on: clock)
/// ```
public enum SyntheticTrace {
    /// The time between two samples: 8 ms.
    public static let sampleInterval: TimeInterval = 0.008

    /// A finger going through `points` in order (window points; the first is where it
    /// touches down) at `speed` points per second (> 0), then `rest` seconds of samples in
    /// place (>= 0), then the release (`.ended` or `.cancelled`) 8 ms later at the last point.
    /// - Precondition: `points` is non-empty, `speed` > 0 and finite, `rest` >= 0.
    /// - Complexity: O(path length / (speed · 8 ms) + rest / 8 ms) samples.
    public static func path(
        _ points: [CGPoint], speed: CGFloat, rest: TimeInterval = 0.15, release: TouchPhase = .ended
    ) -> GestureTrace {
        precondition(!points.isEmpty, "a path needs at least one point")
        precondition(speed > 0 && speed.isFinite, "speed must be finite and > 0, got \(speed)")
        precondition(rest >= 0, "rest must be >= 0, got \(rest)")
        let dt = sampleInterval
        var samples = [Touch(timestamp: 0, location: points[0], phase: .began)]
        var t = 0.0
        for (start, end) in zip(points, points.dropFirst()) {
            let dx = end.x - start.x, dy = end.y - start.y
            let duration = Double((dx * dx + dy * dy).squareRoot() / speed)
            let n = Int((duration / dt - 1e-9).rounded(.up))
            for k in 1...max(1, n) {
                let f = duration > 0 ? min(1, Double(k) * dt / duration) : 1
                let location = CGPoint(x: start.x + f * dx, y: start.y + f * dy)
                samples.append(Touch(timestamp: t + f * duration, location: location, phase: .moved))
            }
            t = samples.last!.timestamp
        }
        let last = points[points.count - 1]
        for _ in 0..<Int((rest / dt).rounded()) {
            t += dt
            samples.append(Touch(timestamp: t, location: last, phase: .moved))
        }
        samples.append(Touch(timestamp: t + dt, location: last, phase: release))
        return try! GestureTrace(samples: samples)  // non-decreasing timestamps by construction
    }

    /// A straight drag from `start` to `end` at `speed` points per second, then `rest`
    /// seconds in place, then the release (see `path(_:speed:rest:release:)`).
    public static func drag(
        from start: CGPoint, to end: CGPoint, speed: CGFloat, rest: TimeInterval = 0.15,
        release: TouchPhase = .ended
    ) -> GestureTrace {
        path([start, end], speed: speed, rest: rest, release: release)
    }

    /// A swipe from the left screen edge (x = 2 pt, half-way down a window of `size`) to the
    /// right by `fraction` of the width (0...1), at `speed` points per second, released after
    /// `rest` seconds at rest: with the default rest the release velocity is 0, so under
    /// `InteractionPolicy.default` a fraction above 0.5 finishes and one below cancels.
    public static func edgeSwipe(
        in size: CGSize, to fraction: CGFloat, speed: CGFloat = 300, rest: TimeInterval = 0.15, release: TouchPhase = .ended
    ) -> GestureTrace {
        let start = CGPoint(x: 2, y: size.height / 2)
        return drag(from: start, to: CGPoint(x: start.x + fraction * size.width, y: start.y), speed: speed, rest: rest, release: release)
    }

    /// A quick drag released while still moving: from `start` to `end` (window points) at
    /// `speed` points per second (default 1500, past the 500 pt/s flick threshold of
    /// `InteractionPolicy.default`), no rest, so the release velocity is `speed` toward `end`.
    public static func flick(from start: CGPoint, to end: CGPoint, speed: CGFloat = 1500) -> GestureTrace {
        path([start, end], speed: speed, rest: 0)
    }

    /// A drag that goes out and comes back: from `start` to `turn`, then back to `end`, at
    /// `speed` points per second, released after `rest` seconds in place (the reversal
    /// scenario: progress rises, then falls).
    public static func dragWithReversal(
        from start: CGPoint, to turn: CGPoint, back end: CGPoint, speed: CGFloat = 300, rest: TimeInterval = 0.15,
        release: TouchPhase = .ended
    ) -> GestureTrace {
        path([start, turn, end], speed: speed, rest: rest, release: release)
    }
}
