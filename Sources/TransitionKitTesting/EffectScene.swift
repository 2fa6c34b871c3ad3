import Foundation
import TransitionKitCore
import TransitionKitRender

/// A small two-screen scene for checking and rendering an effect: every frame is a
/// `TransitionStage` showing `fromImage` on the outgoing screen and `toImage` on the incoming
/// one (aspect-filled), rendered over black at `scale`.
///
/// ```swift
/// let scene = EffectScene()
/// let halfway = try scene.frame(Iris(), .push, progress: 0.5)
/// expectGolden(halfway, named: "push.p0.5")
/// ```
///
/// The default images are two generated patterns (`EffectScene.pattern`) whose every pixel
/// tells the screens and their orientation apart, at an aspect ratio other than the scene's,
/// so aspect-fill resampling is exercised.
@MainActor
public struct EffectScene {
    /// The window size in points.
    public let size: CGSize
    /// Pixels per point of the renders.
    public let scale: CGFloat
    /// The outgoing screen's picture.
    public let fromImage: Bitmap
    /// The incoming screen's picture.
    public let toImage: Bitmap

    /// - Parameters:
    ///   - size: window size in points, finite and > 0; use whole pixels (size × scale): a
    ///     window edge that cuts a pixel blends the screens below into it, so the endpoints
    ///     law cannot hold there (default 120x200: small enough that a
    ///     debug-build frame renders in milliseconds, large enough for edge gestures).
    ///   - scale: pixels per point, 0.5...8 (default 2, so point-to-pixel mapping is tested).
    ///   - fromImage: the outgoing screen (default `pattern(.from)`).
    ///   - toImage: the incoming screen (default `pattern(.to)`).
    /// - Precondition: a size and scale a `Window` accepts, and size × scale rounds to
    ///   1...`Bitmap.maximumDimension` pixels a side (no frame could be rendered otherwise, so
    ///   every law that renders would fail on the scene, not on the effect); use
    ///   `init(validatingSize:scale:fromImage:toImage:)` for a size read from outside.
    public init(
        size: CGSize = CGSize(width: 120, height: 200), scale: CGFloat = 2, fromImage: Bitmap? = nil, toImage: Bitmap? = nil
    ) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.check(size: size, scale: scale) }
        self.size = size
        self.scale = scale
        self.fromImage = fromImage ?? Self.makePattern(.from)
        self.toImage = toImage ?? Self.makePattern(.to)
    }

    /// A scene of a size and scale read from outside (a command line, a file).
    /// - Throws: `TransitionKitError` for a size or scale a `Window` rejects;
    ///   `TransitionKitError.invalidSize` when size × scale does not round to
    ///   1...`Bitmap.maximumDimension` pixels a side.
    public init(validatingSize size: CGSize, scale: CGFloat = 2, fromImage: Bitmap? = nil, toImage: Bitmap? = nil) throws(TransitionKitError) {
        try Self.check(size: size, scale: scale)
        self.init(size: size, scale: scale, fromImage: fromImage, toImage: toImage)
    }

    private static func check(size: CGSize, scale: CGFloat) throws(TransitionKitError) {
        _ = try Window(validatingSize: size, scale: scale, frameClock: ManualFrameClock())  // validates size and scale
        let pixels = ((size.width * scale).rounded(), (size.height * scale).rounded())
        let sides = CGFloat(1)...CGFloat(Bitmap.maximumDimension)
        guard sides.contains(pixels.0), sides.contains(pixels.1) else {
            throw .invalidSize(
                name: "effect scene of \(size.width)x\(size.height) points at scale \(scale)", width: Double(pixels.0), height: Double(pixels.1),
                accepted: "1...\(Bitmap.maximumDimension) pixels a side")
        }
    }

    /// 121x203 points at scale 1 with the generated patterns: half its width and height fall
    /// between pixels, so an effect that puts a seam or centre at w/2 without rounding it to
    /// the pixel grid renders progress 0 or 1 differently from the untouched or final scene.
    /// `EffectLaws` checks the endpoints on it too when no scene is given.
    public static var oddSized: EffectScene {
        // Valid by construction: whole, positive points at scale 1.
        EffectScene(size: CGSize(width: 121, height: 203), scale: 1)
    }

    /// Which screen a generated pattern is for.
    public enum Screen: Sendable {
        /// The outgoing screen: a warm 6x8 checkerboard.
        case from
        /// The incoming screen: cool diagonal stripes.
        case to
    }

    /// A 72x96 pixel picture (3:4, unlike the default scene) with a colour gradient, so no two
    /// pixels of one row or column are equal, and a pattern telling the two screens apart.
    /// - Throws: never (kept for source compatibility; the sizes are within `Bitmap`'s limits).
    public static func pattern(_ screen: Screen) throws(TransitionKitError) -> Bitmap { makePattern(screen) }

    private static func makePattern(_ screen: Screen) -> Bitmap {
        var bitmap = Bitmap(width: 72, height: 96)
        for y in 0..<96 {
            for x in 0..<72 {
                let gx = UInt8(x * 255 / 71), gy = UInt8(y * 255 / 95)
                let pixel: RGBA8
                switch screen {
                case .from:
                    let dark = (x / 12 + y / 12) % 2 == 0
                    pixel = RGBA8(r: dark ? 200 : 255, g: gx / 2 + (dark ? 0 : 100), b: gy / 3, a: 255)
                case .to:
                    let band = ((x + y) / 10) % 2 == 0
                    pixel = RGBA8(r: gx / 3, g: gy / 2 + (band ? 0 : 90), b: band ? 180 : 255, a: 255)
                }
                bitmap.setPixel(pixel, x: x, y: y)
            }
        }
        return bitmap
    }

    /// A stage for `operation` in the state just before it starts (or, with `swapped`, the
    /// pictures exchanged), no transition begun.
    /// - Throws: never for a scene that initialised (its size and scale were validated).
    public func makeStage(
        _ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen, swapped: Bool = false
    ) throws(TransitionKitError) -> TransitionStage {
        TransitionStage(
            operation: operation, size: size, scale: scale, modalPresentationStyle: modalPresentationStyle,
            fromImage: swapped ? toImage : fromImage, toImage: swapped ? fromImage : toImage)
    }

    /// The window of `stage` now, rendered at `scale` over black.
    /// - Complexity: one compositor pass, O(size · scale²) pixels.
    public func render(_ stage: TransitionStage) throws(TransitionKitError) -> Bitmap {
        try Compositor(options: RenderOptions(scale: scale)).render(stage.snapshot(), size: size)
    }

    /// The render of an untouched stage of `operation` (no transition begun).
    public func untouched(
        _ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen, swapped: Bool = false
    ) throws(TransitionKitError) -> Bitmap {
        try render(makeStage(operation, modalPresentationStyle: modalPresentationStyle, swapped: swapped))
    }

    /// The render of the scene `operation` ends in, as if it had happened without animation:
    /// an untouched stage of the reverse operation with the pictures swapped (the incoming
    /// screen on top).
    public func final(_ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen) throws(TransitionKitError)
        -> Bitmap
    {
        try untouched(Self.reverse(of: operation), modalPresentationStyle: modalPresentationStyle, swapped: true)
    }

    /// The frame at `progress` (0...1) of `operation` run interactively by `animator` on a
    /// fresh stage. `progress` reaches `updateTransition(progress:using:)` as it is (an
    /// interactive transition at `percentComplete` = `progress`): no timing curve is applied.
    /// - Complexity: one animator update and one compositor pass.
    public func frame(
        animator: any AnimatedTransitioning, _ operation: TransitionOperation, progress: CGFloat,
        modalPresentationStyle: ModalPresentationStyle = .fullScreen
    ) throws(TransitionKitError) -> Bitmap {
        let stage = try makeStage(operation, modalPresentationStyle: modalPresentationStyle)
        stage.begin(animator: animator, interactive: true)
        stage.setProgress(progress)
        return try render(stage)
    }

    /// The frame at `progress` (0...1) of `effect`'s `operation` (one of its
    /// `supportedOperations`), presented with the effect's `modalPresentationStyle`.
    /// `progress` reaches the animator as it is: no timing curve is applied.
    public func frame<Effect: TransitionEffect>(_ effect: Effect, _ operation: TransitionOperation, progress: CGFloat)
        throws(TransitionKitError) -> Bitmap
    {
        try frame(
            animator: effect.makeAnimator(for: operation), operation, progress: progress,
            modalPresentationStyle: Effect.modalPresentationStyle)
    }

    /// The operation that undoes `operation`: push ↔ pop, present ↔ dismiss; a tab switch is
    /// undone by a tab switch (with the pictures swapped, the stage of `.tab` shows the
    /// incoming picture on the selected tab, the scene a forward switch ends in).
    public nonisolated static func reverse(of operation: TransitionOperation) -> TransitionOperation {
        switch operation {
        case .push: return .pop
        case .pop: return .push
        case .present: return .dismiss
        case .dismiss: return .present
        case .tab: return .tab
        }
    }
}
