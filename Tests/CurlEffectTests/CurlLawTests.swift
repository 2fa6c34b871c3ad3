import Testing
import TransitionKitTesting

@testable import CurlEffect

/// The effect laws (`EffectLaws`) for the curl on present, dismiss, push and pop.
@MainActor
@Suite struct CurlLawTests {
    @Test func keepsTheLaws() {
        EffectLaws.check(Curl())
    }
}
