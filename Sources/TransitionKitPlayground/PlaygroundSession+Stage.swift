import Foundation
import TransitionKitCore

extension PlaygroundSession {
    /// The stage a session of `family` starts from, over `images`, at `size` points and `scale`.
    /// - Throws: `TransitionKitError` for a size or scale `Window` refuses.
    static func makeStage(
        _ family: Family, entry: EffectRegistry.Entry, size: CGSize, scale: CGFloat, images: (from: Bitmap, to: Bitmap)
    ) throws(TransitionKitError) -> TransitionStage {
        try TransitionStage.check(size: size, scale: scale)
        return TransitionStage(
            operation: family.stageOperation, size: size, scale: scale, modalPresentationStyle: entry.modalPresentationStyle,
            fromImage: images.from, toImage: images.to)
    }
}
