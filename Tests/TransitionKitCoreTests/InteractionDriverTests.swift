import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// Run-outs after release: spring with the finger's velocity, re-grab, display-link driven.
@MainActor
@Suite struct InteractionDriverTests {
    func start(_ interaction: any InteractiveTransitioning, duration: TimeInterval = 0.5) -> (TestScene, RecordingAnimator) {
        let scene = TestScene()
        let animator = RecordingAnimator(duration: duration)
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator, interactionController: interaction))
        return (scene, animator)
    }

    /// A spring run-out starts at the release velocity. Expected first step from the Taylor
    /// series of the damped oscillator x'' = ω²(1 − x) − 2ζωx' (CASpringAnimation's model) at
    /// x(0) = 0.4, x'(0) = 3 progress/s, ω = 2π/response: x(Δt) ≈ x + x'Δt + x''Δt²/2 + x'''Δt³/6
    /// (the next term is < 4e-5 for Δt = 1/60). An underdamped spring overshoots past 1.
    @Test func springRunOutContinuesFingerVelocity() {
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .spring(Spring(response: 0.4, dampingRatio: 0.5))
        let (scene, animator) = start(interaction)
        interaction.update(0.4)
        interaction.finish(velocity: 3)  // progress per second
        let startIndex = animator.progressLog.count
        scene.clock.step()
        let omega = 2 * Double.pi / 0.4, zeta = 0.5, dt = 1.0 / 60
        let v = 3.0, a = omega * omega * (1 - 0.4) - 2 * zeta * omega * v
        let j = -omega * omega * v - 2 * zeta * omega * a
        let expected = 0.4 + v * dt + a * dt * dt / 2 + j * dt * dt * dt / 6
        #expect(isApproximatelyEqual(Double(animator.progressLog[startIndex]), expected, absolute: 2e-4))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(animator.progressLog.max()! > 1.0)  // overshoot
        #expect(animator.progressLog.last == 1)
        #expect(scene.stackTitles == ["root", "A"])
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// Re-grab: a touch during the run-out pauses at the presented progress (no jump) and the
    /// finger drives again; cancelling afterwards restores the stack.
    @Test func pauseDuringRunOutHandsBackControl() {
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        let (scene, animator) = start(interaction, duration: 1)
        interaction.update(0.5)
        interaction.finish()
        scene.clock.advance(frames: 6)  // linear: 0.5 + 6/60 = 0.6
        let onScreen = animator.progressLog.last!
        #expect(isApproximatelyEqual(Double(onScreen), 0.6, absolute: 1e-9))
        interaction.pause()
        #expect(interaction.percentComplete == onScreen && !interaction.isReleased)
        scene.clock.advance(frames: 10)
        #expect(animator.progressLog.last == onScreen)  // paused: nothing moves
        interaction.update(0.3)
        #expect(animator.progressLog.last == 0.3)
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"] && scene.clock.activeLinkCount == 0)
    }

    /// Display-link driven: progress follows the source each frame; on release it runs out
    /// linearly by Δt/runOutDuration a frame, and the link is gone afterwards (S4's kind).
    @Test func displayLinkDrivenRunsOutLinearlyAndStops() {
        final class Finger { var progress: CGFloat = 0 }
        let finger = Finger()
        let interaction = DisplayLinkInteractiveTransition(runOutDuration: 0.5) { finger.progress }
        let (scene, animator) = start(interaction)
        finger.progress = 0.2
        scene.clock.step()
        #expect(animator.progressLog.last == 0.2)
        finger.progress = 0.7
        scene.clock.step()
        #expect(animator.progressLog.last == 0.7)
        interaction.release(finish: true)
        let frames = scene.clock.runUntilIdle()
        // 0.3 of progress at 1/30 a frame = 9 frames, then the end.
        #expect(frames == 9)
        #expect(scene.stackTitles == ["root", "A"])
        #expect(!interaction.isTicking && scene.clock.activeLinkCount == 0)
        let runOut = Array(animator.progressLog.suffix(10))
        for (a, b) in zip(runOut, runOut.dropFirst()) where b < 1 { #expect(isApproximatelyEqual(Double(b - a), 1.0 / 30, absolute: 1e-9)) }
    }

    /// The display link stops if its transition disappears (never ticks forever).
    @Test func displayLinkStopsWhenTransitionEndsElsewhere() {
        let interaction = DisplayLinkInteractiveTransition { 0.5 }
        let (scene, _) = start(interaction)
        scene.clock.advance(frames: 3)
        #expect(interaction.isTicking)
        interaction.release(finish: false)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.clock.activeLinkCount == 0 && !interaction.isTicking)
        #expect(scene.stackTitles == ["root"])
    }
}
