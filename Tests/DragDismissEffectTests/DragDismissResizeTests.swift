import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import DragDismissEffect

/// Scenario R1 for drag-to-dismiss (Documentation/Scenarios.md): after the container is
/// resized mid-transition, every frame is the frame of a transition started at the new size
/// at the same progress (the card's travel is the current height or width), and a drag's
/// progress is translation / the current height. Expected values: the layers of the fresh
/// transition and the scenario's numbers.
@MainActor
@Suite struct DragDismissResizeTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven(runOutDuration: DragDismiss.defaultDuration)]
    static let large = CGSize(width: 768, height: 1024)

    /// A card presented over the navigation controller of a `size` scene, drag-to-dismiss
    /// enabled in `mode`. The delegate is returned so the test keeps it alive.
    func presented(_ size: CGSize, mode: InteractionMode, direction: DragDismiss.Direction = .bottom)
        -> (TestScene, ViewController, DragDismissTransitioningDelegate, PanInteractionController)
    {
        let scene = TestScene(size: size)
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(direction: direction))
        scene.navigationController.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        return (scene, modal, delegate, delegate.enableDragToDismiss(mode: mode)!)
    }

    /// R1, time-based present and dismiss from every edge: resized from 320x480 to 768x1024
    /// at 0.1 s of the 0.8 s spring, the frames right after and at 0.2 s equal a fresh
    /// 768x1024 transition's.
    @Test(arguments: ["present", "dismiss"], DragDismiss.Direction.allCases)
    func R1_timedResizeMatchesFreshTransition(operation: String, direction: DragDismiss.Direction) throws {
        let result = try TimedResize.differences { size in
            let scene = TestScene(size: size)
            let modal = scene.makeViewController("M")
            let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(direction: direction))
            if operation == "dismiss" {
                scene.navigationController.present(modal, animated: false)
                modal.dismiss(animated: true)
            } else {
                scene.navigationController.present(modal, animated: true)
            }
            return (scene.window, scene.clock, (scene, delegate))
        }
        #expect(result.differences.isEmpty, "\(result.differences)")
        #expect(result.reachedIdle)
    }

    /// R1, drag: down 120 pt at 320x480 (0.25), resize to 768x1024; right after the resize
    /// and at +512 pt (0.5 of the new height) the layers equal those of a drag started at
    /// 768x1024 with the same progress (0.25·1024 = 256 pt); released at rest at +800 pt
    /// (0.78) the card is dismissed.
    @Test(arguments: modes)
    func R1_dragAcrossResize(mode: InteractionMode) throws {
        let (resized, modal, delegate, controller) = presented(CGSize(width: 320, height: 480), mode: mode)
        let (fresh, _, freshDelegate, _) = presented(Self.large, mode: mode)
        defer { withExtendedLifetime((delegate, freshDelegate)) {} }  // the app keeps its transitioning delegate
        let finger = Finger(resized, mode: mode), freshFinger = Finger(fresh, mode: mode)
        finger.down(at: CGPoint(x: 160, y: 100))
        finger.move(to: CGPoint(x: 160, y: 220))
        #expect(resized.window.transitionQueue.current != nil)
        resized.window.resize(to: Self.large)
        freshFinger.down(at: CGPoint(x: 160, y: 100))
        freshFinger.move(to: CGPoint(x: 160, y: 356))
        var differences = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
        #expect(differences.isEmpty, "right after the resize: \(differences)")
        finger.move(to: CGPoint(x: 160, y: 612))
        freshFinger.move(to: CGPoint(x: 160, y: 612))
        #expect(controller.fingerProgress == 0.5)
        differences = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
        #expect(differences.isEmpty, "at +512 pt: \(differences)")
        finger.move(to: CGPoint(x: 160, y: 900))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(resized.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(isApproximatelyEqual(Double(controller.fingerProgress), 800.0 / 1024, absolute: 1e-12))
        let nc = resized.navigationController
        #expect(nc.presentedViewController == nil && modal.view.superview == nil)
        #expect(nc.view.transform3D == .identity && nc.view.frame == CGRect(origin: .zero, size: Self.large))
    }
}
