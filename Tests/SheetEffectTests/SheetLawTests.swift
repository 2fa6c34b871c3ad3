import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

@testable import SheetEffect

/// The effect laws (`EffectLaws`) for the sheet's present and dismiss and its declared drag
/// down, at both registry detents.
@MainActor
@Suite struct SheetLawTests {
    nonisolated static let configurations = [Sheet(), Sheet(detent: .medium)]

    /// Every law but the endpoints: a sheet rests short of the full screen with the screen
    /// behind pushed back, which is the sheet, not a leftover (pinned below). With no safe
    /// area the large sheet's top is at 10 pt, under the law's drag, which starts at 10 % of
    /// the 200 pt scene (20 pt).
    @Test func keepsTheLawsButTheEndpoints() {
        EffectLaws.check(Sheet(safeAreaTop: 0), laws: Set(EffectLaws.Law.allCases).subtracting([.endpoints]))
    }

    /// The registry's configurations keep the same laws but the drag's: with the default 59 pt
    /// safe area their tops (69 pt, 134.5 pt) are below the law's touch at 20 pt, which lands
    /// on the screen behind (the drag of the default is `PlayCommandTests.sheetTrace`).
    @Test(arguments: configurations)
    func registryConfigurationsKeepTheFrameLaws(_ effect: Sheet) {
        EffectLaws.check(effect, laws: Set(EffectLaws.Law.allCases).subtracting([.endpoints, .interactions]))
    }

    /// The endpoint violations are exactly the resting sheet: progress 1 of the present and 0
    /// of the dismiss differ from the full-screen scenes, and the presented view keeps its
    /// rounded corners and translation after the present. Progress 0 of the present and 1
    /// of the dismiss (the sheet below the screen, nothing pushed back) match exactly.
    @Test(arguments: configurations)
    func endpointExceptionIsTheRestingSheet(_ effect: Sheet) {
        let violations = EffectLaws.violations(of: effect, laws: [.endpoints])
        #expect(!violations.isEmpty)
        for v in violations {
            let allowed =
                v.operation == .present
                ? v.detail.hasPrefix("progress 1 vs the final scene") || v.detail.hasPrefix("after finishing, the incoming view's layers differ")
                : v.detail.hasPrefix("progress 0 vs the untouched scene")
            #expect(allowed, "\(v)")
        }
    }
}
