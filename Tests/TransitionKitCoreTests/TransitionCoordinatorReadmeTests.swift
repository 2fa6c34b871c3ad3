import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The README's "Animating alongside a transition" delegate, its body copied (only the
/// comments' alignment differs), run on
/// an animated push and on an edge-swipe pop that is cancelled (`reversal`) and then finished
/// (`slow-drag`). Expected: the last frame's titles (progress 1: old 0, new 1) after the push
/// and the finished pop, the bar as it was after the cancel; one log line per release.
@MainActor
@Suite struct TransitionCoordinatorReadmeTests {
    final class TitleBarController: NavigationControllerDelegate {
        let titleBar: View
        let oldTitle: Layer
        let newTitle: Layer
        var shownTitle: String?
        var log: [String] = []

        init(_ bar: TitleBar) {
            titleBar = bar.view
            oldTitle = bar.oldTitle
            newTitle = bar.newTitle
        }

        // The README's code.
        func navigationController(_ nav: NavigationController, willShow vc: ViewController, animated: Bool) {
            guard let coordinator = nav.transitionCoordinator else { return }  // nil without animation
            coordinator.animateAlongsideTransition(in: titleBar) { [self] context in  // after the animator, every frame
                oldTitle.opacity = Float(1 - context.progress)  // a function of progress, 0...1
                newTitle.opacity = Float(context.progress)
            } completion: { [self] context in
                if !context.isCancelled { shownTitle = vc.title }  // cancelled: the bar is already back
            }
            coordinator.notifyWhenInteractionChanges { [self] context in log.append(context.isCancelled ? "stays" : "goes") }
        }
    }

    @Test func readmeDelegate() throws {
        let s = CoordinatorScene(pushA: false)
        let delegate = TitleBarController(s.bar)
        s.nc.delegate = delegate
        s.nc.push(s.a)
        #expect(s.scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(delegate.shownTitle == "A" && s.bar.oldTitle.opacity == 0 && s.bar.newTitle.opacity == 1)
        #expect(delegate.log.isEmpty)  // a time-based push has no release
        let barAfterPush = layerRecord(s.bar.view.layer)
        #expect(try s.replay("reversal").reachedIdle)
        #expect(delegate.log == ["stays"] && delegate.shownTitle == "A" && layerRecord(s.bar.view.layer) == barAfterPush)
        #expect(try s.replay("slow-drag").reachedIdle)
        #expect(delegate.log == ["stays", "goes"] && delegate.shownTitle == "root" && s.scene.stackTitles == ["root"])
    }
}
