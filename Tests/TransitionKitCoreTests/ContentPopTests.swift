import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The full-width back swipe (`NavigationController.interactiveContentPopGestureRecognizer`,
/// iOS 26) installed with `enableInteractivePop(Slide())` on a 320x480 `TestScene`. Expected
/// values: the traces' closed forms (Tests/Fixtures/traces/README.md: `content-swipe` touches
/// down at (100, 240), so progress = (x − 100) / 320), the documented begin rule (toward the
/// trailing edge within 30° of the horizontal at the 10 pt hysteresis) and the stack rules
/// (a gesture that cannot run leaves the stack as it was, Documentation/Scenarios.md S4, C1).
@MainActor
@Suite struct ContentPopTests {
    /// `[root, A]` (or `[root]`) with Slide's interactive pop, optionally right to left.
    func scene(pushA: Bool = true, rightToLeft: Bool = false) -> (TestScene, ViewController, EdgePanPopController) {
        TestScene.withStack(pushA: pushA) { nav in
            if rightToLeft { nav.view.semanticContentAttribute = .forceRightToLeft }
            return nav.enableInteractivePop(Slide())
        }
    }

    /// The content pan's machinery (installed with every left-edge pop).
    func content(_ pop: EdgePanPopController) throws -> (PanGestureRecognizer, PanInteractionController) {
        (try #require(pop.contentRecognizer), try #require(pop.contentInteraction))
    }

    /// A swipe from the middle pops: at every sample after the begin the progress is
    /// (x − 100) / 320 (the closed form), the edge pan failed at touch-down (x = 100 is outside
    /// its 20 pt band), and the release at 0.6 at rest finishes under the default policy.
    @Test func aSwipeFromTheMiddlePops() throws {
        let (scene, a, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        #expect(scene.navigationController.interactiveContentPopGestureRecognizer === recognizer)
        #expect(scene.navigationController.interactivePopGestureRecognizer === pop.recognizer)
        var checked = 0
        for touch in try Fixtures.trace("content-swipe").samples {
            scene.window.send(touch)
            guard touch.phase == .moved, recognizer.state.isActive else { continue }
            let expected = Double(touch.location.x - 100) / 320
            #expect(isApproximatelyEqual(Double(interaction.fingerProgress), expected, absolute: 1e-9), "x = \(touch.location.x)")
            let percent = try #require(interaction.percentDrivenTransition).percentComplete
            #expect(isApproximatelyEqual(Double(percent), expected, absolute: 1e-9), "x = \(touch.location.x)")
            checked += 1
        }
        #expect(checked > 80)  // 80 moves at 2.4 pt of which 4 are before the begin, then 18 at rest
        #expect(pop.recognizer.state == .failed && pop.interaction.transitionsStarted == 0)
        #expect(recognizer.state == .ended && interaction.transitionsStarted == 1)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// `effect-bench`'s `play` replays the same committed trace (see PlayCommandTests); here
    /// the short one: 0.3 at rest cancels, and the stack, layers and appearance are exactly as
    /// before (C1).
    @Test func aCancelledShortSwipeLeavesTheStackAsItWas() throws {
        let (scene, a, pop) = scene()
        let (_, interaction) = try content(pop)
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe-short"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 1)
        #expect(isApproximatelyEqual(Double(interaction.fingerProgress), 0.3, absolute: 1e-9))  // 96 pt / 320
        #expect(scene.popCancelIssues(a, before: before) == [])
    }

    /// The angle rule at the 10 pt hysteresis: from (100, 240) toward (100 + dx, 240 + dy), a
    /// pan at atan(0.5) = 26.6° begins, one at atan(0.7) = 35° (still horizontal enough for the
    /// edge pan's 45°) and a vertical one do not, nor one toward the leading edge.
    @Test(arguments: [(200.0, 100.0, true), (200.0, 140.0, false), (0.0, 200.0, false), (0.0, -200.0, false), (-80.0, 0.0, false)])
    func theBeginRule(dx: Double, dy: Double, begins: Bool) throws {
        let (scene, a, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        let before = layerRecords(scene.root, a)
        let trace = SyntheticTrace.drag(from: CGPoint(x: 100, y: 240), to: CGPoint(x: 100 + dx, y: 240 + dy), speed: 300, rest: 0)
        for touch in trace.samples where touch.phase != .ended { scene.window.send(touch) }
        #expect(recognizer.state.isActive == begins && (recognizer.state == .failed) == !begins, "\(recognizer.state)")
        #expect(interaction.transitionsStarted == (begins ? 1 : 0))
        scene.window.send(Touch(timestamp: 10, location: trace.samples.last!.location, phase: .cancelled))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popCancelIssues(a, before: before) == [], "a cancelled touch leaves the stack")
    }

    /// A one-item stack: the content pan fails (it does not begin and take the touch), so a
    /// horizontal pan on an ancestor (the window's root view) gets it; on `[root, A]` the
    /// content pop, deeper, wins the same swipe.
    @Test(arguments: [false, true])
    func oneItemStackDoesNotBegin(pushA: Bool) throws {
        let (scene, _, pop) = scene(pushA: pushA)
        let (recognizer, interaction) = try content(pop)
        let ancestor = PanGestureRecognizer(axis: .horizontal)
        scene.window.rootView.addGestureRecognizer(ancestor)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(recognizer.state == (pushA ? .ended : .failed) && interaction.transitionsStarted == (pushA ? 1 : 0))
        #expect(ancestor.state == (pushA ? .failed : .ended))
        #expect(scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)  // popped, or the root alone as it was
    }

    /// During another transition (an animated push of B) the content pan fails: no start, no
    /// catch of the push, which completes to exactly `[root, A, B]`.
    @Test func duringAnotherTransitionDoesNotBegin() throws {
        let (scene, _, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        var pushed: Bool?
        scene.navigationController.push(scene.makeViewController("B")) { pushed = $0 }
        for touch in try Fixtures.trace("content-swipe").samples.prefix(10) { scene.window.send(touch) }
        #expect(recognizer.state == .failed && interaction.transitionsStarted == 0)
        scene.window.send(Touch(timestamp: 1, location: CGPoint(x: 130, y: 240), phase: .ended))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(pushed == true && scene.stackTitles == ["root", "A", "B"])
    }

    /// A touch in the edge band is the edge pan's: `flick` (x = 1, 800 pt/s) starts one pop,
    /// by the edge pan, and the content pan fails (it waited for the edge pan, which began).
    @Test func theEdgePanKeepsTheEdge() throws {
        let (scene, a, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        #expect(scene.window.replay(try Fixtures.trace("flick"), on: scene.clock).reachedIdle)
        #expect(pop.interaction.transitionsStarted == 1 && interaction.transitionsStarted == 0 && recognizer.state == .failed)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// A view in the content with its own horizontal pan (a slider) wins: the content pop
    /// waits for it, it begins, the content pan fails and the stack stays. A view whose pan
    /// is vertical (a list) does not block the content pop.
    @Test(arguments: [PanAxis.horizontal, .any, .vertical])
    func aHorizontalPanInTheContentWins(axis: PanAxis) throws {
        let (scene, a, pop) = scene()
        let (recognizer, _) = try content(pop)
        let slider = View(frame: CGRect(x: 0, y: 200, width: 320, height: 80))
        a.view.addSubview(slider)
        let own = PanGestureRecognizer(axis: axis)
        slider.addGestureRecognizer(own)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        let blocks = axis != .vertical
        #expect(own.state == (blocks ? .ended : .failed) && recognizer.state == (blocks ? .failed : .ended), "\(axis)")
        #expect(scene.stackTitles == (blocks ? ["root", "A"] : ["root"]), "\(axis)")
    }

    /// The delegate: refusing the begin (`gestureRecognizerShouldBegin`) or the touch
    /// (`gestureRecognizer(_:shouldReceive:)`, here only touches on the slider's band) keeps the
    /// stack; a touch outside the band pops.
    @Test func theDelegateMayRefuse() throws {
        final class Refusing: GestureRecognizerDelegate {
            var shouldBegin = true
            var band: ClosedRange<CGFloat>?
            func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                !(band?.contains(touch.location.y) ?? false)
            }
        }
        let (scene, a, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        let delegate = Refusing()
        recognizer.delegate = delegate
        delegate.shouldBegin = false
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(recognizer.state == .failed && interaction.transitionsStarted == 0)
        #expect(scene.popCancelIssues(a, before: before) == [])
        delegate.shouldBegin = true
        delegate.band = 200...280
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)  // y = 240
        #expect(interaction.transitionsStarted == 0 && scene.stackTitles == ["root", "A"])
        let below = SyntheticTrace.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 292, y: 400), speed: 300)
        #expect(scene.window.replay(below, on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 1 && scene.popFinishIssues(a) == [])
    }

    /// Right to left: the content pan moves left, progress = (220 − x) / 320; a pan to the
    /// right (the leading edge there) does not begin.
    @Test func rightToLeftMirrors() throws {
        let (scene, a, pop) = scene(rightToLeft: true)
        let (recognizer, interaction) = try content(pop)
        let right = SyntheticTrace.drag(from: CGPoint(x: 100, y: 240), to: CGPoint(x: 292, y: 240), speed: 300)
        #expect(scene.window.replay(right, on: scene.clock).reachedIdle)
        #expect(recognizer.state == .failed && scene.stackTitles == ["root", "A"])
        var checked = 0
        for touch in SyntheticTrace.drag(from: CGPoint(x: 220, y: 240), to: CGPoint(x: 28, y: 240), speed: 300).samples {
            scene.window.send(touch)
            guard touch.phase == .moved, recognizer.state.isActive else { continue }
            #expect(isApproximatelyEqual(Double(interaction.fingerProgress), Double(220 - touch.location.x) / 320, absolute: 1e-9))
            checked += 1
        }
        #expect(checked > 50)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popFinishIssues(a) == [])
    }

    /// UIKit's way to turn it off: `isEnabled = false` on the recognizer. The swipe then does
    /// nothing (the edge pan still works), reconfiguring the pop keeps it off, and enabling it
    /// again pops.
    @Test func aDisabledRecognizerDoesNothing() throws {
        let (scene, a, pop) = scene()
        let (recognizer, interaction) = try content(pop)
        scene.navigationController.interactiveContentPopGestureRecognizer?.isEnabled = false
        #expect(scene.navigationController.enableInteractivePop(Slide(), policy: .radialOriginal) === pop)
        #expect(!recognizer.isEnabled)
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 0 && scene.popCancelIssues(a, before: before) == [])
        recognizer.isEnabled = true
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(interaction.transitionsStarted == 1 && scene.popFinishIssues(a) == [])
    }

    /// A custom pop gesture brings no content pan; removing the pop removes both recognizers.
    @Test func onlyTheLeftEdgePopBringsIt() {
        let scene = TestScene()
        let nav = scene.navigationController
        let custom = CustomGestureInteraction(operation: .pop, direction: .right) { PanGestureRecognizer(axis: .horizontal) }
        let pop = nav.enableInteractivePop(ExtensionPointTests.Declaring(interactions: [.custom(custom)]))
        #expect(pop.contentRecognizer == nil && nav.interactiveContentPopGestureRecognizer == nil && nav.view.gestureRecognizers.count == 1)
        nav.enableInteractivePop(Slide())
        #expect(nav.view.gestureRecognizers.count == 2 && nav.interactiveContentPopGestureRecognizer != nil)
        nav.disableInteractivePop(Slide.self)
        #expect(nav.view.gestureRecognizers.isEmpty && nav.interactiveContentPopGestureRecognizer == nil)
    }
}
