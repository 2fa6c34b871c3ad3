import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import DragDismissEffect

/// Scenario I1 with drag to dismiss: the card's time-based present (0.8 s), touched while it
/// rises, is held where it is, follows a downward drag back (progress = the progress at the
/// catch − dy / h, h = 480 pt) and, released past half-way for the dismiss, is not presented.
@MainActor
struct DragDismissCatchTests {
    @Test(arguments: DragToDismissTests.modes)
    func I1_aTouchCatchesTheRisingCardAndADragCancelsThePresent(mode: InteractionMode) throws {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(direction: .bottom))
        let controller = try #require(delegate.enableDragToDismiss(mode: mode))
        var presented: Bool?
        scene.navigationController.present(modal) { presented = $0 }
        scene.clock.advance(frames: 12)
        let driver = try #require(scene.window.transitionQueue.current)
        #expect(driver.state == .animating && driver.coordinator.operation == .present)
        let p = driver.animatorProgress
        // The release below is past half-way for the dismiss, and the drag stays inside 0...1.
        try #require(p > 0.6 && p < 1, "progress at the catch \(p)")
        // A point of the card: its top edge is at h·(1 − p) on the way up.
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 160, y: 480 * (1 - p) + 40))
        #expect(driver.state == .interacting && controller.transitionsStarted == 1)
        scene.clock.advance(frames: 5)
        #expect(driver.animatorProgress == p, "held where it was")
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 20))  // the pan begins on the way
        let afterBegan = driver.animatorProgress
        finger.move(to: CGPoint(x: start.x, y: start.y + 260))
        finger.rest(for: 0.15)
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(afterBegan) - 0.5, absolute: 1e-9))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(presented == false && scene.navigationController.presentedViewController == nil && modal.view.superview == nil)
        #expect(scene.clock.activeLinkCount == 0)
        withExtendedLifetime(delegate) {}
    }
}
