import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import DragDismissEffect

/// Drag-to-dismiss run-outs, scenarios R2–R4 of Documentation/Scenarios.md, on a 320x480
/// `TestScene` (a second drag after a cancelled one: `DragDismissLawTests`). During a dismiss at progress p the
/// bottom card is translated by h·p (DragDismiss's `modalTranslation` at b = 1 − p), so the
/// progress on screen is m42 / 480. Expected values: the damped oscillator's step response
/// written out in `DampedStep` (source there) and the scenarios' numbers.
@MainActor
@Suite struct DragDismissRunOutTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven(runOutDuration: DragDismiss.defaultDuration)]

    func presented(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven)
        -> (TestScene, ViewController, DragDismissTransitioningDelegate, PanInteractionController)
    {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal)
        scene.navigationController.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        return (scene, modal, delegate, delegate.enableDragToDismiss(policy: policy, mode: mode)!)
    }

    /// R2, the scenario's input: the effect's spring as the completion curve, `update(0.4)`,
    /// `finish()`. At speed 4 and 0.5 every frame is 0.4 + 0.6·x(speed·t) (x the spring's
    /// unit step from rest), the run-out ends at its settling duration ÷ speed, and the last
    /// frame moves by less than 0.005 (before: cut at 0.2 s with a jump of 0.15, or sitting
    /// still for 0.8 s).
    @Test(arguments: [4.0, 0.5])
    func R2_springRunOutPlaysAtCompletionSpeed(speed: Double) {
        let (scene, modal, delegate, _) = presented()
        defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
        let interaction = PercentDrivenInteractiveTransition()
        let spring = delegate.effect.spring
        interaction.completionCurve = .spring(spring)
        interaction.completionSpeed = speed
        delegate.dismissalInteractionController = interaction
        modal.dismiss(animated: true)
        interaction.update(0.4)
        #expect(modal.view.transform3D.m42 == 0.4 * 480)
        interaction.finish()
        var log: [Double] = []
        while scene.navigationController.presentedViewController != nil, log.count < 1000 {
            scene.clock.step()
            log.append(Double(modal.view.transform3D.m42) / 480)
        }
        let x = DampedStep(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: 0)
        let end = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping).settlingDuration / speed
        #expect(Double(log.count) / 60 >= end - 1e-9 && Double(log.count - 1) / 60 < end + 1e-9, "\(log.count) frames for \(end) s")
        // The last frame is the finished state (the card off screen, then removed).
        let errors = log.dropLast().enumerated().map { k, p in abs(p - (0.4 + 0.6 * x.position(at: speed * Double(k + 1) / 60))) }
        #expect(
            errors.count == log.count - 1 && errors.allSatisfy { $0 <= 1e-9 },
            "worst \(errors.max() ?? 0) at frame \((errors.firstIndex(of: errors.max() ?? 0) ?? -2) + 1)")
        let jump = 1 - (log.dropLast().last ?? 0)
        #expect(abs(jump) < 0.005, "last-frame jump \(jump)")
    }

    /// R3: a drag down and back up to where it started (progress exactly 0), taken by the
    /// system: the spring has nothing to travel, so the transition ends at once and a
    /// `dismiss(animated: true)` requested right then runs its own 0.8 s (48 frames) with no
    /// wait (before: 49 frames of stillness first).
    @Test(arguments: modes)
    func R3_zeroDistanceRunOutEndsAtOnce(mode: InteractionMode) {
        let (scene, modal, delegate, controller) = presented(mode: mode)
        defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 160, y: 200))
        finger.move(to: CGPoint(x: 160, y: 300))
        finger.move(to: CGPoint(x: 160, y: 150))
        #expect(controller.fingerProgress == 0 && scene.window.transitionQueue.current != nil)
        finger.lift(.cancelled)
        var dismissed: Bool?
        modal.dismiss(animated: true) { dismissed = $0 }
        let frames = scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(frames <= 48 + 1, "\(frames) frames")
        #expect(dismissed == true && scene.navigationController.presentedViewController == nil)
    }

    /// R4, the scenario's input: a drag to 80 % still moving down at 6000 pt/s that the
    /// system cancels never shows the card lower than at the release (before: progress peaked
    /// at 1.095, the card left the screen); symmetrically a release at 70 % moving up at
    /// 3000 pt/s that finishes (position-only policy) never shows it higher. Both modes.
    @Test(arguments: modes)
    func R4_runOutNeverPassesTheReleasePoint(mode: InteractionMode) {
        for finish in [false, true] {
            let (scene, modal, delegate, controller) = presented(policy: finish ? .radialOriginal : .default, mode: mode)
            defer { withExtendedLifetime(delegate) {} }  // the app keeps its transitioning delegate
            let finger = Finger(scene, mode: mode)
            finger.down(at: CGPoint(x: 160, y: 40))
            if finish {
                finger.move(to: CGPoint(x: 160, y: 424), speed: 300)
                finger.move(to: CGPoint(x: 160, y: 376), speed: 3000)
            } else {
                finger.move(to: CGPoint(x: 160, y: 424), speed: 6000)
            }
            let release = finish ? 0.7 : 0.8
            #expect(isApproximatelyEqual(Double(controller.fingerProgress), release, absolute: 1e-9))
            finger.lift(finish ? .ended : .cancelled)
            var log: [Double] = []
            while scene.window.transitionQueue.current != nil, log.count < 1000 {
                scene.clock.step()
                // The frame that ends the transition restores the card (then removes it).
                if scene.window.transitionQueue.current != nil { log.append(Double(modal.view.transform3D.m42) / 480) }
            }
            let label = "\(finish ? "finish" : "cancel") \(mode)"
            #expect(log.count > 1 && log.count < 1000, "\(label)")
            if finish {
                #expect(log.min()! >= release - 1e-9, "\(label): lowest progress \(log.min()!)")
                #expect(scene.navigationController.presentedViewController == nil, "\(label)")
            } else {
                #expect(log.max()! <= release + 1e-9, "\(label): highest progress \(log.max()!)")
                #expect(scene.navigationController.presentedViewController === modal, "\(label)")
            }
        }
    }
}
