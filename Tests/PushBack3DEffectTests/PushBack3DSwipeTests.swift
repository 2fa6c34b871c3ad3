import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect

/// The interactive push-back pop (`enablePushBack3DSwipe`) driven by the fixture traces on a
/// 320x480 `TestScene`. Expected values: the scenario text (S4 S5 C1 C2 D1 D4 L3) and the
/// traces' closed forms (Tests/Fixtures/traces/README.md). During a pop at progress p the
/// outgoing view slides by w·p (PushBack3D's `slideTranslation` at b = 1 − p), so with
/// p = translation.x / w it follows the finger point for point.
@MainActor
@Suite struct PushBack3DSwipeTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]

    func scene(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven, pushA: Bool = true)
        -> (TestScene, ViewController, EdgePanPopController)
    {
        TestScene.withStack(pushA: pushA) { $0.enablePushBack3DSwipe(policy: policy, mode: mode) }
    }

    /// S4: on the root nothing happens and no display link remains.
    @Test(arguments: modes)
    func S4_edgePanOnRoot(mode: InteractionMode) throws {
        let (scene, _, controller) = scene(mode: mode, pushA: false)
        let before = layerRecord(scene.root.view.layer)
        let result = scene.window.replay(try Fixtures.trace("edge-pan-root"), on: scene.clock)
        #expect(result.reachedIdle)
        #expect(scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)
        #expect(controller.interaction.transitionsStarted == 0 && scene.appearanceLog.isEmpty)
        #expect(layerRecord(scene.root.view.layer) == before)
    }

    /// The outgoing view follows the finger: its x translation equals the finger's
    /// translation (slow-drag.json, percent-driven); released at 95 % at rest it finishes (D1).
    @Test func slideFollowsFingerAndSlowDragFinishes() throws {
        let (scene, a, _) = scene()
        let trace = try Fixtures.trace("slow-drag")
        var checked = 0
        for touch in trace.samples {
            scene.window.send(touch)
            guard touch.phase == .moved, scene.navigationController.isTransitioning else { continue }
            #expect(isApproximatelyEqual(Double(a.view.transform3D.m41), Double(touch.location.x - 1), absolute: 1e-9))
            checked += 1
        }
        #expect(checked > 300)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popFinishIssues(a) == [], "slow-drag")
    }

    /// D1 with the default policy in both modes: slow-drag and flick finish, flick-back cancels.
    @Test(arguments: modes)
    func D1_defaultPolicy(mode: InteractionMode) throws {
        for (name, finishes) in [("slow-drag", true), ("flick", true), ("flick-back", false)] {
            let (scene, a, _) = scene(mode: mode)
            let before = layerRecords(scene.root, a)
            let result = scene.window.replay(try Fixtures.trace(name), on: scene.clock)
            #expect(result.reachedIdle, "\(name)")
            #expect((finishes ? scene.popFinishIssues(a) : scene.popCancelIssues(a, before: before)) == [], "\(name)")
        }
    }

    /// C2 and S5: a system-cancelled gesture at 60 % and a reversal to 10 % both cancel and
    /// restore every layer (C1); a programmatic pop works afterwards.
    @Test(arguments: modes)
    func C2_S5_cancelsRestoreEverything(mode: InteractionMode) throws {
        for name in ["system-cancel", "reversal"] {
            let (scene, a, _) = scene(mode: mode)
            let before = layerRecords(scene.root, a)
            #expect(scene.window.replay(try Fixtures.trace(name), on: scene.clock).reachedIdle)
            #expect(scene.popCancelIssues(a, before: before) == [], "\(name)")
            var done: Bool?
            scene.navigationController.pushBack3DPop { done = $0 }
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(done == true, "\(name)")
            #expect(scene.popFinishIssues(a) == [], "pop after \(name)")
        }
    }

    /// D4: after the release (a flick, finishing) further updates and a late cancel are
    /// ignored: a late `update(0)`, which would slide the top view back at once if applied,
    /// changes nothing on screen nor the interaction's progress, and the pop still finishes.
    /// Both modes.
    @Test(arguments: modes)
    func D4_afterReleaseUpdatesIgnored(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 1, y: 240))
        finger.move(to: CGPoint(x: 49, y: 240), speed: 800)
        finger.lift()
        let interaction = try #require(controller.interaction.interactionController)
        #expect(interaction.isReleased && scene.navigationController.isTransitioning)
        let (screen, onScreen) = (layerState(scene.window.rootView.layer), interaction.percentComplete)
        #expect(onScreen > 0)
        interaction.update(0)
        interaction.release(finish: false, velocity: 0)
        #expect(layerState(scene.window.rootView.layer) == screen, "the late update reached the screen")
        #expect(interaction.isReleased && interaction.percentComplete == onScreen)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.popFinishIssues(a) == [], "flick + late update/cancel")
    }

    /// Re-grab during the run-out: one transition, finished by the second drag.
    @Test(arguments: modes)
    func regrabDuringRunOutFinishes(mode: InteractionMode) throws {
        let (scene, a, controller) = scene(mode: mode)
        let result = scene.window.replay(try Fixtures.trace("regrab-edge"), on: scene.clock)
        #expect(result.reachedIdle && controller.interaction.transitionsStarted == 1)
        #expect(scene.popFinishIssues(a) == [], "regrab")
    }

    /// L3: enabling twice installs one recognizer; disabling once removes it. The radial and
    /// push-back swipes share the machinery but not the recognizer.
    @Test func L3_enableTwiceDisableOnce() {
        let scene = TestScene()
        let nc = scene.navigationController
        let first = nc.enablePushBack3DSwipe()
        let second = nc.enablePushBack3DSwipe(effect: PushBack3D(angle: 20), policy: .radialOriginal)
        #expect(first === second && second.policy == .radialOriginal)
        #expect(nc.view.gestureRecognizers.count == 2 && nc.view.gestureRecognizers[1] === first.contentRecognizer)  // edge + content pan
        #expect(nc.pushBack3DSwipeController === first)
        nc.disablePushBack3DSwipe()
        #expect(nc.view.gestureRecognizers.isEmpty && nc.pushBack3DSwipeController == nil)
    }
}
