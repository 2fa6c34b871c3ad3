import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The neighbour-tab pan driven by touch traces, decided by `InteractionPolicy.default`
/// (finish past half-way unless a flick of 500 pt/s or more says otherwise). Expected
/// values: progress = movement towards the neighbour / content width (320 pt), the policy's
/// documented rule, and `TabSwitchPanController`'s direction rule (left → next tab).
@MainActor
@Suite struct TabBarInteractiveTests {
    private func scene(selectedIndex: Int = 1) -> (TabBarTestScene, TabSwitchPanController) {
        let scene = TabBarTestScene(selectedIndex: selectedIndex)
        let pan = scene.tabs.installInteractiveSwitch(key: ExtensionKey("test.switch")) { _, _, _ in
            InteractiveAnimation(animator: SlideAnimator())
        }
        return (scene, pan)
    }

    /// While the finger drives, progress is the movement / 320: 96 pt left is 0.3 towards
    /// the next tab, and the outgoing tab follows the finger (slide: −w·p = −96 pt).
    @Test func progressFollowsTheFinger() {
        let (scene, pan) = scene()
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 250, y: 200))
        finger.move(to: CGPoint(x: 154, y: 200))
        #expect(pan.interaction.isTracking)
        #expect(abs(pan.interaction.fingerProgress - 0.3) < 1e-9)
        #expect(abs(scene.b.view.transform3D.m41 - -96) < 1e-9)
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(scene.tabs.selectedIndex == 1)  // 0.3 at rest: cancelled
    }

    /// Finish, cancel and flick, in both directions from the middle tab: a slow drag to 0.7·w
    /// finishes, to 0.3·w cancels, a 0.15·w flick at 1500 pt/s finishes; left goes to C,
    /// right to A.
    @Test(arguments: [CGFloat(-1), 1], ["finish", "cancel", "flick"])
    func traceDecidesTheSwitch(sign: CGFloat, kind: String) {
        let (scene, pan) = scene()
        let start = CGPoint(x: 160, y: 200)
        let trace: GestureTrace
        switch kind {
        case "finish": trace = SyntheticTrace.drag(from: start, to: CGPoint(x: 160 + sign * 0.7 * 320, y: 200), speed: 300)
        case "cancel": trace = SyntheticTrace.drag(from: start, to: CGPoint(x: 160 + sign * 0.3 * 320, y: 200), speed: 300)
        default: trace = SyntheticTrace.flick(from: start, to: CGPoint(x: 160 + sign * 0.15 * 320, y: 200))
        }
        let result = scene.window.replay(trace, on: scene.clock)
        #expect(result.reachedIdle)
        #expect(pan.interaction.transitionsStarted == 1)
        let expected = kind == "cancel" ? 1 : (sign < 0 ? 2 : 0)
        #expect(scene.tabs.selectedIndex == expected)
        #expect(scene.contentTitles == [["A", "B", "C"][expected] + ".view"])
        #expect(scene.clock.activeLinkCount == 0)
        #expect(scene.tabs.viewControllers[expected].view.transform3D == .identity)
    }

    /// A pan on the tab bar is not a pan in the content: it starts nothing.
    @Test func panOnTheBarStartsNothing() {
        let (scene, pan) = scene()
        scene.window.replay(SyntheticTrace.drag(from: CGPoint(x: 300, y: 460), to: CGPoint(x: 20, y: 460), speed: 300), on: scene.clock)
        #expect(pan.interaction.transitionsStarted == 0)
        #expect(scene.tabs.selectedIndex == 1)
    }

    /// Re-grab: a finger that touches down during the run-out of a cancelled switch catches
    /// it where it is, and dragging on to 0.8·w then finishes it (one transition only).
    @Test func regrabDuringRunOutContinuesTheSwitch() {
        let (scene, pan) = scene()
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 300, y: 200))
        finger.move(to: CGPoint(x: 300 - 0.4 * 320, y: 200))
        finger.rest(for: 0.15)
        finger.lift()
        scene.clock.advance(frames: 3)  // running back towards B
        #expect(pan.interaction.percentDrivenTransition?.isReleased == true)
        finger.down(at: CGPoint(x: 250, y: 200))
        finger.move(to: CGPoint(x: 250 - 0.8 * 320, y: 200))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(pan.interaction.transitionsStarted == 1)
        #expect(scene.tabs.selectedIndex == 2)
    }

    /// `enableInteractiveSwitch` with an effect without `.tab` is a programmer error: it traps
    /// naming the effect; the check the bench runs first throws the same message.
    @Test func enableTrapsOnAnEffectWithoutTab() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = TabBarTestScene().tabs.enableInteractiveSwitch(PushOnlyEffect()) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("effect 'pushonly' does not support .tab"), "\(message)")
        #expect(throws: TransitionKitError.invalidOperation("effect 'pushonly' does not support .tab")) {
            try TabBarController.checkSwitchable(PushOnlyEffect.self)
        }
        #expect(TabBarTestScene().tabs.interactiveSwitchController == nil)
    }
}

/// An effect that animates push only.
private struct PushOnlyEffect: TransitionEffect {
    static let name = "pushonly"
    static let summary = "push only"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push]
    init() {}
    init(parameters: EffectParameters) throws(TransitionKitError) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { SlideAnimator() }
}
