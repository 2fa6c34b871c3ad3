import Foundation

/// Drives interactive transitions from a pan gesture: the finger's translation becomes
/// progress, the release is decided by an `InteractionPolicy`, and a finger that touches
/// down during the run-out catches the transition where it is (re-grab).
///
/// The shared machinery behind the edge-swipe pop of the navigation effects
/// (`EdgePanPopController`) and drag-to-dismiss; the effect supplies only `start`, which
/// begins its transition with the interaction controller it is handed.
///
/// Per gesture:
/// - `began`: if a transition this controller started is running out (or was just paused by
///   a re-grab) the finger takes it over from the progress on screen; otherwise a new
///   interaction controller (`mode`) is made and `start` is asked to begin a transition with
///   it. If `start` returns nil nothing happens: no transition, no display link (S4).
/// - `changed`: progress = offset + d / L, clamped to 0...1, where d is the translation
///   along `direction` (window coordinates, points, positive toward completion) and L is
///   the recognizer view's bounds width (horizontal directions) or height (vertical), the
///   transition's container, read at each change (after a resize, the new size: R1). The
///   offset is 0 for a new transition (so progress =
///   translation / L, as the fixtures' closed forms state) and, after a re-grab, the
///   progress on screen minus d at `began` (no jump).
/// - `ended`: `policy.shouldFinish(progress:velocity:endState:)` with the velocity along
///   `direction` (points per second) decides; then `release(finish:velocity:)` with
///   velocity / L (progress per second; a display-link driven run-out ignores it).
/// - `cancelled` (the system took the touch): always cancels (C2).
///
/// The interaction controller is reached only through `GestureDrivenTransitioning`
/// (`update(_:)`, `release(finish:velocity:)`, `pause()`, `isReleased`, `percentComplete`);
/// `mode` matters only when it is made.
///
/// Re-grab (interruptible transitions): a touch that goes down on the recognizer's view while
/// the transition runs out pauses it at once (`GestureDrivenTransitioning.pause()`); when the
/// pan begins the finger drives it from there. If that touch never becomes a pan (it lifts
/// without moving, or another recognizer wins), the run-out resumes toward the end decided
/// before.
///
/// After release the controller ignores its recognizer until the next `began`; a finished or
/// cancelled interaction ignores further updates (D4).
///
/// Ownership: the controller holds its recognizer; the recognizer calls the controller
/// through a weak reference; the interaction controllers are held by their transition only
/// (weakly here), so nothing outlives a transition (L1).
@MainActor
public final class PanInteractionController {
    /// The finger movement that moves the transition toward completion.
    public enum Direction: Sendable, Hashable, CaseIterable {
        /// +x (an edge-swipe pop from the left edge, a card leaving to the right).
        case right
        /// −x (a card leaving through the left edge).
        case left
        /// +y (a card dismissed downward).
        case down
        /// −y.
        case up

        /// Whether the axis is x.
        public var isHorizontal: Bool { self == .right || self == .left }

        /// The component of `vector` along this direction (points, or points per second).
        public func component(of vector: CGPoint) -> CGFloat {
            switch self {
            case .right: return vector.x
            case .left: return -vector.x
            case .down: return vector.y
            case .up: return -vector.y
            }
        }
    }

    /// What `start` returns for a transition it began.
    public struct Session {
        /// Called with the finger's location in the recognizer view's coordinates (points) on
        /// every change while the finger drives, e.g. to move a reveal's centre with it.
        /// The controller keeps the session until its next transition starts, so capture the
        /// animator weakly (nothing may outlive its transition, L1).
        public var fingerMoved: (@MainActor (CGPoint) -> Void)?
        /// The run-out curve of this transition if it is percent-driven, instead of the
        /// controller's `completionCurve` (nil: the controller's).
        public var completionCurve: TimingCurve?

        /// - Parameters:
        ///   - fingerMoved: see `fingerMoved` (default none).
        ///   - completionCurve: see `completionCurve` (default nil).
        public init(fingerMoved: (@MainActor (CGPoint) -> Void)? = nil, completionCurve: TimingCurve? = nil) {
            self.fingerMoved = fingerMoved
            self.completionCurve = completionCurve
        }
    }

    /// Begins a transition driven by `interactionController` (for instance
    /// `perform(.pop, animated: true, transition: TransitionOverride(animator:interactionController:))`)
    /// and returns a session, or returns nil, starting nothing, when no transition can run
    /// now (root only, nothing presented, another transition busy).
    /// `touchDown` is where the pan began, in the recognizer view's coordinates (points).
    public typealias Start = @MainActor (_ interactionController: any InteractiveTransitioning, _ touchDown: CGPoint) -> Session?

    /// The recognizer; the caller attaches it to a view (the transition container).
    public let recognizer: PanGestureRecognizer
    /// The finger movement toward completion: fixed, except for a controller made with
    /// `directionAtBegan` (the tab switch pan), which picks it when a new transition begins
    /// and keeps it until the next one.
    public internal(set) var direction: Direction
    /// Decides finish or cancel on release; read at each release.
    public var policy: InteractionPolicy
    /// How the next transition is driven (a running one keeps its mode).
    public var mode: InteractionMode
    /// Run-out curve of percent-driven transitions (default `.easeInEaseOut`, UIKit's
    /// `completionCurve`); a `.spring` starts at the finger's velocity.
    public var completionCurve: TimingCurve
    /// Run-out speed multiplier of percent-driven transitions, finite and > 0 (default 1).
    public var completionSpeed: CGFloat {
        didSet {
            precondition(completionSpeed > 0 && completionSpeed.isFinite, "completionSpeed must be finite and > 0, got \(completionSpeed)")
        }
    }

    /// The interaction controller of the transition in progress, if any: a
    /// `PercentDrivenInteractiveTransition` or a `DisplayLinkInteractiveTransition`, after the
    /// `mode` at its start. Held by the transition only (weakly here): nil once it ended.
    public private(set) weak var interactionController: (any GestureDrivenTransitioning)?
    /// `interactionController` if it is percent-driven.
    public var percentDrivenTransition: PercentDrivenInteractiveTransition? {
        interactionController as? PercentDrivenInteractiveTransition
    }
    /// `interactionController` if it is display-link driven.
    public var displayLinkTransition: DisplayLinkInteractiveTransition? {
        interactionController as? DisplayLinkInteractiveTransition
    }
    /// Whether the finger drives a transition now (between `began` and the release).
    public private(set) var isTracking = false
    /// The progress the finger gives, 0...1 (the last value reported or read).
    public private(set) var fingerProgress: CGFloat = 0
    /// How many transitions this controller has started (re-grabs do not count).
    public private(set) var transitionsStarted = 0

    /// Replaced once by owners that need a weak reference to themselves (inside Core).
    var start: Start
    /// Picks `direction` from the translation at `began` (window points) before a new
    /// transition starts; nil keeps it fixed (inside Core: the tab switch pan).
    var directionAtBegan: (@MainActor (_ translation: CGPoint) -> Direction)?
    private var session: Session?
    private var offset: CGFloat = 0
    /// The release decision of the run-out in progress (resumed after a failed re-grab).
    private var decision = false
    /// A touch-down paused the run-out and the pan has not begun yet.
    private var isPausedByTouch = false

    /// - Parameters:
    ///   - recognizer: the pan to listen to; this controller adds an action to it.
    ///   - direction: the finger movement toward completion.
    ///   - policy: the release rule (default `.default`).
    ///   - mode: percent-driven (default) or display-link driven.
    ///   - completionCurve: run-out curve of percent-driven transitions (default `.easeInEaseOut`).
    ///   - start: begins a transition with the interaction controller it is given, or
    ///     returns nil.
    public init(
        recognizer: PanGestureRecognizer, direction: Direction, policy: InteractionPolicy = .default,
        mode: InteractionMode = .percentDriven, completionCurve: TimingCurve = .easeInEaseOut,
        start: @escaping Start
    ) {
        self.recognizer = recognizer
        self.direction = direction
        self.policy = policy
        self.mode = mode
        self.completionCurve = completionCurve
        self.completionSpeed = 1
        self.start = start
        recognizer.addAction { [weak self] g in self?.handle(g) }
        recognizer.touchDownObserver = { [weak self] _ in self?.touchDown() }
        recognizer.failureObserver = { [weak self] _ in self?.touchFailed() }
    }

    /// Whether a transition started by this controller is still running (tracking, paused
    /// or running out).
    public var isTransitionRunning: Bool { interactionController != nil }

    /// The container length L in points: the recognizer view's bounds width (horizontal
    /// directions) or height (vertical); 0 without a view.
    public var containerLength: CGFloat {
        guard let view = recognizer.view else { return 0 }
        return direction.isHorizontal ? view.bounds.width : view.bounds.height
    }

    /// Translation along `direction` in points (window coordinates).
    private var along: CGFloat { direction.component(of: recognizer.translation(in: nil)) }

    private func progress(offset: CGFloat) -> CGFloat {
        let length = containerLength
        guard length > 0 else { return 0 }
        let p = offset + along / length
        // On a container far smaller than the movement d / L overflows to ±∞: that clamps
        // to 1 or 0 like any large value. NaN (∞ − ∞ after a re-grab) keeps the progress.
        return p.isNaN ? fingerProgress : min(1, max(0, p))
    }

    // MARK: Gesture

    private func handle(_ g: GestureRecognizer) {
        switch g.state {
        case .began: began()
        case .changed: changed()
        case .ended, .cancelled: released(state: g.state)
        case .possible, .failed: break
        }
    }

    private func began() {
        if isPausedByTouch {
            // Re-grab: continue from the progress on screen, measured from here.
            isPausedByTouch = false
            let length = containerLength
            offset = length > 0 ? fingerProgress - along / length : fingerProgress
            isTracking = true
            changed()
            return
        }
        // One of ours still runs out (the touch-down could not pause it) or something else
        // drives it: leave it alone.
        guard !isTransitionRunning else { return }
        if let directionAtBegan { direction = directionAtBegan(recognizer.translation(in: nil)) }
        offset = 0
        fingerProgress = progress(offset: 0)
        let location = recognizer.location(in: recognizer.view)
        let interaction = makeInteractionController()
        interactionController = interaction
        session = nil
        guard let session = start(interaction, location) else {
            interactionController = nil
            return
        }
        self.session = session
        if let curve = session.completionCurve, let percentDriven = interaction as? PercentDrivenInteractiveTransition {
            percentDriven.completionCurve = curve
        }
        transitionsStarted += 1
        isTracking = true
        session.fingerMoved?(location)
        interaction.update(fingerProgress)
    }

    /// A new interaction controller for `mode`, the one place that depends on its kind.
    private func makeInteractionController() -> any GestureDrivenTransitioning {
        switch mode {
        case .percentDriven:
            let interaction = PercentDrivenInteractiveTransition()
            interaction.completionCurve = completionCurve
            interaction.completionSpeed = completionSpeed
            return interaction
        case .displayLinkDriven(let runOutDuration):
            return DisplayLinkInteractiveTransition(runOutDuration: runOutDuration)
        }
    }

    private func changed() {
        guard isTracking else { return }
        guard let interactionController else {
            isTracking = false
            return
        }
        fingerProgress = progress(offset: offset)
        session?.fingerMoved?(recognizer.location(in: recognizer.view))
        interactionController.update(fingerProgress)
    }

    private func released(state: GestureRecognizerState) {
        guard isTracking else { return }
        isTracking = false
        let velocity = direction.component(of: recognizer.velocity(in: nil))
        decision = policy.shouldFinish(progress: fingerProgress, velocity: velocity, endState: state)
        let length = containerLength
        runOut(finish: decision, progressVelocity: length > 0 && velocity.isFinite ? velocity / length : 0)
    }

    /// - Parameter progressVelocity: the finger's velocity in progress per second.
    private func runOut(finish: Bool, progressVelocity: CGFloat) {
        interactionController?.release(finish: finish, velocity: progressVelocity)
    }

    // MARK: Re-grab

    private func touchDown() {
        guard !isTracking, !isPausedByTouch else { return }
        guard let interactionController, interactionController.isReleased else { return }
        interactionController.pause()
        guard !interactionController.isReleased else { return }  // the run-out had already ended
        fingerProgress = interactionController.percentComplete
        isPausedByTouch = true
    }

    private func touchFailed() {
        guard isPausedByTouch else { return }
        isPausedByTouch = false
        runOut(finish: decision, progressVelocity: 0)
    }
}
