import Foundation
import Testing
import TransitionKitTestSupport

@testable import FlipEffect
@testable import TransitionKitCore  // the running driver and its animator

/// `flipPresent`/`flipDismiss`, `flipSelect` and `preferredTransition = .flipHorizontal()`: each
/// runs a `FlipAnimator` with the configuration UIKit's names say, and ends in the state the
/// operation promises (presented, dismissed, selected).
@MainActor
@Suite struct FlipPresentationTests {
    /// The animator of the transition running now, as a flip animator (nil if another runs).
    private func runningFlip(_ window: Window) -> Flip? {
        (window.transitionQueue.current?.animator as? FlipAnimator)?.configuration
    }

    @Test func categoryPresentThenDismiss() {
        let scene = TestScene()
        let modal = scene.makeViewController("modal")
        var results: [Bool] = []
        scene.root.flipPresent(modal, effect: Flip(direction: .fromTop)) { results.append($0) }
        #expect(runningFlip(scene.window)?.direction == .fromTop)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController === modal)
        modal.flipDismiss { results.append($0) }
        #expect(runningFlip(scene.window) != nil)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController == nil)
        #expect(results == [true, true])
    }

    /// UIKit's `flipHorizontal`: present flips from the right (Apple: "right-to-left"), and the
    /// dismissal, the same effect played backwards, turns the other way ("left-to-right").
    @Test func preferredFlipHorizontal() {
        let scene = TestScene()
        let modal = scene.makeViewController("modal")
        modal.preferredTransition = .flipHorizontal()
        scene.root.present(modal)
        #expect(runningFlip(scene.window) == Flip(direction: .fromRight))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController === modal)
        modal.dismiss()
        #expect(runningFlip(scene.window) == Flip(direction: .fromRight))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController == nil)
        // The dismissal's outgoing view (the modal) turns by +π·p about y: the way fromLeft turns.
        let back = Flip(direction: .fromRight).placement(.dismiss, progress: 0.25)
        #expect(isApproximatelyEqual(back.outgoingAngle, .pi / 4, absolute: 1e-15))
        #expect(back.outgoingAngle == Flip(direction: .fromLeft).placement(.push, progress: 0.25).outgoingAngle)
    }

    @Test func tabSelect() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), scale: 1, frameClock: clock)
        let tabs = TabBarController(viewControllers: [ViewController(title: "a"), ViewController(title: "b")])
        window.rootViewController = tabs
        var results: [Bool] = []
        tabs.flipSelect(1) { results.append($0) }
        #expect(runningFlip(window) == Flip())
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(tabs.selectedIndex == 1 && results == [true])
    }
}
