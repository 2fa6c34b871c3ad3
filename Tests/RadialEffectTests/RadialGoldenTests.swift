import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Radial frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`,
/// to `shell-appts`, 390x844 pt at scale 1), compared with goldens in `__Snapshots__` that were
/// looked at before recording, and pixel checks of the end states that need no golden.
@MainActor
@Suite struct RadialGoldenTests {
    /// The transitions with goldens: push and pop with the default reveal, pop with conceal,
    /// and a tab switch (tabs [from, to], 0 → 1) revealing from the second bar item.
    enum Case: String, CaseIterable, Sendable {
        case push, pop, popConceal, tab

        var operation: TransitionOperation {
            switch self {
            case .push: return .push
            case .pop, .popConceal: return .pop
            case .tab: return .tab
            }
        }

        @MainActor func makeAnimator() -> any AnimatedTransitioning {
            switch self {
            case .push, .pop, .tab: return (try! Radial(parameters: EffectParameters(Radial.parameters))).makeAnimator(for: operation)
            case .popConceal: return RadialAnimator(Radial(popStyle: .conceal), operation: .pop)
            }
        }
    }

    nonisolated static let progresses: [CGFloat] = [0, 0.25, 0.5, 0.75, 1]

    /// Golden frames. Looked at: a circle of `shell-appts` growing from the right-edge
    /// midpoint (push) / left-edge midpoint (pop) over `shell-exit-expanded`; with conceal the
    /// circle of `shell-exit-expanded` shrinks into the left-edge midpoint over `shell-appts`.
    /// Tab: a circle of `shell-appts` rising from the centre of the right-hand bar item (below
    /// the 795 pt content area, above the unchanged grey bar) over `shell-exit-expanded`.
    @Test(arguments: Case.allCases, progresses)
    func golden(_ transition: Case, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(transition.operation, animator: transition.makeAnimator(), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "RadialGoldenTests", test: transition.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Progress 0 renders exactly the untouched scene and progress 1 exactly the final scene
    /// (the finished hierarchy, and an untouched stage showing the incoming screen).
    /// Tolerance 0: at 0 the mask is an empty ellipse (reveal) or covers the view by the √2 pt
    /// margin (conceal), at 1 the reverse, so coverage is exactly 0 or 1 and no blend rounds.
    @Test(arguments: [Radial.PopStyle.reveal, .conceal])
    func endStatesEqualUntouchedAndFinalScenes(_ popStyle: Radial.PopStyle) throws {
        EffectLaws.check(Radial(popStyle: popStyle), laws: [.endpoints], scene: try EffectFrames.scene())
    }

    /// Scenario G1: at progress 1 the mask covers every container pixel, including the
    /// farthest corners from the default start frames (the right-edge midpoint for push, the
    /// left-edge midpoint for pop): the frame equals the incoming screen rendered alone (an
    /// untouched stage of the reverse operation with the images swapped), max difference 0.
    @Test(arguments: [TransitionOperation.push, .pop])
    func g1ProgressOneCoversEveryContainerPixel(operation: TransitionOperation) async throws {
        let frame = try await EffectFrames.frame(operation, animator: RadialAnimator(operation: operation), progress: 1)
        let incomingAlone = try await EffectFrames.finalScene(operation)
        let d = try #require(EffectFrames.difference(frame, incomingAlone))
        #expect(d.max == 0 && d.differingPixels == 0, "\(d)")
        // The four corners (the farthest pixels from either edge midpoint) show the incoming screen.
        for (x, y) in [(0, 0), (389, 0), (0, 843), (389, 843)] {
            #expect(frame.pixel(x: x, y: y) == incomingAlone.pixel(x: x, y: y), "corner (\(x), \(y))")
        }
    }
}
