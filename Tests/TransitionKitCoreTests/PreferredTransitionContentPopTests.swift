import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The full-width back swipe of a `preferredTransition` that declares the left-edge pop
/// (`ViewController.preferredTransitionContentPopInteraction`), on a 320x480 `TestScene`
/// whose stack is `[root, A]`, A pushed with its preferred transition. Expected values: the
/// traces' closed forms (Tests/Fixtures/traces/README.md: `content-swipe` touches down at
/// (100, 240), so progress = (x − 100) / 320), the documented begin rule (toward the trailing
/// edge within 30° of the horizontal at the 10 pt hysteresis), the same rules as the
/// navigation controller's content pan (ContentPopTests) and the stack rules (S4, C1).
@MainActor
@Suite struct PreferredTransitionContentPopTests {
    /// A transition with the left-edge pop whose interactive runs are Slide's pop, logged.
    final class Log {
        var runs: [TransitionOperation] = []
    }

    static func edgePopTransition(_ log: Log) -> ViewController.Transition {
        ViewController.Transition(
            name: "logged", gestures: [.leftEdgePanPop],
            makeInteractiveAnimation: { operation, _, _, _ in
                log.runs.append(operation)
                return InteractiveAnimation(animator: SlideAnimator())
            }, makeAnimator: { _ in SlideAnimator() })
    }

    /// `[root, A]`, A pushed (without animation) with `transition`.
    func scene(_ transition: ViewController.Transition) -> (TestScene, ViewController) {
        let (scene, a, _) = TestScene.withStack(pushA: false) { _ in () }
        a.preferredTransition = transition
        scene.navigationController.push(a, animated: false)
        return (scene, a)
    }

    /// The content pan's recognizer and interaction controller, and the edge pan's controller.
    func recognizers(_ a: ViewController) throws -> (PanGestureRecognizer, PanInteractionController, PanInteractionController) {
        let content = try #require(a.preferredTransitionContentPopInteraction)
        let edge = try #require(a.preferredTransitionInteractions.first { $0.recognizer is ScreenEdgePanGestureRecognizer })
        return (content.recognizer, content, edge)
    }

    /// A swipe from the middle pops A with its preferred transition's interactive animation:
    /// at every sample after the begin the progress is (x − 100) / 320, the edge pan failed at
    /// touch-down (x = 100 is outside its 20 pt band), the release at 0.6 at rest finishes.
    @Test func aSwipeFromTheMiddlePopsThePreferredTransition() throws {
        let log = Log()
        let (scene, a) = scene(Self.edgePopTransition(log))
        let (recognizer, interaction, edge) = try recognizers(a)
        #expect(recognizer.view === a.view && a.view.gestureRecognizers.count == 2)
        var checked = 0
        for touch in try Fixtures.trace("content-swipe").samples {
            scene.window.send(touch)
            guard touch.phase == .moved, recognizer.state.isActive else { continue }
            let expected = Double(touch.location.x - 100) / 320
            #expect(isApproximatelyEqual(Double(interaction.fingerProgress), expected, absolute: 1e-9), "x = \(touch.location.x)")
            checked += 1
        }
        #expect(checked > 80)  // 80 moves at 2.4 pt of which 4 are before the begin, then 18 at rest
        #expect(edge.recognizer.state == .failed && edge.transitionsStarted == 0)
        #expect(recognizer.state == .ended && interaction.transitionsStarted == 1 && log.runs == [.pop])
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// `.effect(Slide())` (Slide declares `.leftEdgePanPop`) gets it too, and the short swipe
    /// (0.3 at rest) cancels, leaving the stack, layers and appearance as before (C1).
    @Test func anEffectsLeftEdgePopBringsItAndAShortSwipeCancels() throws {
        let (scene, a) = scene(.effect(Slide()))
        let (_, interaction, _) = try recognizers(a)
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe-short"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 1)
        #expect(isApproximatelyEqual(Double(interaction.fingerProgress), 0.3, absolute: 1e-9))  // 96 pt / 320
        #expect(scene.popCancelIssues(a, before: before) == [])
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 2 && scene.popFinishIssues(a) == [])
    }

    /// The angle rule at the 10 pt hysteresis, from (100, 240) toward (100 + dx, 240 + dy):
    /// atan(0.5) = 26.6° begins; atan(0.7) = 35°, vertical and leftward pans do not.
    @Test(arguments: [(200.0, 100.0, true), (200.0, 140.0, false), (0.0, 200.0, false), (-80.0, 0.0, false)])
    func theBeginRule(dx: Double, dy: Double, begins: Bool) throws {
        let (scene, a) = scene(Self.edgePopTransition(Log()))
        let (recognizer, interaction, _) = try recognizers(a)
        let before = layerRecords(scene.root, a)
        let trace = SyntheticTrace.drag(from: CGPoint(x: 100, y: 240), to: CGPoint(x: 100 + dx, y: 240 + dy), speed: 300, rest: 0)
        for touch in trace.samples where touch.phase != .ended { scene.window.send(touch) }
        #expect(recognizer.state.isActive == begins && (recognizer.state == .failed) == !begins, "\(recognizer.state)")
        #expect(interaction.transitionsStarted == (begins ? 1 : 0))
        scene.window.send(Touch(timestamp: 10, location: trace.samples.last!.location, phase: .cancelled))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popCancelIssues(a, before: before) == [], "a cancelled touch leaves the stack")
    }

    /// A one-item stack (`setViewControllers([A])` after the push): the content pan fails, so
    /// a horizontal pan on an ancestor (the window's root view) gets the swipe.
    @Test func oneItemStackDoesNotBegin() throws {
        let (scene, a) = scene(Self.edgePopTransition(Log()))
        let (recognizer, interaction, _) = try recognizers(a)
        scene.navigationController.setViewControllers([a], animated: false)
        let ancestor = PanGestureRecognizer(axis: .horizontal)
        scene.window.rootView.addGestureRecognizer(ancestor)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(recognizer.state == .failed && interaction.transitionsStarted == 0 && ancestor.state == .ended)
        #expect(scene.stackTitles == ["A"])
    }

    /// During another transition (an animated push of B) the content pan fails and the push
    /// completes to exactly `[root, A, B]`; during A's own push it fails too (no catch: only
    /// the edge pan catches a push), and A's push completes.
    @Test func duringATransitionDoesNotBegin() throws {
        let (scene, a) = scene(Self.edgePopTransition(Log()))
        let (recognizer, interaction, _) = try recognizers(a)
        var pushed: Bool?
        scene.navigationController.push(scene.makeViewController("B")) { pushed = $0 }
        for touch in try Fixtures.trace("content-swipe").samples.prefix(10) { scene.window.send(touch) }
        #expect(recognizer.state == .failed && interaction.transitionsStarted == 0)
        scene.window.send(Touch(timestamp: 1, location: CGPoint(x: 130, y: 240), phase: .ended))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(pushed == true && scene.stackTitles == ["root", "A", "B"])

        let own = TestScene()
        let c = own.makeViewController("C")
        c.preferredTransition = Self.edgePopTransition(Log())
        own.navigationController.push(c)
        for _ in 0..<15 { own.clock.step() }  // C covers (100, 240) by now: Slide's 0.35 s push is at 15/21
        let (contentC, interactionC, _) = try recognizers(c)
        for touch in try Fixtures.trace("content-swipe").samples.prefix(10) { own.window.send(touch) }
        #expect(contentC.state == .failed && interactionC.transitionsStarted == 0)
        own.window.send(Touch(timestamp: 1, location: CGPoint(x: 130, y: 240), phase: .ended))
        #expect(own.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(own.stackTitles == ["root", "C"])
    }

    /// A touch in the edge band is the edge pan's: `flick` (x = 1, 800 pt/s) starts one pop,
    /// by the transition's edge pan; the content pan waited for it and failed.
    @Test func theEdgePanKeepsTheEdge() throws {
        let (scene, a) = scene(Self.edgePopTransition(Log()))
        let (recognizer, interaction, edge) = try recognizers(a)
        #expect(scene.window.replay(try Fixtures.trace("flick"), on: scene.clock).reachedIdle)
        #expect(edge.transitionsStarted == 1 && interaction.transitionsStarted == 0 && recognizer.state == .failed)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// With the navigation controller's own pop installed too (`enableInteractivePop(Slide())`),
    /// one swipe starts one pop: the preferred transition's (its content pan is inside the
    /// navigation controller's view, whose content pan waits for it).
    @Test func thePreferredContentPanComesBeforeTheNavigationControllers() throws {
        let log = Log()
        let (scene, a) = scene(Self.edgePopTransition(log))
        let navPop = scene.navigationController.enableInteractivePop(Slide())
        let (recognizer, interaction, _) = try recognizers(a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(recognizer.state == .ended && interaction.transitionsStarted == 1 && log.runs == [.pop])
        #expect(navPop.contentRecognizer?.state == .failed && navPop.contentInteraction?.transitionsStarted == 0)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// UIKit's way to turn it off, `isEnabled = false`: the swipe does nothing until enabled.
    @Test func aDisabledRecognizerDoesNothing() throws {
        let (scene, a) = scene(Self.edgePopTransition(Log()))
        let (recognizer, interaction, _) = try recognizers(a)
        recognizer.isEnabled = false
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 0 && scene.popCancelIssues(a, before: before) == [])
        recognizer.isEnabled = true
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 1 && scene.popFinishIssues(a) == [])
    }

    /// Transitions without the left-edge pop: `.coverVertical` (a vertical pan), one without
    /// gestures (as `.crossDissolve`, `.flipHorizontal()`, `.partialCurl()`) and one whose
    /// rightward pan only dismisses. None installs a content pan, and the swipe leaves the
    /// stack as it was; a new value with the left-edge pop installs one at the next push, and
    /// clearing it removes it.
    @Test(arguments: 0..<3)
    func withoutALeftEdgePopNoneIsInstalled(kind: Int) throws {
        let transitions: [ViewController.Transition] = [
            .coverVertical,
            ViewController.Transition(name: "plain") { _ in SlideAnimator() },
            ViewController.Transition(
                name: "dismissing", gestures: [.init(direction: .right, operations: [.dismiss]) { PanGestureRecognizer(axis: .horizontal) }]
            ) { _ in SlideAnimator() },
        ]
        let (scene, a) = scene(transitions[kind])
        #expect(a.preferredTransitionContentPopInteraction == nil)
        #expect(a.view.gestureRecognizers.count == transitions[kind].gestures.count)
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(scene.popCancelIssues(a, before: before) == [])
        a.preferredTransition = Self.edgePopTransition(Log())
        #expect(a.view.gestureRecognizers.isEmpty && a.preferredTransitionContentPopInteraction == nil)
        scene.navigationController.pop(animated: false)
        scene.navigationController.push(a, animated: false)
        #expect(a.preferredTransitionContentPopInteraction != nil && a.view.gestureRecognizers.count == 2)
        a.preferredTransition = nil
        #expect(a.view.gestureRecognizers.isEmpty && a.preferredTransitionContentPopInteraction == nil)
    }
}
