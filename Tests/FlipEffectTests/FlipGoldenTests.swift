import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

@testable import FlipEffect

/// Flip frames rendered with real screenshots (`EffectFrames`: from `shell-exit-expanded`, to
/// `shell-appts`, 390x844 pt at scale 1, black background), compared with goldens in
/// `__Snapshots__` that were looked at before recording, and a render check of which face is
/// seen on each side of half-way.
@MainActor
@Suite struct FlipGoldenTests {
    nonisolated static let progresses: [CGFloat] = [0.25, 0.5, 0.75]

    /// Push in each direction at 0.25, 0.5 and 0.75 (default 1000-point perspective). Looked at:
    /// at 0.25 `shell-exit-expanded` has turned 45° with the named side nearer and larger
    /// (from the right: its right edge taller than the screen, its left edge shorter); at 0.5
    /// only black (the card edge-on); at 0.75 `shell-appts` turning in, 45° short of flat, with
    /// the opposite side nearer.
    @Test(arguments: Flip.Direction.allCases, progresses)
    func push(direction: Flip.Direction, progress: CGFloat) async throws {
        let effect = Flip(direction: direction)
        let bitmap = try await EffectFrames.frame(.push, animator: effect.makeAnimator(for: .push), progress: progress)
        let result = GoldenImage.check(bitmap, suite: "FlipGoldenTests", test: "push.\(direction.rawValue)", label: EffectFrames.label(progress))
        #expect(result.passed, "\(result)")
    }

    /// Present and dismiss of the default flip at 0.25: present shows the presenter turning
    /// away from the right, dismiss the modal turning away the other way (its left side
    /// nearer). Looked at before recording.
    @Test(arguments: [TransitionOperation.present, .dismiss])
    func modal(operation: TransitionOperation) async throws {
        let bitmap = try await EffectFrames.frame(operation, animator: Flip().makeAnimator(for: operation), progress: 0.25)
        let result = GoldenImage.check(bitmap, suite: "FlipGoldenTests", test: operation.rawValue, label: "p0.25")
        #expect(result.passed, "\(result)")
    }

    /// At 0.5 − ε the centre pixel shows the outgoing pattern (the warm checkerboard: red ≥ 200,
    /// blue < 100), at 0.5 + ε the incoming one (cool stripes: blue ≥ 180, red ≤ 85), and
    /// exactly at 0.5 the whole frame is the black background: the compositor culled the face
    /// turned away (`isDoubleSided = false`). ε = 0.02 leaves a strip sin(0.02π)·120 pt ≈ 7.5 pt
    /// wide (15 px at scale 2) for the horizontal flips, 12.6 pt for the vertical ones.
    @Test(arguments: Flip.Direction.allCases)
    func theVisibleFaceSwitchesHalfWay(_ direction: Flip.Direction) throws {
        let scene = EffectScene()
        let effect = Flip(direction: direction)
        let cx = Int(scene.size.width * scene.scale) / 2, cy = Int(scene.size.height * scene.scale) / 2
        let before = try #require(try scene.frame(animator: effect.makeAnimator(for: .push), .push, progress: 0.48).pixel(x: cx, y: cy))
        let after = try #require(try scene.frame(animator: effect.makeAnimator(for: .push), .push, progress: 0.52).pixel(x: cx, y: cy))
        #expect(before.r >= 200 && before.b < 100 && before.a == 255, "\(before)")
        #expect(after.b >= 180 && after.r <= 85 && after.a == 255, "\(after)")
        let half = try scene.frame(animator: effect.makeAnimator(for: .push), .push, progress: 0.5)
        var lit = 0
        for y in 0..<half.height { for x in 0..<half.width where half.pixel(x: x, y: y) != RGBA8(r: 0, g: 0, b: 0, a: 255) { lit += 1 } }
        #expect(half.width == 240 && half.height == 400 && lit == 0, "\(lit) pixels not black")
    }
}
