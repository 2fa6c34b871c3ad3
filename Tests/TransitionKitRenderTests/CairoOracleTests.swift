import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// The four raster scenes of `Tests/Fixtures/oracles/README.md`, drawn by cairo 1.16 (an
/// independent renderer, `raster/cairo_oracle.py`), rebuilt as layer trees and compared by the
/// README's rules: interior and exterior pixels exact, anti-aliased edge pixels within 32/255,
/// covered area within 0.05 %, flat opacity blends within 1/255. The references are the
/// cairo PNGs themselves (decoded by `PNGDecoder`, which `PNGDecoderTests` checks against
/// libpng's own fixtures); the raw copies in `raster/raw/` must hold the same pixels.
@Suite struct CairoOracleTests {
    static let width = 390, height = 844
    static let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
    static let red = RGBA8(r: 255, g: 0, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    /// The scenes of the oracle README, one `<scene>.cairo.png` each.
    static let scenes = ["circle_clip", "opacity_bands", "perspective_quad", "rounded_rect"]

    /// The cairo PNG of `scene`, decoded; 390x844.
    func cairo(_ scene: String) throws -> Bitmap {
        let bitmap = try PNGDecoder.read(contentsOf: Fixtures.url("oracles/raster/\(scene).cairo.png").path)
        #expect(bitmap.width == Self.width && bitmap.height == Self.height, "\(scene)")
        return bitmap
    }

    /// Every cairo PNG of the folder is one of the four scenes tested here (no reference goes
    /// unread), and its raw copy (`raw/<scene>.cairo.rgba`, 390·844·4 bytes) holds exactly the
    /// pixels of the PNG.
    @Test func rawCopiesEqualThePNGs() throws {
        let folder = Fixtures.url("oracles/raster").path
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".cairo.png") }.sorted()
        #expect(pngs == Self.scenes.map { "\($0).cairo.png" })
        var compared = 0
        for scene in Self.scenes {
            let raw = try fixtureBitmap("oracles/raster/raw/\(scene).cairo.rgba", width: Self.width, height: Self.height)
            #expect(try cairo(scene) == raw, "\(scene)")
            compared += 1
        }
        #expect(compared == 4)
    }

    func render(_ root: LayerSnapshot) throws -> Bitmap {
        try Compositor(options: RenderOptions(scale: 1)).render(root, size: Self.screen.size)
    }

    /// Renders, compares by the README's rules, prints the numbers and writes images to look at.
    func check(_ scene: String, _ root: LayerSnapshot) throws {
        let ours = try render(root)
        let reference = try cairo(scene)
        writeForLooking(try GoldenImage.comparison(ours, reference), name: "\(scene).ours-cairo-diff")
        writeForLooking(ours, name: "\(scene).ours")
        let c = OracleComparison(ours, reference, inside: Self.blue, outside: Self.red)
        print("cairo oracle \(scene): \(c)")
        #expect(c.solidMismatches == 0, "\(scene): first solid mismatch at \(String(describing: c.firstSolidMismatch))")
        #expect(c.maxEdgeError <= 32, "\(scene): \(c)")
        #expect(c.relativeAreaDifference <= 0.0005, "\(scene): \(c)")
        #expect(c.edgePixels > 0, "\(scene): expected anti-aliased edges")
    }

    @Test func circleClip() throws {
        let circle = LayerSnapshot {
            $0.path = .circle(center: CGPoint(x: 195, y: 422), radius: 150); $0.fillColor = .black
        }
        let root = layer(
            Self.screen,
            sublayers: [
                layer(Self.screen, .red),
                layer(Self.screen, .blue, mask: circle),
            ])
        try check("circle_clip", root)
    }

    @Test func perspectiveQuad() throws {
        // CSS perspective(500px) rotateX(10deg) scale(0.9) about the centre = scale, then rotate,
        // then perspective in Core Animation's row-vector order.
        let transform = Transform3D(scaleX: 0.9, y: 0.9)
            .concatenating(Transform3D(rotationAngle: 10 * .pi / 180, x: 1, y: 0, z: 0))
            .concatenating(.perspective(distance: 500))
        let root = layer(Self.screen, .red, sublayers: [layer(Self.screen, .blue) { $0.transform = transform }])
        try check("perspective_quad", root)
    }

    @Test func roundedRect() throws {
        let root = layer(
            Self.screen, .red,
            sublayers: [
                layer(CGRect(x: 45, y: 100, width: 300, height: 200), .blue) { $0.cornerRadius = 24 }
            ])
        try check("rounded_rect", root)
    }

    @Test func opacityBands() throws {
        let bands: [(CGFloat, CGFloat, Float, Color)] = [
            (0, 200, 0.3, .blue), (200, 200, 0.5, .blue), (400, 200, 0.75, .blue), (600, 244, 0.5, .green),
        ]
        let root = layer(
            Self.screen, .red,
            sublayers: bands.map { y, h, a, c in
                layer(CGRect(x: 0, y: y, width: 390, height: h), c) { $0.opacity = a }
            })
        let ours = try render(root)
        let reference = try cairo("opacity_bands")
        writeForLooking(try GoldenImage.comparison(ours, reference, gain: 64), name: "opacity_bands.ours-cairo-diff")
        var maxError = 0, compared = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let a = ours.pixel(x: x, y: y) ?? .transparent, b = reference.pixel(x: x, y: y) ?? .transparent
                maxError = max(maxError, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                compared += 1
            }
        }
        print("cairo oracle opacity_bands: max flat blend error \(maxError)/255")
        #expect(maxError <= 1 && compared == 390 * 844)
    }
}
