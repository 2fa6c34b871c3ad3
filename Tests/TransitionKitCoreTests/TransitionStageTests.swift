import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@MainActor
@Suite struct TransitionStageTests {
    /// Every operation takes the screen from `from` to `to`: before, `from`'s view is in the
    /// window and `to`'s is not; after finishing, the reverse; after cancelling, as before.
    @Test(arguments: TransitionOperation.allCases, [true, false])
    func stageRunsEachOperation(operation: TransitionOperation, finish: Bool) throws {
        let stage = TransitionStage(operation: operation, size: CGSize(width: 100, height: 200), fromImage: nil, toImage: nil)
        #expect(stage.fromViewController.view.window === stage.window)
        #expect(stage.toViewController.view.window == nil)
        stage.begin(animator: RecordingAnimator(), interactive: true)
        stage.setProgress(0.5)
        #expect(stage.toViewController.view.window === stage.window)
        stage.end(finish: finish)
        #expect(stage.completed == finish)
        #expect((stage.toViewController.view.window != nil) == finish)
        #expect((stage.fromViewController.view.window != nil) == !finish)
        #expect(stage.clock.activeLinkCount == 0)
    }
}
