import Foundation

extension TransitionRunner {
    /// Carries out `plan` with `interaction` driving it: the one way a gesture starts (or
    /// catches) an interactive transition.
    ///
    /// In order: if the window's running transition plays time-based, is the reverse of the
    /// request (a push of the screen a pop takes away, the present of the screen a dismiss
    /// takes away) and its animator is of the kind the plan's animation has (the transition
    /// of the effect that declares the gesture), `interaction` takes it over at its progress
    /// on screen (`.caught`).
    /// Otherwise, unless `catchOnly`: the request must be possible now (on screen, something
    /// to pop, dismiss or switch to) and the queue idle; `makeAnimation` gets the touch-down
    /// in the container's coordinates; the request runs with a `TransitionOverride` of its
    /// animator and `interaction`; it started if the queue's running transition is now driven
    /// by `interaction` (`.started`, with `fingerMoved` converted from the recognizer view's
    /// coordinates to the container's while the view is inside it).
    /// - Parameters:
    ///   - touchDown: where the touch went down, in `plan.gestureView`'s coordinates (points).
    ///   - catchOnly: only catch a running transition, never start one (a touch going down).
    static func startInteractive(
        _ plan: InteractiveTransitionPlan, driving interaction: any InteractiveTransitioning, touchDown: CGPoint, catchOnly: Bool = false
    ) -> InteractiveStartOutcome {
        if let caught = catchRunning(plan, interaction, touchDown: touchDown) { return caught }
        if catchOnly { return .refused(.busy) }
        let resolved: Resolved
        switch resolve(plan.request) {
        case .success(let r): resolved = r
        case .failure(let refusal): return .refused(refusal)
        }
        guard resolved.queue.isIdle else { return .refused(.busy) }
        let container = resolved.container
        let gestureView = plan.gestureView
        let point = gestureView === container ? touchDown : gestureView.convert(touchDown, to: container) ?? touchDown
        guard let animation = plan.makeAnimation(point, resolved.operation, resolved.target) else { return .refused(.declined) }
        let override = TransitionOverride(animator: animation.animator, interactionController: interaction)
        resolved.run(override)
        guard let driver = resolved.queue.current, driver.interactionController === interaction else { return .refused(.requestRefused) }
        var session = animation
        session.fingerMoved = animation.fingerMoved.map { converted($0, from: gestureView, to: container) }
        return .started(session)
    }

    /// Whether `request` would start now (`startInteractive`'s checks short of making the
    /// animation): it resolves and its queue is idle. A gesture asks it before it begins.
    static func canStart(_ request: InteractiveTransitionPlan.Request) -> Bool {
        guard case .success(let resolved) = resolve(request) else { return false }
        return resolved.queue.isIdle
    }

    /// A request checked against the state now: its operation, container, queue and how to
    /// issue it.
    private struct Resolved {
        var operation: TransitionOperation
        var container: View
        var queue: TransitionQueue
        var target: InteractiveTransitionPlan.Target
        var run: @MainActor (TransitionOverride) -> Void
    }

    private static func resolve(_ request: InteractiveTransitionPlan.Request) -> Result<Resolved, InteractiveStartRefusal> {
        switch request {
        case .pop(let nav):
            return resolvePop(nav)
        case .dismiss(let vc):
            return resolveDismiss(vc)
        case .popOrDismiss(let vc, let operations):
            if let nav = vc.navigationController {
                guard operations.contains(.pop), nav.topViewController === vc else { return .failure(.nothingToDo) }
                return resolvePop(nav)
            }
            guard operations.contains(.dismiss) else { return .failure(.nothingToDo) }
            return resolveDismiss(vc)
        case .tab(let tabs, let direction):
            guard tabs.isViewLoaded, tabs.view.window != nil, tabs.appearanceState == .appeared else { return .failure(.notOnScreen) }
            guard let index = TabSwitchPanController.neighbour(of: tabs.selectedIndex, count: tabs.viewControllers.count, direction: direction)
            else { return .failure(.nothingToDo) }
            return .success(
                Resolved(
                    operation: .tab, container: tabs.containerView, queue: tabs.transitionQueue,
                    target: .init(leaving: tabs.viewControllers[index], tabIndex: index)
                ) { override in
                    // `index` is valid (checked above), so `select`'s precondition holds; a
                    // refused `shouldSelect` leaves no transition running.
                    tabs.select(index, animated: true, transition: override)
                })
        }
    }

    private static func resolvePop(_ nav: NavigationController) -> Result<Resolved, InteractiveStartRefusal> {
        guard nav.isViewLoaded, nav.view.window != nil, nav.appearanceState == .appeared else { return .failure(.notOnScreen) }
        guard nav.viewControllers.count > 1 else { return .failure(.nothingToDo) }
        return .success(
            Resolved(
                operation: .pop, container: nav.view, queue: nav.transitionQueue,
                target: .init(leaving: nav.topViewController, tabIndex: nil)
            ) { override in nav.perform(.pop, animated: true, transition: override) })
    }

    private static func resolveDismiss(_ vc: ViewController) -> Result<Resolved, InteractiveStartRefusal> {
        guard vc.isViewLoaded, let window = vc.view.window else { return .failure(.notOnScreen) }
        guard vc.navigationController == nil, vc.presentingViewController != nil, vc.presentedViewController == nil else {
            return .failure(.nothingToDo)
        }
        return .success(
            Resolved(
                operation: .dismiss, container: window.rootView, queue: window.transitionQueue,
                target: .init(leaving: vc, tabIndex: nil)
            ) { override in vc.dismiss(animated: true, transition: override) })
    }

    /// The running time-based transition `plan` reverses, caught by `interaction`; nil when
    /// there is none.
    private static func catchRunning(
        _ plan: InteractiveTransitionPlan, _ interaction: any InteractiveTransitioning, touchDown: CGPoint
    ) -> InteractiveStartOutcome? {
        guard let window = plan.gestureView.window, let driver = window.transitionQueue.current, driver.isCatchable else { return nil }
        let context = driver.context
        let arriving = context.toViewController
        let reverse: TransitionOperation
        switch plan.request {
        case .pop(let nav):
            guard context.operation == .push, context.containerView === nav.view else { return nil }
            reverse = .pop
        case .dismiss(let vc):
            guard context.operation == .present, arriving === vc else { return nil }
            reverse = .dismiss
        case .popOrDismiss(let vc, let operations):
            guard arriving === vc else { return nil }
            if context.operation == .push, operations.contains(.pop) {
                reverse = .pop
            } else if context.operation == .present, operations.contains(.dismiss) {
                reverse = .dismiss
            } else {
                return nil
            }
        case .tab:
            return nil
        }
        let container = context.containerView
        let gestureView = plan.gestureView
        let point = gestureView === container ? touchDown : gestureView.convert(touchDown, to: container) ?? touchDown
        // Only a transition of the gesture's own effect: its animator is of the kind the
        // gesture's animation has (a plain slide push under a radial edge swipe is not
        // caught). The run-out curve is the one the effect gives its interactive runs; the
        // new animator is not used, the running one continues.
        guard let animation = plan.makeAnimation(point, reverse, .init(leaving: arriving, tabIndex: nil)),
            type(of: animation.animator) == type(of: driver.animator), driver.catchInteractively(interaction)
        else { return nil }
        return .caught(InteractiveAnimation(animator: driver.animator, completionCurve: animation.completionCurve), progress: driver.percentComplete)
    }

    /// `fingerMoved` fed with points of `gestureView` converted to `container`'s, while the
    /// view is inside the container (a moving view's points, in the container's terms).
    private static func converted(
        _ fingerMoved: @escaping @MainActor (CGPoint) -> Void, from gestureView: View, to container: View
    ) -> @MainActor (CGPoint) -> Void {
        if gestureView === container { return fingerMoved }
        return { [weak gestureView, weak container] point in
            guard let gestureView, let container, gestureView.isDescendant(of: container) else { return }
            fingerMoved(gestureView.convert(point, to: container) ?? point)
        }
    }
}
