import Foundation

/// A frame clock paced by the wall clock, for live playback: `run(until:)` sleeps to each
/// frame's deadline and fires the display links. Times are seconds of the monotonic clock
/// since the clock was created. A frame that is late is fired late, not repeated.
@MainActor
public final class RealTimeFrameClock: FrameClock {
    /// Seconds per frame, 1 / `framesPerSecond`.
    public let frameInterval: TimeInterval
    private let origin: UInt64
    private var links: [DisplayLink] = []

    /// - Parameter framesPerSecond: frame rate in Hz, 1...1000 (default 60).
    /// - Precondition: the rate is in that range (use `init(validatingFramesPerSecond:)` for a
    ///   rate read from outside).
    public init(framesPerSecond: Double = 60) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkRate(framesPerSecond) }
        frameInterval = 1 / framesPerSecond
        origin = DispatchTime.now().uptimeNanoseconds
    }

    /// A clock at a rate read from outside (a command line, a file).
    /// - Parameter framesPerSecond: frame rate in Hz, 1...1000.
    /// - Throws: `TransitionKitError.invalidValue` for a rate outside that range.
    public convenience init(validatingFramesPerSecond framesPerSecond: Double) throws(TransitionKitError) {
        try Self.checkRate(framesPerSecond)
        self.init(framesPerSecond: framesPerSecond)
    }

    private static func checkRate(_ framesPerSecond: Double) throws(TransitionKitError) {
        try TransitionKitError.check(framesPerSecond, "framesPerSecond", in: 1...1000, accepted: "1...1000 Hz")
    }

    /// Seconds of the monotonic clock since this clock was created.
    public var now: TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds &- origin) / 1e9
    }

    /// Number of links made and not invalidated.
    public var activeLinkCount: Int { links.count }

    /// A link that first fires on the next frame of `run(until:)`.
    public func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(clock: self, callback: callback)
        links.append(link)
        return link
    }

    /// Drops `link` (from `DisplayLink.invalidate()`).
    public func remove(_ link: DisplayLink) { links.removeAll { $0 === link } }

    /// Fires frames at the clock's rate until `condition` holds or no link is active.
    /// Blocks the calling (main) thread.
    public func run(until condition: () -> Bool = { false }) {
        var next = now
        while !links.isEmpty && !condition() {
            next += frameInterval
            let wait = next - now
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let t = now
            for link in links where link.isActive { link.fire(timestamp: t, frameInterval: frameInterval) }
        }
    }
}
