import FadeEffect
import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// Breaker attacks on `.effect(ParallelEffect(Radial(), Fade()))` as a preferred transition:
/// the composition declares the radial's left-edge pan (its first part's gestures), which
/// pops interactively and catches the composition's own time-based push (I1).
@MainActor
@Suite struct BreakerCompositionTests {
    static func isRestored(_ view: View) -> Bool {
        view.layer.transform.isIdentity && view.layer.mask == nil && view.alpha == 1
            && view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5)
    }

    @Test func theCompositionDeclaresTheRadialEdgePan() {
        let transition = ViewController.Transition.effect(ParallelEffect(Radial(), Fade()))
        #expect(transition.name == "radial+fade")
        #expect(transition.gestures.map(\.name) == ["leftEdgePanPop"])
    }

    /// The push plays time-based with the composition; afterwards a left-edge pan to 60 %
    /// released at rest pops A; completions once, layers restored, no link left.
    @Test func anEdgePanPopsAComposition() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = .effect(ParallelEffect(Radial(), Fade()))
        var completions: [Bool] = []
        scene.navigationController.push(a) { completions.append($0) }
        scene.clock.advance(frames: 3)
        #expect(scene.window.transitionQueue.current.map { String(describing: type(of: $0.animator)) } != "SlideAnimator")
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 2, y: 240))
        finger.move(to: CGPoint(x: 22, y: 240))
        #expect(scene.window.transitionQueue.current?.state == .interacting, "the edge pan pops")
        finger.move(to: CGPoint(x: 210, y: 240))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [true])
        #expect(scene.stackTitles == ["root"] && Self.isRestored(scene.root.view) && Self.isRestored(a.view))
        #expect(scene.clock.activeLinkCount == 0)
    }

    /// I1 with the composition: an edge touch during its time-based push catches it (no
    /// jump), a drag of 200 pt back releases past half-way for the pop: the push is cancelled.
    @Test func anEdgeTouchCatchesACompositionPush() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        a.preferredTransition = .effect(ParallelEffect(Radial(), Fade()))
        var completions: [Bool] = []
        scene.navigationController.push(a) { completions.append($0) }
        scene.clock.advance(frames: 12)
        let driver = try #require(scene.window.transitionQueue.current)
        #expect(driver.state == .animating)
        let p = driver.animatorProgress
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 2, y: 240))
        #expect(driver.state == .interacting, "an edge touch catches the composition's push")
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(p), absolute: 1e-9))
        finger.move(to: CGPoint(x: 22, y: 240))
        finger.move(to: CGPoint(x: 222, y: 240))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(completions == [false])
        #expect(scene.stackTitles == ["root"] && Self.isRestored(scene.root.view) && Self.isRestored(a.view))
        #expect(scene.clock.activeLinkCount == 0)
    }
}
