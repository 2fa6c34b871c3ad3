import Foundation
import Testing
import TransitionKitTestSupport
import TransitionKitTesting

@testable import FlipEffect
@testable import TransitionKitCore  // the running driver and its animator

/// The effect laws (`EffectLaws`) for the flip in every direction, on every operation it
/// supports (push, pop, present, dismiss, tab), plus scenario L1 for the category API
/// (`flipPush`/`flipPop`), which builds its own animators.
@MainActor
@Suite struct FlipLawTests {
    @Test(arguments: Flip.Direction.allCases)
    func keepsTheLaws(_ direction: Flip.Direction) {
        EffectLaws.check(Flip(direction: direction))
    }

    /// L1: time-based `flipPush` then `flipPop` (both finish): the pushed-then-popped view
    /// controller, both drivers and both animators are deallocated and the stack is back to
    /// the root.
    @Test func L1_categoryPushAndPop() {
        let scene = TestScene()
        let (refs, ended) = scene.categoryPushThenPop(
            push: { $0.flipPush($1) }, pop: { $0.flipPop() },
            running: { ($0.transitionQueue.current, $0.transitionQueue.current?.animator) })
        #expect(ended)
        #expect(scene.stackTitles == ["root"])
        #expect(refs.count == 5 && refs.alive == [], "\(refs.alive)")
    }
}
