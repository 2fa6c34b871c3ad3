import Foundation
import Testing
import TransitionKitTestSupport

@testable import DragDismissEffect
@testable import TransitionKitCore  // the running driver's animator and interaction controller

/// Scenario L1 for drag-to-dismiss: once the present and the drag's dismiss have finished
/// or been cancelled, their animators, interaction controller and drivers are deallocated;
/// once the app lets go of its transitioning delegate after the dismissal, the delegate,
/// its pan controller and recognizer and the modal go too (nothing global holds them).
@MainActor
@Suite struct DragDismissLeakTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven(runOutDuration: DragDismiss.defaultDuration)]

    /// Watches the running transition's driver, animator and (if any) interaction controller.
    func watchRunningTransition(_ queue: TransitionQueue, _ refs: WeakReferences, _ label: String) {
        let driver = queue.current
        refs.add(driver, "\(label) driver")
        refs.add(driver?.animator, "\(label) animator")
        if let interaction = driver?.interactionController { refs.add(interaction, "\(label) interaction controller") }
    }

    /// Present (time-based), then a drag that dismisses (slow drag to 60 %) or is cancelled
    /// by the system at 30 % (then a non-animated dismiss), in both modes.
    @Test(arguments: modes, [true, false])
    func L1_dragToDismiss(mode: InteractionMode, finish: Bool) throws {
        let scene = TestScene()
        let queue = scene.window.transitionQueue
        let refs = WeakReferences()
        do {
            let modal = scene.makeViewController("M")
            let delegate = DragDismissTransitioningDelegate(modalViewController: modal)
            scene.navigationController.present(modal)
            watchRunningTransition(queue, refs, "present")
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            let controller = try #require(delegate.enableDragToDismiss(mode: mode))
            refs.add(modal, "modal")
            refs.add(delegate, "transitioning delegate")
            refs.add(controller, "pan interaction controller")
            refs.add(controller.recognizer, "pan recognizer")
            var watched = false
            let trace = try Fixtures.trace(finish ? "vertical-drag-slow-60" : "vertical-cancel")
            let result = scene.window.replay(trace, on: scene.clock) {
                guard !watched, queue.current != nil else { return }
                watched = true
                self.watchRunningTransition(queue, refs, "drag")
            }
            #expect(result.reachedIdle)
            #expect(controller.interactionController == nil && delegate.dismissalInteractionController == nil)
            #expect((scene.navigationController.presentedViewController == nil) == finish)
            if !finish { modal.dismiss(animated: false) }
        }
        #expect(scene.navigationController.presentedViewController == nil && queue.isIdle)
        #expect(refs.count == 9 && refs.alive == [], "\(refs.alive)")
    }
}
