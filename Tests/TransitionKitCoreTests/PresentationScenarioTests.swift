import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@MainActor
@Suite struct PresentationScenarioTests {
    final class InteractiveDismissDelegate: TransitioningDelegate {
        var interaction: PercentDrivenInteractiveTransition?
        func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
            defer { interaction = nil }  // one interactive dismiss, then time-based
            return interaction
        }
    }

    /// S6: cancel an interactive dismiss, then `dismiss(animated: true)` runs.
    @Test(arguments: [ModalPresentationStyle.fullScreen, .overFullScreen])
    func S6_dismissAfterCancelledInteractiveDismissRuns(style: ModalPresentationStyle) {
        let scene = TestScene()
        let nc = scene.navigationController
        let modal = scene.makeViewController("M")
        modal.modalPresentationStyle = style
        let delegate = InteractiveDismissDelegate()
        modal.transitioningDelegate = delegate
        var log: [String] = []
        nc.present(modal) { log.append("present \($0)") }
        scene.clock.runUntilIdle()
        #expect(nc.presentedViewController === modal && modal.presentingViewController === nc)
        #expect(nc.view.superview === (style == .fullScreen ? nil : scene.window.rootView))
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        modal.dismiss { log.append("dismiss1 \($0)") }
        interaction.update(0.5)
        scene.clock.advance(frames: 3)
        interaction.cancel()
        scene.clock.runUntilIdle()
        #expect(nc.presentedViewController === modal)
        #expect(modal.view.superview === scene.window.rootView)
        #expect(nc.view.superview === (style == .fullScreen ? nil : scene.window.rootView))
        modal.dismiss(animated: true) { log.append("dismiss2 \($0)") }
        scene.clock.runUntilIdle()
        #expect(log == ["present true", "dismiss1 false", "dismiss2 true"])
        #expect(nc.presentedViewController == nil && modal.view.superview == nil)
        #expect(nc.view.superview === scene.window.rootView)
        #expect(modal.appearanceState == .disappeared && nc.appearanceState == .appeared && scene.root.appearanceState == .appeared)
    }

    /// G3 at the model level: resizing the window while presented, then dismissing, leaves
    /// the presenter's view at identity transform, full opacity, frame = new bounds.
    @Test func G3_resizeWhilePresentedThenDismiss() throws {
        let scene = TestScene()
        let nc = scene.navigationController
        let modal = scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        nc.present(modal)
        scene.clock.runUntilIdle()
        try scene.window.resize(to: CGSize(width: 480, height: 320))
        modal.dismiss()
        scene.clock.runUntilIdle()
        #expect(nc.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        #expect(nc.view.transform3D == .identity && nc.view.alpha == 1)
    }

    @Test func presentingTwiceIsRefusedAndDismissWithNothingIsNoOp() {
        let scene = TestScene()
        let nc = scene.navigationController
        var log: [Bool] = []
        nc.dismiss { log.append($0) }
        nc.present(scene.makeViewController("M1")) { log.append($0) }
        nc.present(scene.makeViewController("M2")) { log.append($0) }
        scene.clock.runUntilIdle()
        #expect(log == [false, true, false])
        #expect(nc.presentedViewController?.title == "M1")
    }
}
