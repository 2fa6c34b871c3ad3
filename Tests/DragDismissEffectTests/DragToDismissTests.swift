import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import DragDismissEffect

/// Drag-to-dismiss (`DragDismissTransitioningDelegate.enableDragToDismiss`) driven by the
/// fixture traces on a 320x480 `TestScene`. Expected values: the scenario text (C1 C3 D3 D4
/// S6) and the traces' closed forms (Tests/Fixtures/traces/README.md). During a dismiss at
/// progress p the card is translated by h·p (DragDismiss's `modalTranslation` at b = 1 − p),
/// so with p = translation.y / h it follows the finger point for point.
@MainActor
@Suite struct DragToDismissTests {
    /// Display-link mode with the effect's 0.8 s as the full-range run-out (a cancel from
    /// 0.3 takes 0.24 s, so regrab-card.json's touch 0.1 s after the release catches it).
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven(runOutDuration: DragDismiss.defaultDuration)]

    /// A presented card (direction `direction`) with drag-to-dismiss enabled. The delegate is
    /// returned so the test keeps it alive, as an app must.
    func presented(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven, direction: DragDismiss.Direction = .bottom)
        -> (TestScene, ViewController, DragDismissTransitioningDelegate, PanInteractionController)
    {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(direction: direction))
        var presented: Bool?
        scene.navigationController.present(modal) { presented = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(presented == true)
        let controller = delegate.enableDragToDismiss(policy: policy, mode: mode)!
        return (scene, modal, delegate, controller)
    }

    func records(_ scene: TestScene, _ modal: ViewController) -> [[String]] {
        [layerRecord(modal.view.layer), layerRecord(scene.navigationController.view.layer)]
    }

    func expectStillPresented(_ scene: TestScene, _ modal: ViewController, before: [[String]], _ label: String) {
        let nc = scene.navigationController
        #expect(nc.presentedViewController === modal && modal.view.superview === scene.window.rootView, "\(label)")
        #expect(modal.view.transform3D == .identity && modal.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480), "\(label)")
        #expect(records(scene, modal) == before, "C1 \(label)")
        #expect(nc.view.transform3D == Transform3D(scaleX: 0.9, y: 0.9), "\(label): the view behind stays shrunk")
        #expect(scene.window.transitionQueue.isIdle && scene.clock.activeLinkCount == 0, "\(label)")
    }

    func expectDismissed(_ scene: TestScene, _ modal: ViewController, _ label: String) {
        let nc = scene.navigationController
        #expect(nc.presentedViewController == nil && modal.presentingViewController == nil && modal.view.superview == nil, "\(label)")
        #expect(nc.view.transform3D == .identity && nc.view.alpha == 1, "\(label)")
        #expect(scene.window.transitionQueue.isIdle && scene.clock.activeLinkCount == 0, "\(label)")
    }

    /// D3 under `.dragDismissOriginal`: at 20 % a release at 101 pt/s finishes, at 99 pt/s
    /// cancels (C1 after the cancel).
    @Test(arguments: modes)
    func D3_originalFlickRule(mode: InteractionMode) throws {
        for (name, finishes) in [("vertical-drag-101", true), ("vertical-drag-99", false)] {
            let (scene, modal, delegate, controller) = presented(policy: .dragDismissOriginal, mode: mode)
            defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
            let before = records(scene, modal)
            let result = scene.window.replay(try Fixtures.trace(name), on: scene.clock)
            #expect(result.reachedIdle, "\(name)")
            #expect(isApproximatelyEqual(Double(controller.fingerProgress), 0.2, absolute: 1e-9), "\(name)")  // 96 / 480
            if finishes { expectDismissed(scene, modal, name) } else { expectStillPresented(scene, modal, before: before, name) }
        }
    }

    /// D3 with the default policy: position counts. A slow drag to 60 % released at rest
    /// dismisses (the original rule would keep it: velocity 0); the 101 pt/s release at 20 %
    /// is neither past half-way nor a 500 pt/s flick, so it cancels.
    @Test func D3_defaultPolicyAcceptsPosition() throws {
        for (name, policy, finishes) in [
            ("vertical-drag-slow-60", InteractionPolicy.default, true),
            ("vertical-drag-slow-60", .dragDismissOriginal, false),
            ("vertical-drag-101", .default, false),
        ] {
            let (scene, modal, delegate, _) = presented(policy: policy)
            defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
            let before = records(scene, modal)
            #expect(scene.window.replay(try Fixtures.trace(name), on: scene.clock).reachedIdle)
            let label = "\(name) \(policy == .default ? "default" : "original")"
            if finishes { expectDismissed(scene, modal, label) } else { expectStillPresented(scene, modal, before: before, label) }
        }
    }

    /// C3: a drag that stops mid-way with `cancelled`: while dragging the card follows the
    /// finger (translation h·p = the finger's 144 pt); after the cancel it runs back to the
    /// identity transform and stays presented (C1), even under `.dragDismissOriginal`, where
    /// the same release as `ended` (300 pt/s > 100) would dismiss; then
    /// `dismiss(animated: true)` runs (S6).
    @Test(arguments: modes)
    func C3_S6_cancelledDragThenDismiss(mode: InteractionMode) throws {
        for policy in [InteractionPolicy.default, .dragDismissOriginal] {
            let (scene, modal, delegate, controller) = presented(policy: policy, mode: mode)
            defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
            let before = records(scene, modal)
            let trace = try Fixtures.trace("vertical-cancel")
            for touch in trace.samples where touch.phase != .cancelled {
                scene.window.send(touch)
                scene.clock.step()
            }
            #expect(isApproximatelyEqual(Double(modal.view.transform3D.m42), 144, absolute: 1e-9))  // 0.3·h
            #expect(isApproximatelyEqual(Double(controller.recognizer.velocity(in: nil).y), 300, absolute: 1e-3))
            scene.window.send(trace.samples.last!)
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(controller.recognizer.state == .cancelled)
            expectStillPresented(scene, modal, before: before, "C3")
            var done: Bool?
            modal.dismiss(animated: true) { done = $0 }
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(done == true)
            expectDismissed(scene, modal, "S6")
        }
    }

    /// D4: after the release (101 pt/s at 20 % under `.dragDismissOriginal`: dismissing)
    /// further updates and moves are ignored: a late `update(0)`, which would put the card
    /// back at once if applied, changes nothing on screen nor the interaction's progress; the
    /// card is dismissed and nothing freezes. Both modes.
    @Test(arguments: modes)
    func D4_afterReleaseUpdatesIgnored(mode: InteractionMode) throws {
        let (scene, modal, delegate, controller) = presented(policy: .dragDismissOriginal, mode: mode)
        defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
        let trace = try Fixtures.trace("vertical-drag-101")
        for touch in trace.samples {
            scene.window.send(touch)
            if mode != .percentDriven { scene.clock.step() }  // the display link reads each position
        }
        let interaction = try #require(controller.interactionController)
        #expect(interaction.isReleased && modal.view.transform3D.m42 > 0)
        let (screen, onScreen) = (layerState(scene.window.rootView.layer), interaction.percentComplete)
        interaction.update(0)
        for k in 0..<5 { scene.window.send(Touch(timestamp: 1 + Double(k) * 0.008, location: CGPoint(x: 160, y: 250), phase: .moved)) }
        #expect(layerState(scene.window.rootView.layer) == screen, "the late update reached the screen")
        #expect(interaction.isReleased && interaction.percentComplete == onScreen)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        expectDismissed(scene, modal, "101 + late updates")
    }

    /// Re-grab: a touch on the card while it springs back catches it; the second drag
    /// dismisses it in the same transition (regrab-card.json: final progress >= 0.64).
    @Test(arguments: modes)
    func regrabCardDuringRunOut(mode: InteractionMode) throws {
        let (scene, modal, delegate, controller) = presented(mode: mode)
        defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
        let result = scene.window.replay(try Fixtures.trace("regrab-card"), on: scene.clock)
        #expect(result.reachedIdle)
        #expect(controller.transitionsStarted == 1)
        #expect(controller.fingerProgress >= 0.64 - 1e-9)
        expectDismissed(scene, modal, "regrab")
    }

    /// Left and right cards: a horizontal drag toward the exit edge, 60 % of w at rest,
    /// dismisses; the same drag the other way keeps the progress at 0 and cancels (C1).
    @Test(arguments: [DragDismiss.Direction.left, .right])
    func horizontalDirections(direction: DragDismiss.Direction) {
        for toward in [true, false] {
            let (scene, modal, delegate, controller) = presented(direction: direction)
            defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
            #expect(controller.recognizer.axis == .horizontal)
            let before = records(scene, modal)
            let sign: CGFloat = (direction == .right) == toward ? 1 : -1
            let start = CGPoint(x: 160 - sign * 96, y: 240)
            let trace = SyntheticTrace.drag(from: start, to: CGPoint(x: start.x + sign * 192, y: 240), speed: 300)
            #expect(scene.window.replay(trace, on: scene.clock).reachedIdle)
            if toward {
                #expect(isApproximatelyEqual(Double(controller.fingerProgress), 0.6, absolute: 1e-9))
                expectDismissed(scene, modal, "\(direction) toward")
            } else {
                expectStillPresented(scene, modal, before: before, "\(direction) away")
            }
        }
    }

    /// Enabling twice keeps one recognizer on the card; disabling removes it; nothing starts
    /// when the card is not presented.
    @Test func enableTwiceDisableOnce() throws {
        let (scene, modal, delegate, first) = presented()
        defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
        let second = delegate.enableDragToDismiss(policy: .dragDismissOriginal)
        #expect(second === first && first.policy == .dragDismissOriginal)
        #expect(modal.view.gestureRecognizers.count == 1 && first.recognizer.axis == .vertical)
        delegate.disableDragToDismiss()
        #expect(modal.view.gestureRecognizers.isEmpty && delegate.dragToDismissController == nil)
        // Not presented: the pan starts nothing and no interaction is left behind.
        let controller = delegate.enableDragToDismiss()!
        modal.dismiss(animated: false)
        scene.window.rootView.addSubview(modal.view)  // on screen but not presented
        #expect(scene.window.replay(try Fixtures.trace("vertical-drag-slow-60"), on: scene.clock).reachedIdle)
        #expect(controller.transitionsStarted == 0 && delegate.dismissalInteractionController == nil)
        #expect(scene.clock.activeLinkCount == 0)
    }
}
