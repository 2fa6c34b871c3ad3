import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect

/// Scenario I1 with the radial edge swipe: a `radialPush` (time-based, 0.33 s) caught by a
/// touch at the left edge follows the finger back (progress = the progress at the catch −
/// dx / w, w = 320 pt) and a release past half-way for the pop cancels the push; in both
/// interaction modes. A push with another animator (the default slide) is not caught (S2).
@MainActor
struct RadialCatchTests {
    @Test(arguments: RadialSwipeTests.modes)
    func I1_anEdgeTouchCatchesARadialPushAndADragCancelsIt(mode: InteractionMode) throws {
        let (scene, _, controller) = TestScene.withStack(pushA: true) { $0.enableRadialSwipe(mode: mode) }
        var pushed: Bool?
        scene.navigationController.radialPush(scene.makeViewController("B")) { pushed = $0 }
        scene.clock.advance(frames: 15)
        let driver = try #require(scene.window.transitionQueue.current)
        #expect(driver.state == .animating && driver.animator is RadialAnimator)
        let p = driver.animatorProgress
        // The release below is past half-way for the pop only if p − 0.5 < 0.5.
        try #require(p > 0.5 && p < 1, "progress at the catch \(p)")
        let finger = Finger(scene, mode: mode)
        finger.down(at: CGPoint(x: 2, y: 240))
        #expect(driver.state == .interacting && controller.interaction.transitionsStarted == 1)
        scene.clock.advance(frames: 5)
        #expect(driver.animatorProgress == p, "held where it was")
        finger.move(to: CGPoint(x: 22, y: 240))  // the pan begins on the way
        let afterBegan = driver.animatorProgress
        finger.move(to: CGPoint(x: 182, y: 240))
        // 160 pt more of 320 pt: half the range back (a display-link run shows it a frame later).
        if mode == .percentDriven {
            #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(afterBegan) - 0.5, absolute: 1e-9))
        }
        finger.rest(for: 0.15)
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(afterBegan) - 0.5, absolute: 1e-9))
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(pushed == false && scene.stackTitles == ["root", "A"] && scene.clock.activeLinkCount == 0)
    }
}
