import Foundation
import TransitionKitCore
import TransitionKitRender

/// The two images of a scene: `--from`/`--to` PNG files, or the built-in screens.
@MainActor
enum SceneImages {
    /// The built-in screens are drawn for the view they fill, as an app's screens are laid out
    /// to their view: the whole scene, or for a tab switch (`operation` `.tab`) the tab bar
    /// controller's content area above the bar (`TabBar.height` points less), so that they are
    /// shown pixel for pixel. `--from`/`--to` images are shown as given, scaled to fill.
    static func load(_ scene: SceneOptions, for operation: TransitionOperation = .push) throws(BenchError) -> (from: Bitmap, to: Bitmap) {
        switch (scene.fromPath, scene.toPath) {
        case (nil, nil):
            var size = scene.size
            if operation == .tab { size.height = max(1 / scene.scale, size.height - TabBar.height) }
            do { return try DemoScreens.render(size: size, scale: scene.scale) } catch { throw BenchError(error) }
        case (let f?, let t?):
            do {
                return (try PNGDecoder.read(contentsOf: f), try PNGDecoder.read(contentsOf: t))
            } catch {
                throw BenchError(error)
            }
        default:
            throw .usage("--from and --to go together: give both images or neither")
        }
    }
}
