import Foundation
import TransitionKitCore

/// Where a `DisplayFrameClock` reads time and how it waits: the monotonic clock and a sleep
/// for a real display, a scripted source in tests (`DisplayFrameClockTests`).
@MainActor
public protocol DisplayTimeSource: AnyObject {
    /// Seconds of a monotonic clock, never decreasing.
    var now: TimeInterval { get }
    /// Returns once `now >= time` (at once when it already is).
    func wait(until time: TimeInterval)
}

/// The process's monotonic clock (`DispatchTime`), waiting with `Thread.sleep`.
@MainActor
public final class MonotonicTimeSource: DisplayTimeSource {
    public init() {}
    public var now: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    public func wait(until time: TimeInterval) {
        let wait = time - now
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}

/// A frame clock driven by a display: frames on the display's vsync grid, with
/// `CADisplayLink`'s timestamps, and the frames the app missed counted.
///
/// The display refreshes every `frameInterval` = 1 / `refreshRate` seconds; vsync *k* is at
/// `k · frameInterval` on this clock's timeline (seconds since the clock was made). Each
/// frame fires every active link once, as `CADisplayLink` does: `timestamp` is the vsync that
/// just happened, `targetTimestamp` the next one (when the frame being drawn is shown) and
/// `duration` the refresh period. A link's work that ends after its `targetTimestamp` makes
/// the frame late: it is shown on the first vsync after the work ended, the next callback's
/// `timestamp` is that vsync (so timestamps always advance by whole refresh periods and never
/// drift) and the vsyncs skipped count in `framesMissed`.
///
/// Pacing: `.sleep` waits for each vsync on the time source (the renderer does not block on
/// vsync: software rendering, Xvfb, SDL's offscreen driver); `.presentBlocks` trusts the
/// renderer's present to return just after a vsync and snaps the timeline to the nearest one
/// (SDL granted `SDL_RENDERER_PRESENTVSYNC`), waiting only when the present returned more
/// than half a period early (a renderer that grants vsync without waiting for it).
@MainActor
public final class DisplayFrameClock: FrameClock {
    /// How frames are paced (see the type's documentation).
    public enum Pacing: Sendable, Hashable {
        /// Wait on the time source for each vsync.
        case sleep
        /// The present in the callback blocks until the vsync; snap to it.
        case presentBlocks
    }

    /// The display's refresh rate in Hz, 1...1000.
    public let refreshRate: Double
    /// The refresh period in seconds, 1 / `refreshRate`.
    public let frameInterval: TimeInterval
    /// How frames are paced.
    public let pacing: Pacing
    private let source: any DisplayTimeSource
    private let origin: TimeInterval
    private var links: [DisplayLink] = []
    /// The vsync the last frame fired on; nil before the first frame.
    public private(set) var vsyncIndex: Int?
    /// Frames fired so far.
    public private(set) var framesFired = 0
    /// Vsyncs skipped because a frame was late, in total.
    public private(set) var framesMissed = 0
    /// Vsyncs skipped before the last frame fired (0 when it was on time).
    public private(set) var lastMissed = 0

    /// A clock for a display refreshing at `refreshRate` Hz; its timeline starts now.
    /// - Parameters:
    ///   - refreshRate: Hz, finite and in 1...1000 (the display mode's rate; 60 when the
    ///     display reports none).
    ///   - pacing: `.sleep` (default) or `.presentBlocks`.
    ///   - source: the time source (default: the monotonic clock).
    /// - Throws: `TransitionKitError.invalidValue` for a rate outside 1...1000.
    public init(refreshRate: Double, pacing: Pacing = .sleep, source: any DisplayTimeSource = MonotonicTimeSource()) throws(TransitionKitError) {
        try TransitionKitError.check(refreshRate, "refreshRate", in: 1...1000, accepted: "1...1000 Hz")
        self.refreshRate = refreshRate
        frameInterval = 1 / refreshRate
        self.pacing = pacing
        self.source = source
        origin = source.now
    }

    /// Seconds since the clock was made.
    public var now: TimeInterval { source.now - origin }

    /// Number of links made and not invalidated.
    public var activeLinkCount: Int { links.count }

    /// A link that first fires on the next frame.
    public func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(clock: self, callback: callback)
        links.append(link)
        return link
    }

    /// Drops `link` (from `DisplayLink.invalidate()`).
    public func remove(_ link: DisplayLink) { links.removeAll { $0 === link } }

    /// The time of vsync `index`, seconds on this clock.
    public func time(ofVsync index: Int) -> TimeInterval { Double(index) * frameInterval }

    /// The first vsync strictly after `time` (seconds on this clock). A time within 1 µs
    /// before a vsync counts as that vsync's (so waking a hair early does not skip it).
    public func firstVsync(after time: TimeInterval) -> Int {
        Int(((time + 1e-6) / frameInterval).rounded(.down)) + 1
    }

    /// Waits for the next vsync and fires every active link once at it.
    ///
    /// The next vsync is the one after the last frame's; when the last frame's work ran past
    /// it, the first vsync after now, and the vsyncs in between count as missed.
    /// - Complexity: O(active links), plus what their callbacks do.
    public func step() {
        let t = now
        let next: Int
        switch (pacing, vsyncIndex) {
        case (_, nil):
            next = pacing == .sleep ? firstVsync(after: t) : Int((t / frameInterval).rounded())
            lastMissed = 0
        case (.sleep, let last?):
            next = max(last + 1, firstVsync(after: t))
            lastMissed = next - last - 1
        case (.presentBlocks, let last?):
            // The present just returned at a vsync: the nearest one.
            next = max(last + 1, Int((t / frameInterval).rounded()))
            lastMissed = next - last - 1
        }
        switch pacing {
        case .sleep: source.wait(until: origin + time(ofVsync: next))
        // A present that blocked returned at about that vsync and this returns at once; one
        // that did not (a renderer that grants vsync but does not wait) is held here, so the
        // frames still come once per refresh period.
        case .presentBlocks: source.wait(until: origin + time(ofVsync: next) - frameInterval / 2)
        }
        framesMissed += lastMissed
        vsyncIndex = next
        framesFired += 1
        let timestamp = time(ofVsync: next)
        for link in links where link.isActive { link.fire(timestamp: timestamp, frameInterval: frameInterval) }
    }

    /// Runs frames until `condition` holds (checked before each frame) or no link is active.
    public func run(until condition: () -> Bool = { false }) {
        while !links.isEmpty && !condition() { step() }
    }
}
