import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The shared edge-swipe pop (`EdgePanPopController` over `PanInteractionController`), driven
/// by the fixture traces on a 320x480 `TestScene`. Expected progress values are the traces'
/// closed forms (Tests/Fixtures/traces/README.md): progress = translation.x / 320.
@MainActor
@Suite struct EdgePanPopControllerTests {
    /// An animator that records (clock time, progress) of every frame it is asked for.
    @MainActor
    final class TimedAnimator: AnimatedTransitioning {
        var log: [(time: TimeInterval, progress: CGFloat)] = []
        var ended: [Bool] = []
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.33 }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
            log.append((context.frameClock.now, progress))
            context.view(forKey: .from)?.transform3D = Transform3D(translationX: progress * 320, y: 0)
        }
        func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    }

    static let key = ExtensionKey<EdgePanPopController>("TransitionKitCoreTests.edgePan")

    /// A scene with `[root, A]` (or only the root) and the edge pan installed; the animators
    /// made are appended to `animators`.
    @MainActor
    final class Harness {
        let scene: TestScene
        var animators: [TimedAnimator] = []
        let controller: EdgePanPopController

        init(pushA: Bool = true, policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven) {
            let scene = TestScene()
            self.scene = scene
            if pushA { scene.navigationController.push(scene.makeViewController("A"), animated: false) }
            controller = scene.navigationController.installEdgePanPop(key: EdgePanPopControllerTests.key, policy: policy, mode: mode) { _, _ in
                EdgePanPopController.PopAnimation(animator: TimedAnimator())
            }
            controller.makeAnimation = { [unowned self] _, _ in
                let a = TimedAnimator()
                self.animators.append(a)
                return EdgePanPopController.PopAnimation(animator: a)
            }
        }

        @discardableResult
        func replay(_ name: String) throws -> GestureReplayResult {
            scene.window.replay(try Fixtures.trace(name), on: scene.clock)
        }
    }

    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]

    /// S4: an edge pan on the root starts nothing, asks for no animator, and leaves no
    /// display link, in both modes.
    @Test(arguments: modes)
    func S4_edgePanOnRootDoesNothing(mode: InteractionMode) throws {
        let h = Harness(pushA: false, mode: mode)
        h.scene.clearLog()
        let result = try h.replay("edge-pan-root")
        #expect(result.reachedIdle)
        #expect(h.scene.stackTitles == ["root"])
        #expect(h.animators.isEmpty && h.controller.interaction.transitionsStarted == 0)
        #expect(h.scene.clock.activeLinkCount == 0)
        #expect(h.scene.appearanceLog.isEmpty)
        #expect(h.scene.navigationController.transitionQueue.isIdle)
    }

    /// L3 at the Core level: installing twice keeps one recognizer; removing once removes it.
    @Test func L3_installTwiceOneRecognizer() {
        let h = Harness()
        let nc = h.scene.navigationController
        let again = nc.installEdgePanPop(key: Self.key, policy: .radialOriginal, mode: .percentDriven) { _, _ in
            EdgePanPopController.PopAnimation(animator: TimedAnimator())
        }
        #expect(again === h.controller && again.policy == .radialOriginal)
        #expect(nc.view.gestureRecognizers.count == 2 && nc.view.gestureRecognizers[1] === again.contentRecognizer)  // edge + content pan
        nc.removeEdgePanPop(key: Self.key)
        #expect(nc.view.gestureRecognizers.isEmpty && nc.edgePanPop(key: Self.key) == nil)
    }

    /// Progress = translation.x / w while the finger drives (reversal: out to +160 pt = 0.5,
    /// back to +32 pt = 0.1, README closed form); released at rest at 0.1 it cancels (S5).
    @Test func S5_progressIsTranslationOverWidth() throws {
        let h = Harness()
        #expect(try h.replay("reversal").reachedIdle)
        let log = h.animators[0].log.map(\.progress)
        #expect(isApproximatelyEqual(Double(log.max()!), 0.5, absolute: 1e-9))
        #expect(isApproximatelyEqual(Double(h.controller.interaction.fingerProgress), 0.1, absolute: 1e-9))
        #expect(log.last == 0)
        #expect(h.scene.stackTitles == ["root", "A"] && h.animators[0].ended == [false])
        #expect(h.scene.clock.activeLinkCount == 0)
    }

    /// Re-grab: a touch during the cancel run-out (regrab-edge.json) pauses the transition at
    /// the progress on screen; the finger then drives it from there with no jump (the first
    /// progress after the pause equals the last one before it, and every later finger sample
    /// adds 2.4 pt / 320 = 0.0075); the one transition finishes. Both modes.
    @Test(arguments: modes)
    func regrabDuringRunOutContinuesWithoutJump(mode: InteractionMode) throws {
        let h = Harness(mode: mode)
        let result = try h.replay("regrab-edge")
        #expect(result.reachedIdle)
        #expect(h.animators.count == 1 && h.controller.interaction.transitionsStarted == 1)
        #expect(h.scene.stackTitles == ["root"] && h.animators[0].ended == [true])
        #expect(h.scene.clock.activeLinkCount == 0)
        let log = h.animators[0].log
        // First release at 0.48 s at 0.3 (96/320): the run-out toward 0 starts.
        let releaseIndex = log.lastIndex { $0.time <= 0.48 + 1e-9 }!
        #expect(isApproximatelyEqual(Double(log[releaseIndex].progress), 0.3, absolute: 1e-9))
        // The re-grab touch goes down at 0.53 s: nothing moves while paused, the run-out
        // never reached 0 and never went back up before the finger moved.
        let runOut = log[(releaseIndex + 1)...].prefix { $0.time <= 0.53 + 1e-9 }.map(\.progress)
        #expect(!runOut.isEmpty)
        let paused = runOut.last!
        #expect(paused > 0 && paused < 0.3)
        let after = log[(releaseIndex + 1 + runOut.count)...].map(\.progress)
        if mode == .percentDriven {
            #expect(after.first == paused)  // the pan's `began`: exactly where it was
            // Then each 8 ms finger sample (2.4 pt) adds 0.0075 until the last, shorter one.
            let steps = zip(after, after.dropFirst()).map { Double($1 - $0) }.prefix(20)
            for s in steps { #expect(isApproximatelyEqual(s, 0.0075, absolute: 1e-9)) }
        } else {
            // Read once per frame: the first frame after the pause shows the paused progress
            // (the pan has not begun), later frames move by at most 5 pt (300 pt/s at 60 Hz)
            // per frame, plus the 12 pt hysteresis once.
            #expect(after.first == paused)
            for (a, b) in zip(after, after.dropFirst()) where b < 1 && a > 0 {
                #expect(abs(Double(b - a)) <= (5.0 + 12.0) / 320 + 1e-9)
            }
        }
    }

    /// A touch during the run-out that never becomes a pan (it lifts without moving) lets the
    /// run-out resume toward the end decided before (a cancel here).
    @Test func tapDuringRunOutResumes() throws {
        let h = Harness()
        let trace = SyntheticTrace.drag(from: CGPoint(x: 1, y: 240), to: CGPoint(x: 97, y: 240), speed: 300)
        let t0 = h.scene.clock.now
        for touch in trace.samples { h.scene.window.send(Touch(timestamp: t0 + touch.timestamp, location: touch.location, phase: touch.phase)) }
        #expect(h.controller.interaction.percentDrivenTransition?.isReleased == true)
        h.scene.clock.advance(frames: 2)
        let now = h.scene.clock.now
        h.scene.window.send(Touch(timestamp: now, location: CGPoint(x: 1, y: 240), phase: .began))
        #expect(h.controller.interaction.percentDrivenTransition?.isReleased == false)  // paused
        let paused = h.animators[0].log.last!.progress
        h.scene.clock.advance(frames: 3)
        #expect(h.animators[0].log.last!.progress == paused)
        h.scene.window.send(Touch(timestamp: now + 0.05, location: CGPoint(x: 1, y: 240), phase: .ended))
        #expect(h.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(h.scene.stackTitles == ["root", "A"] && h.animators[0].ended == [false])
        #expect(h.scene.clock.activeLinkCount == 0 && h.controller.interaction.transitionsStarted == 1)
    }

    /// D4: after the release, further updates of the interaction and further touch moves are
    /// ignored: a late `update(0.1)`, which would draw 0.1 at once if applied, draws nothing and
    /// changes neither the interaction's progress nor (display link) what its source reports;
    /// the run-out goes on from where it was, completes and nothing keeps ticking. Both modes.
    @Test(arguments: modes)
    func D4_updatesAfterReleaseAreIgnored(mode: InteractionMode) throws {
        let h = Harness(mode: mode)
        let trace = SyntheticTrace.drag(from: CGPoint(x: 1, y: 240), to: CGPoint(x: 257, y: 240), speed: 300)
        let t0 = h.scene.clock.now
        for touch in trace.samples {
            h.scene.window.send(Touch(timestamp: t0 + touch.timestamp, location: touch.location, phase: touch.phase))
            if touch.phase == .moved { h.scene.clock.step() }
        }
        // Released at 256/320 = 0.8 at rest: finishing.
        let interaction = try #require(h.controller.interaction.interactionController)
        h.scene.clock.step()
        let before = h.animators[0].log.last!.progress
        let (drawn, onScreen) = (h.animators[0].log.count, interaction.percentComplete)
        interaction.update(0.1)
        for k in 1...5 {
            h.scene.window.send(Touch(timestamp: h.scene.clock.now, location: CGPoint(x: 10 * CGFloat(k), y: 240), phase: .moved))
        }
        #expect(h.animators[0].log.count == drawn && interaction.isReleased && interaction.percentComplete == onScreen)
        if mode != .percentDriven {
            #expect(try #require(h.controller.interaction.displayLinkTransition).progressSource() == 0.8)
        }
        h.scene.clock.step()
        #expect(h.animators[0].log.last!.progress >= before)
        let frames = h.scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(frames < 1000)
        #expect(h.scene.stackTitles == ["root"] && h.animators[0].ended == [true])
        let tail = h.animators[0].log.map(\.progress).drop { $0 < before }
        #expect(zip(tail, tail.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(h.scene.clock.activeLinkCount == 0)
    }
}
