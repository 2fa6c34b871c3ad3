import Foundation

/// The animator role (`UIViewControllerAnimatedTransitioning`), made a pure function of
/// progress: the driver owns time and asks for the layer state at each progress.
///
/// An animator sets, at every progress, every layer property it animates, so the state
/// depends on progress alone: effects are scrubbable, reversible, interruptible and testable
/// per frame. The driver records every layer of both view controllers before `prepare` and
/// restores them when the transition ends, so an animator never has to undo its changes.
@MainActor
public protocol AnimatedTransitioning: AnyObject {
    /// The duration of the whole transition in seconds, finite and >= 0
    /// (`transitionDuration(using:)`). Any other value makes the transition not run, like a
    /// `prepareTransition` that throws `TransitionKitError.transitionUnavailable`.
    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval
    /// The curve from time to progress for time-based playback. Default `.easeInEaseOut`.
    var timingCurve: TimingCurve { get }
    /// Sets up the scene once before the first frame: layer order, masks, anchor points.
    /// The incoming view is already in the container at its final frame, above the outgoing
    /// view for push and present, below it for pop and dismiss.
    /// - Throws: `TransitionKitError.transitionUnavailable` if the transition cannot run;
    ///   the driver then restores everything and the stack is unchanged (scenario G4).
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError)
    /// Sets the layer state for `progress`, the eased progress (0 at the start, 1 at the
    /// end; a spring may overshoot slightly outside 0...1).
    /// - Complexity: must be O(layers touched), no allocation; called once per frame.
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning)
    /// Called after a *finished* transition, once the driver restored the layers and committed
    /// the hierarchy: set state that must outlive the transition (a presenter shrunk behind
    /// a card stays shrunk until dismissed). Default: nothing.
    ///
    /// After a present, what this (and `animationEnded(_:)`) changes on the presenter's view
    /// is recorded with the presentation and undone when it ends, however it ends: before an
    /// animated dismiss's own `finalizeTransition`, and at a dismiss without animation, a
    /// replaced `Window.rootViewController` or a released window (scenario U12). Only the
    /// properties, masks, sublayers and subviews it changed go back.
    func finalizeTransition(using context: any ContextTransitioning)
    /// Called once after the transition ended and the driver restored the layers
    /// (`animationEnded(_:)`); `transitionCompleted` is false for a cancelled transition.
    func animationEnded(_ transitionCompleted: Bool)
}

extension AnimatedTransitioning {
    public var timingCurve: TimingCurve { .easeInEaseOut }
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {}
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func finalizeTransition(using context: any ContextTransitioning) {}
}

/// The interaction controller role (`UIViewControllerInteractiveTransitioning`): something
/// that drives a transition's progress (a gesture, a scroll view) instead of the clock.
@MainActor
public protocol InteractiveTransitioning: AnyObject {
    /// Called when the transition starts; keep `context` (weakly) and report progress through
    /// its `updateInteractiveTransition(_:)`, `finishInteractiveTransition()` and
    /// `cancelInteractiveTransition()`.
    func startInteractiveTransition(_ context: any ContextTransitioning)
    /// Speed multiplier of the run-out after finish or cancel, > 0 (default 1).
    var completionSpeed: CGFloat { get }
    /// Curve of the run-out after finish or cancel (default `.easeInEaseOut`, UIKit's
    /// `completionCurve` default `.easeInOut`). A `.spring` run-out is the spring played
    /// `completionSpeed` times as fast, lasts its `settlingDuration` ÷ `completionSpeed` and
    /// starts at `completionVelocity`, so the motion continues the finger's without a jump
    /// (R2). Any run-out with nothing left to travel ends at once (R3) and never goes beyond
    /// the release point on the side away from its target (R4; scenario ids of
    /// Documentation/Scenarios.md).
    var completionCurve: TimingCurve { get }
    /// Progress per second at release, positive toward completion (default 0); used as the
    /// initial velocity of a spring run-out when it points toward the run-out's target, and
    /// dropped when it points away (R4).
    var completionVelocity: CGFloat { get }
}

extension InteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: TimingCurve { .easeInEaseOut }
    public var completionVelocity: CGFloat { 0 }
}
