import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import DragDismissEffect

/// Scenario U12 for the drag-dismiss modal (`Documentation/Scenarios.md`): the finished
/// present leaves the presenter shrunk behind the card (`behindViewTransform(at: 1)`, scale
/// 0.9, and `behindViewOpacity(at: 1)`); however the presentation ends, the presenter's
/// layers are then exactly as they were before the present (UIKit's
/// `dismissalTransitionDidEnd`). Expected values: the presenter's own recorded state before
/// the present.
@MainActor
@Suite struct DragDismissPresenterRestoreTests {
    /// A presenter with a subview, presenting a modal whose preferred transition is the
    /// drag-dismiss effect (behind view faded to 0.6 as well as shrunk).
    private func run(_ ending: PresentationEnding) -> PresentationRun {
        let presenter = ViewController(title: "presenter")
        let row = View(frame: CGRect(x: 20, y: 40, width: 100, height: 44), name: "row")
        presenter.view.addSubview(row)
        let modal = ViewController(title: "modal")
        modal.preferredTransition = .effect(DragDismiss(behindViewAlpha: 0.6))
        let run = PresentationRun(presenter: presenter, modal: modal, ending: ending)
        #expect(run.presentFinished && run.linkUndone)
        // The present did leave the presenter shrunk and faded (so the check below can fail).
        #expect(run.presented != run.before)
        return run
    }

    private func expectRestored(_ run: PresentationRun) {
        let (before, after) = (run.rootBefore, run.rootAfter)
        #expect(after.transform == before.transform && before.transform == .identity)
        #expect(after.opacity == before.opacity && before.opacity == 1)
        #expect(after.position == before.position && after.bounds == before.bounds)
        #expect(after.anchorPoint == before.anchorPoint && after.isHidden == before.isHidden)
        #expect(run.after == run.before, "the presenter's tree differs from before the present")
    }

    /// U12: `dismiss(animated: false)` of the drag-dismiss modal.
    @Test func U12_dismissWithoutAnimationRestoresThePresenter() { expectRestored(run(.dismissWithoutAnimation)) }

    /// U12: the window's root replaced while the modal is up.
    @Test func U12_rootReplacementRestoresThePresenter() { expectRestored(run(.rootReplaced)) }

    /// U12: the window released while the modal is up.
    @Test func U12_windowReleaseRestoresThePresenter() { expectRestored(run(.windowReleased)) }

    /// U12: an animated dismiss by another animator (a slide), which sets nothing on the presenter.
    @Test func U12_animatedDismissByAnotherAnimatorRestoresThePresenter() { expectRestored(run(.animatedDismissBySlide)) }

    /// The drag-dismiss's own animated dismiss still ends at identity and opacity 1 (its
    /// `finalizeTransition`), which is the presenter's state before the present here.
    @Test func U12_ownAnimatedDismissRestoresThePresenter() {
        let presenter = ViewController(title: "presenter")
        let modal = ViewController(title: "modal")
        modal.preferredTransition = .effect(DragDismiss(behindViewAlpha: 0.6))
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        window.rootViewController = presenter
        let before = presenter.view.layer.properties
        presenter.present(modal)
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(presenter.view.layer.properties != before)
        presenter.dismiss()
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(presenter.presentedViewController == nil && presenter.view.layer.properties == before)
    }
}
