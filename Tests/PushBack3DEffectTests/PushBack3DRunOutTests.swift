import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect

/// Run-outs of the interactive push-back pop, scenarios R3 and R4 of
/// Documentation/Scenarios.md, on a 320x480 `TestScene` (a second swipe after a cancelled
/// one: `PushBack3DLawTests`). The progress on screen is A's slide ÷ 320: during a pop at p the outgoing
/// view is translated by w·p (PushBack3D's `slideTranslation` at b = 1 − p).
@MainActor
@Suite struct PushBack3DRunOutTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]
    /// The percent-driven run-out curves: the default, and a spring that uses the velocity.
    nonisolated static let curves: [TimingCurve] = [.easeInEaseOut, .spring(Spring(response: 0.4, dampingRatio: 0.8))]

    func scene(policy: InteractionPolicy = .default, mode: InteractionMode, curve: TimingCurve) -> (TestScene, ViewController, EdgePanPopController) {
        let (scene, a, controller) = TestScene.withStack { $0.enablePushBack3DSwipe(policy: policy, mode: mode) }
        controller.interaction.completionCurve = curve
        return (scene, a, controller)
    }

    /// The progress on screen (A's slide ÷ 320), nil once A left the container.
    func progressOnScreen(_ scene: TestScene, _ a: ViewController) -> Double? {
        a.view.superview == nil ? nil : Double(a.view.transform3D.m41) / 320
    }

    /// R3: out to 40 % and back past the edge (progress exactly 0), then the system takes the
    /// touch: nothing is left to travel, the pop ends at once (at the next frame for the
    /// display link) and a `pop()` requested right then runs its own 0.3 s (18 frames).
    @Test(arguments: modes, curves)
    func R3_zeroDistanceRunOutEndsAtOnce(mode: InteractionMode, curve: TimingCurve) {
        let (scene, a, controller) = scene(mode: mode, curve: curve)
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 2, y: 240))
        finger.move(to: CGPoint(x: 130, y: 240))
        finger.move(to: CGPoint(x: 0, y: 240))
        #expect(controller.interaction.fingerProgress == 0 && scene.navigationController.isTransitioning)
        finger.lift(.cancelled)
        var popped: Bool?
        scene.navigationController.pushBack3DPop { popped = $0 }
        let frames = scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(frames <= 18 + 1, "\(frames) frames")
        #expect(popped == true && scene.popFinishIssues(a) == [])
    }

    /// R4: released at 80 % still moving at 6000 pt/s and cancelled by the system, the
    /// top view never slides further than at the release; released at 70 % moving back at
    /// 3000 pt/s under a position-only policy (it finishes), it never slides back past it.
    /// The display link has one run-out whatever the curve, so it runs once (with the first
    /// curve); the percent-driven run-out once per curve: three combinations, each checked.
    nonisolated static let r4Cases: [(InteractionMode, TimingCurve)] = [
        (.percentDriven, curves[0]), (.percentDriven, curves[1]), (.displayLinkDriven(), curves[0]),
    ]

    @Test(arguments: r4Cases)
    func R4_runOutNeverPassesTheReleasePoint(mode: InteractionMode, curve: TimingCurve) {
        for finish in [false, true] {
            let (scene, a, controller) = scene(policy: finish ? .radialOriginal : .default, mode: mode, curve: curve)
            let finger = Finger(scene, mode: mode)
            finger.down(at: CGPoint(x: 2, y: 240))
            if finish {
                finger.move(to: CGPoint(x: 258, y: 240))
                finger.move(to: CGPoint(x: 226, y: 240), speed: 3000)
            } else {
                finger.move(to: CGPoint(x: 258, y: 240), speed: 6000)
            }
            let release = finish ? 0.7 : 0.8
            #expect(isApproximatelyEqual(Double(controller.interaction.fingerProgress), release, absolute: 1e-9))
            finger.lift(finish ? .ended : .cancelled)
            var log: [Double] = []
            while scene.navigationController.isTransitioning, log.count < 1000 {
                scene.clock.step()
                if let p = progressOnScreen(scene, a) { log.append(p) }
            }
            let label = "\(finish ? "finish" : "cancel") \(mode) \(curve)"
            #expect(log.count > 1 && log.count < 1000, "\(label)")
            if finish {
                #expect(log.min()! >= release - 1e-9, "\(label): lowest progress \(log.min()!)")
                #expect(scene.popFinishIssues(a) == [], "\(label)")
            } else {
                #expect(log.max()! <= release + 1e-9, "\(label): highest progress \(log.max()!)")
                #expect(scene.stackTitles == ["root", "A"], "\(label)")
            }
        }
    }
}
