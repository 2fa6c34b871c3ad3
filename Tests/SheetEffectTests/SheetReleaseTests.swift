import Foundation
import Testing
import TransitionKitCore

@testable import SheetEffect

/// The release rule: projection y + v·0.998/(1 − 0.998)/1000 = y + 0.499 s·v (WWDC 2018
/// "Designing Fluid Interfaces"), then the nearest detent or the dismissal (top 852), in a
/// 393x852 pt container with [medium (top 460.5), large (top 69)].
@MainActor
@Suite struct SheetReleaseTests {
    let layout = Sheet.Layout(containerSize: CGSize(width: 393, height: 852), detents: [.medium(), .large()])

    @Test func projection() {
        #expect(abs(Sheet.projectedDistance(velocity: 1000) - 499) < 1e-9)
        #expect(abs(Sheet.projectedDistance(velocity: -200) + 99.8) < 1e-9)
    }

    /// UIScrollView's rubber band c·d·x/(d + c·x), c = 0.55: 100 pt past with d = 852 shows
    /// 0.55·852·100/(852 + 55) = 51.66… pt; the inverse gives 100 back.
    @Test func rubberBand() {
        let shown = Sheet.rubberBand(100, dimension: 852)
        #expect(abs(shown - 0.55 * 852 * 100 / (852 + 55)) < 1e-9)
        #expect(abs(Sheet.rubberBand(-100, dimension: 852) + shown) < 1e-12)
        #expect(abs(Sheet.inverseRubberBand(shown, dimension: 852) - 100) < 1e-9)
        // Dragged 100 pt above large (raw −31): shown at 69 − 51.66.
        #expect(abs(layout.draggedTop(raw: -31, canDismiss: true) - (69 - shown)) < 1e-9)
        // Below medium: free when dismissible, rubber-banded when modal.
        #expect(layout.draggedTop(raw: 560.5, canDismiss: true) == 560.5)
        #expect(abs(layout.draggedTop(raw: 560.5, canDismiss: false) - (460.5 + shown)) < 1e-9)
    }

    /// Slow release near medium stays (480 + 0.499·50 ≈ 505 → medium); a flick up from medium
    /// at 1000 pt/s goes to large (460.5 − 499 < 69); a flick down from medium at 1000 pt/s
    /// dismisses (460.5 + 499 > 852); the same flick down from large goes only to medium
    /// (69 + 499 = 568 is nearer 460.5 than 852).
    @Test func detentChoice() {
        #expect(layout.releaseTarget(sheetTop: 480, velocity: 50) == .detent(.medium))
        #expect(layout.releaseTarget(sheetTop: 460.5, velocity: -1000) == .detent(.large))
        #expect(layout.releaseTarget(sheetTop: 460.5, velocity: 1000) == .dismiss)
        #expect(layout.releaseTarget(sheetTop: 69, velocity: 1000) == .detent(.medium))
        // Position alone (v = 0): past half-way between medium and the bottom dismisses.
        #expect(layout.releaseTarget(sheetTop: 657, velocity: 0) == .dismiss)
        #expect(layout.releaseTarget(sheetTop: 655, velocity: 0) == .detent(.medium))
    }
}
