import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// The laws every effect keeps (`EffectLaws`), for push, pop, present and dismiss and the two
/// declared gestures (the pan-down pop on the navigation controller, the drag-to-dismiss).
@MainActor
struct ZoomLawTests {
    /// Without a source (the fallback's shrink-and-fade), every law, the endpoints included:
    /// at z = 0 the zoomed view is fully transparent and the dimming off, so progress 0 of a
    /// push and 1 of a pop render exactly the untouched and final scenes.
    @Test func fallbackKeepsEveryLaw() {
        EffectLaws.check(Zoom(source: .none))
    }

    /// The registered default (`Zoom()`: the 120x120 pt thumbnail in the middle of the
    /// screen) keeps every law but the endpoints: at z = 0 the zoomed screen stands where the
    /// thumbnail is, which is the zoom, not a leftover. The test below pins that exception.
    @Test func defaultKeepsEveryLawButTheEndpoints() {
        EffectLaws.check(Zoom(), laws: Set(EffectLaws.Law.allCases).subtracting([.endpoints]))
    }

    /// The only endpoint differences of the default are the zoomed screen showing in the
    /// thumbnail's rect at z = 0 (progress 0 of push and present, 1 of pop and dismiss).
    @Test func defaultEndpointsDifferOnlyAtTheThumbnail() {
        let violations = EffectLaws.violations(of: Zoom(), laws: [.endpoints])
        #expect(!violations.isEmpty)
        for v in violations {
            let atSource =
                (v.operation == .push || v.operation == .present)
                ? v.detail.hasPrefix("progress 0 vs the untouched scene")
                : v.detail.hasPrefix("progress 1 vs the")
            #expect(atSource, "\(v)")
        }
    }
}
