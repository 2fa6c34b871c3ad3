import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

// This file imports TransitionKitCore without `@testable`: the subclasses below compile only
// because the classes and their lifecycle methods are `open`.

/// The lifecycle events of every `LoggingViewController`, in order.
@MainActor
final class LifecycleLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
    func clear() { events.removeAll() }
}

/// A subclass as a UIKit developer writes one: every lifecycle method overridden, `super`
/// called, each event logged as "title method"; the appearance closure logs too, so the order
/// of method and closure (one mechanism) is part of the log.
@MainActor
final class LoggingViewController: ViewController {
    let log: LifecycleLog
    init(_ title: String, log: LifecycleLog, observesClosure: Bool = false) {
        self.log = log
        super.init(title: title)
        if observesClosure {
            appearanceObserver = { vc, callback in log.append("\(vc.title!) observer \(callback)") }
        }
    }
    private func record(_ event: String) { log.append("\(title!) \(event)") }
    override func loadView() {
        super.loadView()
        record("loadView")
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        record("viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        record("viewWillAppear(\(animated))")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        record("viewDidAppear(\(animated))")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        record("viewWillDisappear(\(animated))")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        record("viewDidDisappear(\(animated))")
    }
    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        record("viewWillLayoutSubviews")
    }
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        record("viewDidLayoutSubviews")
    }
    override func willMove(toParent parent: ViewController?) {
        super.willMove(toParent: parent)
        record("willMove(toParent: \(parent?.title ?? "nil"))")
    }
    override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        record("didMove(toParent: \(parent?.title ?? "nil"))")
    }
}

/// The issue's first line of code: it must compile and run.
final class InboxViewController: ViewController {
    private(set) var loads = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
        view.backgroundColor = .black
    }
}

/// A view subclass (UIKit developers subclass `UIView` for their own views).
final class BadgeView: View {
    init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 40, height: 20), name: "badge")
        backgroundColor = .white
    }
}

/// A view controller whose `loadView` makes its own view, as UIKit's documentation says to.
final class BadgeViewController: ViewController {
    override func loadView() { view = BadgeView() }
}

/// Container subclasses that override `viewDidLoad` without calling `super`: the container's
/// own work (its child's view in its view) happens anyway.
final class AppNavigationController: NavigationController {
    private(set) var subviewsAtLoad = -1
    override func viewDidLoad() { subviewsAtLoad = view.subviews.count }
}
final class AppTabBarController: TabBarController {
    private(set) var subviewsAtLoad = -1
    override func viewDidLoad() { subviewsAtLoad = view.subviews.count }
}

/// The lifecycle methods' order against UIKit's documentation. Each expected sequence cites
/// what it comes from:
/// - `loadView()`: "The view controller calls this method when its view property is requested
///   but is currently nil"; `viewDidLoad()`: "Called after the controller's view is loaded into
///   memory" (UIViewController reference).
/// - `viewWillAppear(_:)`: "called before the view controller's view is about to be added to a
///   view hierarchy and before any animations are configured"; `viewDidAppear(_:)` after it was
///   added; `viewWillDisappear(_:)`/`viewDidDisappear(_:)` likewise for removal (UIViewController
///   reference, "Handling view-related notifications": appearing → appeared, disappearing →
///   disappeared, a cancelled change going back).
/// - `viewWillLayoutSubviews()`: "Called to notify the view controller that its view is about to
///   layout its subviews", `viewDidLayoutSubviews()` after (UIViewController reference); here a
///   layout pass follows `viewWillAppear(_:)` when the view's size changed or it was never laid
///   out.
/// - `willMove(toParent:)`: called by `addChild(_:)`, and by the container with nil before
///   removal; `didMove(toParent:)`: "call … after the transition to the new controller is
///   complete", and `removeFromParent()` calls it with nil (UIViewController reference,
///   "Implementing a container view controller"). UINavigationController does both around its
///   push and pop transitions.
/// - Between the two view controllers of a navigation transition UIKit sends: leaving
///   `viewWillDisappear`, arriving `viewWillAppear`, leaving `viewDidDisappear`, arriving
///   `viewDidAppear`; for a cancelled interactive pop: leaving `viewWillDisappear`, arriving
///   `viewWillAppear`, then arriving `viewWillDisappear`/`viewDidDisappear` and leaving (the
///   one that stays) `viewWillAppear`/`viewDidAppear` (observed on iOS and published, e.g.
///   "View controller lifecycle when swiping to pop", Stack Overflow question 18927878). The
///   same leaving-then-arriving order is used for present, dismiss and tab switches.
@MainActor
@Suite struct LifecycleOrderTests {
    /// A 320×480 window whose root is a navigation controller (its default title "navigation") holding `root`.
    @MainActor
    final class Scene {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window: Window
        let nav: NavigationController
        let root: LoggingViewController
        init(_ log: LifecycleLog) {
            window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            root = LoggingViewController("R", log: log)
            nav = NavigationController(rootViewController: root)
            window.rootViewController = nav
        }
    }

    @Test func inboxViewControllerCompilesAndRuns() {
        let scene = Scene(LifecycleLog()), clock = scene.clock, nav = scene.nav
        let inbox = InboxViewController(title: "Inbox")
        nav.push(inbox)
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nav.topViewController === inbox)
        #expect(inbox.loads == 1)
        #expect(inbox.view.backgroundColor == .black)
        #expect(inbox.appearanceState == .appeared)
    }

    @Test func rootLoadsAndAppearsInUIKitOrder() {
        let log = LifecycleLog()
        let scene = Scene(log)
        defer { withExtendedLifetime(scene) {} }  // a released window takes the root off screen (U8)
        #expect(
            log.events == [
                "R willMove(toParent: navigation)", "R didMove(toParent: navigation)", "R loadView", "R viewDidLoad", "R viewWillAppear(false)",
                "R viewWillLayoutSubviews", "R viewDidLayoutSubviews", "R viewDidAppear(false)",
            ])
    }

    @Test func pushAndPop() {
        let log = LifecycleLog()
        let scene = Scene(log), clock = scene.clock, nav = scene.nav
        let b = LoggingViewController("B", log: log)
        log.clear()
        nav.push(b)
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: navigation)", "B loadView", "B viewDidLoad", "R viewWillDisappear(true)", "B viewWillAppear(true)",
                "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "R viewDidDisappear(true)", "B viewDidAppear(true)",
                "B didMove(toParent: navigation)",
            ])
        log.clear()
        nav.pop()
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: nil)", "B viewWillDisappear(true)", "R viewWillAppear(true)", "B viewDidDisappear(true)",
                "R viewDidAppear(true)", "B didMove(toParent: nil)",
            ])
        #expect(nav.viewControllers.count == 1 && b.parent == nil)
    }

    @Test func presentAndDismiss() {
        let log = LifecycleLog()
        let scene = Scene(log), clock = scene.clock, nav = scene.nav
        let m = LoggingViewController("M", log: log)
        log.clear()
        nav.present(m)
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        // Presentation is not containment: no willMove/didMove.
        #expect(
            log.events == [
                "M loadView", "M viewDidLoad", "R viewWillDisappear(true)", "M viewWillAppear(true)", "M viewWillLayoutSubviews",
                "M viewDidLayoutSubviews", "R viewDidDisappear(true)", "M viewDidAppear(true)",
            ])
        log.clear()
        m.dismiss()
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log.events == ["M viewWillDisappear(true)", "R viewWillAppear(true)", "M viewDidDisappear(true)", "R viewDidAppear(true)"])
    }

    @Test func tabSwitch() {
        let log = LifecycleLog()
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        let a = LoggingViewController("A", log: log), b = LoggingViewController("B", log: log)
        let tabs = TabBarController(viewControllers: [a, b])
        tabs.title = "tabs"
        // A tab bar controller's tabs are its children from its init (`viewControllers` set).
        #expect(
            log.events == ["A willMove(toParent: tabs)", "A didMove(toParent: tabs)", "B willMove(toParent: tabs)", "B didMove(toParent: tabs)"]
        )
        window.rootViewController = tabs
        log.clear()
        tabs.select(1, transition: TransitionOverride(animator: RecordingAnimator()))
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        // B's view is sized to the content area (320×431) while off screen: its layout pass
        // follows its viewWillAppear.
        #expect(
            log.events == [
                "B loadView", "B viewDidLoad", "A viewWillDisappear(true)", "B viewWillAppear(true)", "B viewWillLayoutSubviews",
                "B viewDidLayoutSubviews", "A viewDidDisappear(true)", "B viewDidAppear(true)",
            ])
        #expect(tabs.selectedIndex == 1)
    }

    @Test func cancelledInteractivePop() {
        let log = LifecycleLog()
        let scene = Scene(log), clock = scene.clock, nav = scene.nav, root = scene.root
        let b = LoggingViewController("B", log: log)
        nav.push(b, animated: false)
        log.clear()
        let interaction = PercentDrivenInteractiveTransition()
        var finished: Bool?
        nav.perform(
            .pop, animated: true, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction),
            completion: { finished = $0 })
        interaction.update(0.4)
        clock.advance(frames: 3)
        interaction.cancel()
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(
            log.events == [
                "B willMove(toParent: nil)", "B viewWillDisappear(true)", "R viewWillAppear(true)", "R viewWillDisappear(true)",
                "R viewDidDisappear(true)", "B viewWillAppear(true)", "B viewDidAppear(true)", "B didMove(toParent: navigation)",
            ])
        #expect(finished == false)
        #expect(nav.viewControllers.map(\.title) == ["R", "B"] && b.parent === nav)
        #expect(b.appearanceState == .appeared && root.appearanceState == .disappeared)
    }

    /// The method, then the closure, for each callback (one mechanism).
    @Test func closureFollowsItsMethod() {
        let log = LifecycleLog()
        let scene = Scene(log), clock = scene.clock, nav = scene.nav
        let b = LoggingViewController("B", log: log, observesClosure: true)
        log.clear()
        nav.push(b, animated: false)
        #expect(clock.runUntilIdle(maxFrames: 10) == 0)
        #expect(
            log.events == [
                // Without animation the view loads when it is about to appear.
                "B willMove(toParent: navigation)", "R viewWillDisappear(false)", "B loadView", "B viewDidLoad", "B viewWillAppear(false)",
                "B observer viewWillAppear(animated: false)", "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
                "R viewDidDisappear(false)", "B viewDidAppear(false)", "B observer viewDidAppear(animated: false)",
                "B didMove(toParent: navigation)",
            ])
    }

    /// A resize of the window lays out every view controller on screen inside one layout pass
    /// each (`viewWillLayoutSubviews` before the subviews follow, `viewDidLayoutSubviews` after).
    @Test func resizeLaysOutTheViewOnScreen() throws {
        let log = LifecycleLog()
        let scene = Scene(log), window = scene.window, nav = scene.nav, root = scene.root
        let child = View(frame: root.view.bounds)
        child.autoresizingMask = [.flexibleWidth]
        root.view.addSubview(child)
        log.clear()
        window.resize(to: CGSize(width: 480, height: 320))
        #expect(log.events == ["R viewWillLayoutSubviews", "R viewDidLayoutSubviews"])
        #expect(child.frame.width == 480 && nav.view.bounds.size == CGSize(width: 480, height: 320))
    }

    @Test func loadViewMakesTheViewAndSubclassesOfViewWork() {
        let vc = BadgeViewController(title: "badge")
        #expect(!vc.isViewLoaded)
        #expect(vc.view is BadgeView)
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func containerSubclassesKeepTheirOwnWork() {
        let nav = AppNavigationController(rootViewController: ViewController(title: "R"))
        _ = nav.view
        #expect(nav.subviewsAtLoad == 1)
        let tabs = AppTabBarController(viewControllers: [ViewController(title: "A"), ViewController(title: "B")])
        _ = tabs.view
        // The content area and the bar.
        #expect(tabs.subviewsAtLoad == 2)
    }
}
