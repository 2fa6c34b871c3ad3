import Foundation

/// A per-frame callback registration on a `FrameClock`, modelled on `CADisplayLink`.
///
/// While active (added and not invalidated) the link is called once per clock frame that its
/// `preferredFramesPerSecond` admits. Inside the callback, `timestamp` is the time of the
/// frame that was just shown and `targetTimestamp` the time of the next one, in seconds of
/// the clock; `duration` is the clock's frame interval in seconds.
@MainActor
public final class DisplayLink {
    /// Time of the current frame, seconds on the clock. 0 before the first callback.
    public private(set) var timestamp: TimeInterval = 0
    /// Time the next frame will be shown, seconds (`timestamp + duration`).
    public private(set) var targetTimestamp: TimeInterval = 0
    /// The clock's frame interval in seconds (1/60 at 60 Hz).
    public private(set) var duration: TimeInterval = 0
    /// Frames per second this link wants; 0 means every frame of the clock (the
    /// `CADisplayLink` default). Frames are skipped to approach the rate; negative values
    /// are treated as 0.
    public var preferredFramesPerSecond: Int = 0
    /// A paused link stays registered but is not called.
    public var isPaused = false
    /// Whether the link is still registered with its clock.
    public private(set) var isActive = true

    private let callback: @MainActor (DisplayLink) -> Void
    private weak var clock: (any FrameClock)?
    private var lastFired: TimeInterval = -.infinity

    init(clock: any FrameClock, callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.clock = clock
        self.callback = callback
    }

    /// Removes the link from its clock; it is never called again (`CADisplayLink.invalidate()`).
    public func invalidate() {
        guard isActive else { return }
        isActive = false
        clock?.remove(self)
    }

    /// Called by the clock for each frame. Not for app code.
    package func fire(timestamp: TimeInterval, frameInterval: TimeInterval) {
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

/// A source of frames: the display-link model every time-based part of TransitionKit uses.
@MainActor
public protocol FrameClock: AnyObject {
    /// Seconds since the clock's origin.
    var now: TimeInterval { get }
    /// The frame interval in seconds (1 / frames per second).
    var frameInterval: TimeInterval { get }
    /// Registers `callback` to run every frame; keep the returned link and call
    /// `invalidate()` to stop. The clock holds the link strongly until then.
    func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink
    /// Number of active display links (0 when nothing is animating; scenario S4).
    var activeLinkCount: Int { get }
    /// Unregisters a link (called by `DisplayLink.invalidate()`).
    func remove(_ link: DisplayLink)
}
