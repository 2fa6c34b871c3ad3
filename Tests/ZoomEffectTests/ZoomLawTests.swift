import Foundation
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

/// Where the default zoom's endpoint frames differ from the untouched and final scenes.
@MainActor
struct ZoomEndpointExceptionTests {
    /// The pixels of `frame` that differ from `reference` (any channel), as their bounding
    /// box in pixels and their count; nil box when none differs.
    static func differingPixels(_ frame: Bitmap, _ reference: Bitmap) -> (box: CGRect?, count: Int) {
        var (minX, minY, maxX, maxY, count) = (Int.max, Int.max, -1, -1, 0)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y) != reference.pixel(x: x, y: y) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                count += 1
            }
        }
        guard count > 0 else { return (nil, 0) }
        return (CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), count)
    }

    /// At z = 0 (progress 0 of push and present, 1 of pop and dismiss) the default zoom
    /// (`Zoom()`: a 120x120 pt thumbnail centred in the container) differs from the untouched
    /// or final scene only inside the thumbnail's rect: on `EffectScene()` (120x200 pt at
    /// scale 2) points 0,40 120x120, pixels 0,80 240x240. The zoomed screen shows there, so some
    /// pixels inside must differ, and at least 90 % of the rect's (its rounded 12 pt corners
    /// and the pattern's pixels that happen to match excepted: at most 4·(1 − π/4)·24² ≈ 495 of
    /// 57600 pixels for the corners).
    @Test(arguments: [TransitionOperation.push, .present, .pop, .dismiss])
    func defaultEndpointsDifferOnlyInsideTheThumbnail(operation: TransitionOperation) throws {
        let scene = EffectScene()
        let atSource = operation.insertsIncomingAbove
        let frame = try scene.frame(Zoom(), operation, progress: atSource ? 0 : 1)
        let style = Zoom.modalPresentationStyle
        let reference =
            atSource ? try scene.untouched(operation, modalPresentationStyle: style) : try scene.final(operation, modalPresentationStyle: style)
        let thumbnail = CGRect(x: 0, y: 80, width: 240, height: 240)
        let found = Self.differingPixels(frame, reference)
        let box = try #require(found.box, "the zoomed screen does not show at the thumbnail")
        #expect(thumbnail.contains(box), "differing pixels in \(box), outside the thumbnail \(thumbnail)")
        #expect(Double(found.count) >= 0.9 * Double(240 * 240), "\(found.count) pixels differ")
    }
}
