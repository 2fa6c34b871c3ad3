import Foundation

/// Display-link-driven interaction, the way RadialTransition drove its edge-swipe pop: every
/// frame of the clock it reads the finger's progress from `progressSource`; on `release`
/// it runs out *linearly* at the frame clock's rate to the end or the start.
///
/// Unlike the original, it can never tick forever (scenario S4): its display link exists
/// only between `startInteractiveTransition` and the end of the run-out, and it stops as
/// soon as its transition is gone.
@MainActor
public final class DisplayLinkInteractiveTransition: InteractiveTransitioning {
    /// What the link does each frame.
    public enum Phase: Sendable, Hashable {
        case idle, tracking
        case runningOut(finish: Bool)
        case ended
    }

    /// Reads the finger's progress (0...1, clamped; non-finite values ignored) once per frame.
    public var progressSource: @MainActor () -> CGFloat
    /// Seconds a run-out over the whole 0...1 range takes (> 0); a run-out from p to the end
    /// takes (1 − p)·runOutDuration, advancing by frameDuration/runOutDuration each frame.
    public var runOutDuration: TimeInterval
    public private(set) var phase: Phase = .idle
    public private(set) var percentComplete: CGFloat = 0
    public let completionCurve: TimingCurve = .linear

    private weak var context: (any ContextTransitioning)?
    private var link: DisplayLink?

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
            // Released before the transition started: run out from where the finger was.
        } else {
            phase = .tracking
        }
        link = context.frameClock.makeDisplayLink { [weak self] link in self?.tick(link) }
    }

    /// Ends tracking: the progress now runs out linearly to 1 (`finish`) or 0.
    public func release(finish: Bool) {
        switch phase {
        case .idle, .tracking: phase = .runningOut(finish: finish)
        case .runningOut, .ended: return
        }
    }

    /// Stops a run-out where it is and goes back to tracking (a finger re-grabbed the
    /// transition): from the next frame `progressSource` drives the progress again, so it
    /// should start by returning `percentComplete` (the progress on screen) to avoid a jump.
    /// Does nothing unless running out.
    public func pause() {
        guard case .runningOut = phase else { return }
        phase = .tracking
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
