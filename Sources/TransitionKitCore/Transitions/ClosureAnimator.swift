import Foundation

/// An animator made of closures, for effects that need no state of their own: a duration, a
/// timing curve, and what to do at each progress.
///
/// It has the guarantees of every `AnimatedTransitioning`: the driver records every layer of
/// both view controllers before `prepare` and restores them when the transition ends
/// (finished or cancelled), so `update` only sets properties; a `prepare` that throws
/// `TransitionKitError.transitionUnavailable` makes the transition not run (everything
/// restored, stack unchanged, completion `false`).
///
/// ```swift
/// // A slide: the incoming view enters from the right.
/// let slide = ClosureAnimator(duration: 0.3) { progress, context in
///     let width = context.containerView.bounds.width
///     context.view(forKey: .to)?.transform3D = Transform3D(translationX: width * (1 - progress), y: 0)
/// }
/// nav.perform(.push(detail), animated: true, transition: TransitionOverride(animator: slide))
/// ```
@MainActor
public final class ClosureAnimator: AnimatedTransitioning {
    /// Sets up the scene once before the first frame (`prepareTransition(using:)`).
    public typealias Prepare = @MainActor (_ context: any ContextTransitioning) throws(TransitionKitError) -> Void
    /// Sets the layer state at eased `progress` (`updateTransition(progress:using:)`): a pure
    /// function of progress, called once per frame; must not allocate.
    public typealias Update = @MainActor (_ progress: CGFloat, _ context: any ContextTransitioning) -> Void

    /// Seconds, finite and >= 0.
    public let duration: TimeInterval
    /// Time → progress for time-based playback.
    public let timingCurve: TimingCurve
    private let prepare: Prepare?
    private let update: Update
    private let ended: (@MainActor (Bool) -> Void)?

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0.
    ///   - timingCurve: default `.easeInEaseOut`.
    ///   - prepare: runs once before the first frame (default none); may throw
    ///     `TransitionKitError.transitionUnavailable`.
    ///   - update: sets the layers at each eased progress (0 at the start, 1 at the end).
    ///   - animationEnded: runs once after the driver restored the layers, with `true` if
    ///     the transition finished (default none).
    /// - Precondition: `duration` is finite and >= 0.
    public init(
        duration: TimeInterval, timingCurve: TimingCurve = .easeInEaseOut, prepare: Prepare? = nil,
        update: @escaping Update, animationEnded: (@MainActor (Bool) -> Void)? = nil
    ) {
        precondition(duration.isFinite && duration >= 0, "ClosureAnimator duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
        self.timingCurve = timingCurve
        self.prepare = prepare
        self.update = update
        self.ended = animationEnded
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { duration }

    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        try prepare?(context)
    }

    /// - Complexity: that of `update`.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        update(progress, context)
    }

    public func animationEnded(_ transitionCompleted: Bool) { ended?(transitionCompleted) }
}
