import Foundation

/// Owns one transition's timeline: turns clock time or interactive progress into the
/// animator's progress, then restores the layers and hands the outcome to whoever started it.
///
/// Lifetime: the window's (or navigation controller's) `TransitionQueue` holds the driver
/// while it runs; the display link and the context hold it weakly. After the end nothing
/// references it (scenario L1).
@MainActor
public final class TransitionDriver {
    /// The driver's phase.
    public enum State: Sendable, Hashable {
        /// Created, not started.
        case idle
        /// Time-based playback from 0 to 1.
        case animating
        /// Progress comes from an interaction controller.
        case interacting
        /// Running out to the end after `finishInteractiveTransition()`.
        case finishing
        /// Running back to the start after `cancelInteractiveTransition()`.
        case cancelling
        /// Done; `completed` says whether it finished (true) or was cancelled (false).
        case ended(completed: Bool)
    }

    /// One timed run of progress from `from` to `to`.
    private struct Segment {
        var startTime: TimeInterval
        var duration: TimeInterval
        var from: CGFloat
        var to: CGFloat
        var curve: TimingCurve
        var completes: Bool
        /// Whether the curve maps the whole 0...1 timeline (time-based playback), so the
        /// animator gets `curve(t)`; run-outs interpolate `from → to` through the curve.
        var isFullTimeline: Bool
    }

    public private(set) var state: State = .idle
    /// Linear progress of the timeline 0...1.
    public private(set) var percentComplete: CGFloat = 0
    /// The progress last handed to the animator (eased).
    public private(set) var animatorProgress: CGFloat = 0

    let context: TransitionContext
    let animator: any AnimatedTransitioning
    let interactionController: (any InteractiveTransitioning)?
    private let clock: any FrameClock
    /// The animator's `transitionDuration`, seconds.
    public let duration: TimeInterval
    private var link: DisplayLink?
    private var segment: Segment?
    private let restorePoint: LayerRestorePoint
    weak var queue: TransitionQueue?
    private let onEnd: @MainActor (_ completed: Bool, _ error: TransitionKitError?) -> Void
    private let completion: (@MainActor (Bool) -> Void)?

    init(
        context: TransitionContext, animator: any AnimatedTransitioning, interactionController: (any InteractiveTransitioning)?,
        clock: any FrameClock, restoring views: [View], completion: (@MainActor (Bool) -> Void)?,
        onEnd: @escaping @MainActor (_ completed: Bool, _ error: TransitionKitError?) -> Void
    ) {
        self.completion = completion
        self.context = context
        self.animator = animator
        self.interactionController = interactionController
        self.clock = clock
        let d = animator.transitionDuration(using: context)
        precondition(d.isFinite && d >= 0, "transitionDuration must be finite and >= 0 seconds, got \(d)")
        self.duration = d
        self.restorePoint = LayerRestorePoint(capturing: views)
        self.onEnd = onEnd
        context.driver = self
    }

    /// `onEnd` commits or rolls back the hierarchy and sends appearance callbacks; then a
    /// finished transition's animator finalises; then `completion` runs, exactly once.

    /// Prepares the animator and starts the timeline.
    func start() {
        precondition(state == .idle, "a driver starts once")
        do {
            try animator.prepareTransition(using: context)
        } catch {
            end(completed: false, error: error)
            return
        }
        if let interactionController {
            state = .interacting
            context.isInteractive = true
            apply(linear: 0, eased: 0)
            interactionController.startInteractiveTransition(context)
        } else {
            state = .animating
            apply(linear: 0, eased: CGFloat(animator.timingCurve.value(at: 0, duration: duration)))
            run(
                Segment(
                    startTime: clock.now, duration: duration, from: 0, to: 1, curve: animator.timingCurve,
                    completes: true, isFullTimeline: true))
        }
    }

    private func apply(linear: CGFloat, eased: CGFloat) {
        percentComplete = linear
        context.percentComplete = linear
        animatorProgress = eased
        animator.updateTransition(progress: eased, using: context)
    }

    private func run(_ s: Segment) {
        segment = s
        if s.duration <= 0 {
            finishSegment(s)
            return
        }
        if link == nil {
            link = clock.makeDisplayLink { [weak self] link in self?.tick(link.timestamp) }
        }
    }

    private func tick(_ now: TimeInterval) {
        guard let s = segment else { return }
        let u = min(1, max(0, (now - s.startTime) / s.duration))
        if u >= 1 {
            finishSegment(s)
            return
        }
        let eased = CGFloat(s.curve.value(at: u, duration: s.duration))
        if s.isFullTimeline {
            apply(linear: CGFloat(u), eased: eased)
        } else {
            let p = s.from + (s.to - s.from) * eased
            apply(linear: p, eased: p)
        }
    }

    private func finishSegment(_ s: Segment) {
        segment = nil
        // The last frame shows exactly the end state (a spring may not have reached it).
        apply(linear: s.to, eased: s.to)
        end(completed: s.completes, error: nil)
    }

    // MARK: Interaction

    func interactiveUpdate(_ p: CGFloat) {
        guard state == .interacting, p.isFinite else { return }
        let c = min(1, max(0, p))
        apply(linear: c, eased: c)
    }

    func interactiveEnd(finish: Bool) {
        guard state == .interacting else { return }
        state = finish ? .finishing : .cancelling
        context.isInteractive = false
        context.transitionWasCancelled = !finish
        let speed = interactionController?.completionSpeed ?? 1
        precondition(speed > 0 && speed.isFinite, "completionSpeed must be finite and > 0, got \(speed)")
        let p = percentComplete
        let target: CGFloat = finish ? 1 : 0
        var curve = interactionController?.completionCurve ?? .easeInEaseOut
        let remaining: TimeInterval
        if case .spring(let spring) = curve {
            // The spring moves a unit step from p to target; its initial velocity is the
            // finger's progress velocity relative to that distance (CASpringAnimation's
            // initialVelocity convention), so the motion continues without a jump.
            let distance = target - p
            let v = Double(interactionController?.completionVelocity ?? 0)
            let unitVelocity = distance != 0 && v.isFinite ? v / Double(distance) : 0
            let s = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: unitVelocity)
            curve = .spring(s)
            let settle = s.settlingDuration
            remaining = (settle.isFinite ? settle : 10) / Double(speed)
        } else {
            // UIKit: the rest takes (1 − p)·duration/completionSpeed to finish, p·duration/completionSpeed to cancel.
            remaining = Double(abs(target - p)) * duration / Double(speed)
        }
        run(
            Segment(
                startTime: clock.now, duration: remaining, from: p, to: target, curve: curve,
                completes: finish, isFullTimeline: false))
    }

    /// Stops a run-out where it is and hands control back to the interaction (re-grab).
    func interactivePause() {
        guard state == .finishing || state == .cancelling else { return }
        segment = nil
        link?.invalidate()
        link = nil
        state = .interacting
        context.isInteractive = true
        context.transitionWasCancelled = false
        // Continue from what is on screen: the progress last handed to the animator.
        percentComplete = animatorProgress
        context.percentComplete = animatorProgress
    }

    // MARK: End

    private func end(completed: Bool, error: TransitionKitError?) {
        if case .ended = state { return }
        state = .ended(completed: completed)
        if !completed { context.transitionWasCancelled = true }
        link?.invalidate()
        link = nil
        restorePoint.restore()
        // A view controller's view that stays in the container fills it: the container may
        // have been resized during the transition (G3), so the recorded frame can be stale.
        let container = context.containerView
        for view in restorePoint.roots where view.superview === container { view.frame = container.bounds }
        onEnd(completed, error)
        if completed { animator.finalizeTransition(using: context) }
        completion?(completed)
        animator.animationEnded(completed)
        queue?.end(self)
    }

    /// The container changed size mid-transition: incoming view's final frame follows it.
    func containerDidResize() {
        context.toFinalFrame = context.containerView.bounds
    }
}
