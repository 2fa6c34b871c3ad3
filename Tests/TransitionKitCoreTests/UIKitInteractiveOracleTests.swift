import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// The `uikit_interactive` group of Tests/Fixtures/oracles/timing.json (Apple's documentation
/// of `UIPercentDrivenInteractiveTransition`): every rule it states, read from the file and
/// checked on a percent-driven push of a recording animator (duration 1.2 s, easeInEaseOut).
@MainActor
@Suite("Timing oracle: UIKit interactive transitions")
struct UIKitInteractiveOracleTests {
    /// `[root]` pushing A with `interaction`; returns the scene and the animator.
    func start(_ interaction: PercentDrivenInteractiveTransition) -> (TestScene, RecordingAnimator) {
        let scene = TestScene()
        let animator = RecordingAnimator(duration: 1.2, timingCurve: .easeInEaseOut)
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: animator, interactionController: interaction))
        return (scene, animator)
    }

    /// The progress the animator gets while interactive is the reported fraction itself, not
    /// the animator's easeInEaseOut of it.
    func checkLinear() {
        let interaction = PercentDrivenInteractiveTransition()
        let (scene, animator) = start(interaction)
        defer { withExtendedLifetime(scene) {} }  // the window runs the transition
        for p in [0.1, 0.25, 0.6, 0.9] {
            interaction.update(p)
            #expect(animator.progressLog.last == CGFloat(p), "update(\(p))")
        }
    }

    /// The default speed is 1 and a speed of 0 or below is refused (a programmer error).
    func checkSpeedDefault() async {
        #expect(PercentDrivenInteractiveTransition().completionSpeed == 1)
        await #expect(processExitsWith: .failure) {
            await MainActor.run { PercentDrivenInteractiveTransition().completionSpeed = 0 }
        }
    }

    /// The run-out after a release at p lasts (1 − p)·1.2 s ÷ speed to finish, p·1.2 s ÷ speed
    /// to cancel (whole 60 Hz frames: the first frame at or after that time ends it), with the
    /// default completion curve.
    func checkRemainingTime() {
        var checked = 0
        for (p, speed, finish) in [(0.25, 1.0, true), (0.25, 2.0, false), (0.6, 0.5, true), (0.6, 1.0, false), (0.9, 3.0, true)] {
            let interaction = PercentDrivenInteractiveTransition()
            interaction.completionSpeed = speed
            let (scene, _) = start(interaction)
            interaction.update(p)
            finish ? interaction.finish() : interaction.cancel()
            let frames = scene.clock.runUntilIdle(maxFrames: 1000)
            let expected = (finish ? 1 - p : p) * 1.2 / speed
            let label = "p \(p), speed \(speed), \(finish ? "finish" : "cancel")"
            #expect(Double(frames) / 60 >= expected - 1e-9 && Double(frames - 1) / 60 < expected + 1e-9, "\(label): \(frames) frames")
            #expect(scene.stackTitles == (finish ? ["root", "A"] : ["root"]), "\(label)")
            checked += 1
        }
        #expect(checked == 5)
    }

    /// The default completion curve is easeInOut (Core Animation's easeInEaseOut), for the
    /// percent-driven transition and for any interaction controller that does not say.
    func checkCurveDefault() {
        final class Plain: InteractiveTransitioning {
            func startInteractiveTransition(_ context: any ContextTransitioning) {}
        }
        #expect(PercentDrivenInteractiveTransition().completionCurve == .easeInEaseOut)
        #expect(Plain().completionCurve == .easeInEaseOut && Plain().completionSpeed == 1)
    }

    @Test("Every uikit_interactive rule holds")
    func everyRule() async throws {
        let group = try TimingOracle.load().uikitInteractive
        #expect(group.source == "Apple documentation of UIPercentDrivenInteractiveTransition")
        var checked = 0
        for rule in group.rules {
            switch rule {
            case "during the interactive part the curve is linear": checkLinear()
            case "completionSpeed defaults to 1.0 and must be > 0": await checkSpeedDefault()
            case "the remaining animation takes (1 - percentComplete) * duration / completionSpeed when finishing, percentComplete * duration / completionSpeed when cancelling":
                checkRemainingTime()
            case "completionCurve defaults to easeInOut": checkCurveDefault()
            default:
                Issue.record("uikit_interactive rule without a check: \(rule)")
                continue
            }
            checked += 1
        }
        #expect(checked == 4 && group.rules.count == 4)
    }
}
