import Foundation

/// Runs a `TransitionPlan`: moves the views, drives the animation, changes the model and
/// sends the appearance callbacks, the same way for every navigation and presentation
/// request.
///
/// The appearance rule, as UIKit has it: at the start the leaving view controller hears
/// `viewWillDisappear` and then the arriving one `viewWillAppear`. When the transition
/// finishes, the views and the model change first, then the leaving one hears
/// `viewDidDisappear` and the arriving one `viewDidAppear`. When it is cancelled the
/// arriving one turns back (`viewWillDisappear`, `viewDidDisappear`) and then the leaving one
/// returns (`viewWillAppear`, `viewDidAppear`). `animated` is true for all of these in an
/// animated transition and false without animation. Every callback comes in a balanced
/// pair, so each view controller ends up appeared or disappeared.
@MainActor
enum TransitionRunner {
    /// Runs `plan` on `queue` and calls `completion` exactly once: `true` when it finished,
    /// `false` when it was cancelled.
    ///
    /// Without animation everything happens now: will-callbacks, the incoming view's
    /// placement, the commit, did-callbacks, `didShow`, `completion(true)`. With animation the
    /// incoming view is placed, the driver becomes the queue's running transition, the
    /// will-callbacks go out, and the driver starts: it records the views then, so what the
    /// view controllers changed in those callbacks stays (scenario U1); its end commits or
    /// rolls back, then the driver calls `completion`.
    static func run(_ plan: TransitionPlan, on queue: TransitionQueue, completion: (@MainActor (Bool) -> Void)?) {
        guard let animation = plan.animation else {
            sendWillCallbacks(plan, animated: false)
            if let container = plan.container {
                prepareIncomingView(plan, in: container)
                insertIncomingView(plan, in: container)
            }
            commit(plan, animated: false)
            completion?(true)
            return
        }
        guard let container = plan.container else { preconditionFailure("an animated transition needs a loaded container view") }
        let context = TransitionContext(
            container: container, operation: plan.operation, animated: true, from: plan.from, to: plan.to,
            fromInitialFrame: plan.from.view.frame, toFinalFrame: container.bounds, clock: animation.clock,
            tabDirection: plan.tabDirection)
        let coordinator =
            plan.coordinator
            ?? TransitionCoordinator(
                operation: plan.operation, from: plan.from, to: plan.to, container: container, presentationStyle: plan.presentationStyle)
        prepareIncomingView(plan, in: container)
        let driver = TransitionDriver(
            context: context, animator: animation.animator, interactionController: animation.interactionController,
            clock: animation.clock, restoring: plan.viewsToRestore, keepingChanges: plan.keepsAnimatorChanges, coordinator: coordinator,
            completion: completion
        ) { completed, _ in
            if completed {
                commit(plan, animated: true)
            } else {
                rollBack(plan)
            }
        }
        insertIncomingView(plan, in: container)
        queue.begin(driver)
        sendWillCallbacks(plan, animated: true)
        driver.start()
    }

    /// Before the driver records the views: the outgoing view leaves if the incoming one
    /// replaces it, and an incoming view that is not in the container yet gets its final frame.
    private static func prepareIncomingView(_ plan: TransitionPlan, in container: View) {
        if plan.incomingPlacement == .replacingOutgoing { plan.from.view.removeFromSuperview() }
        if plan.incomingPlacement != .alreadyInContainer { plan.to.view.frame = container.bounds }
    }

    private static func insertIncomingView(_ plan: TransitionPlan, in container: View) {
        switch plan.incomingPlacement {
        case .aboveOutgoing: container.insertSubview(plan.to.view, aboveSubview: plan.from.view)
        case .belowOutgoing: container.insertSubview(plan.to.view, belowSubview: plan.from.view)
        case .onTop, .replacingOutgoing: container.addSubview(plan.to.view)
        case .alreadyInContainer: break
        }
    }

    private static func sendWillCallbacks(_ plan: TransitionPlan, animated: Bool) {
        plan.disappearing?.sendAppearance(.viewWillDisappear(animated: animated))
        plan.appearing?.sendAppearance(.viewWillAppear(animated: animated))
    }

    /// The end of a finished transition: the outgoing view leaves (if it has not already),
    /// the model changes, then the did-callbacks and `didShow`.
    private static func commit(_ plan: TransitionPlan, animated: Bool) {
        if plan.container != nil, plan.removesOutgoingView { plan.from.view.removeFromSuperview() }
        plan.commit()
        plan.disappearing?.sendAppearance(.viewDidDisappear(animated: animated))
        plan.appearing?.sendAppearance(.viewDidAppear(animated: animated))
        plan.didShow?(animated)
    }

    /// The end of a cancelled transition: the incoming view leaves and both view
    /// controllers' callbacks are reversed, arriving one first.
    private static func rollBack(_ plan: TransitionPlan) {
        if plan.removesIncomingViewOnCancel { plan.to.view.removeFromSuperview() }
        plan.appearing?.sendAppearance(.viewWillDisappear(animated: true))
        plan.appearing?.sendAppearance(.viewDidDisappear(animated: true))
        plan.disappearing?.sendAppearance(.viewWillAppear(animated: true))
        plan.disappearing?.sendAppearance(.viewDidAppear(animated: true))
    }
}
