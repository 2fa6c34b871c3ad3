import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect

/// Scenario I1 with the push-back edge swipe: a `pushBack3DPush` (time-based, 0.3 s) caught
/// by a touch at the left edge is held, follows the finger back (progress = the progress at
/// the catch − dx / w, w = 320 pt) and, released past half-way for the pop, is cancelled.
@MainActor
struct PushBack3DCatchTests {
    @Test func I1_anEdgeTouchCatchesAPushBackPushAndADragCancelsIt() throws {
        let (scene, _, controller) = TestScene.withStack(pushA: true) { $0.enablePushBack3DSwipe() }
        var pushed: Bool?
        scene.navigationController.pushBack3DPush(scene.makeViewController("B")) { pushed = $0 }
        scene.clock.advance(frames: 12)
        let driver = try #require(scene.window.transitionQueue.current)
        let p = driver.animatorProgress
        // The release below is past half-way for the pop only if p − 0.5 < 0.5.
        try #require(p > 0.5 && p < 1, "progress at the catch \(p)")
        let finger = Finger(scene, mode: .percentDriven)
        finger.down(at: CGPoint(x: 2, y: 240))
        #expect(driver.state == .interacting && controller.interaction.transitionsStarted == 1)
        scene.clock.advance(frames: 5)
        #expect(driver.animatorProgress == p, "held where it was")
        finger.move(to: CGPoint(x: 22, y: 240))  // the pan begins on the way
        let afterBegan = driver.animatorProgress
        finger.move(to: CGPoint(x: 182, y: 240))
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(afterBegan) - 0.5, absolute: 1e-9))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(pushed == false && scene.stackTitles == ["root", "A"] && scene.clock.activeLinkCount == 0)
    }
}
