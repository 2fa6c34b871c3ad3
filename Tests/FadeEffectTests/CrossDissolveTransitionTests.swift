import FadeEffect
import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `ViewController.Transition.crossDissolve` (UIKit's, iOS 18) on a 320x480 `TestScene`.
/// Expected values: the cross-dissolve's documented closed form (incoming opacity p above the
/// untouched outgoing view, p = Core Animation's `easeInEaseOut` of the linear progress).
@MainActor
@Suite struct CrossDissolveTransitionTests {
    /// The incoming view's opacity at the driver's linear progress, checked mid-transition.
    func expectDissolving(_ scene: TestScene, incoming: ViewController, outgoing: ViewController) throws {
        for _ in 0..<9 { scene.clock.step() }
        let driver = try #require(scene.window.transitionQueue.current)
        #expect(driver.animator is FadeAnimator)
        let linear = Double(driver.percentComplete)
        #expect(linear > 0.3 && linear < 0.7, "mid-transition: \(linear)")
        let eased = TimingCurve.easeInEaseOut.value(at: linear, duration: Fade.defaultDuration)
        #expect(isApproximatelyEqual(Double(incoming.view.layer.opacity), eased, absolute: 1e-6))
        #expect(outgoing.view.layer.opacity == 1 && outgoing.view.transform3D == .identity)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
    }

    @Test func pushAndPopDissolve() throws {
        let scene = TestScene()
        let detail = scene.makeViewController("A")
        detail.preferredTransition = .crossDissolve
        #expect(detail.preferredTransition?.name == "crossDissolve")
        scene.navigationController.push(detail)
        try expectDissolving(scene, incoming: detail, outgoing: scene.root)
        #expect(scene.stackTitles == ["root", "A"] && detail.preferredTransitionInteractions.isEmpty)
        // No gesture, so no full-width back swipe either: the content swipe leaves A on top.
        #expect(detail.preferredTransitionContentPopInteraction == nil)
        #expect(scene.window.replay(try Fixtures.trace("content-swipe"), on: scene.clock).reachedIdle)
        #expect(scene.stackTitles == ["root", "A"])
        scene.navigationController.pop()
        try expectDissolving(scene, incoming: scene.root, outgoing: detail)
        #expect(scene.stackTitles == ["root"] && scene.root.view.layer.opacity == 1)
    }

    @Test func presentAndDismissDissolve() throws {
        let scene = TestScene()
        let sheet = scene.makeViewController("sheet")
        sheet.preferredTransition = .crossDissolve
        scene.navigationController.present(sheet)
        try expectDissolving(scene, incoming: sheet, outgoing: scene.navigationController)
        #expect(scene.navigationController.presentedViewController === sheet)
        sheet.dismiss()
        try expectDissolving(scene, incoming: scene.navigationController, outgoing: sheet)
        #expect(scene.navigationController.presentedViewController == nil)
    }
}
