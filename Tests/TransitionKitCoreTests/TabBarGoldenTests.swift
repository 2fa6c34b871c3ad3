import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Tab switches with the default slide, rendered with real screenshots (`EffectFrames`: from
/// `shell-exit-expanded`, to `shell-appts`, 390x844 pt at scale 1, tabs [from, to] switching
/// 0 → 1), compared with goldens in `__Snapshots__` that were looked at before recording.
@MainActor
@Suite struct TabBarGoldenTests {
    /// Looked at: at 0 `shell-exit-expanded` fills the 390x795 content area above the grey bar
    /// with two grey icons; at 0.5 its right half shows on the left and `shell-appts`' left
    /// half on the right, meeting at x = 195; at 1 `shell-appts` fills the content area. The
    /// bar never moves.
    @Test(arguments: [CGFloat(0), 0.5, 1])
    func slideGolden(progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(.tab, animator: SlideAnimator(), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "TabBarGoldenTests", test: "slide", label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Independent of the goldens: the slide's frames 0 and 1 are the untouched and final
    /// scenes exactly (translations of 0 and ±w, whole points at scale 1), and the bar's rows
    /// are the same in every frame.
    @Test func slideEndpointsAndStillBar() async throws {
        let untouched = try await EffectFrames.untouchedScene(.tab), final = try await EffectFrames.finalScene(.tab)
        #expect(EffectFrames.difference(try await EffectFrames.frame(.tab, animator: SlideAnimator(), progress: 0), untouched)?.differingPixels == 0)
        #expect(EffectFrames.difference(try await EffectFrames.frame(.tab, animator: SlideAnimator(), progress: 1), final)?.differingPixels == 0)
        let half = try await EffectFrames.frame(.tab, animator: SlideAnimator(), progress: 0.5)
        let barTop = Int(EffectFrames.size.height - TabBar.height)
        var differing = 0
        for y in barTop..<half.height {
            for x in 0..<half.width where half.pixel(x: x, y: y) != untouched.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
    }
}
