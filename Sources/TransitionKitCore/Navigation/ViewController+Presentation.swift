import Foundation

extension ViewController {
    /// The view controller whose view sits directly in the window for this one: its
    /// navigation or tab bar controller (recursively), else itself.
    var presentationRoot: ViewController {
        var vc: ViewController = self
        while let parent = vc.navigationController ?? vc.tabBarController { vc = parent }
        return vc
    }

    /// The window of this view controller's view or, while a full-screen presentation has
    /// taken the view out, of the view controller on top of its presentation chain (where a
    /// container controller's transitions queue).
    var hostWindow: Window? {
        if let window = view.window { return window }
        let top = topPresentedViewController
        return top !== self && top.isViewLoaded ? top.view.window : nil
    }

    /// Whether `ancestor` presented this view controller, directly or further down the chain.
    func isPresented(by ancestor: ViewController) -> Bool {
        var vc = presentingViewController
        while let p = vc {
            if p === ancestor { return true }
            vc = p.presentingViewController
        }
        return false
    }

    /// Presents `viewController` modally over this one's presentation root
    /// (`present(_:animated:completion:)`).
    ///
    /// The request is queued behind any running transition of the window. When it runs it
    /// does nothing and calls `completion(false)` if this view controller's view is not in a
    /// window or it already presents something (UIKit refuses both). The animator comes from
    /// `viewController.transitioningDelegate`, else its `preferredTransition` (default: slide
    /// up); the matching `dismiss` asks them again in the same order.
    public func present(_ viewController: ViewController, animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        present(viewController, animated: animated, transition: nil, completion: completion)
    }

    /// Presents with an explicit animator and interaction controller for this one request.
    public func present(
        _ viewController: ViewController, animated: Bool, transition: TransitionOverride?,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard let window = presentationRoot.isViewLoaded ? presentationRoot.view.window : nil else {
            completion?(false)
            return
        }
        enqueue(in: window, completion: completion) { [self] window in
            self.runPresent(viewController, animated: animated, transition: transition, window: window, completion: completion)
        }
    }

    /// Dismisses the view controller this one presented, or this one if it presents nothing
    /// (`dismiss(animated:completion:)`). Calls `completion(false)` if there is nothing to dismiss.
    public func dismiss(animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        dismiss(animated: animated, transition: nil, completion: completion)
    }

    /// Dismisses with an explicit animator and interaction controller for this one request.
    public func dismiss(animated: Bool, transition: TransitionOverride?, completion: (@MainActor (Bool) -> Void)? = nil) {
        let root = presentationRoot
        let target = root.presentedViewController ?? root
        guard let window = target.isViewLoaded ? target.view.window : nil else {
            completion?(false)
            return
        }
        enqueue(in: window, completion: completion) { [self] window in
            self.runDismiss(animated: animated, transition: transition, window: window, completion: completion)
        }
    }

    /// Queues `request` in `window`'s queue holding the window weakly: a request waiting there
    /// does not keep its window (scenario U10). If the window has gone when the request's turn
    /// comes (released while it waited), there is nothing to present on or dismiss from and
    /// `completion(false)` is called, as for a request made outside a window.
    private func enqueue(
        in window: Window, completion: (@MainActor (Bool) -> Void)?, _ request: @escaping @MainActor (Window) -> Void
    ) {
        window.transitionQueue.enqueue { [weak window] in
            guard let window else {
                completion?(false)
                return
            }
            request(window)
        }
    }

    /// Refuses (`completion(false)`) what UIKit refuses, otherwise plans the presentation:
    /// `presented` arrives on top of the presenter, which leaves unless `presented` is
    /// over-full-screen; the link is made when it finishes.
    private func runPresent(
        _ presented: ViewController, animated: Bool, transition: TransitionOverride?, window: Window,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let presenting = presentationRoot
        guard presenting.presentedViewController == nil, presenting.view.window === window,
            presented.presentingViewController == nil, presented.navigationController == nil, presented.tabBarController == nil,
            presented !== presenting,
            !(presented.isViewLoaded && presented.view.window != nil),  // on screen already
            presented !== window.rootViewController, !presenting.isPresented(by: presented)  // no cycles
        else {
            completion?(false)
            return
        }
        presented.installPreferredTransitionGestures()
        let animation =
            animated
            ? TransitionPlan.Animation(
                override: transition, clock: window.frameClock,
                animator: { presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenting) },
                preferred: { presented.preferredTransition?.makeAnimator(.present) },
                interaction: { presented.transitioningDelegate?.interactionControllerForPresentation(using: $0) }) : nil
        let plan = TransitionPlan(
            operation: .present, from: presenting, to: presented, container: window.rootView, animation: animation,
            sendsAppearanceCallbacks: true, stayingPresenter: presented.modalPresentationStyle == .overFullScreen ? presenting : nil,
            incomingPlacement: .onTop,
            commit: {
                presenting.presentedViewController = presented
                presented.presentingViewController = presenting
            }, keepsAnimatorChanges: (presenting.view, { presented.presenterChanges = $0.isEmpty ? nil : $0 }), didShow: nil)
        TransitionRunner.run(plan, on: window.transitionQueue, completion: completion)
    }

    /// Undoes the link between this presented view controller and its presenter, and first
    /// puts back what the present's animator left on the presenter's view: after a dismiss,
    /// however it ran (animated or not, the root replaced, the window released), the
    /// presenter's view is as it was before the present, as UIKit's presentation controller
    /// leaves it in `dismissalTransitionDidEnd` (scenario U12). An animated dismiss's
    /// animator then finalizes on top of this.
    func endPresentation() {
        presenterChanges?.undo()
        presenterChanges = nil
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
    }

    /// Refuses (`completion(false)`) when nothing is presented, otherwise plans the dismissal:
    /// the presenter's view goes back below the presented one now (unless it never left, for
    /// over-full-screen), the presented one leaves, and the link is undone when it finishes.
    private func runDismiss(animated: Bool, transition: TransitionOverride?, window: Window, completion: (@MainActor (Bool) -> Void)?) {
        let root = presentationRoot
        let target = root.presentedViewController ?? root
        guard let presenting = target.presentingViewController, target.presentedViewController == nil,
            target.view.window === window
        else {
            completion?(false)
            return
        }
        let container = window.rootView
        let keepsPresenter = target.modalPresentationStyle == .overFullScreen
        if !keepsPresenter {
            presenting.view.frame = container.bounds
            container.insertSubview(presenting.view, belowSubview: target.view)
        }
        let animation =
            animated
            ? TransitionPlan.Animation(
                override: transition, clock: window.frameClock,
                animator: { target.transitioningDelegate?.animationController(forDismissed: target) },
                preferred: { target.preferredTransition?.makeAnimator(.dismiss) },
                interaction: { target.transitioningDelegate?.interactionControllerForDismissal(using: $0) }) : nil
        let plan = TransitionPlan(
            operation: .dismiss, from: target, to: presenting, container: container, animation: animation,
            sendsAppearanceCallbacks: true, stayingPresenter: keepsPresenter ? presenting : nil, incomingPlacement: .alreadyInContainer,
            commit: { target.endPresentation() }, didShow: nil)
        TransitionRunner.run(plan, on: window.transitionQueue, completion: completion)
    }
}
