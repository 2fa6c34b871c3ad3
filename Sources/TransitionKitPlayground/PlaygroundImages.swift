import EffectBenchKit
import Foundation
import TransitionKitCore
import TransitionKitRender

/// The two screens the playground shows: `--from`/`--to` PNG files, or the built-in screens
/// drawn for the scene as `effect-bench` draws them (for a tab switch, the content area above
/// the tab bar), so a recording replays on the same pictures.
enum PlaygroundImages {
    /// - Throws: `PlaygroundFailure.failure` for an image file that cannot be read.
    @MainActor static func provider(fromPath: String?, toPath: String?, scale: CGFloat) throws(PlaygroundFailure) -> PlaygroundSession.ImageProvider {
        if let fromPath, let toPath {
            let images: (from: Bitmap, to: Bitmap)
            do { images = (try PNGDecoder.read(contentsOf: fromPath), try PNGDecoder.read(contentsOf: toPath)) } catch {
                throw .failure("\(error)")
            }
            return { _, _ throws(TransitionKitError) in images }
        }
        return { size, family throws(TransitionKitError) in
            var size = size
            if family == .tab { size.height = max(1 / scale, size.height - TabBar.height) }
            return try DemoScreens.render(size: size, scale: scale)
        }
    }
}
