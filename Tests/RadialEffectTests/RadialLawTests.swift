import Foundation
import Testing
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect
@testable import TransitionKitCore  // the running driver and its animator

/// The effect laws (`EffectLaws`: endpoints, cancel restores, refusal, registry round trip,
/// no allocation per frame, no leaks, the left-edge pan pop cancelled then finished) for the
/// radial reveal in each pop style and with a start frame, plus scenario L1 for the category
/// API (`radialPush`/`radialPop`), which builds its own animators outside the effect value.
@MainActor
@Suite struct RadialLawTests {
    nonisolated static let configurations: [Radial] = [Radial(), Radial(popStyle: .conceal)]

    @Test(arguments: configurations)
    func keepsTheLaws(_ effect: Radial) {
        EffectLaws.check(effect)
    }

    /// With a start frame the reveal starts as that frame's circle (the original library's
    /// "grow from the tapped button"), so progress 0 is not the untouched scene by design;
    /// every other law holds.
    @Test func withAStartFrameKeepsTheOtherLaws() {
        let effect = Radial(startFrame: CGRect(x: 20, y: 30, width: 40, height: 40))
        EffectLaws.check(effect, laws: Set(EffectLaws.Law.allCases).subtracting([.endpoints]))
    }

    /// L1: time-based `radialPush` then `radialPop` (both finish): the pushed-then-popped
    /// view controller, both drivers and both animators are deallocated and the stack is back
    /// to the root.
    @Test func L1_categoryPushAndPop() {
        let scene = TestScene()
        let (refs, ended) = scene.categoryPushThenPop(
            push: { $0.radialPush($1) }, pop: { $0.radialPop() },
            running: { ($0.transitionQueue.current, $0.transitionQueue.current?.animator) })
        #expect(ended)
        #expect(scene.stackTitles == ["root"])
        #expect(refs.count == 5 && refs.alive == [], "\(refs.alive)")
    }
}
