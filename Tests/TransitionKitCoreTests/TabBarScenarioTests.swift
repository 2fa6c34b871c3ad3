import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The scenario rules of `Documentation/Scenarios.md` re-stated for tab switches (ids `T_<id>`),
/// at the model level with a test animator. Expected values come from the scenario text and
/// `TabBarController`'s documented rules (queue, atomic selection, completion once).
@MainActor
@Suite struct TabBarScenarioTests {
    /// T_S1: select(B) then select(C) in one turn, both animated: queued, both complete in
    /// request order, and at every frame the selection is A, B or C with at most the two
    /// views of the running switch in the content area, never one twice.
    @Test func T_S1_twoSelectionsInOneTurnQueueAndBothComplete() throws {
        let scene = TabBarTestScene()
        let tabs = scene.tabs
        var completions: [String] = []
        var invalid: [String] = []
        tabs.select(1, transition: TransitionOverride(animator: RecordingAnimator())) { completions.append("B \($0)") }
        tabs.select(2, transition: TransitionOverride(animator: RecordingAnimator())) { completions.append("C \($0)") }
        for _ in 0..<120 {
            scene.clock.step()
            let content = scene.contentTitles
            if Set(content).count != content.count || content.isEmpty || content.count > 2 { invalid.append("\(content)") }
        }
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.selectedViewController === scene.c)
        #expect(completions == ["B true", "C true"])
        #expect(invalid.isEmpty)
        #expect(scene.contentTitles == ["C.view"])
        #expect(scene.a.appearanceState == .disappeared && scene.b.appearanceState == .disappeared && scene.c.appearanceState == .appeared)
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// T_S2: select(A) requested while the switch A→B animates is queued and evaluated when it
    /// runs: then B is selected, so it is a switch B→A towards a lower index (`.reverse`), not
    /// a request to select the tab that was selected when it was made.
    @Test func T_S2_selectionDuringSwitchIsQueuedAndEvaluatedWhenItRuns() throws {
        let scene = TabBarTestScene()
        let tabs = scene.tabs
        let first = DirectionRecordingAnimator(), second = DirectionRecordingAnimator()
        var log: [String] = []
        tabs.select(1, transition: TransitionOverride(animator: first)) { log.append("B \($0) \(tabs.selectedIndex)") }
        scene.clock.advance(frames: 5)
        #expect(tabs.isTransitioning)
        tabs.select(0, transition: TransitionOverride(animator: second)) { log.append("A \($0) \(tabs.selectedIndex)") }
        #expect(tabs.transitionQueue.pendingCount == 1)
        #expect(tabs.selectedIndex == 0)  // atomic: unchanged until the first switch finishes
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log == ["B true 1", "A true 0"])
        #expect(first.seen.map(\.0) == [.tab] && first.seen.map(\.1) == [.forward])
        #expect(second.seen.map(\.0) == [.tab] && second.seen.map(\.1) == [.reverse])
        #expect(scene.contentTitles == ["A.view"])
    }

    /// T_S2 (same tab): a request for the tab selected when it runs runs no transition and
    /// calls its completion once with false; the delegate hears it as a reselection
    /// (`shouldSelect`, `didSelect`, U5); the one before it is unaffected.
    @Test func T_S2_selectingTheSelectedTabDoesNothing() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        delegate.animator = RecordingAnimator()
        scene.tabs.delegate = delegate
        var completions: [String] = []
        scene.tabs.select(0) { completions.append("A \($0)") }
        #expect(completions == ["A false"])
        #expect(!scene.tabs.isTransitioning && scene.clock.activeLinkCount == 0)
        scene.tabs.select(1) { completions.append("B \($0)") }
        scene.tabs.select(1) { completions.append("B again \($0)") }  // B by the time it runs
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(completions == ["A false", "B true", "B again false"])
        #expect(delegate.log == ["shouldSelect A", "didSelect A", "shouldSelect B", "animator A→B", "didSelect B", "shouldSelect B", "didSelect B"])
        #expect(scene.appearanceLog == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
    }

    /// T_S4: the neighbour pan at the first tab towards nothing (finger moving right, to the
    /// previous tab) and at the last tab towards nothing (moving left) starts nothing, even
    /// released at 0.6·w, and the clock has no subscriber afterwards.
    @Test(arguments: [(0, CGFloat(1)), (2, CGFloat(-1))])
    func T_S4_panTowardsNoTabStartsNothing(_ c: (index: Int, sign: CGFloat)) throws {
        let scene = TabBarTestScene(selectedIndex: c.index)
        let pan = scene.tabs.installInteractiveSwitch(key: ExtensionKey("test.switch")) { _, _, _ in
            InteractiveAnimation(animator: RecordingAnimator())
        }
        let start = CGPoint(x: 160, y: 200)
        scene.window.replay(SyntheticTrace.drag(from: start, to: CGPoint(x: 160 + c.sign * 0.6 * 320, y: 200), speed: 300), on: scene.clock)
        #expect(pan.interaction.transitionsStarted == 0)
        #expect(scene.tabs.selectedIndex == c.index)
        #expect(scene.clock.activeLinkCount == 0)
        #expect(scene.appearanceLog.isEmpty)
    }

    /// T_C1: after a cancelled interactive switch every layer of both tabs has its old anchor
    /// point, transform, opacity, mask, frame, z-order and superlayer, the selection and the
    /// content area are as they were, appearance callbacks are balanced, and the next switch
    /// works.
    @Test func T_C1_cancelRestoresEveryLayerAndTheNextSwitchWorks() throws {
        let scene = TabBarTestScene()
        let badge = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50), name: "badge")
        badge.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        scene.b.view.addSubview(badge)
        // B's view as the switch places it (its first showing sizes it to the content area).
        scene.b.view.frame = scene.tabs.containerView.bounds
        let before = layerRecords(scene.a, scene.b), content = scene.contentTitles
        let interaction = PercentDrivenInteractiveTransition()
        var done: [Bool] = []
        scene.tabs.select(1, transition: TransitionOverride(animator: RecordingAnimator(), interactionController: interaction)) {
            done.append($0)
        }
        interaction.update(0.6)
        scene.clock.advance(frames: 2)
        #expect(scene.a.view.layer.anchorPoint == CGPoint(x: 1, y: 0.5))  // the animator did change it
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == [false])
        #expect(layerRecords(scene.a, scene.b) == before)
        #expect(scene.contentTitles == content)
        #expect(scene.tabs.selectedIndex == 0)
        #expect(
            scene.appearanceLog == [
                "A willDisappear", "B willAppear", "B willDisappear", "B didDisappear", "A willAppear", "A didAppear",
            ])
        #expect(scene.a.appearanceState == .appeared && scene.b.appearanceState == .disappeared)
        scene.tabs.select(1, transition: TransitionOverride(animator: RecordingAnimator())) { done.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(done == [false, true] && scene.tabs.selectedIndex == 1)
    }

    /// T_C3 (and C2): a pan stream that stops mid-drag with `cancelled` (the system took the
    /// touch) cancels the switch even at 60 % and the views come back to identity: the
    /// outgoing tab fills the content area untransformed, the incoming one is gone.
    @Test func T_C3_cancelledTouchStreamSnapsBack() throws {
        let scene = TabBarTestScene()
        let pan = scene.tabs.installInteractiveSwitch(key: ExtensionKey("test.switch")) { _, _, _ in
            InteractiveAnimation(animator: SlideAnimator())
        }
        let trace = SyntheticTrace.drag(from: CGPoint(x: 250, y: 200), to: CGPoint(x: 250 - 0.6 * 320, y: 200), speed: 300, release: .cancelled)
        scene.window.replay(trace, on: scene.clock)
        #expect(pan.interaction.transitionsStarted == 1)
        #expect(scene.tabs.selectedIndex == 0)
        #expect(scene.contentTitles == ["A.view"])
        #expect(scene.a.view.transform3D == .identity)
        #expect(scene.a.view.frame == scene.tabs.containerView.bounds)
        #expect(scene.b.view.superview == nil)
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// T_L1: once a finished and a cancelled switch have ended, their animator, interaction
    /// controller and driver are deallocated; nothing global holds them.
    @Test func T_L1_nothingOutlivesTheSwitch() throws {
        let scene = TabBarTestScene()
        let watch = WeakReferences()
        for finish in [true, false] {
            do {
                let animator = RecordingAnimator(), interaction = PercentDrivenInteractiveTransition()
                scene.tabs.select(
                    finish ? 1 : 2, transition: TransitionOverride(animator: animator, interactionController: interaction))
                watch.add(animator, "animator \(finish)")
                watch.add(interaction, "interaction \(finish)")
                watch.add(scene.tabs.transitionQueue.current, "driver \(finish)")
                interaction.update(0.5)
                finish ? interaction.finish() : interaction.cancel()
            }
            #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        }
        #expect(watch.count == 6)
        #expect(watch.alive.isEmpty, "\(watch.alive)")
        #expect(scene.tabs.selectedIndex == 1)
    }

    /// T_L1 (ownership): a tab bar controller with its interactive switch installed, after a
    /// finished interactive switch, is deallocated with its tabs, recognizer and pan
    /// controller once the window lets it go; nothing else holds them.
    @Test func T_L1_tabBarControllerAndItsPanAreReleased() throws {
        let watch = WeakReferences()
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        do {
            let vcs = [ViewController(title: "A"), ViewController(title: "B")]
            let tabs = TabBarController(viewControllers: vcs)
            window.rootViewController = tabs
            let pan = tabs.installInteractiveSwitch(key: ExtensionKey("test.switch")) { _, _, _ in
                InteractiveAnimation(animator: SlideAnimator())
            }
            window.replay(SyntheticTrace.drag(from: CGPoint(x: 280, y: 200), to: CGPoint(x: 40, y: 200), speed: 300), on: clock)
            #expect(tabs.selectedIndex == 1)
            for object: AnyObject in [tabs, pan, pan.recognizer, pan.interaction] + vcs { watch.add(object, "\(type(of: object))") }
            window.rootViewController = nil
        }
        #expect(watch.count == 6)
        #expect(watch.alive.isEmpty, "\(watch.alive)")
    }

    /// T_L2 and T_L4: the app's delegate set before `slideSelect` is still the delegate
    /// afterwards, is asked `shouldSelect` and hears `didSelect` (not for its animator: the
    /// request brings its own), and the completion is called exactly once, after the
    /// selection changed.
    @Test func T_L2_L4_categorySelectKeepsDelegateAndCallsCompletionOnce() throws {
        let scene = TabBarTestScene()
        let delegate = TabLoggingDelegate()
        scene.tabs.delegate = delegate
        var calls: [Int] = []
        scene.tabs.slideSelect(2) { _ in calls.append(scene.tabs.selectedIndex) }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(scene.tabs.delegate === delegate)
        #expect(delegate.log == ["shouldSelect C", "didSelect C"])
        #expect(calls == [2])
    }

    /// T_L3: installing the interactive switch twice under one key keeps one recognizer
    /// (reconfigured); another key replaces it; removing under a key that is not installed
    /// changes nothing; removing under the installed key removes it.
    @Test func T_L3_oneInteractiveSwitch() {
        let scene = TabBarTestScene()
        let tabs = scene.tabs
        let first = tabs.installInteractiveSwitch(key: ExtensionKey("one")) { _, _, _ in InteractiveAnimation(animator: SlideAnimator()) }
        let again = tabs.installInteractiveSwitch(key: ExtensionKey("one"), policy: .radialOriginal) { _, _, _ in
            InteractiveAnimation(animator: SlideAnimator())
        }
        #expect(first === again)
        #expect(tabs.containerView.gestureRecognizers.count == 1)
        #expect(first.policy == .radialOriginal)
        let other = tabs.installInteractiveSwitch(key: ExtensionKey("two")) { _, _, _ in InteractiveAnimation(animator: SlideAnimator()) }
        #expect(tabs.containerView.gestureRecognizers.count == 1)
        #expect(tabs.containerView.gestureRecognizers.first === other.recognizer)
        tabs.removeInteractiveSwitch(key: ExtensionKey("one"))
        #expect(tabs.interactiveSwitchController === other)
        tabs.removeInteractiveSwitch(key: ExtensionKey("two"))
        #expect(tabs.interactiveSwitchController == nil)
        #expect(tabs.containerView.gestureRecognizers.isEmpty)
    }
}
