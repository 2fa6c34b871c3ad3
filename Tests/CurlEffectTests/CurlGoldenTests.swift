import CurlEffect
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Curl frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`, to
/// `shell-appts`, 390x844 pt at scale 1), compared with goldens in `__Snapshots__` that were
/// looked at before recording.
@MainActor
@Suite struct CurlGoldenTests {
    nonisolated static let progresses: [CGFloat] = [0.25, 0.5, 0.75]

    /// Looked at: present at 0.25 lifts the bottom-right corner of `shell-exit-expanded` into a
    /// roll (its back white over the mirrored screen) over `shell-appts`, with a soft shadow
    /// beyond the roll; at 0.5 the axis crosses the middle and the back lies over the upper page;
    /// at 0.75 a small top-left piece is left. Dismiss plays the same frames backwards with the
    /// screens swapped.
    @Test(arguments: [TransitionOperation.present, .dismiss], progresses)
    func golden(operation: TransitionOperation, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(operation, animator: Curl().makeAnimator(for: operation), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "CurlGoldenTests", test: operation.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }
}
