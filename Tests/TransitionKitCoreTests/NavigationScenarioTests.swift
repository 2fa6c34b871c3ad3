import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Scenarios of `Documentation/Scenarios.md` (ids in test names),
/// at the model level with a test animator. Expected values come from the scenario text.
@MainActor
@Suite struct NavigationScenarioTests {
    final class RecordingDelegate: NavigationControllerDelegate {
        var log: [String] = []
        var animator: (any AnimatedTransitioning)?
        var interaction: (any InteractiveTransitioning)?
        func navigationController(_ nc: NavigationController, willShow vc: ViewController, animated: Bool) { log.append("willShow \(vc.title!)") }
        func navigationController(_ nc: NavigationController, didShow vc: ViewController, animated: Bool) { log.append("didShow \(vc.title!)") }
        func navigationController(
            _ nc: NavigationController, animationControllerFor operation: TransitionOperation,
            from fromVC: ViewController, to toVC: ViewController
        ) -> (any AnimatedTransitioning)? {
            log.append("animator \(operation)")
            return animator
        }
        func navigationController(_ nc: NavigationController, interactionControllerFor a: any AnimatedTransitioning) -> (
            any InteractiveTransitioning
        )? {
            interaction
        }
    }

    /// S1: push(A) then push(B) in the same turn, both animated.
    @Test func S1_twoPushesInOneTurnQueueAndBothComplete() {
        let scene = TestScene()
        let a = scene.makeViewController("A"), b = scene.makeViewController("B")
        var completions: [String] = []
        var invalidStates: [[String]] = []
        let nc = scene.navigationController
        nc.push(a) { done in completions.append("A \(done)") }
        nc.push(b) { done in completions.append("B \(done)") }
        // Check the stack at every frame: never a duplicate or a missing entry.
        for _ in 0..<120 {
            scene.clock.step()
            let t = scene.stackTitles
            if Set(t).count != t.count || !(t == ["root"] || t == ["root", "A"] || t == ["root", "A", "B"]) { invalidStates.append(t) }
        }
        #expect(scene.stackTitles == ["root", "A", "B"])
        #expect(completions == ["A true", "B true"])
        #expect(invalidStates.isEmpty)
        #expect(nc.topViewController === b)
        #expect(b.view.superview === nc.view)
        #expect(a.view.superview == nil)
        #expect(b.appearanceState == .appeared && a.appearanceState == .disappeared && scene.root.appearanceState == .disappeared)
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// S2: pop while a push animates: the pop is queued and pops the pushed view controller
    /// (documented policy in `TransitionQueue`).
    @Test func S2_popDuringPushIsQueued() {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        var log: [String] = []
        scene.navigationController.push(a) { log.append("push \($0) \(scene.stackTitles)") }
        scene.clock.advance(frames: 5)
        scene.navigationController.pop { log.append("pop \($0) \(scene.stackTitles)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == ["push true [\"root\", \"A\"]", "pop true [\"root\"]"])
        #expect(scene.root.appearanceState == .appeared && a.appearanceState == .disappeared)
    }

    /// S3: an interactive transition started by setViewControllers and cancelled leaves the
    /// stack exactly as before.
    @Test func S3_cancelledInteractiveSetViewControllersRestoresStack() {
        let scene = TestScene()
        let a = scene.makeViewController("A"), b = scene.makeViewController("B"), c = scene.makeViewController("C")
        let nc = scene.navigationController
        nc.setViewControllers([scene.root, a], animated: false)
        let before = nc.viewControllers
        let delegate = RecordingDelegate()
        let interaction = PercentDrivenInteractiveTransition()
        let animator = RecordingAnimator()
        delegate.animator = animator
        delegate.interaction = interaction
        nc.delegate = delegate
        var result: Bool?
        nc.setViewControllers([b, c], animated: true) { result = $0 }
        interaction.update(0.4)
        scene.clock.advance(frames: 3)
        // The interactive transition ran: the driver is interacting and the animator drew 0.4.
        #expect(nc.transitionQueue.current?.state == .interacting && nc.transitionQueue.current?.percentComplete == 0.4)
        #expect(animator.progressLog.last == 0.4 && c.view.superview === nc.view)
        #expect(nc.viewControllers.map(ObjectIdentifier.init) == before.map(ObjectIdentifier.init))
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(result == false)
        #expect(nc.viewControllers.map(ObjectIdentifier.init) == before.map(ObjectIdentifier.init))
        #expect(b.navigationController == nil && c.navigationController == nil && a.navigationController === nc)
        #expect(c.view.superview == nil && a.view.superview === nc.view)
        #expect(a.appearanceState == .appeared && c.appearanceState == .disappeared)
    }

    /// C1: after a cancelled transition every layer of both view controllers has its
    /// pre-transition anchorPoint, transform, opacity, mask, frame, z-order and superlayer;
    /// the interaction flag is off and the next transition works.
    @Test func C1_cancelRestoresEveryLayer() {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        let nc = scene.navigationController
        // A little tree under A's view, with a non-default anchor and transform to be kept.
        let card = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50), name: "card")
        card.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        card.transform3D = Transform3D(scaleX: 0.5, y: 0.5)
        a.view.addSubview(card)
        a.view.addSubview(View(frame: CGRect(x: 0, y: 0, width: 5, height: 5), name: "badge"))
        nc.push(a, animated: false)
        func record(_ l: Layer) -> [String] {
            var out = [
                "\(l.name ?? "") \(l.properties.anchorPoint) \(l.properties.transform) \(l.properties.opacity) \(l.frame) "
                    + "mask:\(l.mask.map { ObjectIdentifier($0).hashValue } ?? 0) super:\(l.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0) "
                    + "index:\(l.indexInSuperlayer ?? -1)"
            ]
            for s in l.sublayers { out += record(s) }
            return out
        }
        let beforeA = record(a.view.layer), beforeRoot = record(scene.root.view.layer)
        let interaction = PercentDrivenInteractiveTransition()
        let animator = RecordingAnimator()
        nc.perform(.pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: interaction))
        interaction.update(0.6)
        scene.clock.advance(frames: 2)
        #expect(a.view.layer.anchorPoint == CGPoint(x: 1, y: 0.5))  // the animator did change it
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(record(a.view.layer) == beforeA)
        #expect(record(scene.root.view.layer) == beforeRoot)
        #expect(scene.root.view.superview == nil)
        #expect(scene.root.view.layer.mask == nil)
        #expect(animator.endedLog == [false])
        #expect(nc.transitionQueue.current == nil)
        // The next transition works.
        var done: Bool?
        nc.pop { done = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == true && scene.stackTitles == ["root"])
        // Also restored after a finished transition (A is out of the hierarchy now: compare all
        // but the first line's superlayer and index).
        #expect(Array(record(a.view.layer).dropFirst()) == Array(beforeA.dropFirst()))
        #expect(a.view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && a.view.layer.transform == .identity)
    }

    /// L1: animator, interaction controller, driver and the popped view controller are
    /// deallocated after push, pop and present/dismiss complete or are cancelled.
    @Test func L1_nothingOutlivesTheTransition() {
        let scene = TestScene()
        let nc = scene.navigationController
        weak var weakAnimator: RecordingAnimator?
        weak var weakInteraction: PercentDrivenInteractiveTransition?
        weak var weakDriver: TransitionDriver?
        weak var weakPopped: ViewController?
        weak var weakPresented: ViewController?
        do {
            let a = scene.makeViewController("A")
            weakPopped = a
            let animator = RecordingAnimator()
            weakAnimator = animator
            nc.perform(.push(a), animated: true, transition: TransitionOverride(animator: animator))
            weakDriver = nc.transitionQueue.current
            #expect(weakDriver != nil)
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(weakAnimator == nil && weakDriver == nil)
        do {
            let interaction = PercentDrivenInteractiveTransition()
            weakInteraction = interaction
            let animator = RecordingAnimator()
            weakAnimator = animator
            nc.perform(.pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: interaction))
            interaction.update(0.7)
            interaction.finish()
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"])
        #expect(weakAnimator == nil && weakInteraction == nil && weakPopped == nil)
        do {
            let modal = scene.makeViewController("M")
            weakPresented = modal
            nc.present(modal, animated: true)
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            let interaction = PercentDrivenInteractiveTransition()
            weakInteraction = interaction
            modal.dismiss(animated: true, transition: TransitionOverride(animator: SlideAnimator(), interactionController: interaction))
            interaction.update(0.2)
            interaction.cancel()
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(nc.presentedViewController === modal)
            modal.dismiss(animated: true)
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(nc.presentedViewController == nil)
        }
        #expect(weakPresented == nil && weakInteraction == nil)
        // A cancelled push (B never joins the stack) and a cancelled pop (C stays).
        weak var weakCancelledDriver: TransitionDriver?
        for request in ["push", "pop"] {
            do {
                let interaction = PercentDrivenInteractiveTransition()
                weakInteraction = interaction
                let animator = RecordingAnimator()
                weakAnimator = animator
                let override = TransitionOverride(animator: animator, interactionController: interaction)
                if request == "push" {
                    let b = scene.makeViewController("B")
                    weakPopped = b
                    nc.perform(.push(b), animated: true, transition: override)
                } else {
                    nc.push(scene.makeViewController("C"), animated: false)
                    nc.perform(.pop, animated: true, transition: override)
                }
                weakCancelledDriver = nc.transitionQueue.current
                #expect(weakCancelledDriver != nil && !animator.progressLog.isEmpty, "\(request)")
                interaction.update(0.3)
                interaction.cancel()
            }
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(weakAnimator == nil && weakInteraction == nil && weakCancelledDriver == nil, "cancelled \(request)")
        }
        #expect(weakPopped == nil && scene.stackTitles == ["root", "C"])
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// L2: the app's delegate stays the delegate through a transition with its own animator
    /// and receives the callbacks it implements.
    @Test func L2_appDelegateKeptAndInformed() {
        let scene = TestScene()
        let nc = scene.navigationController
        let delegate = RecordingDelegate()
        nc.delegate = delegate
        let a = scene.makeViewController("A")
        nc.perform(.push(a), animated: true, transition: TransitionOverride(animator: RecordingAnimator()))
        #expect(nc.delegate === delegate)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.delegate === delegate)
        #expect(delegate.log == ["willShow A", "didShow A"])
        // With no override the delegate is asked for the animator.
        nc.pop()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(delegate.log == ["willShow A", "didShow A", "willShow root", "animator pop", "didShow root"])
    }

    /// L4: the completion is called exactly once, after the stack changed.
    @Test(arguments: [true, false])
    func L4_completionOnceAfterStackChanged(animated: Bool) {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        var calls: [[String]] = []
        nc.push(a, animated: animated) { _ in calls.append(scene.stackTitles) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        scene.clock.advance(frames: 10)
        #expect(calls == [["root", "A"]])
        nc.pop(animated: animated) { _ in calls.append(scene.stackTitles) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(calls == [["root", "A"], ["root"]])
        // Popping the root: nothing to do, completion(false) once.
        var rootPop: [Bool] = []
        nc.pop(animated: animated) { rootPop.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(rootPop == [false])
    }

    /// G4 (model level): an animator that cannot run leaves the stack exactly as it was.
    @Test func G4_failedPrepareLeavesStackUntouched() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        let animator = RecordingAnimator()
        animator.failPrepare = true
        var result: Bool?
        nc.perform(.push(a), animated: true, transition: TransitionOverride(animator: animator)) { result = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(result == false)
        #expect(scene.stackTitles == ["root"])
        #expect(a.view.superview == nil && a.appearanceState == .disappeared)
        #expect(scene.root.appearanceState == .appeared && scene.root.view.superview === nc.view)
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// Appearance callbacks come in UIKit's order and balance for push, pop and cancel.
    @Test func appearanceCallbacksAreBalancedAndOrdered() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        scene.clearLog()
        nc.push(a)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let names = scene.appearanceLog.map { "\($0.0) \($0.1)" }
        #expect(
            names == [
                "root viewWillDisappear(animated: true)", "A viewWillAppear(animated: true)",
                "root viewDidDisappear(animated: true)", "A viewDidAppear(animated: true)",
            ])
    }

    /// Time-based playback: the animator sees progress from the timing curve at each frame
    /// and the transition lasts `transitionDuration` (0.3 s = 18 frames at 60 Hz).
    @Test func timeBasedPlaybackFollowsDuration() {
        let scene = TestScene()
        let animator = RecordingAnimator(duration: 0.3, timingCurve: .linear)
        var done = false
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator)
        ) { _ in done = true }
        let frames = scene.clock.runUntilIdle()
        #expect(done)
        #expect(frames == 18)
        #expect(animator.progressLog.first == 0 && animator.progressLog.last == 1)
        // Linear curve: progress at frame k is k/18.
        for (k, p) in animator.progressLog.enumerated() where k > 0 && k < 18 {
            #expect(isApproximatelyEqual(Double(p), Double(k) / 18, absolute: 1e-9))
        }
    }

    /// UIKit interactive rules (`oracles/timing.json` uikit_interactive): linear while
    /// interactive; finishing takes (1 − p)·duration/completionSpeed, cancelling p·duration/completionSpeed.
    @Test(arguments: [(0.25, 1.0, true), (0.25, 2.0, false), (0.6, 0.5, true), (0.6, 1.0, false)])
    func uikitInteractiveRemainingTime(p: Double, speed: Double, finish: Bool) {
        let scene = TestScene()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = speed
        interaction.completionCurve = .linear
        let animator = RecordingAnimator(duration: 1.2, timingCurve: .easeInEaseOut)
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator, interactionController: interaction))
        interaction.update(p)
        #expect(animator.progressLog.last == CGFloat(p))  // linear, not eased
        let start = scene.clock.now
        finish ? interaction.finish() : interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let expected = (finish ? 1 - p : p) * 1.2 / speed
        let elapsed = scene.clock.now - start
        #expect(elapsed >= expected - 1e-9 && elapsed < expected + 1.0 / 60 + 1e-9)
        #expect(scene.stackTitles == (finish ? ["root", "A"] : ["root"]))
    }

    /// D4 at the model level: updates after finish or cancel are ignored.
    @Test func D4_updatesAfterEndAreIgnored() {
        let scene = TestScene()
        let interaction = PercentDrivenInteractiveTransition()
        let animator = RecordingAnimator()
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator, interactionController: interaction))
        interaction.update(0.5)
        interaction.cancel()
        interaction.update(0.9)
        interaction.finish()
        #expect(interaction.percentComplete == 0.5)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"])
        #expect(animator.progressLog.allSatisfy { $0 <= 0.5 })
    }

    /// View controller views follow their container's size (UIKit's flexible autoresizing):
    /// the root view fills a window of any size, and a resize.
    @Test func rootViewFillsWindowAndFollowsResize() throws {
        let scene = TestScene(size: CGSize(width: 390, height: 844))
        #expect(scene.root.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        scene.window.resize(to: CGSize(width: 844, height: 390))
        #expect(scene.root.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
    }

    /// A navigation controller not in a window changes its stack at once, without animation.
    @Test func offscreenNavigationIsImmediate() {
        let nc = NavigationController(rootViewController: ViewController(title: "r"))
        let a = ViewController(title: "A")
        var done: Bool?
        nc.push(a, animated: true) { done = $0 }
        #expect(done == true && nc.viewControllers.count == 2 && a.navigationController === nc)
    }
}
