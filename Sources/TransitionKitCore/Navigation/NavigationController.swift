import Foundation

/// A stack of view controllers with push and pop transitions (`UINavigationController`).
///
/// The stack (`viewControllers`) changes atomically when a transition finishes; a cancelled
/// transition leaves it exactly as it was. Requests made while a transition runs are queued
/// (see `TransitionQueue` for the policy). Each request's `completion` is called exactly
/// once, after the stack changed, with `true` if it changed and `false` if the request was
/// cancelled or had nothing to do (popping the root).
///
/// Containment as in UIKit: a view controller joining the stack hears
/// `willMove(toParent: self)` when its request starts and `didMove(toParent: self)` after the
/// transition finished (after `viewDidAppear(_:)`); one leaving hears `willMove(toParent: nil)`
/// and then `didMove(toParent: nil)`. After a cancelled transition each hears `didMove(toParent:)`
/// with the parent it keeps: this controller for those that stay (a cancelled interactive pop),
/// nil for those that were to join. A joining view controller's `navigationController` and
/// `parent` are this controller from its request's start, as in UIKit (so its `viewWillAppear(_:)`
/// can reach them), and nil again if the transition is cancelled; a leaving one keeps them until
/// the transition finishes. `viewControllers` itself changes only when the transition finishes.
@MainActor
open class NavigationController: ViewController {
    /// The stack, root first. Never empty.
    public private(set) var viewControllers: [ViewController]
    /// The app's navigation delegate, held weakly as UIKit does.
    public weak var delegate: (any NavigationControllerDelegate)?
    private let ownQueue = TransitionQueue()
    /// The one interactive pop (see `installEdgePanPop(key:policy:mode:makeAnimation:)`).
    var interactivePop: (key: ExtensionKey<EdgePanPopController>, controller: EdgePanPopController)?

    /// A stack holding `rootViewController`.
    public init(rootViewController: ViewController) {
        precondition(rootViewController.navigationController == nil, "the root view controller is already in a navigation stack")
        viewControllers = [rootViewController]
        super.init(title: "navigation")
        rootViewController.willMove(toParent: self)
        rootViewController.navigationController = self
        rootViewController.didMove(toParent: self)
    }

    /// The view controller on top of the stack.
    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

    /// The queue this controller's transitions run on: its window's, so navigation and modal
    /// transitions in one window never overlap and run in request order (also while a
    /// full-screen presentation covers this controller and its view has left the window);
    /// its own when not in a window.
    public var transitionQueue: TransitionQueue { hostWindow?.transitionQueue ?? ownQueue }

    /// Whether a transition runs or waits in this controller's queue.
    public var isTransitioning: Bool { !transitionQueue.isIdle }

    override func containerViewDidLoad() {
        view.backgroundColor = .black  // the container background shown behind tilted views
        let top = topViewController.view
        top.frame = view.bounds
        view.addSubview(top)
    }

    override func appearanceDidChange(_ callback: AppearanceCallback) {
        topViewController.sendAppearance(callback)
    }

    override func containerDidResize() {
        if viewControllers.count > 0, topViewController.isViewLoaded, topViewController.view.superview === view {
            topViewController.view.frame = view.bounds
        }
    }

    // MARK: Requests

    /// A change of the stack.
    public enum Request {
        case push(ViewController)
        case pop
        case popToRoot
        case popTo(ViewController)
        case setViewControllers([ViewController])
    }

    /// Pushes `viewController` (`pushViewController(_:animated:)`).
    /// - Precondition: `viewController` is not already in a navigation stack when the request runs.
    public func push(_ viewController: ViewController, animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.push(viewController), animated: animated, completion: completion)
    }

    /// Pops the top view controller (`popViewController(animated:)`); nothing happens on the root.
    public func pop(animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.pop, animated: animated, completion: completion)
    }

    /// Pops to the root view controller (`popToRootViewController(animated:)`).
    public func popToRoot(animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.popToRoot, animated: animated, completion: completion)
    }

    /// Pops until `viewController` is on top; nothing happens if it is not in the stack then.
    public func pop(to viewController: ViewController, animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.popTo(viewController), animated: animated, completion: completion)
    }

    /// Replaces the stack (`setViewControllers(_:animated:)`). The transition is a push if
    /// the new top was not in the old stack, a pop otherwise; the stack as it already is
    /// changes nothing (`completion(false)`).
    /// - Precondition: `viewControllers` is non-empty, without duplicates, and holds no view
    ///   controller of another stack.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool = true, completion: (@MainActor (Bool) -> Void)? = nil) {
        perform(.setViewControllers(viewControllers), animated: animated, completion: completion)
    }

    /// Queues `request`. `transition`, if given, supplies the animator and interaction
    /// controller for this one request instead of the delegate (category-style effect
    /// extensions use it); the delegate still receives `willShow`/`didShow`.
    public func perform(_ request: Request, animated: Bool, transition: TransitionOverride? = nil, completion: (@MainActor (Bool) -> Void)? = nil) {
        let queue = transitionQueue
        queue.enqueue { [self] in
            self.run(request, animated: animated, transition: transition, queue: queue, completion: completion)
        }
    }

    private func newStack(for request: Request) -> [ViewController]? {
        let old = viewControllers
        switch request {
        case .push(let vc):
            precondition(!old.contains { $0 === vc }, "pushing \(vc.title ?? "a view controller") that is already in the stack")
            Self.checkAdoptable(vc)
            return old + [vc]
        case .pop:
            return old.count > 1 ? Array(old.dropLast()) : nil
        case .popToRoot:
            return old.count > 1 ? [old[0]] : nil
        case .popTo(let vc):
            guard let i = old.firstIndex(where: { $0 === vc }), i < old.count - 1 else { return nil }
            return Array(old[...i])
        case .setViewControllers(let list):
            precondition(!list.isEmpty, "setViewControllers needs at least one view controller")
            precondition(Set(list.map(ObjectIdentifier.init)).count == list.count, "setViewControllers with duplicates")
            for vc in list where !old.contains(where: { $0 === vc }) { Self.checkAdoptable(vc) }
            // The same stack again: nothing to do (completion false, as documented).
            return list.elementsEqual(old, by: ===) ? nil : list
        }
    }

    /// Traps unless `vc` can join a stack: not a navigation controller, not in another stack,
    /// not presented or presenting, its view not on screen elsewhere (programmer errors, as
    /// UIKit's exceptions for the same cases).
    private static func checkAdoptable(_ vc: ViewController) {
        let name = vc.title ?? "a view controller"
        precondition(!(vc is NavigationController), "a navigation controller (\(name)) cannot be pushed or put in a stack")
        precondition(vc.navigationController == nil, "\(name) is in another navigation stack")
        precondition(!(vc is TabBarController), "a tab bar controller (\(name)) cannot be pushed or put in a stack")
        precondition(vc.tabBarController == nil, "\(name) is a tab of a tab bar controller")
        precondition(
            vc.presentingViewController == nil && vc.presentedViewController == nil,
            "\(name) is part of a modal presentation; dismiss it before putting it in a stack")
        precondition(!(vc.isViewLoaded && vc.view.window != nil), "\(name)'s view is on screen elsewhere")
    }

    private func commit(_ stack: [ViewController]) {
        for vc in viewControllers where !stack.contains(where: { $0 === vc }) { vc.navigationController = nil }
        for vc in stack { vc.navigationController = self }
        viewControllers = stack
    }

    /// Runs `request` when its turn comes: nothing to do calls `completion(false)`, the same
    /// top only commits the stack; otherwise the delegate hears `willShow` and the transition
    /// is planned (animated only when the controller is on screen and appeared; the new stack
    /// is committed when it finishes) and handed to `TransitionRunner`.
    private func run(
        _ request: Request, animated: Bool, transition: TransitionOverride?, queue: TransitionQueue,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        guard let stack = newStack(for: request) else {
            completion?(false)
            return
        }
        let from = topViewController, to = stack[stack.count - 1]
        let completion = announceMoves(to: stack, completion: completion)
        guard from !== to else {
            commit(stack)
            completion(true)
            return
        }
        let operation: TransitionOperation = viewControllers.contains { $0 === to } ? .pop : .push
        if operation == .push { to.installPreferredTransitionGestures() }
        let visible = isViewLoaded && view.window != nil && appearanceState == .appeared
        // An animated transition's coordinator exists before `willShow`, so the delegate can
        // register handlers for every push and pop, gesture-started ones included.
        let coordinator =
            animated && visible
            ? TransitionCoordinator(operation: operation, from: from, to: to, container: view, presentationStyle: nil, also: [self]) : nil
        delegate?.navigationController(self, willShow: to, animated: animated && visible)
        let animation =
            animated && visible
            ? TransitionPlan.Animation(
                override: transition, clock: view.window!.frameClock,
                animator: { self.delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) },
                preferred: { (operation == .push ? to : from).preferredTransition?.makeAnimator(operation) },
                interaction: { self.delegate?.navigationController(self, interactionControllerFor: $0) }) : nil
        let placement: TransitionPlan.IncomingViewPlacement =
            animation == nil ? .replacingOutgoing : operation.insertsIncomingAbove ? .aboveOutgoing : .belowOutgoing
        let plan = TransitionPlan(
            operation: operation, from: from, to: to, container: isViewLoaded ? view : nil, animation: animation,
            sendsAppearanceCallbacks: visible, stayingPresenter: nil, incomingPlacement: placement,
            commit: { [unowned self] in self.commit(stack) },
            didShow: { [unowned self] animated in self.delegate?.navigationController(self, didShow: to, animated: animated) },
            coordinator: coordinator)
        TransitionRunner.run(plan, on: queue, completion: completion)
    }

    /// Sends `willMove(toParent:)` to the view controllers joining (`self`) and leaving (nil)
    /// the stack for `stack`, and returns `completion` preceded by their `didMove(toParent:)`
    /// with the parent each has when the request ended.
    private func announceMoves(to stack: [ViewController], completion: (@MainActor (Bool) -> Void)?) -> @MainActor (Bool) -> Void {
        let old = viewControllers
        let leaving = old.filter { vc in !stack.contains { $0 === vc } }
        let joining = stack.filter { vc in !old.contains { $0 === vc } }
        for vc in leaving { vc.willMove(toParent: nil) }
        for vc in joining {
            vc.willMove(toParent: self)
            vc.navigationController = self
        }
        return { [weak self] finished in
            if !finished {
                for vc in joining where !(self?.viewControllers.contains { $0 === vc } ?? false) { vc.navigationController = nil }
            }
            for vc in leaving { vc.didMove(toParent: finished ? nil : self) }
            for vc in joining { vc.didMove(toParent: finished ? self : nil) }
            completion?(finished)
        }
    }
}
