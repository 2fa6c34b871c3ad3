import FadeEffect
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Fade frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`,
/// to `shell-appts`, 390x844 pt at scale 1), compared with goldens in `__Snapshots__` that were
/// looked at before recording, and pixel checks of the end states that need no golden.
@MainActor
@Suite struct FadeGoldenTests {
    nonisolated static let progresses: [CGFloat] = [0, 0.25, 0.5, 0.75, 1]

    /// Golden cross-dissolve frames for push, pop and a tab switch. Looked at: `shell-appts`
    /// blended over `shell-exit-expanded` with weight = progress (both images visible at
    /// 0.25–0.75); for tab in the content area above the unchanged 49 pt bar.
    @Test(arguments: [TransitionOperation.push, .pop, .tab], progresses)
    func golden(operation: TransitionOperation, progress: CGFloat) async throws {
        let bitmap = try await EffectFrames.frame(operation, animator: Fade().makeAnimator(for: operation), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "FadeGoldenTests", test: operation.rawValue, label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Golden of the fade through black at its midpoint. Looked at: plain black (the colour
    /// layer at opacity 1, the incoming view still at opacity 0).
    @Test func goldenThroughBlackAtHalf() async throws {
        let bitmap = try await EffectFrames.frame(.push, animator: Fade.through(.black).makeAnimator(for: .push), progress: 0.5)
        let result = GoldenImage.check(bitmap, suite: "FadeGoldenTests", test: "pushThroughBlack", label: EffectFrames.label(0.5))
        #expect(result.passed, "\(result)")
    }

    /// Independent of the goldens: a cross-dissolve frame at progress p is, pixel by pixel,
    /// p·final + (1 − p)·untouched (source-over of the incoming view at opacity p on the
    /// opaque outgoing one, as stored sRGB values without linearising, the compositor's rule). Tolerance 1/255: the
    /// compositor rounds the blend to 8 bits once, the expected value here is rounded once too
    /// (measured: max 1/255 at 0.25, 0.5 and 0.75).
    @Test(arguments: [TransitionOperation.push, .pop, .tab], [CGFloat(0.25), 0.5, 0.75])
    func crossDissolveIsLinearBlend(operation: TransitionOperation, progress: CGFloat) async throws {
        let frame = try await EffectFrames.frame(operation, animator: Fade().makeAnimator(for: operation), progress: progress)
        let untouched = try await EffectFrames.untouchedScene(operation)
        let final = try await EffectFrames.finalScene(operation)
        let expected = try await Self.blend(final, over: untouched, weight: Double(progress))
        let d = try #require(EffectFrames.difference(frame, expected))
        #expect(d.max <= 1, "\(d)")
    }

    /// a·w + b·(1 − w) per channel, rounded to 8 bits; computed off the main actor.
    /// - Complexity: O(w·h).
    @concurrent
    nonisolated static func blend(_ a: Bitmap, over b: Bitmap, weight w: Double) async throws -> Bitmap {
        var out = Bitmap(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y) ?? .transparent, q = b.pixel(x: x, y: y) ?? .transparent
                func mix(_ u: UInt8, _ v: UInt8) -> UInt8 { UInt8((Double(u) * w + Double(v) * (1 - w)).rounded()) }
                out.setPixel(RGBA8(r: mix(p.r, q.r), g: mix(p.g, q.g), b: mix(p.b, q.b), a: mix(p.a, q.a)), x: x, y: y)
            }
        }
        return out
    }

    /// The fade through black at its midpoint is opaque black everywhere (colour layer at
    /// opacity 1 over the outgoing view, incoming view at opacity 0): exact.
    @Test func throughBlackAtHalfIsBlack() async throws {
        let frame = try await EffectFrames.frame(.push, animator: Fade.through(.black).makeAnimator(for: .push), progress: 0.5)
        let black = Bitmap(width: frame.width, height: frame.height, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(EffectFrames.difference(frame, black)?.max == 0)
    }

    /// Progress 0 renders the untouched scene and progress 1 the final scene (the finished
    /// hierarchy, and an untouched stage showing the incoming screen), for every supported
    /// operation and both styles. Tolerance 0 (measured 0): at 0 the incoming view and the
    /// colour layer have opacity 0 and contribute nothing; at 1 the incoming view is opaque at
    /// opacity 1 and covers everything below it, so no blend rounds. (Only the frames in
    /// between round, see `crossDissolveIsLinearBlend`.)
    @Test(arguments: [false, true])
    func endStatesEqualUntouchedAndFinalScenes(through: Bool) throws {
        EffectLaws.check(through ? Fade.through(.black) : Fade(), laws: [.endpoints], scene: try EffectFrames.scene())
    }
}
