import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// The run-out after an interactive release, scenarios R2–R4 of Documentation/Scenarios.md,
/// at the model level with a recording animator (progress per frame). Expected values: the
/// damped oscillator's step response written out in `DampedStep` (its source is there), the
/// scenario rules, and UIKit's remaining time (1 − p)·duration ÷ speed, p·duration ÷ speed
/// (`oracles/timing.json` uikit_interactive).
@MainActor
@Suite struct RunOutTests {
    /// A spring like drag-to-dismiss's (damping ratio 0.8), settling in about 0.7 s.
    nonisolated static let spring = Spring(response: 0.5, dampingRatio: 0.8)

    /// `[root]` pushing A interactively with `interaction`; the animator records progress.
    func start(_ interaction: any InteractiveTransitioning, completion: (@MainActor (Bool) -> Void)? = nil) -> (TestScene, RecordingAnimator) {
        let scene = TestScene()
        let animator = RecordingAnimator(duration: 0.5)
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator, interactionController: interaction), completion: completion)
        return (scene, animator)
    }

    /// R2: the spring run-out is the spring played `completionSpeed` times as fast:
    /// progress(t) = 0.4 + 0.6·x(speed·t) at every frame, x the unit step with initial velocity
    /// v ÷ (0.6·speed) (so the motion leaves at the finger's v progress per second), ending
    /// at the spring's settling duration ÷ speed on exactly 1, with no jump at the end.
    @Test(arguments: [(4.0, 0.0), (0.5, 0.0), (1.0, 0.0), (4.0, 2.0), (0.5, 3.0)])
    func R2_springRunOutPlaysAtCompletionSpeed(speed: Double, velocity: Double) {
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .spring(Self.spring)
        interaction.completionSpeed = speed
        let (scene, animator) = start(interaction)
        interaction.update(0.4)
        interaction.finish(velocity: velocity)
        let released = animator.progressLog.count
        let frames = scene.clock.runUntilIdle(maxFrames: 1000)
        let log = animator.progressLog[released...].map(Double.init)
        let v0 = velocity / (0.6 * speed)
        let x = DampedStep(mass: Self.spring.mass, stiffness: Self.spring.stiffness, damping: Self.spring.damping, initialVelocity: v0)
        let settle = Spring(mass: Self.spring.mass, stiffness: Self.spring.stiffness, damping: Self.spring.damping, initialVelocity: v0)
            .settlingDuration
        let end = settle / speed
        #expect(Double(frames) / 60 >= end - 1e-9 && Double(frames - 1) / 60 < end + 1e-9, "\(frames) frames for \(end) s")
        #expect(log.count == frames && log.last == 1)
        let errors = log.dropLast().enumerated().map { k, p in abs(p - (0.4 + 0.6 * x.position(at: speed * Double(k + 1) / 60))) }
        #expect(errors.allSatisfy { $0 <= 1e-9 }, "worst \(errors.max() ?? 0) at frame \((errors.firstIndex(of: errors.max() ?? 0) ?? -2) + 1)")
        let jump = abs(1 - (log.dropLast().last ?? 0.4))
        #expect(jump < 0.005, "last-frame jump \(jump)")
        #expect(scene.stackTitles == ["root", "A"])
    }

    /// R3: a run-out over zero distance (released at its target) ends at once, whatever the
    /// curve, speed and velocity; a push requested right after it runs on its own 0.3 s
    /// (18 frames) with no wait. Both interaction kinds.
    @Test(
        arguments: [0.0, 1.0], [TimingCurve.spring(RunOutTests.spring), .easeInEaseOut, .linear])
    func R3_runOutOverZeroDistanceEndsAtOnce(progress: Double, curve: TimingCurve) {
        let finish = progress == 1  // released at its target
        for displayLink in [false, true] {
            let percent = PercentDrivenInteractiveTransition()
            percent.completionCurve = curve
            percent.completionSpeed = 0.5
            let interaction: any GestureDrivenTransitioning = displayLink ? DisplayLinkInteractiveTransition() : percent
            var ended: Bool?
            var pushed: Bool?
            let (scene, _) = start(interaction) { ended = $0 }
            interaction.update(progress)
            scene.clock.step()  // a display-link interaction shows it at the next frame
            interaction.release(finish: finish, velocity: finish ? 5 : -5)
            scene.navigationController.perform(
                .push(scene.makeViewController("B")), animated: true,
                transition: TransitionOverride(animator: RecordingAnimator(duration: 0.3))
            ) { pushed = $0 }
            let frames = scene.clock.runUntilIdle(maxFrames: 1000)
            let label = "\(displayLink ? "display link" : "percent-driven") \(curve) at \(progress)"
            #expect(frames <= 18 + 1, "\(label): \(frames) frames")
            #expect(ended == finish && pushed == true, "\(label)")
            #expect(scene.stackTitles == (finish ? ["root", "A", "B"] : ["root", "B"]), "\(label)")
        }
    }

    /// R4: a cancel never shows progress past its release point (the finger's forward
    /// velocity is dropped), a finish never below it; even a lightly damped spring thrown hard
    /// toward the target, which swings back past where it started, stays on its side.
    @Test(arguments: [
        (0.8, false, 12.5, RunOutTests.spring), (0.3, true, -12.5, RunOutTests.spring),
        (0.2, false, -30, Spring(response: 0.4, dampingRatio: 0.1)), (0.8, true, 30, Spring(response: 0.4, dampingRatio: 0.1)),
    ])
    func R4_runOutStaysOnItsSideOfTheReleasePoint(progress: Double, finish: Bool, velocity: Double, spring: Spring) {
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .spring(spring)
        let (scene, animator) = start(interaction)
        interaction.update(progress)
        finish ? interaction.finish(velocity: velocity) : interaction.cancel(velocity: velocity)
        let released = animator.progressLog.count
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let runOut = animator.progressLog[released...].map(Double.init)
        #expect(runOut.count > 1 && runOut.last == (finish ? 1 : 0))
        if finish {
            #expect(runOut.min()! >= progress, "lowest \(runOut.min()!) below the release at \(progress)")
        } else {
            #expect(runOut.max()! <= progress, "highest \(runOut.max()!) past the release at \(progress)")
        }
        // Velocity toward the target is kept: the first frame moves toward it.
        #expect(finish ? runOut[0] > progress : runOut[0] < progress)
        #expect(scene.stackTitles == (finish ? ["root", "A"] : ["root"]))
    }
}
