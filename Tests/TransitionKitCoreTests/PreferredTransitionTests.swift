import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `ViewController.preferredTransition` with a transition of no particular effect: which
/// animator runs (override, then delegate, then the preferred transition, then the slide),
/// that it is asked at push and again at pop (present and dismiss), and its gestures.
@MainActor
@Suite struct PreferredTransitionTests {
    /// A transition whose animators are tagged by operation, logging every request.
    final class Log {
        var made: [TransitionOperation] = []
    }

    static func tagged(_ log: Log, gestures: [ViewController.Transition.Gesture] = []) -> ViewController.Transition {
        ViewController.Transition(name: "tagged", gestures: gestures) { operation in
            log.made.append(operation)
            return ClosureAnimator(duration: 0.1) { _, _ in }
        }
    }

    /// The animator of the transition running in `scene`'s window now.
    static func running(_ scene: TestScene) -> (any AnimatedTransitioning)? { scene.window.transitionQueue.current?.animator }

    @Test func pushAndPopAskThePushedViewController() {
        let scene = TestScene()
        let log = Log()
        let detail = scene.makeViewController("detail")
        detail.preferredTransition = Self.tagged(log)
        #expect(!detail.isViewLoaded, "setting it does not load the view")
        scene.navigationController.push(detail)
        #expect(Self.running(scene) is ClosureAnimator)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        scene.navigationController.pop()
        #expect(Self.running(scene) is ClosureAnimator)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log.made == [.push, .pop])
        #expect(scene.stackTitles == ["root"])
        // Cleared: the slide again, nothing asked.
        detail.preferredTransition = nil
        scene.navigationController.push(detail)
        #expect(Self.running(scene) is SlideAnimator)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log.made == [.push, .pop])
    }

    @Test func presentAndDismissAskThePresentedViewController() {
        let scene = TestScene()
        let log = Log()
        let modal = scene.makeViewController("modal")
        modal.preferredTransition = Self.tagged(log)
        scene.navigationController.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        modal.dismiss()
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log.made == [.present, .dismiss])
        #expect(scene.navigationController.presentedViewController == nil)
    }

    /// The delegate's animator wins over the preferred transition, and a request's override
    /// over both; neither asks the preferred transition.
    @Test func delegateAndOverrideComeFirst() {
        final class Delegate: NavigationControllerDelegate {
            func navigationController(
                _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation, from fromVC: ViewController,
                to toVC: ViewController
            ) -> (any AnimatedTransitioning)? { SlideAnimator() }
        }
        let scene = TestScene()
        let log = Log()
        let delegate = Delegate()
        let detail = scene.makeViewController("detail")
        detail.preferredTransition = Self.tagged(log)
        scene.navigationController.delegate = delegate
        scene.navigationController.push(detail)
        #expect(Self.running(scene) is SlideAnimator)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        scene.navigationController.delegate = nil
        let override = ClosureAnimator(duration: 0.1) { _, _ in }
        scene.navigationController.perform(.pop, animated: true, transition: TransitionOverride(animator: override))
        #expect(Self.running(scene) === override)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(log.made.isEmpty)
        withExtendedLifetime(delegate) {}
    }

    /// A gesture installed at the push pops the view controller with the transition's
    /// interactive animation; one limited to `.dismiss` does nothing on a pushed one.
    @Test func gesturesPopInteractively() {
        let scene = TestScene()
        let log = Log()
        let detail = scene.makeViewController("detail")
        detail.preferredTransition = Self.tagged(
            log,
            gestures: [
                .init(direction: .down) { PanGestureRecognizer(axis: .vertical) },
                .init(direction: .right, operations: [.dismiss]) { PanGestureRecognizer(axis: .horizontal) },
            ])
        #expect(detail.preferredTransitionInteractions.isEmpty)
        scene.navigationController.push(detail)
        #expect(scene.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(detail.preferredTransitionInteractions.count == 2)
        #expect(detail.view.gestureRecognizers.count == 2)
        // Sideways: the dismiss-only gesture, which cannot pop.
        scene.window.replay(SyntheticTrace.drag(from: CGPoint(x: 50, y: 200), to: CGPoint(x: 250, y: 200), speed: 300), on: scene.clock)
        #expect(scene.stackTitles == ["root", "detail"])
        // Down past half-way: pops.
        scene.window.replay(SyntheticTrace.drag(from: CGPoint(x: 160, y: 40), to: CGPoint(x: 160, y: 340), speed: 300), on: scene.clock)
        #expect(scene.stackTitles == ["root"])
        #expect(log.made == [.push, .pop])
        // A new transition value replaces the gestures.
        detail.preferredTransition = Self.tagged(log)
        #expect(detail.view.gestureRecognizers.isEmpty && detail.preferredTransitionInteractions.isEmpty)
    }
}
