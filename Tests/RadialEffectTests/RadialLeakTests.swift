import Foundation
import Testing
import TransitionKitTestSupport

@testable import RadialEffect
@testable import TransitionKitCore  // the running driver's animator and interaction controller

/// Scenario L1 for the radial reveal: once a push or pop has finished or been cancelled, its
/// animator, interaction controller and driver, and the popped (or never pushed) view
/// controller, are deallocated; the edge-pan controller's session keeps nothing alive.
@MainActor
@Suite struct RadialLeakTests {
    nonisolated static let modes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]

    /// Watches the running transition's driver, animator and (if any) interaction controller.
    func watchRunningTransition(_ nc: NavigationController, _ refs: WeakReferences, _ label: String) {
        let driver = nc.transitionQueue.current
        refs.add(driver, "\(label) driver")
        refs.add(driver?.animator, "\(label) animator")
        if let interaction = driver?.interactionController { refs.add(interaction, "\(label) interaction controller") }
    }

    /// Time-based `radialPush` then `radialPop` (both finish), and an interactive push with
    /// the radial animator, finished or cancelled.
    @Test(arguments: [true, false])
    func L1_pushAndPop(finishInteractivePush: Bool) {
        let scene = TestScene()
        let nc = scene.navigationController
        let refs = WeakReferences()
        do {
            let a = scene.makeViewController("A")
            refs.add(a, "pushed then popped A")
            nc.radialPush(a)
            watchRunningTransition(nc, refs, "radialPush")
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            nc.radialPop()
            watchRunningTransition(nc, refs, "radialPop")
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            #expect(scene.stackTitles == ["root"])
        }
        do {
            let b = scene.makeViewController("B")
            let interaction = PercentDrivenInteractiveTransition()
            nc.perform(
                .push(b), animated: true,
                transition: TransitionOverride(animator: RadialAnimator(operation: .push), interactionController: interaction))
            watchRunningTransition(nc, refs, "interactive push")
            interaction.update(0.4)
            finishInteractivePush ? interaction.finish() : interaction.cancel()
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            if finishInteractivePush {
                nc.radialPop()
                watchRunningTransition(nc, refs, "radialPop of B")
                #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            }
            refs.add(b, finishInteractivePush ? "pushed then popped B" : "B of the cancelled push")
        }
        #expect(scene.stackTitles == ["root"])
        #expect(refs.count == (finishInteractivePush ? 11 : 9) && refs.alive == [], "\(refs.alive)")
    }

    /// The edge swipe in both modes, finished (slow-drag) and cancelled (system-cancel): the
    /// swipe's animator, interaction controller and driver go; A goes once popped.
    @Test(arguments: modes, [true, false])
    func L1_edgeSwipe(mode: InteractionMode, finish: Bool) throws {
        let scene = TestScene()
        let nc = scene.navigationController
        let controller = nc.enableRadialSwipe(mode: mode)
        let refs = WeakReferences()
        do {
            let a = scene.makeViewController("A")
            nc.push(a, animated: false)
            if finish { refs.add(a, "popped A") }
        }
        var watched = false
        let result = scene.window.replay(try Fixtures.trace(finish ? "slow-drag" : "system-cancel"), on: scene.clock) {
            guard !watched, nc.isTransitioning else { return }
            watched = true
            self.watchRunningTransition(nc, refs, "swipe")
        }
        #expect(result.reachedIdle)
        #expect(scene.stackTitles == (finish ? ["root"] : ["root", "A"]))
        #expect(controller.interaction.transitionsStarted == 1 && controller.interaction.interactionController == nil)
        #expect(refs.count == (finish ? 4 : 3) && refs.alive == [], "\(refs.alive)")
    }
}
