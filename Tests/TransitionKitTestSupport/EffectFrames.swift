import Foundation
import TransitionKitCore
import TransitionKitRender
import TransitionKitTesting

/// Renders frames of an effect on a `TransitionStage` with the committed real screenshots, for
/// the per-effect golden tests: from = `shell-exit-expanded.png`, to = `shell-appts.png`
/// (aspect-filled), 390x844 points at scale 1, black container background.
public enum EffectFrames {
    /// The golden frame size: 390x844 points (iPhone 12–14 class portrait).
    public static let size = CGSize(width: 390, height: 844)

    /// The outgoing screen's image, decoded once per test process (decoding costs far more than
    /// rendering a frame).
    public static let fromImage: Bitmap = try! PNGDecoder.read(contentsOf: Fixtures.url("screenshots/shell-exit-expanded.png").path)
    /// The incoming screen's image, decoded once per test process.
    public static let toImage: Bitmap = try! PNGDecoder.read(contentsOf: Fixtures.url("screenshots/shell-appts.png").path)

    /// The same scene for the law checks (`EffectLaws.check(_:laws:scene:)`): the golden size
    /// at scale 1 with both screenshots.
    @MainActor
    public static func scene() throws -> EffectScene {
        EffectScene(size: size, scale: 1, fromImage: fromImage, toImage: toImage)
    }

    /// A stage for `operation` showing `fromImage` → `toImage` (or swapped, for the reverse
    /// situation), no transition started.
    @MainActor
    public static func stage(
        _ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen,
        swapped: Bool = false
    ) throws -> TransitionStage {
        TransitionStage(
            operation: operation, size: size, scale: 1, modalPresentationStyle: modalPresentationStyle,
            fromImage: swapped ? toImage : fromImage, toImage: swapped ? fromImage : toImage)
    }

    /// The window of `stage` now, rendered at scale 1 over black. The snapshot is taken on the
    /// main actor, the pixels are rendered off it, so tests render in parallel.
    /// - Complexity: one compositor pass, O(390·844).
    @MainActor
    public static func render(_ stage: TransitionStage) async throws -> Bitmap {
        try await render(stage.snapshot())
    }

    /// `snapshot` rendered at scale 1 over black (`RenderOptions(scale: 1)`), off the main actor.
    @concurrent
    public static func render(_ snapshot: LayerSnapshot) async throws -> Bitmap {
        try Compositor(options: RenderOptions(scale: 1)).render(snapshot, size: size)
    }

    /// Renders of untouched stages, keyed by operation, presentation style and swap; each is
    /// rendered once per test process (a debug-build render costs ~0.1 s).
    @MainActor private static var sceneCache: [String: Bitmap] = [:]

    /// The render of an untouched stage (no transition started): `fromImage` on screen, or
    /// with `swapped` the images exchanged. Cached.
    @MainActor
    public static func untouchedScene(
        _ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen,
        swapped: Bool = false
    ) async throws -> Bitmap {
        let key = "\(operation) \(modalPresentationStyle) \(swapped)"
        if let cached = sceneCache[key] { return cached }
        let bitmap = try await render(stage(operation, modalPresentationStyle: modalPresentationStyle, swapped: swapped))
        sceneCache[key] = bitmap
        return bitmap
    }

    /// The render of the scene the operation ends in, as if it had happened without animation:
    /// an untouched stage of the reverse operation with the images swapped (the incoming
    /// screen on top). Cached.
    @MainActor
    public static func finalScene(_ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen) async throws
        -> Bitmap
    {
        try await untouchedScene(EffectScene.reverse(of: operation), modalPresentationStyle: modalPresentationStyle, swapped: true)
    }

    /// The frame at `progress` of an interactive transition run by `animator` on a fresh stage.
    /// - Complexity: one animator update and one compositor pass.
    @MainActor
    public static func frame(
        _ operation: TransitionOperation, animator: any AnimatedTransitioning, progress: CGFloat,
        modalPresentationStyle: ModalPresentationStyle = .fullScreen
    ) async throws -> Bitmap {
        let stage = try stage(operation, modalPresentationStyle: modalPresentationStyle)
        stage.begin(animator: animator, interactive: true)
        stage.setProgress(progress)
        return try await render(stage)
    }

    /// The label of a golden at `progress`: "p0", "p0.25", "p0.5", "p0.75", "p1".
    public static func label(_ progress: CGFloat) -> String {
        progress == progress.rounded() ? "p\(Int(progress))" : "p\(progress)"
    }

    /// The largest channel difference (0...255, premultiplied RGBA) between two bitmaps of the
    /// same size, and how many pixels differ at all; nil when the sizes differ.
    /// - Complexity: O(w·h); byte-identical rows cost one `memcmp`.
    public static func difference(_ a: Bitmap, _ b: Bitmap) -> (max: Int, differingPixels: Int)? {
        GoldenImage.statistics(a, b).map { ($0.maxDifference, $0.differing) }
    }
}
