import Foundation

/// A per-frame callback registration on a `FrameClock`, modelled on `CADisplayLink`.
///
/// While active (made and not invalidated) the link is called once per clock frame that its
/// `preferredFramesPerSecond` admits. Inside the callback, `timestamp` is the time of the
/// frame that was just shown and `targetTimestamp` the time of the next one, in seconds of
/// the clock; `duration` is the interval of that frame in seconds.
///
/// Users get links from `FrameClock.makeDisplayLink(_:)`. A `FrameClock` conformer creates
/// them with `init(clock:callback:)` and calls `fire(timestamp:frameInterval:)` on each active
/// link once per frame; everything happens on the main actor.
@MainActor
public final class DisplayLink {
    /// Time of the current frame, seconds on the clock. 0 before the first callback.
    @exclusivity(unchecked) public private(set) var timestamp: TimeInterval = 0
    /// Time the next frame will be shown, seconds (`timestamp + duration`).
    @exclusivity(unchecked) public private(set) var targetTimestamp: TimeInterval = 0
    /// The interval of the current frame in seconds, as the clock passed it to
    /// `fire(timestamp:frameInterval:)` (1/60 at 60 Hz). 0 before the first callback.
    @exclusivity(unchecked) public private(set) var duration: TimeInterval = 0
    /// Frames per second this link wants; 0 means every frame of the clock (the
    /// `CADisplayLink` default). Frames are skipped to approach the rate (a frame fires when
    /// at least 1/rate − half a frame interval seconds passed since the last one fired);
    /// negative values are treated as 0.
    @exclusivity(unchecked) public var preferredFramesPerSecond: Int = 0
    /// A paused link stays registered (it counts in `FrameClock.activeLinkCount`) but is not
    /// called.
    @exclusivity(unchecked) public var isPaused = false
    /// Whether the link is still registered with its clock: true from `init` until
    /// `invalidate()`.
    @exclusivity(unchecked) public private(set) var isActive = true

    private let callback: @MainActor (DisplayLink) -> Void
    private weak var clock: (any FrameClock)?
    @exclusivity(unchecked) private var lastFired: TimeInterval = -.infinity

    /// Creates an active link; for `FrameClock` conformers, inside `makeDisplayLink(_:)`.
    ///
    /// The clock must then keep the link (strongly) and fire it every frame until
    /// `invalidate()` calls its `remove(_:)`. The link holds `clock` weakly, so a clock may own
    /// its links without a cycle.
    /// - Parameters:
    ///   - clock: the clock that fires the link and to which `invalidate()` reports.
    ///   - callback: called on the main actor with the link for each frame it fires.
    public init(clock: any FrameClock, callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.clock = clock
        self.callback = callback
    }

    /// Removes the link from its clock; it is never called again (`CADisplayLink.invalidate()`).
    public func invalidate() {
        guard isActive else { return }
        isActive = false
        clock?.remove(self)
    }

    /// Delivers one frame: called by the link's clock, on the main actor, once per frame for
    /// each link it holds; not for app code.
    ///
    /// Does nothing if the link was invalidated, is paused, or `preferredFramesPerSecond`
    /// skips this frame. Otherwise sets `timestamp` to `timestamp`, `duration` to
    /// `frameInterval` and `targetTimestamp` to their sum, then calls the callback, which may
    /// invalidate this or other links and make new ones (so iterate over a copy of the links).
    /// - Parameters:
    ///   - timestamp: the frame's time in seconds on the clock's `now` timeline (the driver
    ///     compares it with `now` read when an animation started), finite and not less than
    ///     the previous frame's.
    ///   - frameInterval: this frame's interval in seconds, finite and > 0; usually the
    ///     clock's `frameInterval` (1 / frames per second).
    /// - Precondition: `timestamp` finite; `frameInterval` finite and > 0.
    public func fire(timestamp: TimeInterval, frameInterval: TimeInterval) {
        precondition(timestamp.isFinite, "frame timestamp must be finite seconds, got \(timestamp)")
        precondition(frameInterval > 0 && frameInterval.isFinite, "frame interval must be finite and > 0 seconds, got \(frameInterval)")
        guard isActive, !isPaused else { return }
        if preferredFramesPerSecond > 0 {
            let wanted = 1 / Double(preferredFramesPerSecond)
            // Half a clock frame of slack so 30 fps on a 60 Hz clock fires every other frame.
            guard timestamp - lastFired >= wanted - frameInterval / 2 else { return }
        }
        lastFired = timestamp
        self.timestamp = timestamp
        self.duration = frameInterval
        self.targetTimestamp = timestamp + frameInterval
        callback(self)
    }
}
