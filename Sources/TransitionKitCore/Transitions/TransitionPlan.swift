import Foundation

/// Everything one navigation or presentation transition needs, worked out before it runs:
/// who leaves and who arrives, where, with which animator, and what changes in the model
/// when it finishes. `TransitionRunner` carries it out; navigation and presentation only
/// compute it (after refusing requests that cannot run).
///
/// Who hears what: the view controller leaving is told it will and then did disappear, the
/// one arriving that it will and then did appear (see `TransitionRunner` for the order). The
/// presenter of an over-full-screen presentation stays on screen behind it, so it is told
/// nothing and its view never moves; nobody is told anything when the container is not on
/// screen.
@MainActor
struct TransitionPlan {
    /// The animator and interaction controller of an animated transition, and the clock
    /// that times it.
    @MainActor
    struct Animation {
        var animator: any AnimatedTransitioning
        var interactionController: (any InteractiveTransitioning)?
        var clock: any FrameClock

        /// The override's animator and interaction controller when there is an override,
        /// else the delegate's (`animator`, then `interaction` for that animator), else the
        /// animator of the view controller's `preferredTransition` (`preferred`), with the
        /// slide as the default animator. The delegate is asked only for what the override
        /// does not give, the preferred transition only when the delegate gives no animator.
        init(
            override: TransitionOverride?, clock: any FrameClock,
            animator delegateAnimator: () -> (any AnimatedTransitioning)?,
            preferred: () -> (any AnimatedTransitioning)? = { nil },
            interaction delegateInteraction: (any AnimatedTransitioning) -> (any InteractiveTransitioning)?
        ) {
            let animator = override?.animator ?? delegateAnimator() ?? preferred() ?? SlideAnimator()
            self.animator = animator
            self.interactionController = override.map { $0.interactionController } ?? delegateInteraction(animator)
            self.clock = clock
        }
    }

    /// Where the incoming view goes when the transition starts (after the will-callbacks
    /// without animation, after the driver recorded the views with it).
    enum IncomingViewPlacement {
        /// Directly above the outgoing view (animated push, tab switch forward).
        case aboveOutgoing
        /// Directly below the outgoing view (animated pop, tab switch in reverse).
        case belowOutgoing
        /// Frontmost in the container (present).
        case onTop
        /// The outgoing view leaves first, then the incoming one goes frontmost (navigation
        /// without animation).
        case replacingOutgoing
        /// Already in the container when the plan is made (dismiss: the presenter's view was
        /// put back below the presented one, or never left).
        case alreadyInContainer
    }

    /// Push or pop for navigation, present or dismiss for presentation, tab for a tab bar
    /// controller.
    var operation: TransitionOperation
    /// For `.tab`, towards a higher or a lower index; nil otherwise.
    var tabDirection: TabDirection? = nil
    /// The view controller on screen when the transition starts.
    var from: ViewController
    /// The view controller on screen when it finishes.
    var to: ViewController
    /// The view both views live in; nil when it is not loaded (a navigation controller never
    /// shown), in which case the transition has no animation and no view moves.
    var container: View?
    /// nil for a transition without animation.
    var animation: Animation?
    /// Whether appearance callbacks are sent at all (false when the container is not on
    /// screen in an appeared state).
    var sendsAppearanceCallbacks: Bool
    /// The presenter of an over-full-screen presentation or dismissal: it neither appears
    /// nor disappears and its view stays where it is.
    var stayingPresenter: ViewController?
    var incomingPlacement: IncomingViewPlacement
    /// The model change made when the transition finishes (the stack, or the presentation
    /// link); a cancelled transition changed nothing in the model, so it has nothing to undo.
    var commit: @MainActor () -> Void
    /// For a present: the presenter's view, and where the changes the animator leaves on it
    /// when the transition finishes (`finalizeTransition`, `animationEnded`) are kept, so the
    /// end of the presentation can undo them (scenario U12); nil otherwise.
    var keepsAnimatorChanges: (view: View, keep: @MainActor (LayerChanges) -> Void)? = nil
    /// Called last when the transition finished, with whether it was animated (the
    /// navigation delegate's `didShow`).
    var didShow: (@MainActor (_ animated: Bool) -> Void)?

    /// The view controller told it disappears: `from`, unless it stays on screen.
    var disappearing: ViewController? { sendsAppearanceCallbacks && from !== stayingPresenter ? from : nil }
    /// The view controller told it appears: `to`, unless it was on screen all along.
    var appearing: ViewController? { sendsAppearanceCallbacks && to !== stayingPresenter ? to : nil }
    /// Whether the outgoing view leaves the container when the transition finishes.
    var removesOutgoingView: Bool { from !== stayingPresenter }
    /// Whether the incoming view leaves the container when the transition is cancelled.
    var removesIncomingViewOnCancel: Bool { to !== stayingPresenter }
    /// The coordinator made before the plan, when the request's owner had to hand it out
    /// first (a navigation controller, before its delegate's `willShow`); nil: the runner
    /// makes one for an animated transition.
    var coordinator: TransitionCoordinator? = nil
    /// The presented view controller's style for present and dismiss; nil otherwise.
    var presentationStyle: ModalPresentationStyle? {
        if operation == .present { return to.modalPresentationStyle }
        if operation == .dismiss { return from.modalPresentationStyle }
        return nil
    }
    /// The views whose trees the driver records and restores at the end.
    var viewsToRestore: [View] { [from.view, to.view] }
}
