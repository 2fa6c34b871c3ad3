import Foundation
import TransitionKitCore

/// One finger on a window, moved step by step so a test can act between movements (resize
/// the window, read the layers): touch samples every 8 ms (the fixtures' 125 Hz) at a
/// constant speed, the last sample of a movement landing exactly on its target.
///
/// With `stepsClock` the clock advances one frame after every sample, so a display-link
/// driven interaction reads each position (its progress shows at the next frame).
@MainActor
public final class Finger {
    /// The window the touches go to.
    public let window: Window
    /// The clock stepped after every sample when `stepsClock` is true.
    public let clock: ManualFrameClock
    /// Whether every sample steps `clock` by one frame (display-link driven interactions).
    public let stepsClock: Bool
    /// Seconds of the last sample (touch time, independent of the clock's).
    public private(set) var time: TimeInterval = 0
    /// Window points of the last sample.
    public private(set) var location: CGPoint = .zero

    /// - Parameters:
    ///   - window: receives the touches.
    ///   - clock: the window's manual clock.
    ///   - stepsClock: step `clock` one frame after every sample (true for a display-link
    ///     driven interaction, whose progress shows at the next frame).
    public init(window: Window, clock: ManualFrameClock, stepsClock: Bool) {
        self.window = window
        self.clock = clock
        self.stepsClock = stepsClock
    }

    private func send(_ phase: TouchPhase) {
        window.send(Touch(timestamp: time, location: location, phase: phase))
        if stepsClock { clock.step() }
    }

    /// Touches down at `point` (window points).
    public func down(at point: CGPoint) {
        location = point
        send(.began)
    }

    /// Moves in a straight line to `target` at `speed` points per second (> 0), one sample
    /// every 8 ms.
    public func move(to target: CGPoint, speed: CGFloat = 300) {
        let start = location
        let dx = target.x - start.x, dy = target.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let step = speed * 0.008
        let n = max(1, Int((distance / step - 1e-9).rounded(.up)))
        for k in 1...n {
            let f = k == n ? 1 : CGFloat(k) * step / distance
            time += k == n ? Double((distance - CGFloat(k - 1) * step) / speed) : 0.008
            location = CGPoint(x: start.x + f * dx, y: start.y + f * dy)
            send(.moved)
        }
    }

    /// Keeps still for `seconds` (samples in place every 8 ms): a rest longer than the
    /// 0.1 s velocity window makes the release velocity 0.
    public func rest(for seconds: TimeInterval) {
        for _ in 0..<Int((seconds / 0.008).rounded()) {
            time += 0.008
            send(.moved)
        }
    }

    /// Lifts (`.ended`) or loses the touch to the system (`.cancelled`) 8 ms after the last
    /// sample, at the same place.
    public func lift(_ phase: TouchPhase = .ended) {
        time += 0.008
        send(phase)
    }
}
