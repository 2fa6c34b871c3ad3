import Foundation

/// A frame clock that advances only when told: deterministic frames for tests, traces and
/// offline rendering.
///
/// ```swift
/// let clock = ManualFrameClock(framesPerSecond: 60)
/// clock.advance(frames: 30)          // half a second of frames
/// clock.runUntilIdle()               // until no display link is active
/// ```
@MainActor
public final class ManualFrameClock: FrameClock {
    /// Seconds since the clock's origin; starts at 0.
    @exclusivity(unchecked) public private(set) var now: TimeInterval = 0
    /// Seconds per frame, 1 / `framesPerSecond`.
    public let frameInterval: TimeInterval
    @exclusivity(unchecked) private var links: [DisplayLink] = []

    /// - Parameter framesPerSecond: frame rate in Hz, finite and in 1...1,000,000 (default
    ///   60). Nothing waits on a manual clock, so offline sweeps may use very high rates.
    /// - Precondition: the rate is in that range (a literal outside it is a programmer error;
    ///   use `init(validatingFramesPerSecond:)` for a rate read from outside).
    public init(framesPerSecond: Double = 60) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkRate(framesPerSecond) }
        frameInterval = 1 / framesPerSecond
    }

    /// A clock at a rate read from outside (a command line, a file).
    /// - Parameter framesPerSecond: frame rate in Hz, finite and in 1...1,000,000.
    /// - Throws: `TransitionKitError.invalidValue` for a rate outside that range.
    public convenience init(validatingFramesPerSecond framesPerSecond: Double) throws(TransitionKitError) {
        try Self.checkRate(framesPerSecond)
        self.init(framesPerSecond: framesPerSecond)
    }

    private static func checkRate(_ framesPerSecond: Double) throws(TransitionKitError) {
        try TransitionKitError.check(framesPerSecond, "framesPerSecond", in: 1...1_000_000, accepted: "1...1000000 Hz")
    }

    /// Number of links made and not invalidated.
    public var activeLinkCount: Int { links.count }

    /// A link that first fires on the next `step()`.
    public func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(clock: self, callback: callback)
        links.append(link)
        return link
    }

    /// Drops `link` (from `DisplayLink.invalidate()`).
    public func remove(_ link: DisplayLink) {
        links.removeAll { $0 === link }
    }

    /// Advances one frame: `now` grows by `frameInterval`, then every active link fires once
    /// (links added during the frame first fire on the next one).
    public func step() {
        let before = now
        now += frameInterval
        precondition(now > before, "the manual clock no longer advances at t = \(before) s with a \(frameInterval) s frame (precision lost)")
        for link in links where link.isActive {
            link.fire(timestamp: now, frameInterval: frameInterval)
        }
    }

    /// Advances one frame of `interval` seconds (finite, > 0) instead of `frameInterval`:
    /// links see that interval as their `duration`. Used to sweep a transition in a chosen
    /// number of frames whatever its duration.
    public func step(by interval: TimeInterval) {
        precondition(interval > 0 && interval.isFinite, "frame interval must be finite and > 0 seconds, got \(interval)")
        now += interval
        for link in links where link.isActive {
            link.fire(timestamp: now, frameInterval: interval)
        }
    }

    /// Advances `frames` frames (>= 0).
    public func advance(frames: Int) {
        precondition(frames >= 0, "frames must be >= 0, got \(frames)")
        for _ in 0..<frames { step() }
    }

    /// Advances whole frames until at least `seconds` (finite, >= 0) have passed.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0 && seconds.isFinite, "seconds must be finite and >= 0, got \(seconds)")
        let target = now + seconds - frameInterval * 1e-6
        while now < target { step() }
    }

    /// Steps until no display link is active, at most `maxFrames` frames.
    /// - Returns: the number of frames stepped; equal to `maxFrames` if links remain.
    @discardableResult
    public func runUntilIdle(maxFrames: Int = 100_000) -> Int {
        var n = 0
        while !links.isEmpty && n < maxFrames {
            step()
            n += 1
        }
        return n
    }
}
