import FadeEffect
import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Golden frames of one parallel and one staggered composition, looked at before recording.
@MainActor
@Suite struct CompositionGoldenTests {
    /// radial+fade push at 0.5 on the screenshots of `EffectFrames` (390x844 pt, scale 1).
    /// Looked at: a circle of `shell-appts` growing from the right-edge midpoint, its radius
    /// half of the final (√(390² + 422²) + √2)/2 ≈ 288 pt, at half opacity over
    /// `shell-exit-expanded` (radial's golden at 0.5 with the circle half transparent).
    @Test func parallelRadialFade() async throws {
        let frame = try await EffectFrames.frame(.push, animator: ParallelEffect(Radial(), Fade()).makeAnimator(for: .push), progress: 0.5)
        expectGolden(frame, named: "CompositionGoldenTests/radialFade.push.p0.5")
    }

    /// staggered(fade) push with delay 0.5 over four rows (200x300 pt, scale 1): window
    /// length 1/3, item k starting at k/6. Looked at: at 0.5 the white incoming screen (item
    /// 0) and row 1 are opaque, row 2 is at half opacity (q = (0.5 − 2/6)·3 = 0.5), rows 3 and
    /// 4 are not drawn yet; at 0.75 rows 1 and 2 are opaque, row 3 at q = (0.75 − 3/6)·3 = 0.75
    /// and row 4 at q = (0.75 − 4/6)·3 = 0.25.
    @Test(arguments: [0.5, 0.75])
    func staggeredFade(progress: CGFloat) throws {
        let colors = [
            Color(red: 0.9, green: 0.3, blue: 0.2), Color(red: 0.2, green: 0.6, blue: 0.3), Color(red: 0.2, green: 0.4, blue: 0.9),
            Color(red: 0.9, green: 0.7, blue: 0.1),
        ]
        let size = CGSize(width: 200, height: 300)
        let pattern = try EffectScene.pattern(.from)
        let stage = TransitionStage(
            operation: .push, size: size,
            fromContent: { view in
                view.layer.contents = pattern
                view.layer.contentsGravity = .resizeAspectFill
            },
            toContent: { view in
                view.backgroundColor = .white
                for (i, color) in colors.enumerated() {
                    let row = View(frame: CGRect(x: 20, y: 30 + 60 * CGFloat(i), width: 160, height: 44), name: "row \(i + 1)")
                    row.backgroundColor = color
                    row.layer.cornerRadius = 8
                    view.addSubview(row)
                }
            })
        stage.begin(animator: StaggeredEffect(Fade(), delay: 0.5).makeAnimator(for: .push), interactive: true)
        stage.setProgress(progress)
        let frame = try Compositor(options: RenderOptions(scale: 1)).render(stage.snapshot(), size: size)
        expectGolden(frame, named: "CompositionGoldenTests/staggeredFade.push.\(EffectFrames.label(progress))")
        stage.end(finish: true)
    }
}
