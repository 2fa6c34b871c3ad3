import Foundation

/// A source of frames: the display-link model every time-based part of TransitionKit uses
/// (`Window.frameClock`). `ManualFrameClock` steps when told, `RealTimeFrameClock` follows
/// the wall clock; conform to drive transitions from elsewhere, e.g. a host app's vsync.
///
/// Who calls what, all on the main actor: transitions and display-link interactions call
/// `makeDisplayLink(_:)` and read `now`; `DisplayLink.invalidate()` calls `remove(_:)`;
/// tests and idle checks read `activeLinkCount`. The conformer itself drives the frames:
/// for each frame it calls `DisplayLink.fire(timestamp:frameInterval:)` once on every link
/// it holds (iterating over a copy, since callbacks may add and remove links), with the
/// frame's time on the `now` timeline.
///
/// A minimal conformer:
/// ```swift
/// @MainActor final class VsyncClock: FrameClock {
///     let frameInterval: TimeInterval = 1.0 / 120
///     private(set) var now: TimeInterval = 0
///     private var links: [DisplayLink] = []
///     var activeLinkCount: Int { links.count }
///     func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
///         let link = DisplayLink(clock: self, callback: callback)
///         links.append(link)
///         return link
///     }
///     func remove(_ link: DisplayLink) { links.removeAll { $0 === link } }
///     func vsync(at time: TimeInterval) {  // called by the host once per frame
///         now = time
///         for link in links { link.fire(timestamp: time, frameInterval: frameInterval) }
///     }
/// }
/// ```
@MainActor
public protocol FrameClock: AnyObject {
    /// Seconds since the clock's origin, finite and never decreasing; the same timeline as
    /// the `timestamp` given to `DisplayLink.fire(timestamp:frameInterval:)`. Read when an
    /// animation starts and when touches are replayed (`Window.replay`).
    var now: TimeInterval { get }
    /// The nominal frame interval in seconds, finite and > 0 (1 / frames per second, e.g.
    /// 1/60 at 60 Hz).
    var frameInterval: TimeInterval { get }
    /// Registers `callback` to run every frame and returns its link, made with
    /// `DisplayLink(clock: self, callback: callback)`. The caller keeps the link and calls
    /// `invalidate()` to stop; the clock holds it strongly and fires it each frame until
    /// then. A link made during a frame may first fire on that frame or the next.
    func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink
    /// Number of registered display links, paused ones included (0 when nothing is
    /// animating; scenario S4).
    var activeLinkCount: Int { get }
    /// Unregisters `link`: the clock drops it and never fires it again. Called by
    /// `DisplayLink.invalidate()`, possibly from inside a link's callback during a frame;
    /// ignores a link it does not hold.
    func remove(_ link: DisplayLink)
}
