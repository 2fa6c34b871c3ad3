import Foundation

/// An interaction controller driven by explicit progress reports
/// (`UIPercentDrivenInteractiveTransition`), e.g. from a pan gesture.
///
/// Rules (Apple's documentation of `UIPercentDrivenInteractiveTransition`, recorded in
/// `Tests/Fixtures/oracles/timing.json` `uikit_interactive`): while interactive the progress
/// is linear in `percentComplete`; after `finish()` the rest takes
/// (1 − p)·duration/`completionSpeed` seconds on `completionCurve`, after `cancel()`
/// p·duration/`completionSpeed` (a `.spring` curve is played `completionSpeed` times as fast
/// and takes its settling duration ÷ `completionSpeed` instead; nothing left to travel ends at
/// once whatever the curve, R2 R3). Calls made before the transition starts are remembered and
/// applied at the start; after `finish()` or `cancel()` further calls are ignored until a
/// `pause()` (scenario D4).
///
/// As a `GestureDrivenTransitioning`: `release(finish:velocity:)` is `finish(velocity:)` or
/// `cancel(velocity:)`, and `isReleased` tells that one of them was called.
@MainActor
public final class PercentDrivenInteractiveTransition: GestureDrivenTransitioning {
    /// Speed multiplier of the run-out, finite and > 0 (default 1).
    public var completionSpeed: CGFloat = 1 {
        didSet {
            precondition(completionSpeed > 0 && completionSpeed.isFinite, "completionSpeed must be finite and > 0, got \(completionSpeed)")
        }
    }
    /// Curve of the run-out (default `.easeInEaseOut`, UIKit's `.easeInOut`).
    public var completionCurve: TimingCurve = .easeInEaseOut
    /// The last progress reported, 0...1; after a `pause()`, the progress on screen. It keeps
    /// its value at release during the run-out.
    public private(set) var percentComplete: CGFloat = 0
    /// Whether `finish()` or `cancel()` was called and no `pause()` since: the transition is
    /// running out, or its run-out is already over. Cleared when the object is reused for a
    /// new transition.
    public private(set) var isReleased = false
    /// Progress per second at release, positive toward completion (0 when not given or not
    /// finite); set by `finish(velocity:)`/`cancel(velocity:)`, used by a `.spring`
    /// `completionCurve`.
    public private(set) var completionVelocity: CGFloat = 0

    private weak var context: (any ContextTransitioning)?
    private var pendingEnd: Bool?

    public init() {}

    public func startInteractiveTransition(_ context: any ContextTransitioning) {
        if isReleased && pendingEnd == nil {
            // Reused for a new transition after the last one ended (UIKit allows reuse).
            isReleased = false
            percentComplete = 0
            completionVelocity = 0
        }
        self.context = context
        if percentComplete > 0 { context.updateInteractiveTransition(percentComplete) }
        if let finish = pendingEnd {
            pendingEnd = nil
            finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
        }
    }

    /// Reports progress 0...1 (clamped; NaN and infinities ignored), applied to the transition
    /// at once. Ignored while `isReleased`.
    public func update(_ percentComplete: CGFloat) {
        guard !isReleased, percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
        context?.updateInteractiveTransition(self.percentComplete)
    }

    /// Runs the transition to its end. Ignored while `isReleased`.
    /// - Parameter velocity: progress per second at release (finite, else 0; positive toward
    ///   completion), the start velocity of a spring `completionCurve`. Default 0.
    public func finish(velocity: CGFloat = 0) { release(finish: true, velocity: velocity) }

    /// Runs the transition back to its start; the stack is left as it was. Ignored while
    /// `isReleased`.
    /// - Parameter velocity: progress per second at release (finite, else 0; negative =
    ///   toward the start). Default 0.
    public func cancel(velocity: CGFloat = 0) { release(finish: false, velocity: velocity) }

    /// Stops the run-out after `finish()`/`cancel()` where it is and makes the transition
    /// interactive again (a finger re-grabbed it, `UIPercentDrivenInteractiveTransition.pause()`);
    /// `percentComplete` becomes the progress on screen, so nothing jumps. Does nothing unless
    /// `isReleased` and the transition is still running out (then `isReleased` stays true).
    public func pause() {
        guard isReleased, let context else { return }
        context.pauseInteractiveTransition()
        guard context.isInteractive else { return }  // the run-out had already ended
        isReleased = false
        completionVelocity = 0
        percentComplete = context.percentComplete
    }

    /// `finish(velocity:)` when `finish` is true, else `cancel(velocity:)`.
    /// - Parameters:
    ///   - finish: run to the end (true) or back to the start (false).
    ///   - velocity: progress per second at release, positive toward completion.
    public func release(finish: Bool, velocity: CGFloat) {
        guard !isReleased else { return }
        isReleased = true
        completionVelocity = velocity.isFinite ? velocity : 0
        if let context {
            finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
        } else {
            pendingEnd = finish
        }
    }
}
