import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect

/// Scenario R1 for the radial reveal (Documentation/Scenarios.md): after the container is
/// resized mid-transition, every frame is the frame of a transition started at the new size
/// at the same progress, and progress 1 covers every pixel of the new container. Expected
/// values: the fresh transition's layers, the scenario's numbers and RadialGeometry's
/// documented closed form (R = farthest-corner distance + √2).
@MainActor
@Suite struct RadialResizeTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]
    static let small = CGSize(width: 320, height: 480), large = CGSize(width: 768, height: 1024)

    /// `[root, A]` (or `[root]`) at `size` with the radial swipe in `mode`; root in the
    /// incoming colour of a pop, A in the outgoing one.
    func scene(_ size: CGSize, mode: InteractionMode = .percentDriven, pushA: Bool = true) -> (TestScene, ViewController) {
        let scene = TestScene(size: size)
        let a = scene.makeViewController("A")
        scene.root.view.backgroundColor = ScreenColors.incoming
        a.view.backgroundColor = ScreenColors.outgoing
        if pushA { scene.navigationController.push(a, animated: false) }
        scene.navigationController.enableRadialSwipe(mode: mode)
        return (scene, a)
    }

    func expectSameFrame(_ resized: TestScene, _ fresh: TestScene, _ label: String) {
        let differences = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
        #expect(differences.isEmpty, "\(label): \(differences)")
    }

    /// R1, the scenario's input: edge pan to x = 102 at 320x480, resize to 768x1024, finger to
    /// x = 800. Right after the resize, at x = 402 and at x = 800 the layers equal those of a
    /// swipe started at 768x1024 with the same translation (progress = translation / 768);
    /// at progress 1 the reveal's radius reaches the new farthest corner from (0, 240),
    /// √(768² + 784²) = 1097.5 pt (+ √2), and every pixel shows the incoming screen.
    @Test(arguments: modes)
    func R1_swipeAcrossResizeCoversNewContainer(mode: InteractionMode) throws {
        let (resized, a) = scene(Self.small, mode: mode)
        let (fresh, _) = scene(Self.large, mode: mode)
        let finger = Finger(resized, mode: mode), freshFinger = Finger(fresh, mode: mode)
        finger.down(at: CGPoint(x: 2, y: 240))
        finger.move(to: CGPoint(x: 102, y: 240))
        #expect(resized.navigationController.isTransitioning)
        resized.window.resize(to: Self.large)
        // 100/320 = 240/768 = 0.3125: the fresh swipe at the same progress.
        freshFinger.down(at: CGPoint(x: 2, y: 240))
        freshFinger.move(to: CGPoint(x: 242, y: 240))
        expectSameFrame(resized, fresh, "right after the resize")
        for x in [402.0, 800] {
            finger.move(to: CGPoint(x: x, y: 240))
            freshFinger.move(to: CGPoint(x: x, y: 240))
            #expect(resized.navigationController.radialSwipeController!.interaction.fingerProgress == min(1, CGFloat(x - 2) / 768))
            expectSameFrame(resized, fresh, "finger at x = \(x)")
        }
        let corner = (768.0 * 768 + 784 * 784).squareRoot()
        guard case .ellipse(let rect)? = resized.root.view.layer.mask?.path?.primitive else {
            Issue.record("no reveal mask at progress 1")
            return
        }
        #expect(isApproximatelyEqual(Double(rect.width / 2), corner + 2.0.squareRoot(), absolute: 1e-9))
        #expect(try ScreenColors.pixels(of: resized.window, differingFrom: ScreenColors.incomingPixel) == 0)
        finger.lift()
        #expect(resized.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(resized.popFinishIssues(a) == [], "finished after the resize")
    }

    /// R1 for time-based playback (push with the default and with a given start frame, pop
    /// reveal, pop conceal): a resize at t = 0.1 s; right after it and at t = 0.2 s the layers
    /// equal those of the same transition started at 768x1024, and the geometry in use is the
    /// new container's.
    @Test(arguments: ["push", "push from a frame", "pop", "pop conceal"])
    func R1_timedResizeMatchesFreshTransition(kind: String) throws {
        func start(_ scene: TestScene, _ a: ViewController) -> RadialAnimator {
            let animator: RadialAnimator
            switch kind {
            case "push": animator = RadialAnimator(operation: .push)
            case "push from a frame": animator = RadialAnimator(Radial(startFrame: CGRect(x: 100, y: 150, width: 40, height: 20)), operation: .push)
            case "pop": animator = RadialAnimator(operation: .pop)
            default: animator = RadialAnimator(Radial(popStyle: .conceal), operation: .pop)
            }
            let request: NavigationController.Request = kind.hasPrefix("push") ? .push(a) : .pop
            scene.navigationController.perform(request, animated: true, transition: TransitionOverride(animator: animator))
            return animator
        }
        let push = kind.hasPrefix("push")
        let (resized, a) = scene(Self.small, pushA: !push)
        let (fresh, freshA) = scene(Self.large, pushA: !push)
        let animator = start(resized, a)
        _ = start(fresh, freshA)
        resized.clock.advance(by: 0.1)
        fresh.clock.advance(by: 0.1)
        resized.window.resize(to: Self.large)
        expectSameFrame(resized, fresh, "\(kind) right after the resize")
        #expect(animator.currentGeometry?.containerBounds == CGRect(origin: .zero, size: Self.large))
        resized.clock.advance(by: 0.1)
        fresh.clock.advance(by: 0.1)
        expectSameFrame(resized, fresh, "\(kind) at 0.2 s")
        #expect(resized.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(resized.stackTitles == (push ? ["root", "A"] : ["root"]))
    }

    /// R1 at progress 1 of interactive push and conceal pop (the reveal's own animator driven
    /// by a percent-driven interaction): resized at 0.3 from 320x480 to 768x1024, every pixel
    /// shows the incoming screen at 1.
    @Test(arguments: ["push", "pop conceal"])
    func R1_interactiveProgressOneCoversEveryPixel(kind: String) throws {
        let push = kind == "push"
        let (scene, a) = scene(Self.small, pushA: !push)
        // The incoming screen is red: A for the push, root for the pop.
        a.view.backgroundColor = push ? ScreenColors.incoming : ScreenColors.outgoing
        scene.root.view.backgroundColor = push ? ScreenColors.outgoing : ScreenColors.incoming
        let interaction = PercentDrivenInteractiveTransition()
        let animator = RadialAnimator(Radial(popStyle: .conceal), operation: push ? .push : .pop)
        scene.navigationController.perform(
            push ? .push(a) : .pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: interaction))
        interaction.update(0.3)
        scene.window.resize(to: Self.large)
        interaction.update(1)
        #expect(try ScreenColors.pixels(of: scene.window, differingFrom: ScreenColors.incomingPixel) == 0, "\(kind)")
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == (push ? ["root", "A"] : ["root"]))
    }
}
