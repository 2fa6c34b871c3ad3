import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect

/// The interactive radial pop (`enableRadialSwipe`) driven by the fixture traces on a
/// 320x480 `TestScene`. Expected values: the scenario rules (Documentation/Scenarios.md S4 S5 C1 C2 D1 D2 D4
/// L3) and the traces' closed forms (Tests/Fixtures/traces/README.md); mask geometry from
/// RadialGeometry's documented formula: centre (0, y), radius = (distance to the farthest
/// corner + √2)·progress.
@MainActor
@Suite struct RadialSwipeTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]

    /// Records the app delegate's callbacks (nothing may be shown on S4).
    final class DelegateLog: NavigationControllerDelegate {
        var willShow: [String] = []
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            willShow.append(viewController.title ?? "?")
        }
    }

    /// `[root, A]` with the radial swipe enabled.
    func scene(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven, pushA: Bool = true)
        -> (TestScene, ViewController, EdgePanPopController)
    {
        TestScene.withStack(pushA: pushA) { $0.enableRadialSwipe(policy: policy, mode: mode) }
    }

    // MARK: S4

    /// S4: edge pan on the root released at 0.6·w: nothing happens, no transition starts,
    /// no display link afterwards; in both modes.
    @Test(arguments: modes)
    func S4_edgePanOnRoot(mode: InteractionMode) throws {
        let (scene, _, controller) = scene(mode: mode, pushA: false)
        let delegate = DelegateLog()
        scene.navigationController.delegate = delegate
        let before = layerRecord(scene.root.view.layer)
        let result = scene.window.replay(try Fixtures.trace("edge-pan-root"), on: scene.clock)
        #expect(result.reachedIdle && result.framesStepped < 200)
        #expect(scene.stackTitles == ["root"])
        #expect(scene.clock.activeLinkCount == 0)
        #expect(controller.interaction.transitionsStarted == 0 && !controller.interaction.isTransitionRunning)
        #expect(delegate.willShow.isEmpty && scene.appearanceLog.isEmpty)
        #expect(layerRecord(scene.root.view.layer) == before)
    }

    /// S2's kind: an edge pan while a push animates starts nothing (the navigation
    /// controller is busy); the push completes and the stack is exactly `[root, A, B]`.
    @Test func S2_edgePanDuringPushStartsNothing() throws {
        let (scene, _, controller) = scene()
        var pushed: Bool?
        scene.navigationController.push(scene.makeViewController("B")) { pushed = $0 }
        #expect(scene.navigationController.isTransitioning)
        let result = scene.window.replay(try Fixtures.trace("flick"), on: scene.clock)
        #expect(controller.interaction.transitionsStarted == 0)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(result.samplesDelivered > 0 && pushed == true)
        #expect(scene.stackTitles == ["root", "A", "B"] && scene.clock.activeLinkCount == 0)
    }

    // MARK: S5, C2, D1

    /// S5: to 50 %, back to 10 %, released at rest: a clean cancel (C1), then a
    /// programmatic pop works.
    @Test(arguments: modes)
    func S5_reversalCancelsThenPopWorks(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let before = layerRecords(scene.root, a)
        let result = scene.window.replay(try Fixtures.trace("reversal"), on: scene.clock)
        #expect(result.reachedIdle)
        #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), 0.1, absolute: 1e-9))  // 32 pt / 320
        #expect(scene.popCancelIssues(a, before: before) == [], "reversal")
        var done: Bool?
        scene.navigationController.pop { done = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == true)
        #expect(scene.popFinishIssues(a) == [], "pop after reversal")
    }

    /// C2: the system cancels the touch at 60 % (more than half-way): the pop cancels, and
    /// every layer is restored (C1).
    @Test(arguments: modes)
    func C2_systemCancelAtSixtyPercentCancels(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let before = layerRecords(scene.root, a)
        #expect(scene.window.replay(try Fixtures.trace("system-cancel"), on: scene.clock).reachedIdle)
        #expect(controller.recognizer.state == .cancelled)
        #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), 0.6, absolute: 1e-9))  // 192 pt / 320
        #expect(scene.popCancelIssues(a, before: before) == [], "system-cancel")
    }

    /// D1 with the default policy: slow drag to 95 % at rest finishes; a 15 % flick at
    /// 800 pt/s finishes; the same flick away (released at 55 %, −574.8 pt/s) cancels (C1).
    @Test(arguments: modes)
    func D1_defaultPolicy(mode: InteractionMode) throws {
        for (name, progress, finishes) in [("slow-drag", 303.0 / 320, true), ("flick", 0.15, true), ("flick-back", 0.55, false)] {
            let (scene, a, controller) = scene(mode: mode)
            let before = layerRecords(scene.root, a)
            let result = scene.window.replay(try Fixtures.trace(name), on: scene.clock)
            #expect(result.reachedIdle, "\(name)")
            #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), progress, absolute: 1e-9), "\(name)")
            if finishes {
                #expect(scene.popFinishIssues(a) == [], "\(name)")
            } else {
                #expect(scene.popCancelIssues(a, before: before) == [], "\(name)")
            }
        }
    }

    // MARK: D2

    /// D2: RadialTransition's rule under `.radialOriginal` (w = 320): a release at x = 159.9 pt
    /// cancels, at 160.1 pt finishes, with zero velocity. The touch goes down at x = 0 (inside
    /// the 20 pt edge band), so translation = x and progress = x / w as in the original.
    @Test(arguments: modes)
    func D2_radialOriginalHalfWay(mode: InteractionMode) {
        for (x, finishes) in [(159.9, false), (160.1, true)] {
            let (scene, a, controller) = scene(policy: .radialOriginal, mode: mode)
            let before = layerRecords(scene.root, a)
            let trace = SyntheticTrace.drag(from: CGPoint(x: 0, y: 240), to: CGPoint(x: x, y: 240), speed: 200)
            #expect(scene.window.replay(trace, on: scene.clock).reachedIdle)
            #expect(controller.recognizer.velocity(in: nil) == .zero, "x = \(x)")
            #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), x / 320, absolute: 1e-12), "x = \(x)")
            if finishes {
                #expect(scene.popFinishIssues(a) == [], "x = \(x)")
            } else {
                #expect(scene.popCancelIssues(a, before: before) == [], "x = \(x)")
            }
        }
    }

    // MARK: Mask geometry

    /// The reveal is a circle centred at (0, finger.y) that follows the finger's y, of radius
    /// (farthest-corner distance + √2)·(translation.x / w) (RadialGeometry's formula).
    @Test func maskCentredAtFingerY() {
        let (scene, _, _) = scene()
        let w = 320.0, h = 480.0
        let trace = SyntheticTrace.drag(from: CGPoint(x: 1, y: 100), to: CGPoint(x: 241, y: 200), speed: 300, rest: 0)
        var checked = 0
        for touch in trace.samples {
            scene.window.send(touch)
            guard touch.phase == .moved, let path = scene.root.view.layer.mask?.path, case .ellipse(let rect) = path.primitive else { continue }
            let y = Double(touch.location.y), p = Double(touch.location.x - 1) / w
            let radius = (max((w * w + y * y).squareRoot(), (w * w + (h - y) * (h - y)).squareRoot()) + 2.0.squareRoot()) * p
            #expect(isApproximatelyEqual(Double(rect.midX), 0, absolute: 1e-9))
            #expect(isApproximatelyEqual(Double(rect.midY), y, absolute: 1e-9))
            #expect(isApproximatelyEqual(Double(rect.width / 2), radius, absolute: 1e-9))
            checked += 1
        }
        #expect(checked > 50)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)
    }

    // MARK: D4, re-grab, L3

    /// D4: after the release (a drag to 224/320 = 0.7, at rest: finishing) further updates and
    /// touch moves are ignored. A late `update(0.05)`, which would shrink the reveal at once if
    /// applied, changes nothing on screen, nor the interaction's progress (nor, for the
    /// display link, what its source reports); the run-out goes on from the release point
    /// without going back, completes, and nothing freezes. Both modes.
    @Test(arguments: modes)
    func D4_afterReleaseUpdatesIgnored(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 1, y: 240))
        finger.move(to: CGPoint(x: 225, y: 240), speed: 600)
        finger.rest(for: 0.15)
        finger.lift()
        let released = CGFloat(224) / 320
        let interaction = try #require(controller.interaction.interactionController)
        // (A display link has stepped one frame of its run-out with the lift.)
        let onScreen = interaction.percentComplete
        #expect(interaction.isReleased && onScreen >= released)
        let screen = layerState(scene.window.rootView.layer)
        interaction.update(0.05)
        for k in 1...10 { scene.window.send(Touch(timestamp: finger.time + 0.008 * Double(k), location: CGPoint(x: 20, y: 240), phase: .moved)) }
        #expect(layerState(scene.window.rootView.layer) == screen, "the late update reached the screen")
        #expect(interaction.isReleased && interaction.percentComplete == onScreen)
        if mode != .percentDriven {
            #expect(try #require(controller.interaction.displayLinkTransition).progressSource() == released)
        }
        #expect(controller.interaction.fingerProgress == released)
        var radii: [CGFloat] = []
        while scene.navigationController.isTransitioning, radii.count < 1000 {
            scene.clock.step()
            if case .ellipse(let rect)? = scene.root.view.layer.mask?.path?.primitive { radii.append(rect.width / 2) }
        }
        let atRelease = (400 + 2.0.squareRoot()) * onScreen  // R·p, RadialGeometry's closed form
        #expect(radii.count > 2 && radii[0] >= atRelease - 1e-9 && zip(radii, radii.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(scene.popFinishIssues(a) == [], "drag + late updates")
    }

    /// Re-grab: a touch during the cancel run-out catches the reveal and the second drag
    /// finishes the same transition (regrab-edge.json; README: the final progress is at least
    /// 0.7625).
    @Test(arguments: modes)
    func regrabDuringRunOutFinishes(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let result = scene.window.replay(try Fixtures.trace("regrab-edge"), on: scene.clock)
        #expect(result.reachedIdle)
        #expect(controller.interaction.transitionsStarted == 1)
        #expect(controller.interaction.fingerProgress >= 0.7625 - 1e-9)
        #expect(scene.popFinishIssues(a) == [], "regrab")
    }

    /// L3: enabling twice installs one recognizer (the second call reconfigures it);
    /// disabling once removes it; disabling again does nothing.
    @Test func L3_enableTwiceDisableOnce() {
        let scene = TestScene()
        let nc = scene.navigationController
        let first = nc.enableRadialSwipe()
        let second = nc.enableRadialSwipe(policy: .radialOriginal, mode: .displayLinkDriven())
        #expect(first === second && second.policy == .radialOriginal && second.mode == .displayLinkDriven())
        // The edge pan and its full-width back swipe (interactiveContentPopGestureRecognizer).
        #expect(nc.view.gestureRecognizers.count == 2 && nc.view.gestureRecognizers[0] === first.recognizer)
        #expect(nc.view.gestureRecognizers[1] === first.contentRecognizer)
        #expect(nc.radialSwipeController === first)
        nc.disableRadialSwipe()
        #expect(nc.view.gestureRecognizers.isEmpty && nc.radialSwipeController == nil)
        nc.disableRadialSwipe()
        #expect(nc.view.gestureRecognizers.isEmpty)
        // Enabled again after disabling: one fresh recognizer.
        nc.enableRadialSwipe()
        #expect(nc.view.gestureRecognizers.count == 2)
    }

    /// Disabling while the finger drives cancels the gesture and with it the transition.
    @Test func disableMidDragCancels() throws {
        let (scene, a, _) = scene()
        let before = layerRecords(scene.root, a)
        let trace = try Fixtures.trace("slow-drag")
        for touch in trace.samples.prefix(60) { scene.window.send(touch) }
        #expect(scene.navigationController.isTransitioning)
        scene.navigationController.disableRadialSwipe()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popCancelIssues(a, before: before) == [], "disabled mid-drag")
    }
}
