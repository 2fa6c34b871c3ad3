import Foundation

/// An interaction controller driven by explicit progress reports
/// (`UIPercentDrivenInteractiveTransition`), e.g. from a pan gesture.
///
/// Rules (Apple's documentation of `UIPercentDrivenInteractiveTransition`, recorded in
/// `oracles/timing.json` `uikit_interactive`): while interactive the progress is linear in
/// `percentComplete`; after `finish()` the rest takes (1 − p)·duration/`completionSpeed`
/// seconds on `completionCurve`, after `cancel()` p·duration/`completionSpeed`.
/// Calls made before the transition starts are remembered and applied at the start;
/// after `finish()` or `cancel()` further calls are ignored (scenario D4).
@MainActor
public final class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// Speed multiplier of the run-out, finite and > 0 (default 1).
    public var completionSpeed: CGFloat = 1 {
        didSet {
            precondition(completionSpeed > 0 && completionSpeed.isFinite, "completionSpeed must be finite and > 0, got \(completionSpeed)")
        }
    }
    /// Curve of the run-out (default `.easeInEaseOut`, UIKit's `.easeInOut`).
    public var completionCurve: TimingCurve = .easeInEaseOut
    /// The last progress reported, 0...1.
    public private(set) var percentComplete: CGFloat = 0
    /// Whether `finish()` or `cancel()` was called (and no `pause()` since).
    public private(set) var hasEnded = false
    /// Progress per second at release, positive toward completion; set by
    /// `finish(velocity:)`/`cancel(velocity:)`, used by a `.spring` `completionCurve`.
    public private(set) var completionVelocity: CGFloat = 0

    private weak var context: (any ContextTransitioning)?
    private var pendingEnd: Bool?

    public init() {}

    public func startInteractiveTransition(_ context: any ContextTransitioning) {
        if hasEnded && pendingEnd == nil {
            // Reused for a new transition after the last one ended (UIKit allows reuse).
            hasEnded = false
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

    /// Reports progress 0...1 (clamped; NaN and infinities ignored). Ignored after finish or cancel.
    public func update(_ percentComplete: CGFloat) {
        guard !hasEnded, percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
        context?.updateInteractiveTransition(self.percentComplete)
    }

    /// Runs the transition to its end. Later calls are ignored.
    /// - Parameter velocity: progress per second at release (finite; positive toward
    ///   completion), the start velocity of a spring `completionCurve`. Default 0.
    public func finish(velocity: CGFloat = 0) { end(true, velocity) }

    /// Runs the transition back to its start; the stack is left as it was. Later calls are ignored.
    /// - Parameter velocity: progress per second at release (negative = toward the start).
    public func cancel(velocity: CGFloat = 0) { end(false, velocity) }

    /// Stops the run-out after `finish()`/`cancel()` where it is and makes the transition
    /// interactive again (a finger re-grabbed it, `UIPercentDrivenInteractiveTransition.pause()`);
    /// `percentComplete` becomes the progress on screen, so nothing jumps.
    public func pause() {
        guard hasEnded, let context else { return }
        context.pauseInteractiveTransition()
        guard context.isInteractive else { return }  // the run-out had already ended
        hasEnded = false
        completionVelocity = 0
        percentComplete = context.percentComplete
    }

    private func end(_ finish: Bool, _ velocity: CGFloat) {
        guard !hasEnded else { return }
        hasEnded = true
        completionVelocity = velocity.isFinite ? velocity : 0
        if let context {
            finish ? context.finishInteractiveTransition() : context.cancelInteractiveTransition()
        } else {
            pendingEnd = finish
        }
    }
}
