import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import FadeEffect

/// Scenario R1 for the fade (Documentation/Scenarios.md): after the container is resized
/// mid-transition, every frame is the frame of a transition started at the new size at the
/// same progress (the fade-through colour covers the resized outgoing view). Expected values:
/// the layers of the fresh transition.
@MainActor
@Suite struct FadeResizeTests {
    nonisolated static let styles: [Fade.Style] = [.crossDissolve, .through]

    /// R1 for every operation and style: resized from 320x480 to 768x1024 at 0.1 s of the
    /// 0.3 s fade, the frames right after and at 0.2 s equal a fresh 768x1024 transition's.
    @Test(arguments: [TransitionOperation.push, .pop, .present, .dismiss], styles)
    func R1_timedResizeMatchesFreshTransition(operation: TransitionOperation, style: Fade.Style) throws {
        let result = try TimedResize.differences { size in
            let scene = TestScene(size: size)
            let nc = scene.navigationController
            let other = scene.makeViewController("A")
            let transition = TransitionOverride(animator: FadeAnimator(Fade(style: style)))
            switch operation {
            case .push: nc.perform(.push(other), animated: true, transition: transition)
            case .pop:
                nc.push(other, animated: false)
                nc.perform(.pop, animated: true, transition: transition)
            case .present: nc.present(other, animated: true, transition: transition)
            case .dismiss:
                nc.present(other, animated: false)
                other.dismiss(animated: true, transition: transition)
            case .tab: Issue.record("not a navigation or presentation operation")
            }
            return (scene.window, scene.clock, scene)
        }
        #expect(result.differences.isEmpty, "\(result.differences)")
        #expect(result.reachedIdle)
    }
}
