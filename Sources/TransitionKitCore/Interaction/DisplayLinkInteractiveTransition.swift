import Foundation

/// Display-link-driven interaction, the way RadialTransition drove its edge-swipe pop: every
/// frame of the clock it reads the finger's progress from `progressSource`; on `release` the
/// transition runs out *linearly*, a whole 0...1 range taking `runOutDuration` seconds.
///
/// The run-out is the transition driver's, on the `.linear` curve with `runOutDuration` as the
/// length of a full range (instead of the animator's duration), so it follows every run-out
/// rule of percent-driven transitions by construction: (1 − p)·`runOutDuration` ÷
/// `completionSpeed` to finish, p·`runOutDuration` ÷ `completionSpeed` to cancel, nothing left
/// to travel ends at once (R3), never beyond the release point (R4).
///
/// Unlike the original, it can never tick forever (scenario S4): its display link exists
/// only while the finger drives (between `startInteractiveTransition` and the release).
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
        /// Released: the driver runs the progress out linearly toward 1 (`finish`) or 0, by
        /// frame duration ÷ `runOutDuration` a frame; no display link of this object ticks.
        case runningOut(finish: Bool)
        /// The run-out is over or the transition disappeared; no display link.
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
    /// The progress on screen, 0...1: the last value read while tracking, then each frame of
    /// the run-out (the transition's progress), then where it ended.
    public var percentComplete: CGFloat {
        if case .runningOut = phase, let context { return context.percentComplete }
        return shownProgress
    }
    /// The progress last shown while tracking (or where the run-out stopped).
    private var shownProgress: CGFloat = 0
    /// Whether `release(finish:velocity:)` was called and no `pause()` since: running out, or
    /// the run-out is over. Cleared when the object is reused for a new transition.
    public private(set) var isReleased = false
    /// `.linear`: the run-out moves at a constant rate.
    public let completionCurve: TimingCurve = .linear
    /// Speed multiplier of the run-out, finite and > 0 (default 1): a full range takes
    /// `runOutDuration` ÷ `completionSpeed` seconds.
    public var completionSpeed: CGFloat = 1 {
        didSet {
            precondition(completionSpeed > 0 && completionSpeed.isFinite, "completionSpeed must be finite and > 0, got \(completionSpeed)")
        }
    }

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
        if case .runningOut(let finish) = phase {
            // Released before the transition started: it runs out from where it starts.
            finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
            return
        }
        // Reused after an earlier transition: the default source starts from 0 again.
        if phase == .ended { reportedProgress = 0 }
        phase = .tracking
        isReleased = false
        startLink(context)
    }

    private func startLink(_ context: any ContextTransitioning) {
        link?.invalidate()
        link = context.frameClock.makeDisplayLink { [weak self] _ in self?.tick() }
    }

    /// Sets the progress the default `progressSource` returns, 0...1 (clamped; NaN and
    /// infinities ignored); the next frame shows it. Ignored while `isReleased`.
    public func update(_ percentComplete: CGFloat) {
        guard !isReleased, percentComplete.isFinite else { return }
        reportedProgress = min(1, max(0, percentComplete))
    }

    /// Ends tracking: the display link stops and the transition runs out linearly from the
    /// progress on screen to 1 (`finish`) or 0 (see the type's rules). Ignored once running
    /// out or ended. Called before the transition starts, the run-out begins when it starts.
    /// - Parameters:
    ///   - finish: run to the end (true) or back to the start (false).
    ///   - velocity: progress per second at release; unused, the run-out moves at the fixed
    ///     rate 1/`runOutDuration` progress per second. Default 0.
    public func release(finish: Bool, velocity: CGFloat = 0) {
        switch phase {
        case .idle:
            phase = .runningOut(finish: finish)
            isReleased = true
        case .tracking:
            phase = .runningOut(finish: finish)
            isReleased = true
            stopLink()
            guard let context else { return }
            finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
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
        guard let context else {
            // Released before the transition started: nothing runs out yet.
            phase = .idle
            isReleased = false
            return
        }
        context.pauseInteractiveTransition()
        guard context.isInteractive else {
            // The run-out had already ended.
            endIfOver()
            return
        }
        shownProgress = context.percentComplete
        reportedProgress = shownProgress
        phase = .tracking
        isReleased = false
        startLink(context)
    }

    /// After the run-out: `.ended`, keeping the last progress.
    private func endIfOver() {
        if let context { shownProgress = context.percentComplete }
        phase = .ended
    }
}

extension DisplayLinkInteractiveTransition: FixedRateRunOut {
    var runOutFullRangeDuration: TimeInterval { runOutDuration }

    func transitionDidEnd(atProgress progress: CGFloat) {
        stopLink()
        shownProgress = progress
        phase = .ended
    }

    private func tick() {
        guard let context, phase == .tracking else {
            stopLink()
            if phase == .tracking { phase = .ended }
            return
        }
        let p = progressSource()
        guard p.isFinite else { return }
        shownProgress = min(1, max(0, p))
        context.updateInteractiveTransition(shownProgress)
    }

    private func stopLink() {
        link?.invalidate()
        link = nil
    }
}
