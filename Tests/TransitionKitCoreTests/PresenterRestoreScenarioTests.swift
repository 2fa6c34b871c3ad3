import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Scenario U12 of `Documentation/Scenarios.md` for any animator, not one effect: a present
/// whose animator leaves state on the presenter (`finalizeTransition`: a transform, an
/// opacity, a hidden subview, a mask, an added sublayer), ended in every way, gives back the
/// presenter's tree exactly as it was before the present. Expected values: the presenter's
/// own recorded state; what the app changed meanwhile (a resize, G3) stays.
@MainActor
@Suite struct PresenterRestoreScenarioTests {
    /// Presents over full screen in no time and leaves its marks on the presenter.
    final class LeavesMarks: AnimatedTransitioning, TransitioningDelegate {
        func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.1 }
        func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
            context.viewController(forKey: .from)?.view.alpha = 1 - 0.5 * progress
        }
        func finalizeTransition(using context: any ContextTransitioning) {
            guard context.operation == .present, let presenter = context.viewController(forKey: .from)?.view else { return }
            presenter.transform3D = Transform3D(scaleX: 0.9, y: 0.9, z: 1)
            presenter.alpha = 0.5
            presenter.subviews.first?.isHidden = true
            presenter.layer.mask = Layer(name: "mark mask")
            presenter.layer.addSublayer(Layer(name: "mark badge"))
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
            self
        }
    }

    private func makePresentation() -> (presenter: ViewController, modal: ViewController, marks: LeavesMarks) {
        let presenter = ViewController(title: "presenter")
        presenter.view.addSubview(View(frame: CGRect(x: 20, y: 40, width: 100, height: 44), name: "row"))
        let modal = ViewController(title: "modal")
        modal.modalPresentationStyle = .overFullScreen
        let marks = LeavesMarks()
        modal.transitioningDelegate = marks
        return (presenter, modal, marks)
    }

    @Test(arguments: PresentationEnding.allCases)
    func U12_whatAPresentLeftOnThePresenterIsUndoneAtTheEnd(ending: PresentationEnding) {
        let (presenter, modal, marks) = makePresentation()
        let run = PresentationRun(presenter: presenter, modal: modal, ending: ending)
        #expect(run.presentFinished && run.linkUndone)
        #expect(run.presented.count == run.before.count + 1, "the badge was added")
        #expect(run.rootAfter == run.rootBefore && presenter.view.layer.mask == nil)
        #expect(presenter.view.subviews.first?.isHidden == false)
        #expect(run.after == run.before, "the presenter's tree differs from before the present")
        withExtendedLifetime(marks) {}
    }

    /// Only what the present's animator changed goes back: the window resized while the modal
    /// was up (G3) keeps the presenter's new frame.
    @Test func U12_aResizeDuringThePresentationStays() {
        let (presenter, modal, marks) = makePresentation()
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        window.rootViewController = presenter
        let before = presenter.view.layer.properties
        presenter.present(modal)
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        window.resize(to: CGSize(width: 480, height: 320))
        presenter.dismiss(animated: false)
        #expect(presenter.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        #expect(presenter.view.layer.transform == before.transform && presenter.view.layer.opacity == before.opacity)
        #expect(presenter.view.layer.sublayers.count == 1)
        withExtendedLifetime(marks) {}
    }
}
