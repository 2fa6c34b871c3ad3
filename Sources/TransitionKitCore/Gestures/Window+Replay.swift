import Foundation

/// What `Window.replay(_:on:maxFrames:)` did.
public struct GestureReplayResult: Sendable, Hashable {
    /// Samples delivered with `Window.send(_:)` (all of them unless the frame cap was hit).
    public var samplesDelivered: Int
    /// Frames the clock was stepped.
    public var framesStepped: Int
    /// Whether every sample was delivered and the clock ended with no active display link.
    /// `false` means the frame cap stopped the replay.
    public var reachedIdle: Bool
}

extension Window {
    /// Plays a recorded gesture into the window, frame by frame on a manual clock.
    ///
    /// Timing: the trace's first sample is placed at the clock's current time (`clock.now`
    /// when called) and every sample keeps its offset from the first; each is sent with
    /// `send(_:)`, its timestamp moved onto the clock's timeline. A sample belongs to the
    /// first frame whose timestamp is >= its time, and is delivered just before that frame
    /// is stepped, in trace order, so the display links of that frame (a transition driver)
    /// already see its effect, as UIKit handles touch events before the next display
    /// refresh. Samples at or before the current time are delivered before any step;
    /// several samples can fall into one frame. Times are compared with a tolerance of
    /// 1 µs so that accumulated rounding of `now` does not push a sample to a later frame.
    ///
    /// After the last sample the clock keeps stepping until it is idle (no active display
    /// link, e.g. a finishing or cancelling transition has completed).
    ///
    /// - Parameters:
    ///   - trace: a validated trace.
    ///   - clock: the clock to step; normally this window's `frameClock`.
    ///   - maxFrames: cap on the frames stepped, >= 0 (default 100 000, about 28 minutes
    ///     at 60 Hz); reaching it stops the replay with `reachedIdle == false`.
    ///   - onFrame: called after every step (to record or render the frame), default none.
    /// - Returns: counts of samples and frames, and whether the clock went idle.
    /// - Complexity: O(samples + frames stepped), plus whatever the display links do.
    @discardableResult
    public func replay(
        _ trace: GestureTrace, on clock: ManualFrameClock, maxFrames: Int = 100_000,
        onFrame: (@MainActor () -> Void)? = nil
    ) -> GestureReplayResult {
        precondition(maxFrames >= 0, "maxFrames must be >= 0, got \(maxFrames)")
        let tolerance: TimeInterval = 1e-6
        let origin = clock.now
        let t0 = trace.samples.first?.timestamp ?? 0
        var next = 0
        var frames = 0
        func deliver(upTo time: TimeInterval) {
            while next < trace.samples.count {
                let s = trace.samples[next]
                let t = origin + (s.timestamp - t0)
                guard t <= time + tolerance else { return }
                send(Touch(timestamp: t, location: s.location, phase: s.phase))
                next += 1
            }
        }
        deliver(upTo: clock.now)
        while true {
            let delivered = next == trace.samples.count
            if delivered && clock.activeLinkCount == 0 {
                return GestureReplayResult(samplesDelivered: next, framesStepped: frames, reachedIdle: true)
            }
            if frames >= maxFrames {
                return GestureReplayResult(samplesDelivered: next, framesStepped: frames, reachedIdle: false)
            }
            deliver(upTo: clock.now + clock.frameInterval)
            clock.step()
            frames += 1
            onFrame?()
        }
    }
}
