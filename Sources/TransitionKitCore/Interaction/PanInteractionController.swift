import Foundation

/// Drives interactive transitions from a pan gesture: the finger's translation becomes
/// progress, the release is decided by an `InteractionPolicy`, and a finger that touches
/// down during the run-out catches the transition where it is (re-grab).
///
/// The shared machinery behind the edge-swipe pop of the navigation effects
/// (`EdgePanPopController`), the tab switch pan, drag-to-dismiss and a preferred
/// transition's gestures; the owner supplies only `begin`, which begins its transition with
/// the interaction controller it is handed.
///
/// Per gesture:
/// - `began`: if a transition this controller started is running out (or was just paused by
///   a re-grab) the finger takes it over from the progress on screen; otherwise a new
///   interaction controller (`mode`) is made and `begin` is asked to begin a transition with
///   it. If `begin` returns nil nothing happens: no transition, no display link (S4).
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
/// Catching a running transition (Core's gesture owners, scenario I1): a touch that goes down
/// while a time-based transition that is the reverse of this gesture's operation moves the
/// screen (the push or present of the screen this gesture pops or dismisses) holds it at its
/// progress on screen; the pan then drives it back (progress = that progress − d / L), and the
/// release decides with the same policy: finishing the gesture cancels the caught
/// transition, otherwise it runs on to its end. A touch that never becomes a pan lets it run on.
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

    /// Begins a transition driven by `interactionController` (for instance
    /// `perform(.pop, animated: true, transition: TransitionOverride(animator: animation.animator, interactionController: interactionController))`)
    /// and returns that transition's `InteractiveAnimation` (the session: its `fingerMoved`
    /// takes the recognizer view's coordinates, its `completionCurve` replaces the
    /// controller's), or returns nil, starting nothing, when no transition can run now.
    /// `touchDown` is where the pan began, in the recognizer view's coordinates (points).
    /// The controller keeps only `fingerMoved` and `completionCurve`, never the animator.
    public typealias Begin =
        @MainActor (_ interactionController: any InteractiveTransitioning, _ touchDown: CGPoint) -> InteractiveAnimation?

    /// What the controller keeps of a run it drives (never the animator, L1).
    struct Run {
        var fingerMoved: (@MainActor (CGPoint) -> Void)?
        var completionCurve: TimingCurve?
        /// Set when the run caught a running transition that is the reverse of the gesture:
        /// its progress at the catch; the finger's progress toward the gesture's operation is
        /// then 1 − the transition's, and a release that finishes the gesture cancels it.
        var caughtAt: CGFloat?

        init(fingerMoved: (@MainActor (CGPoint) -> Void)?, completionCurve: TimingCurve?, caughtAt: CGFloat? = nil) {
            self.fingerMoved = fingerMoved
            self.completionCurve = completionCurve
            self.caughtAt = caughtAt
        }

        init(_ animation: InteractiveAnimation, caughtAt: CGFloat? = nil) {
            self.init(fingerMoved: animation.fingerMoved, completionCurve: animation.completionCurve, caughtAt: caughtAt)
        }

        /// The run of a plan's outcome; nil when it was refused.
        init?(_ outcome: InteractiveStartOutcome) {
            switch outcome {
            case .started(let animation): self.init(animation)
            case .caught(let animation, let progress): self.init(animation, caughtAt: progress)
            case .refused: return nil
            }
        }
    }

    /// Starts (or, with `catchOnly`, only catches) a run: inside Core, a plan carried out by
    /// `TransitionRunner.startInteractive`.
    typealias BeginRun =
        @MainActor (_ interactionController: any InteractiveTransitioning, _ touchDown: CGPoint, _ catchOnly: Bool) -> Run?

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
    var begin: BeginRun
    /// Picks `direction` from the translation at `began` (window points) before a new
    /// transition starts; nil keeps it fixed (inside Core: the tab switch pan).
    var directionAtBegan: (@MainActor (_ translation: CGPoint) -> Direction)?
    private var session: Run?
    private var offset: CGFloat = 0
    /// The release decision of the run-out in progress (resumed after a failed re-grab).
    private var decision = false
    /// The interaction a touch-down holds (its run-out paused, or a running transition
    /// caught) until the pan begins. Weak like `interactionController`, so the hold ends when
    /// its interaction does: a transition that ended meanwhile (its window went away,
    /// scenario U8) holds nothing and the next pan starts afresh.
    private weak var heldInteraction: (any GestureDrivenTransitioning)?
    /// A touch-down holds the transition in progress and the pan has not begun yet.
    private var isPausedByTouch: Bool {
        get { heldInteraction != nil }
        set { heldInteraction = newValue ? interactionController : nil }
    }

    /// - Parameters:
    ///   - recognizer: the pan to listen to; this controller adds an action to it.
    ///   - direction: the finger movement toward completion.
    ///   - policy: the release rule (default `.default`).
    ///   - mode: percent-driven (default) or display-link driven.
    ///   - completionCurve: run-out curve of percent-driven transitions (default `.easeInEaseOut`).
    ///   - begin: begins a transition with the interaction controller it is given and returns
    ///     its animation, or returns nil.
    public convenience init(
        recognizer: PanGestureRecognizer, direction: Direction, policy: InteractionPolicy = .default,
        mode: InteractionMode = .percentDriven, completionCurve: TimingCurve = .easeInEaseOut,
        begin: @escaping Begin
    ) {
        self.init(recognizer: recognizer, direction: direction, policy: policy, mode: mode, completionCurve: completionCurve) {
            interaction, touchDown, catchOnly in
            catchOnly ? nil : begin(interaction, touchDown).map { Run($0) }
        }
    }

    /// Inside Core: the gesture owners give a plan-carrying `begin` (see `BeginRun`).
    init(
        recognizer: PanGestureRecognizer, direction: Direction, policy: InteractionPolicy = .default,
        mode: InteractionMode = .percentDriven, completionCurve: TimingCurve = .easeInEaseOut,
        run begin: @escaping BeginRun
    ) {
        self.recognizer = recognizer
        self.direction = direction
        self.policy = policy
        self.mode = mode
        self.completionCurve = completionCurve
        self.completionSpeed = 1
        self.begin = begin
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
            // Re-grab (or a touch that caught a running transition): continue from the
            // progress on screen, measured from here.
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
        guard let run = beginRun(at: location, catchOnly: false) else { return }
        if let caught = run.caughtAt {
            // Caught at `began`: the finger's progress starts where the transition is.
            fingerProgress = 1 - caught
            let length = containerLength
            offset = length > 0 ? fingerProgress - along / length : fingerProgress
        }
        isTracking = true
        run.fingerMoved?(location)
        report(fingerProgress)
    }

    /// A new interaction controller asked to begin (or only catch) a run; on success it is
    /// `interactionController` and the run is the session.
    private func beginRun(at location: CGPoint, catchOnly: Bool) -> Run? {
        let interaction = makeInteractionController()
        interactionController = interaction
        session = nil
        guard let run = begin(interaction, location, catchOnly) else {
            interactionController = nil
            return nil
        }
        session = run
        if let curve = run.completionCurve, let percentDriven = interaction as? PercentDrivenInteractiveTransition {
            percentDriven.completionCurve = curve
        }
        transitionsStarted += 1
        return run
    }

    /// Whether the run reverses a caught transition (see `Run.caughtAt`).
    private var isReversed: Bool { session?.caughtAt != nil }

    /// Hands the finger's progress `p` (toward the gesture's operation) to the interaction.
    private func report(_ p: CGFloat) {
        interactionController?.update(isReversed ? 1 - p : p)
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
        guard interactionController != nil else {
            isTracking = false
            return
        }
        fingerProgress = progress(offset: offset)
        session?.fingerMoved?(recognizer.location(in: recognizer.view))
        report(fingerProgress)
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
    /// A caught transition runs the other way: finishing the gesture cancels it.
    private func runOut(finish: Bool, progressVelocity: CGFloat) {
        let reversed = isReversed
        interactionController?.release(finish: reversed ? !finish : finish, velocity: reversed ? -progressVelocity : progressVelocity)
    }

    // MARK: Re-grab

    private func touchDown() {
        guard !isTracking, !isPausedByTouch else { return }
        guard let interactionController else {
            catchRunningTransition()
            return
        }
        guard interactionController.isReleased else { return }
        interactionController.pause()
        guard !interactionController.isReleased else { return }  // the run-out had already ended
        fingerProgress = isReversed ? 1 - interactionController.percentComplete : interactionController.percentComplete
        isPausedByTouch = true
    }

    /// A touch on a screen that a time-based transition moves, the reverse of this gesture's
    /// operation, holds that transition where it is (issue 37 behaviour 4): from `began` the
    /// finger drives it like a re-grab; a touch that never becomes a pan lets it run on to
    /// its own end (the gesture's operation does not finish).
    private func catchRunningTransition() {
        guard let run = beginRun(at: recognizer.location(in: recognizer.view), catchOnly: true), let caught = run.caughtAt else { return }
        fingerProgress = 1 - caught
        decision = false
        isPausedByTouch = true
        report(fingerProgress)
    }

    private func touchFailed() {
        guard isPausedByTouch else { return }
        isPausedByTouch = false
        runOut(finish: decision, progressVelocity: 0)
    }
}
