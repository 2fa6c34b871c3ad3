import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import PushBack3DEffect

/// Scenario U12 for the push-back (`Documentation/Scenarios.md`): the present pushes the
/// presenter back (anchor point, position, transform, a dimming sublayer) while it runs;
/// however the presentation ends afterwards, every layer of the presenter's view is exactly
/// as it was before the present, with no sublayer left. Expected values: the presenter's own
/// recorded state.
@MainActor
@Suite struct PushBack3DPresenterRestoreTests {
    @Test(arguments: PresentationEnding.allCases)
    func U12_aPushBackPresentationEndsWithThePresenterAsBefore(ending: PresentationEnding) {
        let presenter = ViewController(title: "presenter")
        presenter.view.addSubview(View(frame: CGRect(x: 10, y: 10, width: 80, height: 30), name: "row"))
        let modal = ViewController(title: "modal")
        modal.preferredTransition = .effect(PushBack3D())
        let run = PresentationRun(presenter: presenter, modal: modal, ending: ending)
        #expect(run.presentFinished && run.linkUndone)
        let (before, after) = (run.rootBefore, run.rootAfter)
        #expect(after.transform == before.transform && after.anchorPoint == before.anchorPoint && after.position == before.position)
        #expect(after.opacity == before.opacity && after.isHidden == before.isHidden)
        #expect(run.after == run.before, "the presenter's tree differs from before the present")
    }
}
