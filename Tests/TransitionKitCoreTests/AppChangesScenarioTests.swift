import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// Scenarios U1, U2, U5, U8, U10 and U11 of `Documentation/Scenarios.md`: what an app does in its own
/// callbacks stays, alongside changes keep their final state on a finish, a tap on the
/// selected tab reaches the delegate, a window released mid-transition ends it, a request
/// waiting in its queue does not keep it, and its presentations end with it. Expected
/// values come from UIKit's documented behaviour (`clearsSelectionOnViewWillAppear`,
/// `animate(alongsideTransition:completion:)`, `tabBarController(_:didSelect:)`) and the
/// scenario text.
@MainActor
@Suite struct AppChangesScenarioTests {
    /// A list screen as an app writes it: a row highlighted while selected, and in
    /// `viewWillAppear(_:)` the selection cleared and a banner added.
    @MainActor
    final class ListScreen {
        static let selected = Color(red: 0.2, green: 0.4, blue: 0.9)
        let controller: ViewController
        let row = View(frame: CGRect(x: 0, y: 100, width: 320, height: 44), name: "row")
        var banner: View?

        init(_ controller: ViewController) {
            self.controller = controller
            row.backgroundColor = Self.selected
            controller.view.addSubview(row)
        }

        /// The `clearsSelectionOnViewWillAppear` idiom and a banner, in `viewWillAppear`.
        func clearSelectionAndAddBannerOnWillAppear() {
            controller.appearanceObserver = { [weak self] _, callback in
                guard let self, case .viewWillAppear = callback, banner == nil else { return }
                row.backgroundColor = .white
                let banner = View(frame: CGRect(x: 0, y: 0, width: 320, height: 30), name: "banner")
                controller.view.addSubview(banner)
                self.banner = banner
            }
        }
    }

    /// U1: `[R, A]`, R's `viewWillAppear` clears its row's selection and adds a banner; after
    /// an animated pop (finished) and after an interactive pop cancelled at 40 %, the row is
    /// unselected and the banner is in R's view; the animator's own changes are undone.
    @Test(arguments: [true, false])
    func U1_changesMadeInViewWillAppearStay(finish: Bool) throws {
        let scene = TestScene()
        let list = ListScreen(scene.root)
        let a = scene.makeViewController("A")
        scene.navigationController.push(a, animated: false)
        list.clearSelectionAndAddBannerOnWillAppear()
        let interaction = PercentDrivenInteractiveTransition()
        let animator = RecordingAnimator()
        scene.navigationController.perform(
            .pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: finish ? nil : interaction))
        if !finish {
            interaction.update(0.4)
            interaction.cancel()
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == (finish ? ["root"] : ["root", "A"]))
        #expect(list.row.backgroundColor == .white, "the selection cleared in viewWillAppear stays (finish \(finish))")
        let banner = try #require(list.banner)
        #expect(banner.superview === scene.root.view, "the banner added in viewWillAppear stays (finish \(finish))")
        // What the animator changed is undone: R's view is the outgoing one of the cancelled
        // pop's reversal or the incoming one of the finished pop; RecordingAnimator sets the
        // incoming view's alpha and mask and the outgoing one's anchor point and transform.
        #expect(scene.root.view.alpha == 1 && scene.root.view.layer.mask == nil)
        #expect(a.view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && a.view.layer.transform.isIdentity)
        #expect(!scene.root.view.layer.sublayers.contains { $0.name == "test shadow" })
    }

    /// U2: the deselect-alongside idiom. In R's `viewWillAppear` of a pop, an alongside
    /// closure fades the selected row's highlight out (its opacity 1 − progress) and the
    /// completion selects it again (opacity 1) when the transition was cancelled. Finished:
    /// the row stays faded (opacity 0, the closure's last frame, as UIKit keeps it). Cancelled
    /// at 40 %: the completion's re-selection stands (opacity 1).
    @Test(arguments: [true, false])
    func U2_alongsideChangesInTheArrivingViewKeepTheirFinalState(finish: Bool) throws {
        let scene = TestScene()
        let list = ListScreen(scene.root)
        let a = scene.makeViewController("A")
        scene.navigationController.push(a, animated: false)
        var completions: [Bool] = []
        scene.root.appearanceObserver = { vc, callback in
            guard case .viewWillAppear(animated: true) = callback, let coordinator = vc.transitionCoordinator else { return }
            coordinator.animate(
                alongsideTransition: { context in list.row.layer.opacity = Float(1 - context.progress) },
                completion: { context in
                    completions.append(context.isCancelled)
                    if context.isCancelled { list.row.layer.opacity = 1 }
                })
        }
        let interaction = PercentDrivenInteractiveTransition()
        scene.navigationController.perform(
            .pop, animated: true,
            transition: TransitionOverride(animator: RecordingAnimator(), interactionController: finish ? nil : interaction))
        if !finish {
            interaction.update(0.4)
            interaction.cancel()
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [!finish])
        #expect(list.row.layer.opacity == (finish ? 0 : 1), "finish \(finish): row opacity \(list.row.layer.opacity)")
    }

    /// U5: a tap on the selected tab (UIKit's reselection): the delegate is asked
    /// `shouldSelect` and hears `didSelect` with the selected view controller; no transition
    /// runs, nothing appears or disappears, the completion says false. Refused
    /// (`shouldSelect` false): no `didSelect`.
    @Test func U5_reselectingTheSelectedTabReachesTheDelegate() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        delegate.animator = RecordingAnimator()
        scene.tabs.delegate = delegate
        var completions: [Bool] = []
        scene.tabs.select(0) { completions.append($0) }
        #expect(delegate.log == ["shouldSelect A", "didSelect A"])
        #expect(completions == [false])
        #expect(!scene.tabs.isTransitioning && scene.clock.activeLinkCount == 0 && scene.appearanceLog.isEmpty)
        delegate.allows = false
        scene.tabs.select(0) { completions.append($0) }
        #expect(delegate.log == ["shouldSelect A", "didSelect A", "shouldSelect A"])
        #expect(completions == [false, false] && scene.tabs.selectedIndex == 0)
    }

    /// U8: the window released while a push runs (time-based at 10 of 18 frames, or
    /// interactive at 50 %) ends the transition at once: completion once with false, the
    /// stack as it was, the layers restored, no display link left on the clock, the
    /// animator told the transition ended (cancelled); a push of B queued behind it then runs,
    /// without animation, and completes.
    @Test(arguments: [false, true])
    func U8_releasingTheWindowEndsTheRunningTransition(interactive: Bool) throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let root = ViewController(title: "root")
        let nav = NavigationController(rootViewController: root)
        let a = ViewController(title: "A")
        let b = ViewController(title: "B")
        let animator = RecordingAnimator()
        let interaction = PercentDrivenInteractiveTransition()
        var completions: [Bool] = []
        weak var released: Window?
        do {
            let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            released = window
            window.rootViewController = nav
            nav.perform(
                .push(a), animated: true,
                transition: TransitionOverride(animator: animator, interactionController: interactive ? interaction : nil)
            ) { completions.append($0) }
            nav.push(b) { completions.append($0) }
            if interactive { interaction.update(0.5) } else { clock.advance(frames: 10) }
            #expect(completions.isEmpty && animator.endedLog.isEmpty)
        }
        #expect(released == nil, "nothing else keeps the window")
        clock.advance(frames: 30)
        #expect(completions == [false, true])
        #expect(animator.endedLog == [false])
        #expect(clock.activeLinkCount == 0)
        #expect(nav.viewControllers.map(\.title) == ["root", "B"])
        #expect(root.view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && root.view.layer.transform.isIdentity)
        #expect(a.view.layer.mask == nil && a.view.alpha == 1 && a.view.superview == nil)
    }

    /// U10: the window released while a present (behind a running push) or a dismiss (behind
    /// the running present of its modal) waits in its queue: the waiting request does not keep
    /// the window, so it goes away at once and ends the running transition; the waiting one
    /// then has no window to run in and completes with false, as a present from a view
    /// controller not in a window does. Each completion comes once, no display link is left,
    /// and nothing (window, driver, navigation controller, view controllers) is alive.
    @Test(arguments: [false, true])
    func U10_aRequestWaitingInAReleasedWindowDoesNotKeepIt(dismiss: Bool) throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var completions: [String] = []
        let refs = WeakReferences()
        weak var released: Window?
        weak var navigation: NavigationController?
        weak var presented: ViewController?
        do {
            let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            released = window
            let nav = NavigationController(rootViewController: ViewController(title: "root"))
            navigation = nav
            window.rootViewController = nav
            let modal = ViewController(title: "modal")
            presented = modal
            if dismiss {
                nav.present(modal, animated: true) { completions.append("present \($0)") }
                nav.dismiss(animated: true) { completions.append("dismiss \($0)") }
            } else {
                let a = ViewController(title: "A")
                refs.add(a, "pushed view controller")
                nav.push(a, animated: true) { completions.append("push \($0)") }
                nav.present(modal, animated: true) { completions.append("present \($0)") }
            }
            clock.advance(frames: 5)
            #expect(completions.isEmpty && window.transitionQueue.pendingCount == 1)
            refs.add(window.transitionQueue.current, "driver")
            refs.add(nav.viewControllers[0], "root view controller")
            refs.add(modal, "modal")
        }
        #expect(released == nil, "the waiting request keeps the window")
        #expect(completions == (dismiss ? ["present false", "dismiss false"] : ["push false", "present false"]))
        #expect(clock.activeLinkCount == 0)
        #expect(navigation?.presentedViewController == nil && presented?.presentingViewController == nil)
        clock.advance(frames: 60)
        #expect(completions.count == 2, "each completion once: \(completions)")
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
    }

    /// U11: the window released with a modal up (presented, or while its dismiss runs, which
    /// ends cancelled) ends the presentation as replacing `Window.rootViewController` does:
    /// the link is undone, the modal's appearance ends and its view leaves, so the presenter
    /// shown in another window presents again (completion true) and the modal, which only the
    /// presentation held, is freed.
    @Test(arguments: [false, true])
    func U11_aReleasedWindowEndsItsPresentations(whileDismissing: Bool) throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let nav = NavigationController(rootViewController: ViewController(title: "root"))
        var completions: [Bool] = []
        weak var released: Window?
        weak var presented: ViewController?
        do {
            let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
            released = window
            window.rootViewController = nav
            let modal = ViewController(title: "modal")
            presented = modal
            nav.present(modal, animated: false)
            if whileDismissing {
                nav.dismiss(animated: true) { completions.append($0) }
                clock.advance(frames: 5)
                #expect(window.transitionQueue.current != nil)
            }
            #expect(nav.presentedViewController === modal && modal.appearanceState != .disappeared)
        }
        #expect(released == nil)
        #expect(completions == (whileDismissing ? [false] : []))
        #expect(nav.presentedViewController == nil, "the presentation outlived its window")
        #expect(presented == nil, "the modal outlived its window")
        #expect(clock.activeLinkCount == 0 && nav.appearanceState == .disappeared)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        window.rootViewController = nav
        let next = ViewController(title: "next")
        nav.present(next, animated: false) { completions.append($0) }
        #expect(completions == (whileDismissing ? [false, true] : [true]))
        #expect(nav.presentedViewController === next && next.view.window === window)
    }
}
