import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import SheetEffect

/// The committed sheet trace (`Tests/Fixtures/traces/sheet-detents.json`, the folder's README
/// gives its closed form) on a 320x480 `TestScene` with a sheet of detents [medium, large]
/// presented at medium: on 320x480 the large top is 59 + 10 = 69 and the medium top
/// 480 − 411/2 = 274.5 (`Sheet.Layout`: the large height 480 − 69 = 411, medium half of it).
/// The release targets are computed here from the documented projection (WWDC 2018 "Designing
/// Fluid Interfaces"): projected = y + v·0.998/(1 − 0.998)/1000, nearest of the detents' tops
/// and the dismissal at 480, not by calling `releaseTarget`.
@MainActor
@Suite struct SheetTraceTests {
    static let largeTop: CGFloat = 69, mediumTop: CGFloat = 274.5, dismissedTop: CGFloat = 480

    /// The nearest of large, medium and the dismissal to the projected position, by hand.
    static func nearest(releasedAt y: CGFloat, velocity v: CGFloat) -> String {
        let projected = y + v * 0.998 / (1 - 0.998) / 1000
        let candidates: [(String, CGFloat)] = [("large", largeTop), ("medium", mediumTop), ("dismiss", dismissedTop)]
        return candidates.min { abs(projected - $0.1) < abs(projected - $1.1) }!.0
    }

    /// The trace's two touches (split at the second `began`).
    static func touches() throws -> (GestureTrace, GestureTrace) {
        let samples = try Fixtures.trace("sheet-detents").samples
        let second = try #require(samples.indices.dropFirst().first { samples[$0].phase == .began })
        return (try GestureTrace(samples: Array(samples[..<second])), try GestureTrace(samples: Array(samples[second...])))
    }

    /// Touch 1 releases the sheet at rest at 274.5 − (200 − 12) = 86.5: by the projection
    /// (86.5 itself at velocity 0) large, where it settles, selected, the delegate told.
    /// Touch 2 releases it at 69 + (60 − 12.8) = 116.2 at +800 pt/s: nearest large by
    /// position alone, but the projection 116.2 + 399.2 = 515.4 is nearest the dismissal, and
    /// the sheet is dismissed.
    @Test func dragUpToLargeThenAFlickDownDismisses() throws {
        final class Recorder: SheetPresentationControllerDelegate {
            var changes: [SheetPresentationController.Detent.Identifier?] = []
            func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ c: SheetPresentationController) {
                changes.append(c.selectedDetentIdentifier)
            }
        }
        #expect(Self.nearest(releasedAt: 86.5, velocity: 0) == "large")
        #expect(Self.nearest(releasedAt: 116.2, velocity: 0) == "large" && Self.nearest(releasedAt: 116.2, velocity: 800) == "dismiss")
        let scene = TestScene()
        let vc = scene.makeViewController("S")
        let recorder = Recorder()
        let sheet = scene.navigationController.presentSheet(vc) { $0.detents = [.medium(), .large()] }
        sheet.delegate = recorder
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(sheet.currentTop == Self.mediumTop)
        let (up, flick) = try Self.touches()

        var releasedAt: CGFloat?
        for touch in up.samples {
            scene.window.send(touch)
            if touch.phase == .moved { releasedAt = sheet.currentTop }
        }
        #expect(isApproximatelyEqual(Double(try #require(releasedAt)), 86.5, absolute: 1e-9))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(sheet.selectedDetentIdentifier == .large && sheet.currentTop == Self.largeTop && recorder.changes == [.large])

        var flickTop: CGFloat?
        for touch in flick.samples where touch.phase != .ended {
            scene.window.send(touch)
            flickTop = sheet.currentTop
        }
        #expect(isApproximatelyEqual(Double(try #require(flickTop)), 116.2, absolute: 1e-4))
        let velocity = try #require(sheet.panGestureRecognizer).velocity(in: nil).y
        #expect(isApproximatelyEqual(Double(velocity), 800, absolute: 1e-3))
        scene.window.send(flick.samples.last!)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController == nil && sheet.currentTop == nil)
        #expect(recorder.changes == [.large], "the dismissal is no detent change")
    }
}
