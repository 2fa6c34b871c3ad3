import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// UIKit's push (`Slide`) rendered with the real screenshots (`EffectFrames`, 390x844 at scale
/// 1): every column of a frame checked against the untouched and final scenes moved by the
/// closed form of `Slide.placement`, dimmed by the overlay and darkened by the edge shadow's
/// erf profile; goldens looked at; the laws.
@MainActor
@Suite struct SlideFrameTests {
    nonisolated static let progresses: [CGFloat] = [0.25, 0.5, 0.75]
    static let w = EffectFrames.size.width

    /// The effect laws (endpoints, continuity, reversal, cancel restores, registry round trip,
    /// the interactive pop and dismiss, no allocation in release) for the default and a tuned
    /// configuration.
    @Test(arguments: [Slide(), Slide(duration: 0.5, parallax: 0.5, dimming: 0.3, shadowOpacity: 1, shadowRadius: 12)])
    func keepsTheLaws(_ effect: Slide) {
        EffectLaws.check(effect)
    }

    /// Golden push and pop frames. Looked at: the incoming screen (appointments) enters from
    /// the right over the outgoing one, which has moved left by a sixth of the width at 0.5 and
    /// is slightly darker; a soft dark band, about 15 pt wide, lies on it just left of the
    /// incoming screen's edge; pop shows the same geometry in reverse order, its top screen being
    /// the outgoing one.
    @Test(arguments: [TransitionOperation.push, .pop, .present], [CGFloat(0), 0.25, 0.5, 0.75, 1])
    func golden(operation: TransitionOperation, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(operation, animator: SlideAnimator(), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "SlideFrameTests", test: operation.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// The darkening of the edge shadow at a pixel whose centre is `d` points outside the
    /// covering view's leading edge: opacity × the Gaussian (σ = radius) mass of the 4σ strip
    /// seen from there, Φ(−t/σ) − Φ(−(t + 4σ)/σ), averaged over the pixel (t from d − 0.5 to
    /// d + 0.5, 64 midpoints).
    nonisolated static func shadowAlpha(distance d: Double, opacity: Double, sigma: Double) -> Double {
        func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
        var sum = 0.0
        for i in 0..<64 {
            let t = d - 0.5 + (Double(i) + 0.5) / 64
            sum += t <= 0 ? 0 : phi(-t / sigma) - phi(-(t + 4 * sigma) / sigma)
        }
        return opacity * sum / 64
    }

    /// A push frame at p, column by column, left to right and mirrored: the covering view's
    /// columns are the final scene's moved by w·(1 − p) (exact: whole-pixel moves at these p);
    /// the covered view's are the untouched scene's moved by −w·p/3 (65 pt at 0.5, not whole at
    /// 0.25 and 0.75, so only 0.5 is checked there), times (1 − 0.1·p) for the overlay and
    /// (1 − shadowAlpha) for the shadow. Tolerance 2/255: three roundings to 8 bits.
    @Test(arguments: [UserInterfaceLayoutDirection.leftToRight, .rightToLeft])
    func pushFrameIsTheClosedForm(direction: UserInterfaceLayoutDirection) async throws {
        let p: CGFloat = 0.5
        let stage = try EffectFrames.stage(.push)
        let nav = try #require(stage.navigationController)
        if direction == .rightToLeft { nav.view.semanticContentAttribute = .forceRightToLeft }
        stage.begin(animator: SlideAnimator(), interactive: true)
        stage.setProgress(p)
        let frame = try await EffectFrames.render(stage)
        let untouched = try await EffectFrames.untouchedScene(.push), final = try await EffectFrames.finalScene(.push)
        let s = direction.sign
        let edge = Int(Self.w / 2)  // the covering view's leading edge, x = 195 both ways at p = 0.5
        let parallax = Int(Self.w / 6)  // 65
        var checked = 0, worst = 0
        for y in stride(from: 0, to: frame.height, by: 7) {
            for x in 0..<frame.width {
                let covering = direction == .leftToRight ? x >= edge : x < edge
                let expected: RGBA8
                if covering {
                    expected = try #require(final.pixel(x: x - Int(s) * edge, y: y))
                } else {
                    let source = try #require(untouched.pixel(x: x + Int(s) * parallax, y: y))
                    let d = direction == .leftToRight ? Double(edge - x) - 0.5 : Double(x - edge) + 0.5
                    let keep = (1 - 0.1 * Double(p)) * (1 - Self.shadowAlpha(distance: d, opacity: 0.5 * Double(p), sigma: 5))
                    func k(_ c: UInt8) -> UInt8 { UInt8((Double(c) * keep).rounded()) }
                    expected = RGBA8(r: k(source.r), g: k(source.g), b: k(source.b), a: source.a)
                }
                let got = try #require(frame.pixel(x: x, y: y))
                worst = max(worst, abs(Int(got.r) - Int(expected.r)), abs(Int(got.g) - Int(expected.g)), abs(Int(got.b) - Int(expected.b)))
                checked += 1
            }
        }
        #expect(checked == frame.width * ((frame.height + 6) / 7))
        #expect(worst <= 2, "largest channel difference \(worst)")
    }

    /// Pop at p is push at 1 − p with the screens exchanged (the pop's top screen is the
    /// push's incoming one), byte for byte: the declared mirror, checked on pixels.
    @Test(arguments: progresses)
    func popIsThePushBackwards(progress: CGFloat) async throws {
        let pop = try await EffectFrames.frame(.pop, animator: SlideAnimator(), progress: progress)
        let stage = try EffectFrames.stage(.push, swapped: true)
        stage.begin(animator: SlideAnimator(), interactive: true)
        stage.setProgress(1 - progress)
        let push = try await EffectFrames.render(stage)
        #expect(EffectFrames.difference(pop, push)?.max == 0)
    }
}
