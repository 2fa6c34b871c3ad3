import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import ZoomEffect

/// Scenario U12 for the zoom (`Documentation/Scenarios.md`): the zoom hides its source
/// thumbnail in the presenter's view while it runs; however the presentation ends
/// afterwards, every layer of the presenter's view (the thumbnail's `isHidden` included) is
/// exactly as it was before the present. Expected values: the presenter's own recorded state.
@MainActor
@Suite struct ZoomPresenterRestoreTests {
    @Test(arguments: PresentationEnding.allCases)
    func U12_aZoomPresentationEndsWithThePresenterAsBefore(ending: PresentationEnding) {
        let grid = ViewController(title: "grid")
        grid.view.frame = ZoomScene.bounds
        let thumbnails = ZoomScene.fillGrid(grid.view)
        let source = thumbnails[ZoomScene.sourceIndex]
        let detail = ViewController(title: "detail")
        ZoomScene.fillZoomed(detail.view)
        var asked = 0
        detail.preferredTransition = .zoom { _ in
            asked += 1
            return source
        }
        let run = PresentationRun(presenter: grid, modal: detail, ending: ending, size: ZoomScene.size)
        #expect(run.presentFinished && run.linkUndone && asked >= 1)
        #expect(!source.isHidden && run.rootAfter == run.rootBefore)
        #expect(run.after == run.before, "the presenter's tree differs from before the present")
    }
}
