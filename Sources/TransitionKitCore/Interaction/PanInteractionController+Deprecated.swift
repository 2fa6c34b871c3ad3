import Foundation

// The session type and start closure of the release before the interactive-start plan;
// `InteractiveAnimation` is the one session type now.
extension PanInteractionController {
    /// What `start` returned for a transition it began: the finger hook and run-out curve,
    /// the same shape as `InteractiveAnimation` without the animator.
    @available(
        *, deprecated,
        message: "return the InteractiveAnimation of the started transition from init(recognizer:direction:policy:mode:completionCurve:begin:)"
    )
    public struct Session {
        /// Called with the finger's location in the recognizer view's coordinates (points) on
        /// every change while the finger drives.
        public var fingerMoved: (@MainActor (CGPoint) -> Void)?
        /// The run-out curve of this transition if it is percent-driven (nil: the controller's).
        public var completionCurve: TimingCurve?

        /// - Parameters:
        ///   - fingerMoved: see `fingerMoved` (default none).
        ///   - completionCurve: see `completionCurve` (default nil).
        public init(fingerMoved: (@MainActor (CGPoint) -> Void)? = nil, completionCurve: TimingCurve? = nil) {
            self.fingerMoved = fingerMoved
            self.completionCurve = completionCurve
        }
    }

    /// Begins a transition driven by `interactionController` and returns its session, or nil.
    @available(*, deprecated, renamed: "Begin")
    public typealias Start = @MainActor (_ interactionController: any InteractiveTransitioning, _ touchDown: CGPoint) -> Session?

    /// The controller with a `start` closure that returns a `Session`.
    @available(*, deprecated, renamed: "init(recognizer:direction:policy:mode:completionCurve:begin:)")
    @_disfavoredOverload
    public convenience init(
        recognizer: PanGestureRecognizer, direction: Direction, policy: InteractionPolicy = .default,
        mode: InteractionMode = .percentDriven, completionCurve: TimingCurve = .easeInEaseOut,
        start: @escaping Start
    ) {
        self.init(recognizer: recognizer, direction: direction, policy: policy, mode: mode, completionCurve: completionCurve) {
            interaction, touchDown, catchOnly in
            guard !catchOnly, let session = start(interaction, touchDown) else { return nil }
            return Run(fingerMoved: session.fingerMoved, completionCurve: session.completionCurve)
        }
    }
}
