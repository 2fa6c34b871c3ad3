import DragDismissEffect
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// DragDismiss frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`,
/// to `shell-appts`, 390x844 pt at scale 1, modal `.overFullScreen`), compared with goldens in
/// `__Snapshots__` that were looked at before recording, and pixel checks of the end states
/// that need no golden.
@MainActor
@Suite struct DragDismissGoldenTests {
    nonisolated static let progresses: [CGFloat] = [0, 0.25, 0.5, 0.75, 1]

    /// Golden frames with the default parameters (from the bottom, behind view scale 0.9,
    /// alpha 1). Looked at: present slides `shell-appts` up over `shell-exit-expanded`, which
    /// shrinks about its centre with black around it; dismiss slides `shell-exit-expanded`
    /// down off `shell-appts`, which grows back to full size.
    @Test(arguments: DragDismiss.supportedOperations, progresses)
    func golden(operation: TransitionOperation, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(
            operation, animator: DragDismiss().makeAnimator(for: operation), progress: progress,
            modalPresentationStyle: DragDismiss.modalPresentationStyle)
        let result = GoldenImage.check(bitmap, suite: "DragDismissGoldenTests", test: operation.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Progress 0 renders the untouched scene and progress 1 the final scene (the finished
    /// hierarchy, which keeps the behind view shrunk under the opaque modal, and an untouched
    /// stage showing the incoming screen). Tolerance 0 (measured 0): at presented fraction 0 the
    /// behind view is at identity and opacity 1 and the modal is translated by the whole
    /// container height (off screen); at 1 the modal is untranslated and opaque over the whole
    /// container, hiding the shrunk behind view. Nothing is resampled or blended, so nothing rounds.
    @Test func endStatesEqualUntouchedAndFinalScenes() throws {
        EffectLaws.check(DragDismiss(), laws: [.endpoints], scene: try EffectFrames.scene())
    }
}
