import Foundation

extension ViewController {
    /// The view controller whose view sits directly in the window for this one: its
    /// navigation controller (recursively), else itself.
    var presentationRoot: ViewController {
        var vc: ViewController = self
        while let nav = vc.navigationController { vc = nav }
        return vc
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
    /// `viewController.transitioningDelegate` (default: slide up).
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
        window.transitionQueue.enqueue { [self] in
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
        window.transitionQueue.enqueue { [self] in
            self.runDismiss(animated: animated, transition: transition, window: window, completion: completion)
        }
    }

    private func runPresent(
        _ presented: ViewController, animated: Bool, transition: TransitionOverride?, window: Window,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let presenting = presentationRoot
        guard presenting.presentedViewController == nil, presenting.view.window === window,
            presented.presentingViewController == nil, presented.navigationController == nil, presented !== presenting,
            !(presented.isViewLoaded && presented.view.window != nil),  // on screen already
            presented !== window.rootViewController, !presenting.isPresented(by: presented)  // no cycles
        else {
            completion?(false)
            return
        }
        let container = window.rootView
        let keepsPresenter = presented.modalPresentationStyle == .overFullScreen
        let link = {
            presenting.presentedViewController = presented
            presented.presentingViewController = presenting
        }
        guard animated else {
            if !keepsPresenter { presenting.sendAppearance(.viewWillDisappear(animated: false)) }
            presented.sendAppearance(.viewWillAppear(animated: false))
            presented.view.frame = container.bounds
            container.addSubview(presented.view)
            if !keepsPresenter { presenting.view.removeFromSuperview() }
            link()
            if !keepsPresenter { presenting.sendAppearance(.viewDidDisappear(animated: false)) }
            presented.sendAppearance(.viewDidAppear(animated: false))
            completion?(true)
            return
        }
        let animator =
            transition?.animator
            ?? presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenting)
            ?? SlideAnimator()
        let interaction =
            transition.map { $0.interactionController }
            ?? presented.transitioningDelegate?.interactionControllerForPresentation(using: animator)
        let context = TransitionContext(
            container: container, operation: .present, animated: true, from: presenting, to: presented,
            fromInitialFrame: presenting.view.frame, toFinalFrame: container.bounds, clock: window.frameClock)
        presented.view.frame = container.bounds
        let driver = TransitionDriver(
            context: context, animator: animator, interactionController: interaction,
            clock: window.frameClock, restoring: [presenting.view, presented.view], completion: completion
        ) { completed, _ in
            if completed {
                if !keepsPresenter { presenting.view.removeFromSuperview() }
                link()
                if !keepsPresenter { presenting.sendAppearance(.viewDidDisappear(animated: true)) }
                presented.sendAppearance(.viewDidAppear(animated: true))
            } else {
                presented.view.removeFromSuperview()
                presented.sendAppearance(.viewWillDisappear(animated: true))
                presented.sendAppearance(.viewDidDisappear(animated: true))
                if !keepsPresenter {
                    presenting.sendAppearance(.viewWillAppear(animated: true))
                    presenting.sendAppearance(.viewDidAppear(animated: true))
                }
            }
        }
        container.addSubview(presented.view)
        window.transitionQueue.begin(driver)
        if !keepsPresenter { presenting.sendAppearance(.viewWillDisappear(animated: true)) }
        presented.sendAppearance(.viewWillAppear(animated: true))
        driver.start()
    }

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
        let unlink = {
            presenting.presentedViewController = nil
            target.presentingViewController = nil
        }
        if !keepsPresenter {
            presenting.view.frame = container.bounds
            container.insertSubview(presenting.view, belowSubview: target.view)
        }
        guard animated else {
            target.sendAppearance(.viewWillDisappear(animated: false))
            if !keepsPresenter { presenting.sendAppearance(.viewWillAppear(animated: false)) }
            target.view.removeFromSuperview()
            unlink()
            target.sendAppearance(.viewDidDisappear(animated: false))
            if !keepsPresenter { presenting.sendAppearance(.viewDidAppear(animated: false)) }
            completion?(true)
            return
        }
        let animator =
            transition?.animator
            ?? target.transitioningDelegate?.animationController(forDismissed: target)
            ?? SlideAnimator()
        let interaction =
            transition.map { $0.interactionController }
            ?? target.transitioningDelegate?.interactionControllerForDismissal(using: animator)
        let context = TransitionContext(
            container: container, operation: .dismiss, animated: true, from: target, to: presenting,
            fromInitialFrame: target.view.frame, toFinalFrame: container.bounds, clock: window.frameClock)
        let driver = TransitionDriver(
            context: context, animator: animator, interactionController: interaction,
            clock: window.frameClock, restoring: [target.view, presenting.view], completion: completion
        ) { completed, _ in
            if completed {
                target.view.removeFromSuperview()
                unlink()
                target.sendAppearance(.viewDidDisappear(animated: true))
                if !keepsPresenter { presenting.sendAppearance(.viewDidAppear(animated: true)) }
            } else {
                if !keepsPresenter { presenting.view.removeFromSuperview() }
                if !keepsPresenter {
                    presenting.sendAppearance(.viewWillDisappear(animated: true))
                    presenting.sendAppearance(.viewDidDisappear(animated: true))
                }
                target.sendAppearance(.viewWillAppear(animated: true))
                target.sendAppearance(.viewDidAppear(animated: true))
            }
        }
        window.transitionQueue.begin(driver)
        target.sendAppearance(.viewWillDisappear(animated: true))
        if !keepsPresenter { presenting.sendAppearance(.viewWillAppear(animated: true)) }
        driver.start()
    }
}
