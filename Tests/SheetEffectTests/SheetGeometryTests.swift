import Foundation
import Testing
import TransitionKitCore

@testable import SheetEffect

/// The closed forms of `Sheet.Layout` in a 393x852 pt container (iPhone 15 Pro portrait) with
/// the default constants: safe area 59 pt, gap 10 pt, side inset 16 pt, radius 10 pt, dimming 0.1.
@MainActor
@Suite struct SheetGeometryTests {
    static let size = CGSize(width: 393, height: 852)
    typealias Detent = SheetPresentationController.Detent

    /// large = 852 − 59 − 10 = 783 pt (top at 69); medium = 783 / 2 = 391.5 pt (HIG: about half
    /// the fully expanded height; top at 460.5); a custom resolver sees maximumDetentValue 783
    /// and its result is clamped to 0...783.
    @Test func detentHeights() {
        var seen: CGFloat?
        let custom = Detent.custom(identifier: .init("quarter")) { context in
            MainActor.assumeIsolated { seen = context.maximumDetentValue }
            return context.maximumDetentValue / 4
        }
        let tooTall = Detent.custom(identifier: .init("tall")) { _ in 5000 }
        let layout = Sheet.Layout(containerSize: Self.size, detents: [.large(), custom, .medium(), tooTall])
        #expect(seen == 783)
        #expect(layout.detents.map(\.height) == [195.75, 391.5, 783, 783])
        #expect(layout.detents.map(\.identifier.rawValue) == ["quarter", "medium", "large", "tall"])
        #expect(layout.top(of: .large) == 69 && layout.top(of: .medium) == 460.5 && layout.top(of: .init("quarter")) == 656.25)
        #expect(Sheet.Layout.maximumDetentValue(containerHeight: 852) == 783)
        // A resolver returning nil leaves its detent out; none left: large.
        let none = Sheet.Layout(containerSize: Self.size, detents: [.custom(identifier: .init("x")) { _ in nil }])
        #expect(none.detents == [.init(identifier: .large, height: 783)])
    }

    /// With detents [large] (UIKit's default) the push back follows the sheet from the
    /// bottom (y = 852) to the large top (69): k = (852 − y) / 783. At k the presenter's scale
    /// is 1 − k·32/393, its corner radius 10·k and its top edge (centre 426 + ty − s·426,
    /// computed from the transform) at 59·k; the dimming 0.1·k.
    @Test(arguments: [0, 0.25, 0.5, 0.75, 1] as [CGFloat])
    func presenterAtProgress(_ k: CGFloat) {
        let layout = Sheet.Layout(containerSize: Self.size, detents: [.large()])
        let y = 852 - 783 * k
        let p = layout.placement(sheetTop: y)
        #expect(abs(p.pushBack - k) < 1e-12)
        let s = 1 - k * 32 / 393
        #expect(abs(p.presenterTransform.m11 - s) < 1e-12 && abs(p.presenterTransform.m22 - s) < 1e-12)
        let top = 426 + p.presenterTransform.m42 - p.presenterTransform.m22 * 426
        #expect(abs(top - 59 * k) < 1e-9)
        #expect(abs(p.presenterCornerRadius - 10 * k) < 1e-12 && abs(p.dimming - 0.1 * k) < 1e-12)
        #expect(p.sheetTop == y)
    }

    /// Detents [medium, large]: no push back at or below medium (460.5), full at large; the
    /// dimming rises from the bottom to medium (every detent dimmed) or, with medium the
    /// largest undimmed one, only from medium to large.
    @Test func mediumAndLarge() {
        let layout = Sheet.Layout(containerSize: Self.size, detents: [.medium(), .large()])
        #expect(layout.pushBackFraction(sheetTop: 600) == 0 && layout.pushBackFraction(sheetTop: 460.5) == 0)
        #expect(abs(layout.pushBackFraction(sheetTop: (460.5 + 69) / 2) - 0.5) < 1e-12 && layout.pushBackFraction(sheetTop: 69) == 1)
        #expect(abs(layout.dimmingOpacity(sheetTop: 852 - 391.5 / 2) - 0.05) < 1e-12 && layout.dimmingOpacity(sheetTop: 460.5) == 0.1)
        let undimmed = Sheet.Layout(containerSize: Self.size, detents: [.medium(), .large()], largestUndimmedDetentIdentifier: .medium)
        #expect(undimmed.dimmingOpacity(sheetTop: 460.5) == 0 && undimmed.dimmingOpacity(sheetTop: 600) == 0)
        #expect(abs(undimmed.dimmingOpacity(sheetTop: (460.5 + 69) / 2) - 0.05) < 1e-12 && undimmed.dimmingOpacity(sheetTop: 69) == 0.1)
        // Only medium: never pushed back; largest undimmed = large: never dimmed.
        #expect(Sheet.Layout(containerSize: Self.size, detents: [.medium()]).pushBackFraction(sheetTop: 0) == 0)
        #expect(
            Sheet.Layout(containerSize: Self.size, detents: [.large()], largestUndimmedDetentIdentifier: .large).dimmingOpacity(sheetTop: 69) == 0)
    }

    /// A sheet under a second sheet (its top at 69) goes back to the safe area's top (59) at
    /// k = 1, scaled like a full-screen presenter: top = 69 + k·(59 − 69).
    @Test func stackedPresenterTop() {
        let layout = Sheet.Layout(containerSize: Self.size, detents: [.large()])
        for k in [0, 0.5, 1] as [CGFloat] {
            let p = layout.placement(sheetTop: 852 - 783 * k, presenterTop: 69)
            let top = 426 + p.presenterTransform.m42 - p.presenterTransform.m22 * 426
            #expect(abs(top - (69 - 10 * k)) < 1e-9, "k \(k): top \(top)")
        }
    }
}
