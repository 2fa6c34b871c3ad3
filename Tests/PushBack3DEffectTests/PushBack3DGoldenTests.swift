import Foundation
import PushBack3DEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// PushBack3D frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`,
/// to `shell-appts`, 390x844 pt at scale 1), compared with goldens in `__Snapshots__` that were
/// looked at before recording, and pixel checks of the end states that need no golden.
@MainActor
@Suite struct PushBack3DGoldenTests {
    nonisolated static let progresses: [CGFloat] = [0, 0.25, 0.5, 0.75, 1]

    /// Golden frames with the default parameters (10°, m34 = −1/300). Looked at: push tilts
    /// `shell-exit-expanded` about the vertical through its right edge (left edge receding,
    /// black visible behind it) while `shell-appts` slides in from the right; pop the reverse.
    @Test(arguments: PushBack3D.supportedOperations, progresses)
    func golden(operation: TransitionOperation, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(operation, animator: PushBack3D().makeAnimator(for: operation), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "PushBack3DGoldenTests", test: operation.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Progress 0 renders the untouched scene and progress 1 the final scene (the finished
    /// hierarchy, and an untouched stage showing the incoming screen). Tolerance 0 (measured 0):
    /// at push progress b = 0 the pushed-back view has exactly the identity transform and its
    /// own anchor point and the sliding view is translated by the whole container width (off
    /// screen); at b = 1 the sliding view is untranslated and opaque over the whole container.
    /// No resampling or blending is involved, so nothing rounds.
    @Test func endStatesEqualUntouchedAndFinalScenes() throws {
        EffectLaws.check(PushBack3D(), laws: [.endpoints], scene: try EffectFrames.scene())
    }
}
