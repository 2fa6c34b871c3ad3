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
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.presentedViewController === modal && modal.presentingViewController === nc)
        #expect(nc.view.superview === (style == .fullScreen ? nil : scene.window.rootView))
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        modal.dismiss { log.append("dismiss1 \($0)") }
        interaction.update(0.5)
        scene.clock.advance(frames: 3)
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.presentedViewController === modal)
        #expect(modal.view.superview === scene.window.rootView)
        #expect(nc.view.superview === (style == .fullScreen ? nil : scene.window.rootView))
        modal.dismiss(animated: true) { log.append("dismiss2 \($0)") }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == ["present true", "dismiss1 false", "dismiss2 true"])
        #expect(nc.presentedViewController == nil && modal.view.superview == nil)
        #expect(nc.view.superview === scene.window.rootView)
        #expect(modal.appearanceState == .disappeared && nc.appearanceState == .appeared && scene.root.appearanceState == .appeared)
    }

    /// A dismiss animator that works on the view behind, as drag-to-dismiss does: it scales
    /// it to 0.8 + 0.2·p and fades it to 0.5 + 0.5·p, so at p = 1 it is still at 0.8 scale
    /// and half opacity unless the transition's end restores it. The modal slides down.
    final class BehindViewAnimator: AnimatedTransitioning {
        var behindStates: [(transform: Transform3D, alpha: CGFloat)] = []
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.3 }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
            guard let behind = context.view(forKey: .to), let modal = context.view(forKey: .from) else { return }
            behind.transform3D = Transform3D(scaleX: 0.8, y: 0.8)
            behind.alpha = 0.5
            modal.transform3D = Transform3D(translationX: 0, y: context.containerView.bounds.height * progress)
            behindStates.append((behind.transform3D, behind.alpha))
        }
    }

    /// G3 at the model level: resizing the window while presented, then dismissing with an
    /// animator that scales and fades the view behind, leaves the presenter's view at identity
    /// transform, full opacity, frame = new bounds.
    @Test func G3_resizeWhilePresentedThenDismiss() throws {
        let scene = TestScene()
        let nc = scene.navigationController
        let modal = scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        nc.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        scene.window.resize(to: CGSize(width: 480, height: 320))
        let animator = BehindViewAnimator()
        modal.dismiss(animated: true, transition: TransitionOverride(animator: animator))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        // The animator did scale and fade the view behind, up to the last frame.
        #expect(animator.behindStates.count > 10 && animator.behindStates.allSatisfy { $0.alpha == 0.5 && $0.transform != .identity })
        #expect(nc.presentedViewController == nil && nc.view.superview === scene.window.rootView)
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
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == [false, true, false])
        #expect(nc.presentedViewController?.title == "M1")
    }
}
