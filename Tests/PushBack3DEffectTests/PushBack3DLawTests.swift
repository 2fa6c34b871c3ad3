import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect

/// The effect laws (`EffectLaws`) for the push-back, plus scenario L1 for the category API
/// (`pushBack3DPush`/`pushBack3DPop`), which builds its own animators.
@MainActor
@Suite struct PushBack3DLawTests {
    @Test func keepsTheLaws() {
        EffectLaws.check(PushBack3D())
    }

    /// L1: time-based `pushBack3DPush` then `pushBack3DPop` (both finish): the pushed-then-
    /// popped view controller is deallocated and the stack is back to the root.
    @Test func L1_categoryPushAndPop() {
        let scene = TestScene()
        let nc = scene.navigationController
        let refs = WeakReferences()
        do {
            let a = scene.makeViewController("A")
            refs.add(a, "pushed then popped A")
            nc.pushBack3DPush(a)
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
            nc.pushBack3DPop()
            #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        }
        #expect(scene.stackTitles == ["root"])
        #expect(refs.count == 1 && refs.alive == [], "\(refs.alive)")
    }
}
