import Foundation
import TransitionKitCore
import TransitionKitRender

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

    /// A stage for `operation` showing `fromImage` → `toImage` (or swapped, for the reverse
    /// situation), no transition started.
    @MainActor
    public static func stage(_ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen,
                             swapped: Bool = false) throws -> TransitionStage {
        try TransitionStage(operation: operation, size: size, scale: 1, modalPresentationStyle: modalPresentationStyle,
                            fromImage: swapped ? toImage : fromImage, toImage: swapped ? fromImage : toImage)
    }

    /// The window of `stage` now, rendered at scale 1 over black.
    /// - Complexity: one compositor pass, O(390·844).
    @MainActor
    public static func render(_ stage: TransitionStage) throws -> Bitmap {
        try Compositor(options: RenderOptions(scale: 1)).render(stage.snapshot(), size: size)
    }

    /// The frame at `progress` of an interactive transition run by `animator` on a fresh stage.
    /// - Complexity: one animator update and one compositor pass.
    @MainActor
    public static func frame(_ operation: TransitionOperation, animator: any AnimatedTransitioning, progress: CGFloat,
                             modalPresentationStyle: ModalPresentationStyle = .fullScreen) throws -> Bitmap {
        let stage = try stage(operation, modalPresentationStyle: modalPresentationStyle)
        stage.begin(animator: animator, interactive: true)
        stage.setProgress(progress)
        return try render(stage)
    }

    /// Differences between the transition's end frames and the scenes they must equal:
    /// - `start`: progress 0 vs the untouched scene (a stage where no transition started);
    /// - `finished`: progress 1 vs the same stage after `end(finish: true)` (the finished
    ///   hierarchy, including state the effect keeps, e.g. a shrunk view behind a modal);
    /// - `reverse`: progress 1 vs an untouched stage of the reverse operation with the images
    ///   swapped (the incoming screen on top, as if the operation had happened without animation).
    /// `makeAnimator` is called once per stage (an animator runs one transition).
    @MainActor
    public static func endpointDifferences(_ operation: TransitionOperation, modalPresentationStyle: ModalPresentationStyle = .fullScreen,
                                           makeAnimator: () -> any AnimatedTransitioning) throws
        -> (start: (max: Int, differingPixels: Int), finished: (max: Int, differingPixels: Int), reverse: (max: Int, differingPixels: Int)) {
        let untouched = try render(stage(operation, modalPresentationStyle: modalPresentationStyle))
        let atZero = try frame(operation, animator: makeAnimator(), progress: 0, modalPresentationStyle: modalPresentationStyle)

        let stage = try stage(operation, modalPresentationStyle: modalPresentationStyle)
        stage.begin(animator: makeAnimator(), interactive: true)
        stage.setProgress(1)
        let atOne = try render(stage)
        stage.end(finish: true)
        precondition(stage.completed == true, "the \(operation) transition did not finish")
        let finished = try render(stage)
        let reverse = try render(self.stage(self.reverse(of: operation), modalPresentationStyle: modalPresentationStyle, swapped: true))
        return (difference(atZero, untouched)!, difference(atOne, finished)!, difference(atOne, reverse)!)
    }

    /// The label of a golden at `progress`: "p0", "p0.25", "p0.5", "p0.75", "p1".
    public static func label(_ progress: CGFloat) -> String {
        progress == progress.rounded() ? "p\(Int(progress))" : "p\(progress)"
    }

    /// The operation that undoes `operation` (push ↔ pop, present ↔ dismiss).
    public static func reverse(of operation: TransitionOperation) -> TransitionOperation {
        switch operation {
        case .push: return .pop
        case .pop: return .push
        case .present: return .dismiss
        case .dismiss: return .present
        }
    }

    /// The largest channel difference (0...255, premultiplied RGBA) between two bitmaps of the
    /// same size, and how many pixels differ at all; nil when the sizes differ.
    /// - Complexity: O(w·h).
    public static func difference(_ a: Bitmap, _ b: Bitmap) -> (max: Int, differingPixels: Int)? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var maxDelta = 0, differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d > 0 { differing += 1 }
                maxDelta = max(maxDelta, d)
            }
        }
        return (maxDelta, differing)
    }
}
