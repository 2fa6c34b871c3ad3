import Testing
import TransitionKitTesting

@testable import FadeEffect

/// The effect laws (`EffectLaws`) for both fade styles, on every operation.
@MainActor
@Suite struct FadeLawTests {
    nonisolated static let configurations: [Fade] = [Fade(), Fade.through(.black)]

    @Test(arguments: configurations)
    func keepsTheLaws(_ effect: Fade) {
        EffectLaws.check(effect)
    }
}
