import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The built-in effects declare their gestures, and two edge swipes on one navigation
/// controller follow the one-pop rule (the later replaces the earlier).
@MainActor
@Suite struct EffectInteractionDeclarationTests {
    @Test func builtInsDeclareTheirGestures() throws {
        let radial = try Radial(parameters: EffectParameters(Radial.parameters))
        #expect(radial.interactions == [.leftEdgePanPop])
        #expect(PushBack3D().interactions == [.leftEdgePanPop])
        #expect(Fade().interactions.isEmpty)
        #expect(DragDismiss().interactions == [.dragToDismiss(.down)])
        #expect(DragDismiss(direction: .left).interactions == [.dragToDismiss(.left)])
        #expect(DragDismiss(direction: .right).interactions == [.dragToDismiss(.right)])
    }

    /// Radial's interactive animation follows the finger: its start frame is (0, y) of the
    /// touch-down and then of every move (RadialTransition's `screenPan:`).
    @Test func radialInteractiveAnimationFollowsTheFinger() throws {
        let radial = try Radial(parameters: EffectParameters(Radial.parameters))
        let animation = radial.makeInteractiveAnimation(for: .pop, touchDown: CGPoint(x: 1, y: 240))
        let animator = try #require(animation.animator as? RadialAnimator)
        #expect(animator.startFrame == CGRect(x: 0, y: 240, width: 0, height: 0))
        animation.fingerMoved?(CGPoint(x: 50, y: 100))
        #expect(animator.startFrame == CGRect(x: 0, y: 100, width: 0, height: 0))
    }

    @Test func laterEdgeSwipeReplacesEarlier() {
        let scene = TestScene()
        let nc = scene.navigationController
        let radial = nc.enableRadialSwipe()
        let pushBack = nc.enablePushBack3DSwipe()
        // The edge pan and its full-width back swipe, nothing of the replaced pop.
        #expect(nc.view.gestureRecognizers.count == 2 && nc.view.gestureRecognizers[0] === pushBack.recognizer)
        #expect(nc.view.gestureRecognizers[1] === pushBack.contentRecognizer)
        #expect(radial.recognizer.view == nil && nc.radialSwipeController == nil && nc.pushBack3DSwipeController === pushBack)
        nc.disableRadialSwipe()
        #expect(nc.pushBack3DSwipeController === pushBack, "disabling the replaced one removes nothing")
        nc.disablePushBack3DSwipe()
        #expect(nc.view.gestureRecognizers.isEmpty && nc.interactivePopController == nil)
    }
}
