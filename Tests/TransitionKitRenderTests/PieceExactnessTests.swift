import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// A layer drawn in pieces gives the bytes it gets drawn whole: around an occluder's hole or
/// cut (which differ from band to band), in row bands, in a damage render's runs. The scene
/// that showed otherwise (a breaker's reproduction): a photo tilted about x (`rows` sampling,
/// whose u was stepped from each span's first pixel, so a piece starting further right rounded
/// 1/255 differently) under a screen turned about y (a tilted occluder, whose hidden
/// rectangle cuts the photo into pieces that change with the band).
struct PieceExactnessTests {
    static let size = CGSize(width: 393, height: 852)
    static let photo = FastPathTests.image(width: 150, height: 220, opaque: true)

    /// The photo, the tilted white screen over it, and a red square at `squareY` points.
    static func scene(squareY: CGFloat = 505) -> LayerSnapshot {
        let photo = layer(CGRect(origin: .zero, size: size)) {
            $0.contents = PieceExactnessTests.photo
            $0.transform = Transform3D(rotationAngle: 0.05, x: 1, y: 0, z: 0).concatenating(.perspective(distance: 500))
        }
        let screen = layer(CGRect(x: 0, y: 852 * 0.22, width: 393 * 0.45, height: 852 * 0.6), Color(red: 1, green: 1, blue: 1)) {
            $0.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
        }
        let square = layer(CGRect(x: 240, y: squareY, width: 20, height: 20), Color(red: 1, green: 0, blue: 0))
        return layer(CGRect(origin: .zero, size: size), .black, sublayers: [photo, screen, square])
    }

    @Test(arguments: [false, true])
    func bandsGiveTheOneBandBytes(generalPath: Bool) throws {
        var options = RenderOptions(scale: 3, background: .black)
        options.disableFastPaths = generalPath
        let one = try Compositor(options: options).render(Self.scene(), size: Self.size)
        for threads in [2, 3, 7] {
            var banded = options
            banded.threads = threads
            banded.choosesBandCount = false
            let d = FastPathTests.compare(one, try Compositor(options: banded).render(Self.scene(), size: Self.size))
            #expect(d.pixels == 0, "general path \(generalPath), \(threads) bands: \(d)")
        }
    }

    @Test(arguments: [false, true])
    func damageRenderGivesTheFullRenderBytes(generalPath: Bool) throws {
        var options = RenderOptions(scale: 3, background: .black)
        options.disableFastPaths = generalPath
        let old = Self.scene(squareY: 505), new = Self.scene(squareY: 560)
        let compositor = Compositor(options: options)
        var frame = try compositor.render(old, size: Self.size)
        let damage = DamageRegion(from: old, to: new, size: Self.size, options: options)
        #expect(damage.pixelCount > 0)
        compositor.render(new, into: &frame, damage: damage)
        let d = FastPathTests.compare(try Compositor(options: options).render(new, size: Self.size), frame)
        #expect(d.pixels == 0, "general path \(generalPath): \(d)")
    }
}
