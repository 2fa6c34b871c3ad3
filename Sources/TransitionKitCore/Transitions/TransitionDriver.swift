import Foundation

/// Owns one transition's timeline: turns clock time or interactive progress into the
/// animator's progress, then restores the layers and hands the outcome to whoever started it.
///
/// Lifetime: the window's (or navigation controller's) `TransitionQueue` holds the driver
/// while it runs, and so does its display link while the clock plays it (time-based playback
/// and run-outs), so a transition the clock plays always reaches its end; the context and the
/// coordinator hold it weakly. A window that goes away ends its running transition as
/// cancelled (scenario U8). After the end nothing references it (scenario L1).
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

    /// One timed run of progress from `from` to `to`, `duration` seconds long.
    private struct Segment {
        var startTime: TimeInterval
        var duration: TimeInterval
        var from: CGFloat
        var to: CGFloat
        var curve: TimingCurve
        /// The seconds of the curve's own time the segment spans (`TimingCurve.value(at:duration:)`):
        /// `duration` for time-based playback; a spring run-out's settling duration, so that
        /// playing it in `duration` = settling ÷ `completionSpeed` plays it that many times as
        /// fast (R2). Only springs use it.
        var curveDuration: TimeInterval
        var completes: Bool
        /// Whether the curve maps the whole 0...1 timeline (time-based playback), so the
        /// animator gets `curve(t)`; run-outs interpolate `from → to` through the curve and
        /// never pass `from` on the side away from `to` (R4).
        var isFullTimeline: Bool
    }

    @exclusivity(unchecked) public private(set) var state: State = .idle
    /// Linear progress of the timeline 0...1.
    @exclusivity(unchecked) public private(set) var percentComplete: CGFloat = 0
    /// The progress last handed to the animator (eased).
    @exclusivity(unchecked) public private(set) var animatorProgress: CGFloat = 0

    let context: TransitionContext
    /// The animator of this transition (the effect's, a delegate's or the default slide).
    public let animator: any AnimatedTransitioning
    /// The interaction controller: the request's, or the one that caught the time-based
    /// playback (`catchInteractively(_:)`); nil while time-based.
    private(set) var interactionController: (any InteractiveTransitioning)?
    private let clock: any FrameClock
    /// The animator's `transitionDuration`, seconds.
    public let duration: TimeInterval
    @exclusivity(unchecked) private var link: DisplayLink?
    @exclusivity(unchecked) private var segment: Segment?
    /// The views whose trees are recorded when the transition starts and restored at its end.
    private let restoredViews: [View]
    /// The record of `restoredViews`, taken by `start()` after the appearance callbacks.
    private var restorePoint: LayerRestorePoint?
    /// The view whose changes by the animator's end of a finished transition are recorded and
    /// handed to `keep` (a present's presenter, scenario U12); nil: nothing is recorded.
    private let keptChanges: (view: View, keep: @MainActor (LayerChanges) -> Void)?
    /// The app's view of this transition: its alongside closures run after the animator at
    /// every frame, its handlers at the release and at the end.
    public let coordinator: TransitionCoordinator
    weak var queue: TransitionQueue?
    private let onEnd: @MainActor (_ completed: Bool, _ error: TransitionKitError?) -> Void
    private let completion: (@MainActor (Bool) -> Void)?
    /// Set when the animator's `transitionDuration` was not finite and >= 0: `start()` refuses.
    private let durationError: TransitionKitError?

    init(
        context: TransitionContext, animator: any AnimatedTransitioning, interactionController: (any InteractiveTransitioning)?,
        clock: any FrameClock, restoring views: [View], keepingChanges keptChanges: (view: View, keep: @MainActor (LayerChanges) -> Void)? = nil,
        coordinator: TransitionCoordinator, completion: (@MainActor (Bool) -> Void)?,
        onEnd: @escaping @MainActor (_ completed: Bool, _ error: TransitionKitError?) -> Void
    ) {
        self.completion = completion
        self.coordinator = coordinator
        self.context = context
        self.animator = animator
        self.interactionController = interactionController
        self.clock = clock
        let d = animator.transitionDuration(using: context)
        // An animator's bad duration (an outside effect's bug) refuses the transition at
        // `start()` like a throwing prepare, rather than trapping the app.
        let valid = d.isFinite && d >= 0
        self.duration = valid ? d : 0
        self.durationError = valid ? nil : .transitionUnavailable("transitionDuration must be finite and >= 0 seconds, got \(d)")
        self.restoredViews = views
        self.keptChanges = keptChanges
        self.onEnd = onEnd
        context.driver = self
        coordinator.driver = self
    }

    /// Whether the timeline runs: started and not ended.
    var isRunning: Bool {
        switch state {
        case .animating, .interacting, .finishing, .cancelling: true
        case .idle, .ended: false
        }
    }

    /// The curve of the run-out after a release: the interaction controller's, else
    /// `.easeInEaseOut` (UIKit's default `.easeInOut`).
    var completionCurve: TimingCurve { interactionController?.completionCurve ?? .easeInEaseOut }

    // At the end: `onEnd` commits or rolls back the hierarchy and sends appearance callbacks;
    // then a finished transition's animator finalises; then its `animationEnded`; then the
    // coordinator's completions and `completion` run, exactly once.

    /// Records the views, prepares the animator and starts the timeline.
    ///
    /// The record is taken here, after the will-appearance callbacks (`TransitionRunner`), so
    /// what a view controller changes in its own callbacks stays, finished or cancelled, and
    /// only what the animator changes from here on is undone at the end (scenario U1).
    func start() {
        precondition(state == .idle, "a driver starts once")
        restorePoint = LayerRestorePoint(capturing: restoredViews)
        if let durationError {
            end(completed: false, error: durationError)
            return
        }
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
                    curveDuration: duration, completes: true, isFullTimeline: true))
        }
    }

    private func apply(linear: CGFloat, eased: CGFloat) {
        percentComplete = linear
        context.percentComplete = linear
        animatorProgress = eased
        draw()
    }

    /// One frame at `animatorProgress`: the animator, then the app's alongside closures.
    private func draw() {
        animator.updateTransition(progress: animatorProgress, using: context)
        coordinator.animateFrame()
    }

    private func run(_ s: Segment) {
        segment = s
        if s.duration <= 0 {
            finishSegment(s)
            return
        }
        if link == nil {
            // The link holds the driver while the clock plays it (U8); `end()` and
            // `interactivePause()` invalidate it, which lets go of the driver.
            link = clock.makeDisplayLink { link in self.tick(link.timestamp) }
        }
    }

    private func tick(_ now: TimeInterval) {
        guard let s = segment else { return }
        let elapsed = now - s.startTime
        // Within a nanosecond of the end is the end: a run-out of k whole frames takes k
        // frames despite the floating-point residue of (1 − p)·duration.
        if elapsed >= s.duration - 1e-9 {
            finishSegment(s)
            return
        }
        let u = min(1, max(0, elapsed / s.duration))
        let eased = CGFloat(s.curve.value(at: u, duration: s.curveDuration))
        if s.isFullTimeline {
            apply(linear: CGFloat(u), eased: eased)
        } else {
            let p = s.from + (s.to - s.from) * eased
            // R4: never beyond the release point on the side away from the target.
            let kept = s.to > s.from ? max(p, s.from) : min(p, s.from)
            apply(linear: kept, eased: kept)
        }
    }

    private func finishSegment(_ s: Segment) {
        segment = nil
        // The last frame shows exactly the end state (a spring may not have reached it). On a
        // finish its alongside closures draw it after the restore (the coordinator's
        // `transitionDidEnd`), so what they set stays, in the two views too (U2).
        if s.completes {
            percentComplete = s.to
            context.percentComplete = s.to
            animatorProgress = s.to
            animator.updateTransition(progress: s.to, using: context)
        } else {
            apply(linear: s.to, eased: s.to)
        }
        end(completed: s.completes, error: nil)
    }

    // MARK: Interaction

    func interactiveUpdate(_ p: CGFloat) {
        guard state == .interacting, p.isFinite else { return }
        let c = min(1, max(0, p))
        apply(linear: c, eased: c)
    }

    /// The run-out after a release, from the progress p at release to the target (1 to
    /// finish, 0 to cancel), `completionSpeed` times as fast as its curve:
    /// - nothing left to travel (p is the target): it ends now, whatever the curve (UIKit's
    ///   remaining time p·duration ÷ speed is 0; scenario R3);
    /// - a Bézier or linear curve: (1 − p)·duration ÷ speed to finish, p·duration ÷ speed to
    ///   cancel (UIKit's rule, `oracles/timing.json` uikit_interactive), where duration is the
    ///   animator's, or a display-link interaction's `runOutDuration` (its linear run-out);
    /// - a spring: progress(t) = p + (target − p)·x(speed·t), x the spring's unit step, so it
    ///   ends on the target at its settling duration ÷ speed with no jump (R2). Its initial
    ///   velocity is the finger's (`completionVelocity`, progress per second) ÷ (target − p)
    ///   ÷ speed, so the motion leaves at the finger's speed in real time.
    ///
    /// Direction (R4): a run-out never shows progress beyond p on the side away from the
    /// target (a cancel never further than where it was let go, a finish never back below
    /// it). Two parts: a release velocity pointing away from the target is dropped (the
    /// spring starts at rest instead of first carrying on the finger's motion, which made a
    /// cancelled card leave the screen), and every frame is clamped at p, which holds for any
    /// curve, e.g. a lightly damped spring thrown hard toward the target that swings back past
    /// p after overshooting. Overshoot past the target, a spring's bounce, is kept.
    ///
    /// The coordinator's interaction-change handlers run first, with the outcome set and the
    /// progress at release; if one of them re-grabs the transition, no run-out starts.
    func interactiveEnd(finish: Bool) {
        guard state == .interacting else { return }
        let outcome: State = finish ? .finishing : .cancelling
        state = outcome
        context.isInteractive = false
        context.transitionWasCancelled = !finish
        coordinator.interactionDidChange()
        // A handler may have re-grabbed the transition (`pauseInteractiveTransition()`).
        guard state == outcome else { return }
        let speed = interactionController?.completionSpeed ?? 1
        precondition(speed > 0 && speed.isFinite, "completionSpeed must be finite and > 0, got \(speed)")
        let p = percentComplete
        let target: CGFloat = finish ? 1 : 0
        let distance = Double(target - p)
        var curve = completionCurve
        var remaining: TimeInterval = 0
        var curveDuration: TimeInterval = 0
        if distance == 0 {
            // Nothing left to travel: ends now (R3).
        } else if case .spring(let spring) = curve {
            let v = Double(interactionController?.completionVelocity ?? 0) / distance
            let toward = v.isFinite ? max(0, v) : 0
            let s = Spring(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: toward / Double(speed))
            curve = .spring(s)
            let settle = s.settlingDuration
            curveDuration = settle.isFinite ? settle : 10
            remaining = curveDuration / Double(speed)
        } else {
            // A fixed-rate run-out (display-link driven) spans its own full-range length.
            let fullRange = (interactionController as? any FixedRateRunOut)?.runOutFullRangeDuration ?? duration
            remaining = abs(distance) * fullRange / Double(speed)
        }
        run(
            Segment(
                startTime: clock.now, duration: remaining, from: p, to: target, curve: curve, curveDuration: curveDuration,
                completes: finish, isFullTimeline: false))
    }

    /// Whether `catchInteractively(_:)` can take this transition over now: it plays
    /// time-based (no interaction controller drives it).
    var isCatchable: Bool { state == .animating }

    /// Turns the time-based playback interactive at the progress on screen (a finger caught
    /// the moving screen; UIKit's interruptible transitions): the clock stops driving,
    /// `interaction` drives from now on and its release runs out like any interactive
    /// transition's. Nothing jumps: the timeline's linear progress becomes the eased progress
    /// on screen (clamped to 0...1), which is what the animator is handed from now on.
    /// - Returns: false, changing nothing, unless `isCatchable`.
    func catchInteractively(_ interaction: any InteractiveTransitioning) -> Bool {
        guard isCatchable else { return false }
        segment = nil
        link?.invalidate()
        link = nil
        interactionController = interaction
        state = .interacting
        context.isInteractive = true
        let p = min(1, max(0, animatorProgress))
        apply(linear: p, eased: p)
        interaction.startInteractiveTransition(context)
        return true
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
        restorePoint?.restore()
        // A view controller's view that stays in the container fills it: the container may
        // have been resized during the transition (G3), so the recorded frame can be stale.
        let container = context.containerView
        for view in restoredViews where view.superview === container { view.frame = container.bounds }
        coordinator.transitionDidEnd(completed: completed)
        (interactionController as? any FixedRateRunOut)?.transitionDidEnd(atProgress: percentComplete)
        onEnd(completed, error)
        // What the animator leaves on `keptChanges.view` from here on outlives the
        // transition; it is recorded so that whoever keeps it can undo it later (U12).
        let changes = completed ? keptChanges.map { LayerChanges(recording: $0.view) } : nil
        if completed { animator.finalizeTransition(using: context) }
        // The animator cleans up (a zoom shows its source again) before anyone is told the
        // transition ended, so completions see the final state and what they set stays.
        animator.animationEnded(completed)
        if var changes, let keep = keptChanges?.keep {
            changes.finishRecording()
            keep(changes)
        }
        coordinator.runCompletions()
        completion?(completed)
        queue?.end(self)
    }

    /// Ends a running (or not yet ended) transition now as cancelled: its window went away
    /// (scenario U8). Everything is restored and the completions run with false, as for any
    /// cancelled transition.
    func abandon() {
        end(completed: false, error: nil)
    }

    /// `view` changed size (`View.frame`/`bounds`, after its subviews followed). If it is the
    /// container of this running transition: the incoming view's final frame follows it and
    /// the animator redraws the progress on screen at the new size at once, so no frame shows
    /// the old size (scenario R1; the animators read the container's size at every frame).
    func viewDidResize(_ view: View) {
        guard view === context.containerView else { return }
        context.toFinalFrame = view.bounds
        if isRunning { draw() }
    }
}
