import Foundation
import Testing
import TransitionKitTestSupport

@testable import FadeEffect
@testable import TransitionKitCore  // the running driver's animator and interaction controller

/// Scenario L1 for the fade: once a push, pop, present or dismiss has finished or been
/// cancelled, its animator, interaction controller and driver, and the popped or dismissed
/// (or never shown) view controller, are deallocated.
@MainActor
@Suite struct FadeLeakTests {
    /// Watches the running transition's driver, animator and (if any) interaction controller.
    func watchRunningTransition(_ queue: TransitionQueue, _ refs: WeakReferences, _ label: String) {
        let driver = queue.current
        refs.add(driver, "\(label) driver")
        refs.add(driver?.animator, "\(label) animator")
        if let interaction = driver?.interactionController { refs.add(interaction, "\(label) interaction controller") }
    }

    /// Push then pop, present then dismiss, each interactive (percent-driven, at 0.4) and
    /// finished, or cancelled at once (the view controller never arrives).
    @Test(arguments: [TransitionOperation.push, .present], [true, false])
    func L1_fadeTransitions(operation: TransitionOperation, finish: Bool) {
        let scene = TestScene()
        let nc = scene.navigationController
        let refs = WeakReferences()
        func run(_ label: String, _ start: (TransitionOverride) -> Void, finish: Bool) {
            let interaction = PercentDrivenInteractiveTransition()
            start(TransitionOverride(animator: FadeAnimator(Fade.through(.black)), interactionController: interaction))
            watchRunningTransition(nc.transitionQueue, refs, label)
            interaction.update(0.4)
            finish ? interaction.finish() : interaction.cancel()
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000, "\(label)")
        }
        do {
            let a = scene.makeViewController("A")
            refs.add(a, "A")
            if operation == .push {
                run("push", { nc.perform(.push(a), animated: true, transition: $0) }, finish: finish)
                if finish { run("pop", { nc.perform(.pop, animated: true, transition: $0) }, finish: true) }
            } else {
                run("present", { nc.present(a, animated: true, transition: $0) }, finish: finish)
                if finish { run("dismiss", { a.dismiss(animated: true, transition: $0) }, finish: true) }
            }
        }
        #expect(scene.stackTitles == ["root"] && nc.presentedViewController == nil)
        #expect(refs.count == (finish ? 7 : 4) && refs.alive == [], "\(refs.alive)")
    }
}
