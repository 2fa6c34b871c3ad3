import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Minimal sequences the navigation property test found (shrunk by delta debugging), kept as
/// named regression tests. Each replays on a fresh `NavigationHarness` and must pass every
/// invariant of `NavigationInvariants` and the model's completion order and results.
@MainActor
@Suite struct NavigationPropertyRegressionTests {
    /// A navigation request made while a full-screen presentation covers the navigation
    /// controller (its view out of the window) went to the controller's private queue and ran
    /// at once, ahead of a request already waiting in the window's queue (here `pop(to:)`,
    /// queued during the presentation), breaking "requests run in order".
    @Test func coveredNavigationControllerStillQueuesInItsWindow() {
        let present = RequestSpec(
            kind: .present(caller: .navigation, modal: 2), animated: true, animator: .recording(0.4),
            interaction: InteractionSpec(speed: 2, spring: false),
            then: [
                RequestSpec(kind: .push(4), animated: true, animator: .slide(0.25)),
                RequestSpec(kind: .present(caller: .navigation, modal: 1), animated: true, animator: .slide(0.25)),
            ])
        let steps: [NavigationStep] = [
            .request(present),
            .request(RequestSpec(kind: .popTo(0), animated: false, animator: .slide(0.25))),
        ]
        let h = NavigationPropertyTests.replay(steps)
        #expect(h.firstIssue == nil, "\(h.firstIssue ?? "")")
        #expect(h.requestsIssued == 4)
        #expect(h.model.stack == [0, 4] && h.model.chain == [2])
    }

    /// The same order directly: while m (full screen) covers the navigation controller, a
    /// queued `pop(to:)` completes before a later `push`.
    @Test func requestsWhileCoveredRunInRequestOrder() {
        let scene = TestScene()
        let nav = scene.navigationController
        let modal = scene.makeViewController("M")
        let pushed = scene.makeViewController("P")
        var log: [String] = []
        nav.present(modal, animated: true) { _ in
            nav.push(pushed, animated: true) { log.append("push \($0)") }
        }
        nav.pop(to: scene.root, animated: false) { log.append("popTo \($0)") }
        #expect(scene.clock.runUntilIdle() < 100_000)
        #expect(log == ["popTo false", "push true"])
        #expect(scene.stackTitles == ["root", "P"])
    }

    /// `setViewControllers` with the stack as it is reported `true` ("changed") although
    /// nothing changed; the documented rule is `false` for nothing to do.
    @Test func settingTheSameStackIsNothingToDo() {
        let steps: [NavigationStep] = [.request(RequestSpec(kind: .setViewControllers([0]), animated: false, animator: .standard))]
        let h = NavigationPropertyTests.replay(steps)
        #expect(h.firstIssue == nil, "\(h.firstIssue ?? "")")
        #expect(h.results == ["setViewControllers false": 1])
    }
}
