import Foundation

/// Tabs side by side, one on screen at a time, with a bar along the bottom
/// (`UITabBarController`).
///
/// Layout (points): the tab bar controller's view holds `containerView`, the content area
/// (0, 0, w, max(0, h − 49)) where the selected view controller's view fills the bounds and
/// every tab switch runs, and `tabBar` below it (49 pt high, `TabBar.height`). The bar does
/// not move during a switch.
///
/// Selection runs through the same queue, driver and restore rules as navigation: a request
/// made while a transition runs or waits in the window is queued and evaluated when it runs
/// (UIKit ignores or jumps; we queue, as for navigation). `selectedIndex` changes atomically
/// when a switch finishes; a cancelled switch, a refused one (`shouldSelect` false, an
/// animator that throws in `prepareTransition`) or a request for the tab already selected
/// (which the delegate hears as a reselection, as in UIKit) leaves everything as it was.
/// Each request's `completion` runs exactly once, after the selection changed, with `true`
/// if it changed and `false` otherwise. An animated switch has
/// operation `.tab` and `tabDirection` `.forward` towards a higher index, `.reverse` towards a
/// lower one; without an animator (the delegate returns nil) the switch happens at once,
/// as in UIKit.
@MainActor
open class TabBarController: ViewController {
    /// The tabs, left to right; fixed at init, at least one.
    public let viewControllers: [ViewController]
    /// The index of the tab on screen, 0..<`viewControllers.count`.
    public private(set) var selectedIndex: Int
    /// The app's tab bar delegate, held weakly as UIKit does.
    public weak var delegate: (any TabBarControllerDelegate)?
    /// The bar along the bottom edge.
    public let tabBar = TabBar()
    /// The content area above the bar: the selected tab's view fills it and tab switches run
    /// in it (their `ContextTransitioning.containerView`).
    public let containerView = View(name: "tab content")
    private let ownQueue = TransitionQueue()
    /// The interactive neighbour-tab pan, if enabled (see `TabBarController+InteractiveSwitch.swift`).
    var interactiveSwitch: (key: ExtensionKey<TabSwitchPanController>, controller: TabSwitchPanController)?

    /// Tabs holding `viewControllers`, tab `selectedIndex` on screen. Each tab hears
    /// `willMove(toParent:)` and `didMove(toParent:)` with this controller here.
    /// - Precondition: `viewControllers` is non-empty, holds no view controller twice, none
    ///   that is a tab bar controller, a navigation or tab bar controller's child, on screen,
    ///   presented or presenting; `selectedIndex` is in 0..<`viewControllers.count`
    ///   (programmer errors, as UIKit's exceptions for the same cases).
    public init(viewControllers: [ViewController], selectedIndex: Int = 0) {
        precondition(!viewControllers.isEmpty, "a tab bar controller needs at least one view controller")
        precondition(
            Set(viewControllers.map(ObjectIdentifier.init)).count == viewControllers.count,
            "a tab bar controller's view controllers must be distinct")
        for vc in viewControllers {
            let name = vc.title ?? "a view controller"
            precondition(
                !(vc is TabBarController) && vc.tabBarController == nil && vc.navigationController == nil
                    && vc.presentingViewController == nil && vc.presentedViewController == nil && !(vc.isViewLoaded && vc.view.window != nil),
                "\(name) cannot be a tab: it is a tab bar controller, already a child, on screen or in a presentation")
        }
        precondition(
            (0..<viewControllers.count).contains(selectedIndex),
            "tab index \(selectedIndex) outside 0...\(viewControllers.count - 1)")
        self.viewControllers = viewControllers
        self.selectedIndex = selectedIndex
        super.init(title: "tabs")
        for vc in viewControllers {
            vc.willMove(toParent: self)
            vc.tabBarController = self
            vc.didMove(toParent: self)
        }
    }

    /// The tab on screen (`viewControllers[selectedIndex]`).
    public var selectedViewController: ViewController { viewControllers[selectedIndex] }

    /// The queue this controller's switches run on: its window's (shared with navigation and
    /// presentation there), its own when not in a window.
    public var transitionQueue: TransitionQueue { hostWindow?.transitionQueue ?? ownQueue }

    /// Whether a transition runs or waits in this controller's queue.
    public var isTransitioning: Bool { !transitionQueue.isIdle }

    /// The frame of tab `index`'s bar item in `containerView` coordinates (points): where a
    /// reveal from the tapped item starts. Below the content area, whose height it starts at.
    /// - Precondition: `index` is in 0..<`viewControllers.count`.
    public func itemFrameInContainerView(at index: Int) -> CGRect {
        _ = view  // lays the bar out
        let item = tabBar.itemFrame(at: index), bar = tabBar.view.frame, content = containerView.frame
        return item.offsetBy(dx: bar.minX - content.minX, dy: bar.minY - content.minY)
    }

    override func containerViewDidLoad() {
        view.backgroundColor = .black
        containerView.backgroundColor = .black  // shown behind tilted or scaled tabs
        containerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(containerView)
        view.addSubview(tabBar.view)
        tabBar.setItems(titles: viewControllers.map(\.title))
        layout()
        let selected = selectedViewController.view
        selected.frame = containerView.bounds
        containerView.addSubview(selected)
    }

    /// Content area above, bar below, items evenly split (see the type's discussion).
    private func layout() {
        let b = view.bounds
        let contentHeight = max(0, b.height - TabBar.height)
        containerView.frame = CGRect(x: b.minX, y: b.minY, width: b.width, height: contentHeight)
        tabBar.view.frame = CGRect(x: b.minX, y: b.minY + contentHeight, width: b.width, height: min(TabBar.height, b.height))
        tabBar.layoutItems()
    }

    override func appearanceDidChange(_ callback: AppearanceCallback) {
        // The window (or a presentation) sized the view before it appears.
        if case .viewWillAppear = callback { layout() }
        selectedViewController.sendAppearance(callback)
    }

    override func containerDidResize() { layout() }

    // MARK: Requests

    /// Selects tab `index`, as a tap on its bar item does: when the request runs (after those
    /// queued before it) the delegate is asked `shouldSelect`, the switch is animated with the
    /// animator `transition` gives, else the delegate's, else none, and the delegate hears
    /// `didSelect` once it finished.
    ///
    /// When `index` is the selected tab then (a tap on the selected tab), no transition runs
    /// and nothing appears or disappears, but as in UIKit the delegate is asked `shouldSelect`
    /// and, if it allows, hears `didSelect` with the selected view controller (apps scroll to
    /// the top there); `completion(false)` is called (scenario U5). When `shouldSelect`
    /// returns false nothing happens and `completion(false)` is called; a cancelled
    /// interactive switch also calls it with false. The switch animates only when the tab bar
    /// controller is on screen and appeared.
    /// - Parameters:
    ///   - index: the tab, 0..<`viewControllers.count`.
    ///   - animated: false switches at once even with an animator.
    ///   - transition: the animator and interaction controller of this one request (the
    ///     category-style `radialSelect` and friends use it); the delegate is not asked for them.
    ///   - completion: `true` if the selection changed.
    /// - Precondition: `index` is in 0..<`viewControllers.count`, as UIKit's
    ///   `selectedIndex` (an index out of range is a programmer error and traps with the index
    ///   and the count; check `viewControllers.indices` first for an index read from outside).
    public func select(
        _ index: Int, animated: Bool = true, transition: TransitionOverride? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkIndex(index, count: viewControllers.count) }
        let queue = transitionQueue
        queue.enqueue { [self] in
            self.run(index, animated: animated, transition: transition, queue: queue, completion: completion)
        }
    }

    private static func checkIndex(_ index: Int, count: Int) throws(TransitionKitError) {
        guard (0..<count).contains(index) else {
            throw .invalidValue(name: "tab index", value: Double(index), accepted: "0...\(count - 1)")
        }
    }

    /// The animation of a switch: `transition`'s, else the delegate's animator (and its
    /// interaction controller), else none.
    private func animation(from: ViewController, to: ViewController, transition: TransitionOverride?, clock: any FrameClock)
        -> TransitionPlan.Animation?
    {
        let chosen: TransitionOverride
        if let transition {
            chosen = transition
        } else if let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to) {
            chosen = TransitionOverride(
                animator: animator, interactionController: delegate?.tabBarController(self, interactionControllerFor: animator))
        } else {
            return nil
        }
        return TransitionPlan.Animation(override: chosen, clock: clock, animator: { nil }, interaction: { _ in nil })
    }

    /// Runs a selection when its turn comes (see `select(_:animated:transition:completion:)`).
    private func run(
        _ index: Int, animated: Bool, transition: TransitionOverride?, queue: TransitionQueue, completion: (@MainActor (Bool) -> Void)?
    ) {
        guard index != selectedIndex else {
            // A tap on the selected tab (UIKit's reselection, U5): the delegate is asked and
            // told, nothing moves.
            let selected = selectedViewController
            if delegate?.tabBarController(self, shouldSelect: selected) ?? true { delegate?.tabBarController(self, didSelect: selected) }
            completion?(false)
            return
        }
        let from = selectedViewController, to = viewControllers[index]
        guard delegate?.tabBarController(self, shouldSelect: to) ?? true else {
            completion?(false)
            return
        }
        let direction = TabDirection(from: selectedIndex, to: index)
        let visible = isViewLoaded && view.window != nil && appearanceState == .appeared
        let animation = animated && visible ? animation(from: from, to: to, transition: transition, clock: view.window!.frameClock) : nil
        let placement: TransitionPlan.IncomingViewPlacement =
            animation == nil ? .replacingOutgoing : direction == .forward ? .aboveOutgoing : .belowOutgoing
        // Like a navigation controller's, the tab bar controller's coordinator is its own too
        // (and, through `transitionCoordinator`, its tabs').
        let coordinator =
            animation != nil
            ? TransitionCoordinator(operation: .tab, from: from, to: to, container: containerView, presentationStyle: nil, also: [self]) : nil
        let plan = TransitionPlan(
            operation: .tab, tabDirection: direction, from: from, to: to, container: isViewLoaded ? containerView : nil,
            animation: animation, sendsAppearanceCallbacks: visible, stayingPresenter: nil, incomingPlacement: placement,
            commit: { [unowned self] in self.selectedIndex = index },
            didShow: { [unowned self] _ in self.delegate?.tabBarController(self, didSelect: to) },
            coordinator: coordinator)
        TransitionRunner.run(plan, on: queue, completion: completion)
    }
}
