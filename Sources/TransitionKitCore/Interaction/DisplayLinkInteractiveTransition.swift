import Foundation

/// Display-link-driven interaction, the way RadialTransition drove its edge-swipe pop: every
/// frame of the clock it reads the finger's progress from `progressSource`; on `release` it
/// runs out *linearly* at the frame clock's rate to the end or the start, a whole 0...1 range
/// taking `runOutDuration` seconds.
///
/// Unlike the original, it can never tick forever (scenario S4): its display link exists
/// only between `startInteractiveTransition` and the end of the run-out, and it stops as
/// soon as its transition is gone.
///
/// As a `GestureDrivenTransitioning`: `update(_:)` sets what the default `progressSource`
/// returns (shown at the next frame), `release(finish:velocity:)` starts the run-out and
/// `isReleased` tells that it was called.
@MainActor
public final class DisplayLinkInteractiveTransition: GestureDrivenTransitioning {
    /// What the link does each frame.
    public enum Phase: Sendable, Hashable {
        /// Before `startInteractiveTransition`: no display link yet.
        case idle
        /// Each frame shows the progress read from `progressSource`.
        case tracking
        /// Released: each frame moves the progress toward 1 (`finish`) or 0 by
        /// frame duration ÷ `runOutDuration`; at the end it finishes or cancels the transition.
        case runningOut(finish: Bool)
        /// The display link is gone: the run-out is over or the transition disappeared.
        case ended
    }

    /// Reads the finger's progress (0...1, clamped; non-finite values ignored) once per frame
    /// while tracking. Made by `init(runOutDuration:)`, it returns the last value given to
    /// `update(_:)` (0 before any); a source given to `init(runOutDuration:progressSource:)` or
    /// set later replaces it, and `update(_:)` values are then unused.
    public var progressSource: @MainActor () -> CGFloat
    /// Seconds a run-out over the whole 0...1 range takes (> 0); a run-out from p to the end
    /// takes (1 − p)·runOutDuration, advancing by frameDuration/runOutDuration each frame.
    public var runOutDuration: TimeInterval
    /// What the link does now (see `Phase`).
    public private(set) var phase: Phase = .idle
    /// The progress on screen, 0...1: the last value read while tracking, then each step of
    /// the run-out.
    public private(set) var percentComplete: CGFloat = 0
    /// Whether `release(finish:velocity:)` was called and no `pause()` since: running out, or
    /// the run-out is over. Cleared when the object is reused for a new transition.
    public private(set) var isReleased = false
    /// `.linear`: the run-out is stepped here, at a constant rate.
    public let completionCurve: TimingCurve = .linear

    private weak var context: (any ContextTransitioning)?
    private var link: DisplayLink?
    /// The last value given to `update(_:)`, 0...1, which the default `progressSource` returns.
    private var reportedProgress: CGFloat = 0

    /// A display-link interaction fed by `update(_:)`: each frame while tracking shows the
    /// last value reported.
    /// - Parameter runOutDuration: seconds for a full-range run-out, finite and > 0 (default
    ///   0.33 s, RadialTransition's transition duration, which its display link stepped through).
    public convenience init(runOutDuration: TimeInterval = 0.33) {
        self.init(runOutDuration: runOutDuration) { 0 }
        progressSource = { [weak self] in self?.reportedProgress ?? 0 }
    }

    /// A display-link interaction that reads the finger's progress from `progressSource`.
    /// - Parameters:
    ///   - runOutDuration: seconds for a full-range run-out, finite and > 0 (RadialTransition
    ///     stepped its mask at the display rate; default 0.33 s, its transition duration).
    ///   - progressSource: the finger's progress, read every frame while tracking.
    public init(runOutDuration: TimeInterval = 0.33, progressSource: @escaping @MainActor () -> CGFloat) {
        precondition(runOutDuration > 0 && runOutDuration.isFinite, "runOutDuration must be finite and > 0 seconds, got \(runOutDuration)")
        self.runOutDuration = runOutDuration
        self.progressSource = progressSource
    }

    /// Whether a display link is registered (false whenever nothing is tracked or running out).
    public var isTicking: Bool { link != nil }

    public func startInteractiveTransition(_ context: any ContextTransitioning) {
        self.context = context
        if case .runningOut = phase {
            // Released before the transition started: run out from `percentComplete`.
        } else {
            // Reused after an earlier transition: the default source starts from 0 again.
            if phase == .ended { reportedProgress = 0 }
            phase = .tracking
            isReleased = false
        }
        link = context.frameClock.makeDisplayLink { [weak self] link in self?.tick(link) }
    }

    /// Sets the progress the default `progressSource` returns, 0...1 (clamped; NaN and
    /// infinities ignored); the next frame shows it. Ignored while `isReleased`.
    public func update(_ percentComplete: CGFloat) {
        guard !isReleased, percentComplete.isFinite else { return }
        reportedProgress = min(1, max(0, percentComplete))
    }

    /// Ends tracking: from the next frame the progress runs out linearly to 1 (`finish`) or
    /// 0. Ignored once running out or ended. Called before the transition starts, the
    /// run-out begins when it starts, from `percentComplete` (0 for a new object).
    /// - Parameters:
    ///   - finish: run to the end (true) or back to the start (false).
    ///   - velocity: progress per second at release; unused, the run-out moves at the fixed
    ///     rate 1/`runOutDuration` progress per second. Default 0.
    public func release(finish: Bool, velocity: CGFloat = 0) {
        switch phase {
        case .idle, .tracking:
            phase = .runningOut(finish: finish)
            isReleased = true
        case .runningOut, .ended: return
        }
    }

    /// Stops a run-out where it is and goes back to tracking (a finger re-grabbed the
    /// transition): `isReleased` becomes false and the default `progressSource` returns
    /// `percentComplete` (the progress on screen) until the next `update(_:)`. From the next
    /// frame `progressSource` drives the progress again, so a custom source should start by
    /// returning `percentComplete` to avoid a jump. Does nothing unless running out.
    public func pause() {
        guard case .runningOut = phase else { return }
        phase = .tracking
        isReleased = false
        reportedProgress = percentComplete
    }

    private func tick(_ link: DisplayLink) {
        guard let context else {
            stop()
            return
        }
        switch phase {
        case .tracking:
            let p = progressSource()
            guard p.isFinite else { return }
            percentComplete = min(1, max(0, p))
            context.updateInteractiveTransition(percentComplete)
        case .runningOut(let finish):
            let step = CGFloat(link.duration / runOutDuration)
            percentComplete = finish ? min(1, percentComplete + step) : max(0, percentComplete - step)
            // Absorb floating-point residue so a run-out of k whole steps takes k frames.
            if abs(percentComplete - (finish ? 1 : 0)) < 1e-9 { percentComplete = finish ? 1 : 0 }
            context.updateInteractiveTransition(percentComplete)
            if percentComplete == (finish ? 1 : 0) {
                stop()
                finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
            }
        case .idle, .ended:
            stop()
        }
    }

    private func stop() {
        phase = .ended
        link?.invalidate()
        link = nil
    }
}
