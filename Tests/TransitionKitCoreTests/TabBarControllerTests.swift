import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `TabBarController`'s model: layout (closed forms from `TabBar`'s documented geometry:
/// 49 pt bar, items w/n wide), refusals, switches without animation, the direction handed to
/// animators, the slide's tab formula, and the interactive neighbour pan driven by traces.
@MainActor
@Suite struct TabBarControllerTests {
    /// Content area (0, 0, w, h − 49), bar (0, h − 49, w, 49), item i at (i·w/3, 0, w/3, 49);
    /// after a resize to 768x1024 the same formulas with the new size.
    @Test func layoutFollowsTheWindow() throws {
        let scene = TabBarTestScene()
        let tabs = scene.tabs
        func check(_ w: CGFloat, _ h: CGFloat) {
            #expect(tabs.containerView.frame == CGRect(x: 0, y: 0, width: w, height: h - 49))
            #expect(tabs.tabBar.view.frame == CGRect(x: 0, y: h - 49, width: w, height: 49))
            for (i, item) in tabs.tabBar.items.enumerated() {
                // Through the layer's position and bounds: equal to within rounding.
                let f = item.frame, x = CGFloat(i) * w / 3
                #expect(abs(f.minX - x) < 1e-9 && abs(f.width - w / 3) < 1e-9 && f.minY == 0 && f.height == 49)
            }
            #expect(tabs.selectedViewController.view.frame == CGRect(x: 0, y: 0, width: w, height: h - 49))
            let item = tabs.itemFrameInContainerView(at: 2)
            #expect(abs(item.minX - 2 * w / 3) < 1e-9 && item.minY == h - 49 && abs(item.width - w / 3) < 1e-9 && item.height == 49)
        }
        check(320, 480)
        #expect(tabs.tabBar.items.map(\.title) == ["A", "B", "C"])
        scene.window.resize(to: CGSize(width: 768, height: 1024))
        check(768, 1024)
    }

    /// Programmer errors at init trap (an empty list, a duplicate, an out-of-range index, a
    /// view controller already in a navigation stack), as UIKit raises for them.
    @Test func badViewControllersTrap() async {
        await #expect(processExitsWith: .failure) { await MainActor.run { _ = TabBarController(viewControllers: []) } }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = ViewController(title: "A")
                _ = TabBarController(viewControllers: [a, a])
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = TabBarController(viewControllers: [ViewController(title: "A")], selectedIndex: 1) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = ViewController(title: "A")
                let nav = NavigationController(rootViewController: a)
                _ = TabBarController(viewControllers: [a])
                withExtendedLifetime(nav) {}
            }
        }
    }

    /// `slideSelect` traps on an index out of range (as `select(_:)`) and on a duration that
    /// is not finite and >= 0, naming the value.
    @Test(arguments: [(3, 0.35, "invalid tab index: 3.0; accepted: 0...2"), (1, -1, "slide duration -1.0 s"), (1, -0.5, "slide duration -0.5 s")])
    func badSlideSelectTraps(index: Int, duration: Double, expected: String) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index, duration] in
            await MainActor.run { TabBarTestScene().tabs.slideSelect(index, duration: duration) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains(expected), "\(message)")
    }

    /// A `select` index out of range is a programmer error and traps, as UIKit's
    /// `selectedIndex` out of range does; the message names the index and the range.
    @Test(arguments: [3, -1])
    func badSelectIndexTraps(index: Int) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run { TabBarTestScene().tabs.select(index) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("invalid tab index: \(Double(index)); accepted: 0...2"), "\(message)")
    }

    /// `shouldSelect` false: nothing changes, no animator is asked, completion(false) once.
    @Test func refusedSelectionChangesNothing() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        delegate.allows = false
        delegate.animator = RecordingAnimator()
        scene.tabs.delegate = delegate
        var done: [Bool] = []
        scene.tabs.select(2) { done.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(done == [false])
        #expect(delegate.log == ["shouldSelect C"])
        #expect(scene.tabs.selectedIndex == 0 && scene.contentTitles == ["A.view"] && scene.appearanceLog.isEmpty)
    }

    /// A switch that cannot run (the animator throws in `prepareTransition`, scenario G4)
    /// leaves the selection, the content area and every layer as they were, with balanced
    /// callbacks, and completion(false).
    @Test func switchThatCannotRunLeavesEverythingAsItWas() throws {
        let scene = TabBarTestScene()
        scene.b.view.frame = scene.tabs.containerView.bounds
        let before = layerRecords(scene.a, scene.b)
        let animator = RecordingAnimator()
        animator.failPrepare = true
        var done: [Bool] = []
        scene.tabs.select(1, transition: TransitionOverride(animator: animator)) { done.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(done == [false])
        #expect(scene.tabs.selectedIndex == 0 && scene.contentTitles == ["A.view"])
        #expect(layerRecords(scene.a, scene.b) == before)
        #expect(scene.a.appearanceState == .appeared && scene.b.appearanceState == .disappeared)
    }

    /// Without an animator (no override, the delegate returns nil) the switch happens at once,
    /// as in UIKit: callbacks with animated false, no display link, didSelect after.
    @Test func switchWithoutAnimatorIsImmediate() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        scene.tabs.delegate = delegate
        var done: [Bool] = []
        scene.tabs.select(1) { done.append($0) }
        #expect(done == [true])
        #expect(scene.tabs.selectedIndex == 1 && scene.contentTitles == ["B.view"])
        #expect(scene.appearanceLog == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
        #expect(delegate.log == ["shouldSelect B", "animator A→B", "didSelect B"])
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// The delegate's animator runs with operation `.tab` and the direction by index; the
    /// incoming view goes above the outgoing one forward and below it in reverse (as push and
    /// pop place them).
    @Test func delegateAnimatorGetsTabAndDirection() throws {
        let scene = TabBarTestScene(selectedIndex: 1)
        let delegate = TabLoggingDelegate()
        scene.tabs.delegate = delegate
        var order: [[String]] = []
        for target in [2, 0] {
            let animator = DirectionRecordingAnimator()
            delegate.animator = animator
            scene.tabs.select(target)
            scene.clock.step()
            order.append(scene.contentTitles)
            #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
            #expect(animator.seen.map(\.0) == [.tab])
            #expect(animator.seen.map(\.1) == [target == 2 ? .forward : .reverse])
        }
        #expect(order == [["B.view", "C.view"], ["A.view", "C.view"]])
    }

    /// An animated tab switch has a `TransitionCoordinator`, shared by the tab bar controller
    /// and both tabs (UIKit: a child's `transitionCoordinator` is its container's): operation
    /// `.tab`, an alongside closure called with the driver's progress k/18 after the animator
    /// on each of the 18 frames of the 0.3 s run at 60 Hz (RecordingAnimator's duration), its
    /// completion once with `isCancelled == false`; nil on all three after the end.
    @Test func tabSwitchHasACoordinator() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        delegate.animator = DirectionRecordingAnimator()
        scene.tabs.delegate = delegate
        scene.tabs.select(1)
        let coordinator = try #require(scene.tabs.transitionCoordinator)
        let (a, b) = (scene.tabs.viewControllers[0], scene.tabs.viewControllers[1])
        #expect(a.transitionCoordinator === coordinator && b.transitionCoordinator === coordinator)
        #expect(coordinator.operation == .tab && coordinator.containerView === scene.tabs.containerView)
        var progress: [Double] = []
        var completions: [Bool] = []
        let registered = coordinator.animate(
            alongsideTransition: { progress.append(Double($0.percentComplete)) }, completion: { completions.append($0.isCancelled) })
        #expect(registered)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(progress.count == 19)  // once at registration (progress 0), then 18 frames
        for (k, value) in progress.enumerated() { #expect(isApproximatelyEqual(value, Double(k) / 18, absolute: 1e-9)) }
        #expect(completions == [false])
        #expect(scene.tabs.transitionCoordinator == nil && a.transitionCoordinator == nil && b.transitionCoordinator == nil)
    }

    /// `SlideAnimator` for `.tab`: at eased progress p the incoming view is at s·w·(1 − p) and
    /// the outgoing one at −s·w·p, s = +1 forward, −1 in reverse (its documented formula).
    @Test(arguments: [(0, 2, CGFloat(1)), (2, 0, CGFloat(-1))])
    func slideMovesByIndexOrder(_ c: (from: Int, to: Int, sign: CGFloat)) throws {
        let scene = TabBarTestScene(selectedIndex: c.from)
        let interaction = PercentDrivenInteractiveTransition()
        scene.tabs.select(c.to, transition: TransitionOverride(animator: SlideAnimator(), interactionController: interaction))
        interaction.update(0.25)
        let w: CGFloat = 320, p: CGFloat = 0.25
        let to = scene.tabs.viewControllers[c.to].view, from = scene.tabs.viewControllers[c.from].view
        #expect(to.transform3D == Transform3D(translationX: c.sign * w * (1 - p), y: 0))
        #expect(from.transform3D == Transform3D(translationX: -c.sign * w * p, y: 0))
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(scene.tabs.selectedIndex == c.to && to.transform3D == .identity)
    }

    /// A navigation controller as a tab: it fills the content area, its push runs on the
    /// window's queue, and a tab selection made during the push waits for it (one queue per
    /// window, shared by navigation and tab switches).
    @Test func navigationControllerInATab() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        let root = ViewController(title: "R"), other = ViewController(title: "O")
        let nav = NavigationController(rootViewController: root)
        let tabs = TabBarController(viewControllers: [nav, other])
        window.rootViewController = tabs
        #expect(nav.view.frame == CGRect(x: 0, y: 0, width: 320, height: 431))
        #expect(nav.transitionQueue === window.transitionQueue && tabs.transitionQueue === window.transitionQueue)
        var log: [String] = []
        nav.push(ViewController(title: "X")) { log.append("push \($0) \(tabs.selectedIndex)") }
        tabs.select(1, transition: TransitionOverride(animator: SlideAnimator())) { log.append("tab \($0) \(nav.viewControllers.count)") }
        #expect(window.transitionQueue.pendingCount == 1)
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log == ["push true 0", "tab true 2"])
        #expect(nav.appearanceState == .disappeared && other.appearanceState == .appeared)
    }

    /// A view controller in a tab presents over the whole tab bar controller (its
    /// presentation root), and a tab cannot be presented or pushed elsewhere.
    @Test func tabsPresentOverTheTabBarController() {
        let scene = TabBarTestScene()
        let modal = ViewController(title: "M")
        var done: [Bool] = []
        scene.b.present(modal, animated: false) { done.append($0) }  // B is not on screen: its root is
        #expect(done == [true])
        #expect(scene.tabs.presentedViewController === modal)
        modal.present(scene.c, animated: false) { done.append($0) }
        #expect(done == [true, false])
    }
}
