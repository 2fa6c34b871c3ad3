import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect

/// One identity per gesture: `enableRadialSwipe()` and `enableInteractivePop(Radial())`
/// install the same left-edge pop under one key, so either reconfigures what the other
/// installed and `disableRadialSwipe()` / `disableInteractivePop(Radial.self)` remove it
/// whichever installed it (the navigation controller's one interactive pop, L3's rule).
@MainActor
struct RadialOneKeyTests {
    /// The recognizers on the navigation controller's view that are edge pans.
    static func edgePans(_ nav: NavigationController) -> Int {
        nav.view.gestureRecognizers.filter { $0 is ScreenEdgePanGestureRecognizer }.count
    }

    @Test func radialSwipeAndInteractivePopAreOneGesture() throws {
        let scene = TestScene()
        let nav = scene.navigationController
        let swipe = nav.enableRadialSwipe()
        let pop = nav.enableInteractivePop(Radial())
        #expect(pop === swipe, "the second call reconfigures the first one's pop")
        #expect(Self.edgePans(nav) == 1)
        nav.disableRadialSwipe()
        #expect(nav.interactivePopController == nil && Self.edgePans(nav) == 0)

        nav.enableInteractivePop(Radial())
        #expect(nav.radialSwipeController === nav.interactivePopController && nav.interactivePopController != nil)
        nav.disableRadialSwipe()
        #expect(nav.interactivePopController == nil && Self.edgePans(nav) == 0)

        nav.enableRadialSwipe()
        nav.disableInteractivePop(Radial.self)
        #expect(nav.interactivePopController == nil && Self.edgePans(nav) == 0)
        #expect(NavigationController.radialSwipeKey == NavigationController.interactivePopKey(for: Radial.self))
    }
}

/// `.effect(Radial())` as a preferred transition: the push and pop play the radial animator
/// and the effect's declared gesture (the left-edge pan) pops the view controller, with
/// `slow-drag`'s release at 303 of 320 pt finishing under the default policy (D1).
@MainActor
struct RadialPreferredEffectTests {
    @Test func anEffectIsAPreferredTransition() throws {
        let scene = TestScene()
        let detail = scene.makeViewController("A")
        detail.preferredTransition = .effect(Radial())
        scene.navigationController.push(detail)
        scene.clock.step()
        #expect(scene.window.transitionQueue.current?.animator is RadialAnimator)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root", "A"])
        #expect(detail.preferredTransition?.name == "radial")
        #expect(detail.preferredTransitionInteractions.count == 1)
        #expect(detail.preferredTransitionInteractions.first?.recognizer is ScreenEdgePanGestureRecognizer)
        var animators: [String] = []
        let result = scene.window.replay(try Fixtures.trace("slow-drag"), on: scene.clock) {
            if let a = scene.window.transitionQueue.current?.animator { animators.append("\(type(of: a))") }
        }
        #expect(result.reachedIdle)
        #expect(scene.stackTitles == ["root"])
        #expect(!animators.isEmpty && Set(animators) == ["RadialAnimator"])
    }
}
