import Foundation

/// The running transition as the app sees it (`UIViewControllerTransitionCoordinator`):
/// animate other views along with it, learn when a finger lets go, and learn how it ended.
///
/// Where to get it: `ViewController.transitionCoordinator` of the view controllers involved
/// (leaving and arriving, their navigation controller, the presenter and the presented) is
/// this object from the moment the transition is decided until it ends. For a navigation
/// transition that moment is before the navigation delegate's
/// `navigationController(_:willShow:animated:)`, so the delegate can register handlers for
/// every push and pop, the edge-swipe pops included (read
/// `navigationController.transitionCoordinator` there); for any transition, the
/// `viewWillAppear`/`viewWillDisappear` callbacks (`ViewController.appearanceObserver`)
/// also see it, which covers drag dismissals. In `willShow` the values that depend on the
/// animator and the interaction controller (`transitionDuration`, `initiallyInteractive`, …)
/// still read as for a transition that has not started; from the will-appearance callbacks
/// on they are known.
///
/// Lifetime: the transition's driver owns the coordinator; view controllers refer to it
/// weakly and are detached at the end, and the handlers are released after they ran, so
/// nothing outlives the transition (scenario L1) unless the app keeps the coordinator.
/// Only animated transitions have one.
@MainActor
public final class TransitionCoordinator: TransitionCoordinatorContext {
    /// A handler registered on the coordinator; it receives the coordinator as its context.
    public typealias Handler = @MainActor (any TransitionCoordinatorContext) -> Void

    /// An alongside closure and the record of the tree it may change.
    private struct Alongside {
        let animation: Handler
        let restorePoint: LayerRestorePoint
    }

    /// The values that come from the driver, frozen at the end so that a kept coordinator
    /// still reports how the transition ended.
    private struct State {
        var isInteractive = false
        var initiallyInteractive = false
        var isInterruptible = false
        var isCancelled = false
        var percentComplete: CGFloat = 0
        var progress: CGFloat = 0
        var transitionDuration: TimeInterval = 0
        var completionVelocity: CGFloat = 0
        var completionCurve: TimingCurve = .easeInEaseOut
    }

    public let operation: TransitionOperation
    public let containerView: View
    public let presentationStyle: ModalPresentationStyle?
    private let fromViewController: ViewController
    private let toViewController: ViewController
    /// The running driver; set by the driver when it is made (weak: the driver owns this).
    weak var driver: TransitionDriver? {
        didSet { startedInteractive = driver?.interactionController != nil }
    }
    /// Whether the driver had an interaction controller when it was made: a time-based
    /// transition that a finger catches later (scenario I1) did not start interactive.
    private var startedInteractive = false
    /// The view controllers whose `transitionCoordinator` is this one until the end.
    private var attached: [ViewController] = []
    private var ended: State?
    @exclusivity(unchecked) private var alongside: [Alongside] = []
    private var completions: [Handler] = []
    private var interactionHandlers: [Handler] = []

    /// A coordinator for a transition from `from` to `to` in `container`, and the view
    /// controllers' `transitionCoordinator` from now on: `from`, `to` and `also` (the
    /// navigation controller that runs it).
    init(
        operation: TransitionOperation, from: ViewController, to: ViewController, container: View,
        presentationStyle: ModalPresentationStyle?, also: [ViewController] = []
    ) {
        self.operation = operation
        self.fromViewController = from
        self.toViewController = to
        self.containerView = container
        self.presentationStyle = presentationStyle
        attached = [from, to] + also
        for vc in attached { vc.runningTransitionCoordinator = self }
    }

    // MARK: Registering

    /// Runs `animation` with the transition, frame by frame, and `completion` once at its end
    /// (`animate(alongsideTransition:completion:)`); the animation may change any layer in
    /// `containerView`'s tree (see `animateAlongsideTransition(in:animation:completion:)`).
    /// - Parameters:
    ///   - animation: called with this context after the animator at every frame, with
    ///     `progress` 0 when the transition starts (or at once, at the progress on screen,
    ///     when registered while it runs); set layers as a function of `progress`.
    ///   - completion: called once after the transition ended (`isCancelled` tells how).
    /// - Returns: false, and nothing is registered, when the transition has already ended
    ///   (a kept coordinator); true otherwise.
    @discardableResult
    public func animate(alongsideTransition animation: Handler?, completion: Handler? = nil) -> Bool {
        animateAlongsideTransition(in: nil, animation: animation, completion: completion)
    }

    /// Runs `animation` with the transition and `completion` at its end, for views outside
    /// the transition's container, a navigation bar for instance
    /// (`animateAlongsideTransition(in:animation:completion:)`).
    ///
    /// What is put back: when `animation` is registered, the tree of `view` (nil:
    /// `containerView`) is recorded like the driver records the animator's views (every
    /// property of every view and layer, masks, the order of subviews and sublayers), leaving
    /// out the two view controllers' views (the driver records those). When the transition is
    /// cancelled, that tree is put back exactly as recorded, and the two views as the driver
    /// recorded them, before the appearance callbacks and handlers run (set what a cancel
    /// needs in `completion`, e.g. select the row again). When it finishes, the state of its
    /// last frame (`progress` 1) stays everywhere, inside the two view controllers' views too,
    /// as UIKit keeps it: that last call of `animation` comes after the driver put the
    /// animator's changes back (scenario U2).
    /// - Parameters:
    ///   - view: the root of the tree `animation` changes; nil for `containerView`.
    ///   - animation: called with this context after the animator at every frame (see
    ///     `animate(alongsideTransition:completion:)`). Keep it O(layers it touches) and free
    ///     of allocation: it runs once per frame.
    ///   - completion: called once after the transition ended, after the hierarchy changed
    ///     (or was put back) and the appearance callbacks, before the request's own completion.
    /// - Returns: false when the transition has already ended (nothing registered), else true.
    /// - Complexity: O(views + layers) of the recorded tree, once, when `animation` is given.
    @discardableResult
    public func animateAlongsideTransition(in view: View?, animation: Handler?, completion: Handler? = nil) -> Bool {
        guard ended == nil else { return false }
        if let completion { completions.append(completion) }
        if let animation {
            let record = LayerRestorePoint(capturing: [view ?? containerView], excluding: [fromViewController.view, toViewController.view])
            alongside.append(Alongside(animation: animation, restorePoint: record))
            if driver?.isRunning == true { animation(self) }
        }
        return true
    }

    /// Calls `handler` each time the transition stops being interactive: when the finger lets
    /// go and the finish or cancel is decided (`notifyWhenInteractionChanges(_:)`).
    ///
    /// The context then has `isInteractive` false, `isCancelled` as decided, the release's
    /// `completionVelocity` and the `percentComplete` at the release; the run-out has not
    /// started yet. A re-grab makes the transition interactive again without a call; its next
    /// release calls again (UIKit calls on every change from interactive to non-interactive).
    /// Never called for a time-based transition that no finger caught, nor after the
    /// transition ended. A `DisplayLinkInteractiveTransition` is no different: its run-out
    /// runs on the driver after the release, so the call comes at the release.
    public func notifyWhenInteractionChanges(_ handler: @escaping Handler) {
        guard ended == nil else { return }
        interactionHandlers.append(handler)
    }

    // MARK: Context

    private var state: State {
        if let ended { return ended }
        guard let driver else { return State() }
        let interaction = driver.interactionController
        return State(
            isInteractive: driver.context.isInteractive, initiallyInteractive: startedInteractive,
            isInterruptible: interaction is GestureDrivenTransitioning, isCancelled: driver.context.transitionWasCancelled,
            percentComplete: driver.percentComplete, progress: driver.animatorProgress, transitionDuration: driver.duration,
            completionVelocity: interaction?.completionVelocity ?? 0, completionCurve: driver.completionCurve)
    }

    public var isAnimated: Bool { true }
    public var isInteractive: Bool { state.isInteractive }
    public var initiallyInteractive: Bool { state.initiallyInteractive }
    public var isInterruptible: Bool { state.isInterruptible }
    public var isCancelled: Bool { state.isCancelled }
    public var percentComplete: CGFloat { state.percentComplete }
    public var progress: CGFloat { state.progress }
    public var transitionDuration: TimeInterval { state.transitionDuration }
    public var completionVelocity: CGFloat { state.completionVelocity }
    public var completionCurve: TimingCurve { state.completionCurve }

    public func viewController(forKey key: TransitionContextKey) -> ViewController? {
        key == .from ? fromViewController : toViewController
    }

    public func view(forKey key: TransitionContextKey) -> View? {
        viewController(forKey: key)?.view
    }

    // MARK: Driver's calls

    /// After the animator drew a frame: every alongside closure, in registration order.
    /// - Complexity: O(closures) plus theirs; no allocation of its own.
    func animateFrame() {
        for entry in alongside { entry.animation(self) }
    }

    /// The finger let go (the driver already set the outcome).
    func interactionDidChange() {
        for handler in interactionHandlers { handler(self) }
    }

    /// The transition ended and the driver restored its views: a cancelled transition's
    /// alongside records are put back (latest first, so the earliest record is what stays); a
    /// finished one's alongside closures draw their last frame (progress 1, which the driver
    /// left to this call) over the restored views, so their final state stays there too (U2);
    /// then the values are frozen and the view controllers detached.
    func transitionDidEnd(completed: Bool) {
        if completed {
            for entry in alongside { entry.animation(self) }
        } else {
            for entry in alongside.reversed() { entry.restorePoint.restore() }
        }
        var final = state
        final.isCancelled = !completed
        ended = final
        alongside = []
        interactionHandlers = []
        for vc in attached where vc.runningTransitionCoordinator === self { vc.runningTransitionCoordinator = nil }
        attached = []
    }

    /// After the hierarchy changed and the appearance callbacks: the completions, once each.
    func runCompletions() {
        let handlers = completions
        completions = []
        for handler in handlers { handler(self) }
    }
}

extension ViewController {
    /// The running transition this view controller takes part in, or its navigation
    /// controller's (`UIViewController.transitionCoordinator`): the leaving and the arriving
    /// view controller, the navigation controller of a push or pop, the tab bar controller of a
    /// tab switch, the presenter and the presented of a modal transition, and the view
    /// controllers in their stacks or tabs, from just
    /// before the transition starts (before the navigation delegate's `willShow`, before the
    /// will-appearance callbacks) until it ends (nil again in the did-appearance callbacks
    /// and the completions). Nil when no animated transition involves it.
    public var transitionCoordinator: TransitionCoordinator? {
        runningTransitionCoordinator ?? navigationController?.transitionCoordinator ?? tabBarController?.transitionCoordinator
    }
}
