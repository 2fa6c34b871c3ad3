import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect

/// Scenario R1 for the push-back (Documentation/Scenarios.md): after the container is
/// resized mid-transition, every frame is the frame of a transition started at the new size
/// at the same progress (slide distance = the current width, G2; the dimming overlay covers
/// the resized view), and a drag's progress is translation / the current width. Expected
/// values: the layers of the fresh transition and the scenario's numbers.
@MainActor
@Suite struct PushBack3DResizeTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]
    nonisolated static let effects = [PushBack3D(), PushBack3D(scale: 0.9, dimming: 0.3)]
    static let large = CGSize(width: 768, height: 1024)

    /// R1, time-based push and pop (plain, and with scale and dimming): resized from 320x480
    /// to 768x1024 at 0.1 s, the frames right after and at 0.2 s equal a fresh 768x1024
    /// transition's.
    @Test(arguments: ["push", "pop"], effects)
    func R1_timedResizeMatchesFreshTransition(operation: String, effect: PushBack3D) throws {
        let result = try TimedResize.differences { size in
            let scene = TestScene(size: size)
            let a = scene.makeViewController("A")
            if operation == "push" {
                scene.navigationController.pushBack3DPush(a, effect: effect)
            } else {
                scene.navigationController.push(a, animated: false)
                scene.navigationController.pushBack3DPop(effect: effect)
            }
            return (scene.window, scene.clock, scene)
        }
        #expect(result.differences.isEmpty, "\(result.differences)")
        #expect(result.reachedIdle)
    }

    /// R1, edge swipe: pan to x = 102 at 320x480 (0.3125), resize to 768x1024, move on to
    /// x = 402: right after the resize and at x = 402 the layers equal those of a swipe
    /// started at 768x1024 with the same progress, and the progress is 400 / 768 (the new
    /// width); released at rest at x = 302 (0.391) it cancels cleanly, at x = 702 (0.911) it finishes.
    @Test(arguments: modes)
    func R1_swipeAcrossResize(mode: InteractionMode) throws {
        for (releaseX, finishes) in [(302.0, false), (702, true)] {
            let (resized, a, controller) = TestScene.withStack { $0.enablePushBack3DSwipe(mode: mode) }
            let (fresh, _, _) = TestScene.withStack { $0.enablePushBack3DSwipe(mode: mode) }
            fresh.window.resize(to: Self.large)
            let finger = Finger(resized, mode: mode), freshFinger = Finger(fresh, mode: mode)
            finger.down(at: CGPoint(x: 2, y: 240))
            finger.move(to: CGPoint(x: 102, y: 240))
            resized.window.resize(to: Self.large)
            freshFinger.down(at: CGPoint(x: 2, y: 240))
            freshFinger.move(to: CGPoint(x: 242, y: 240))  // 240 / 768 = 100 / 320
            var differences = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
            #expect(differences.isEmpty, "right after the resize: \(differences)")
            finger.move(to: CGPoint(x: 402, y: 240))
            freshFinger.move(to: CGPoint(x: 402, y: 240))
            #expect(controller.interaction.fingerProgress == CGFloat(400) / 768)
            differences = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
            #expect(differences.isEmpty, "at x = 402: \(differences)")
            finger.move(to: CGPoint(x: releaseX, y: 240))
            finger.rest(for: 0.15)  // velocity 0 at the release
            finger.lift()
            #expect(resized.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), (releaseX - 2) / 768, absolute: 1e-12))
            if finishes {
                #expect(resized.popFinishIssues(a) == [], "released at x = \(releaseX)")
            } else {
                // Cancelled: A back in the container at identity, filling the new bounds.
                let v = a.view
                #expect(resized.stackTitles == ["root", "A"] && resized.root.view.superview == nil)
                #expect(v.superview === resized.navigationController.view && v.frame == CGRect(origin: .zero, size: Self.large))
                #expect(v.transform3D == .identity && v.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
                #expect(resized.clock.activeLinkCount == 0 && resized.navigationController.transitionQueue.isIdle)
            }
        }
    }

    /// R1 when the container alone changes size (a split view resizing the navigation
    /// controller's view, no window resize): at once the incoming view's slide is the new
    /// width·(1 − p), p = easeInEaseOut(t / 0.3 s) at t = 0.1 s (the push's curve), and the
    /// push ends filling the new container.
    @Test func R1_containerResizedWithoutWindowResize() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        nc.pushBack3DPush(a)
        scene.clock.advance(frames: 6)
        nc.view.frame = CGRect(x: 0, y: 0, width: 500, height: 480)
        let p = CubicBezier.easeInEaseOut.value(at: 6.0 / 60 / 0.3)
        #expect(isApproximatelyEqual(Double(a.view.transform3D.m41), 500 * (1 - p), absolute: 1e-9))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root", "A"] && a.view.frame == CGRect(x: 0, y: 0, width: 500, height: 480))
    }
}
