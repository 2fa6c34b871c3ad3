import Foundation
import Testing
import TransitionKitTestSupport
import TransitionKitTesting

@testable import PushBack3DEffect
@testable import TransitionKitCore  // the running driver and its animator

/// The effect laws (`EffectLaws`) for the push-back, plus scenario L1 for the category API
/// (`pushBack3DPush`/`pushBack3DPop`), which builds its own animators.
@MainActor
@Suite struct PushBack3DLawTests {
    @Test func keepsTheLaws() {
        EffectLaws.check(PushBack3D())
    }

    /// L1: time-based `pushBack3DPush` then `pushBack3DPop` (both finish): the pushed-then-
    /// popped view controller, both drivers and both animators are deallocated and the stack is
    /// back to the root.
    @Test func L1_categoryPushAndPop() {
        let scene = TestScene()
        let (refs, ended) = scene.categoryPushThenPop(
            push: { $0.pushBack3DPush($1) }, pop: { $0.pushBack3DPop() },
            running: { ($0.transitionQueue.current, $0.transitionQueue.current?.animator) })
        #expect(ended)
        #expect(scene.stackTitles == ["root"])
        #expect(refs.count == 5 && refs.alive == [], "\(refs.alive)")
    }
}
