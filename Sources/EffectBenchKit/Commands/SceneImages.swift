import Foundation
import TransitionKitCore
import TransitionKitRender

/// The two images of a scene: `--from`/`--to` PNG files, or the built-in screens.
enum SceneImages {
    static func load(_ scene: SceneOptions) throws(BenchError) -> (from: Bitmap, to: Bitmap) {
        switch (scene.fromPath, scene.toPath) {
        case (nil, nil):
            do { return try DemoScreens.render(size: scene.size, scale: scene.scale) } catch { throw BenchError(error) }
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
