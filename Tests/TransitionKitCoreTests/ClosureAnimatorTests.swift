import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// `ClosureAnimator` through a ten-line stateless effect: a slide whose incoming view (push)
/// enters from the right, outgoing view (pop) leaves to the right. Closed form: at progress
/// p the moving view's x translation is width·(1 − p) for push and width·p for pop
/// (320 pt `TestScene`). Push, pop, cancel, interactive pop and a refused prepare.
@MainActor
@Suite struct ClosureAnimatorTests {
    struct Slide: TransitionEffect {
        static let name = "slide"
        static let summary = "slides the top view in from the right"
        static let parameters: [AnyEffectParameter] = []
        static let supportedOperations: [TransitionOperation] = [.push, .pop]
        init(parameters: EffectParameters) throws(TransitionKitError) {}
        init() {}
        var interactions: [EffectInteraction] { [.leftEdgePanPop] }
        @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
            ClosureAnimator(duration: 0.3, timingCurve: .linear) { p, context in
                let width = context.containerView.bounds.width
                let push = context.operation == .push
                context.view(forKey: push ? .to : .from)?.transform3D = Transform3D(translationX: width * (push ? 1 - p : p), y: 0)
            }
        }
    }

    func stage(_ operation: TransitionOperation) throws -> TransitionStage {
        TransitionStage(operation: operation, size: CGSize(width: 320, height: 480), fromContent: { _ in }, toContent: { _ in })
    }

    @Test(arguments: [TransitionOperation.push, .pop])
    func interactiveProgressAndCancelRestore(operation: TransitionOperation) throws {
        let s = try stage(operation)
        let moving = operation == .push ? s.toViewController.view : s.fromViewController.view
        s.begin(animator: Slide().makeAnimator(for: operation), interactive: true)
        for p in [0.0, 0.25, 0.5, 1.0] {
            s.setProgress(p)
            let expected = 320 * (operation == .push ? 1 - p : p)
            #expect(isApproximatelyEqual(Double(moving.transform3D.m41), expected, absolute: 1e-9), "p = \(p)")
        }
        s.setProgress(0.5)
        s.end(finish: false)
        #expect(s.completed == false && moving.transform3D == .identity, "the driver restores on cancel")
    }

    @Test func timedPushAndPopFinish() throws {
        let scene = TestScene()
        let nc = scene.navigationController
        var ended: [Bool] = []
        let slide = ClosureAnimator(duration: 0.3, timingCurve: .linear, update: { _, _ in }, animationEnded: { ended.append($0) })
        nc.perform(.push(scene.makeViewController("A")), animated: true, transition: TransitionOverride(animator: slide))
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        nc.perform(.pop, animated: true, transition: TransitionOverride(animator: Slide().makeAnimator(for: .pop)))
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(ended == [true] && scene.stackTitles == ["root"])
    }

    /// Interactive pop through the effect's declared left-edge pan: slow-drag finishes.
    @Test func interactivePopThroughTheEffect() throws {
        let scene = TestScene()
        scene.navigationController.push(scene.makeViewController("A"), animated: false)
        scene.navigationController.enableInteractivePop(Slide())
        #expect(scene.window.replay(try Fixtures.trace("slow-drag"), on: scene.clock).reachedIdle)
        #expect(scene.stackTitles == ["root"])
    }

    /// A prepare that throws `transitionUnavailable`: nothing runs, the stack is unchanged,
    /// the completion gets false and `update` is never called.
    @Test func throwingPrepareRefuses() {
        let scene = TestScene()
        var updates = 0
        var result: Bool?
        let refusing = ClosureAnimator(
            duration: 0.3, prepare: { _ throws(TransitionKitError) in throw .transitionUnavailable("test") },
            update: { _, _ in updates += 1 })
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true, transition: TransitionOverride(animator: refusing)
        ) { result = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(result == false && updates == 0 && scene.stackTitles == ["root"])
    }

    /// An animator whose `transitionDuration` is NaN, infinite or negative (a bug in an
    /// outside effect) refuses like a throwing prepare: stack unchanged, completion false,
    /// `prepare` and `update` never called; nothing traps.
    @Test(arguments: [Double.nan, .infinity, -0.5])
    func badDurationRefuses(duration: Double) {
        let scene = TestScene()
        var calls = 0
        var result: Bool?
        let animator = BadDurationAnimator(duration: duration) { calls += 1 }
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true, transition: TransitionOverride(animator: animator)
        ) { result = $0 }
        #expect(scene.clock.runUntilIdle() < 100_000)
        #expect(result == false && calls == 0 && scene.stackTitles == ["root"])
    }
}

/// Reports `duration` whatever it is, and counts prepare and update calls.
@MainActor
private final class BadDurationAnimator: AnimatedTransitioning {
    let duration: TimeInterval
    let called: () -> Void
    init(duration: TimeInterval, called: @escaping () -> Void) {
        self.duration = duration
        self.called = called
    }
    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { duration }
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) { called() }
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) { called() }
}
