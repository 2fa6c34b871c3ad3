import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The occlusion pass's hole (`BandRenderer.findOccluders`): what lies under a large opaque
/// screen shrunk inside the band is drawn in pieces around it (`Cut.forEachVisiblePiece`). On
/// random trees under such a screen, drawing the pieces gives exactly the bytes of drawing
/// every part whole and the screen over it (`BandRenderer.drawsAroundHoles` false).
///
/// Seeded (SplitMix64, `TRANSITIONKIT_SEED`); CI renders 200 trees,
/// `TRANSITIONKIT_RENDER_FUZZ_CASES=N` renders N.
@Suite struct HolePieceFuzzTests {
    /// `root` rendered by one band renderer over the whole `width` × `height` pixels.
    static func render(_ root: LayerSnapshot, width: Int, height: Int, scale: Double, aroundHoles: Bool) throws -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height), width: width, height: height, kernels: .native)
        renderer.drawsAroundHoles = aroundHoles
        let stride = bitmap.rowStride
        bitmap.withUnsafeMutablePixels { pixels in
            renderer.render(
                root, scale: scale, background: RGBA8.black.packed, into: PixelPlane(base: pixels, stride: stride, originY: 0))
        }
        return bitmap
    }

    @Test func piecesAroundAHoleEqualDrawingWhole() throws {
        var holes = 0
        let (count, _, failures) = try RandomTreeCase.run(
            ciDefault: 200, fallbackSeed: 0x401E_C075,
            sides: 20...63, maximumDepth: LayerSnapshot.maximumDepth - 1
        ) { c in
            // An opaque screen shrunk to 70...95 % of the frame on fractional points.
            let f = 0.7 + Double(c.g.index(26)) / 100
            let frame = CGRect(
                x: c.size.width * (1 - f) * Double(c.g.index(100)) / 100 + 0.37, y: c.size.height * (1 - f) * Double(c.g.index(100)) / 100 + 0.29,
                width: c.size.width * f - 0.5, height: c.size.height * f - 0.5)
            let contents = FastPathTests.image(width: Int(frame.width * c.scale), height: Int(frame.height * c.scale), opaque: true)
            let screen = layer(frame, Color(red: 0.2, green: 0.45, blue: 0.9)) {
                $0.contents = contents
                $0.masksToBounds = true
            }
            let root = layer(CGRect(origin: .zero, size: c.size), .black, sublayers: [c.root, screen])
            let width = Int((c.size.width * c.scale).rounded()), height = Int((c.size.height * c.scale).rounded())
            let probe = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height), width: width, height: height, kernels: .native)
            if probe.occlusion(root, projection: Projection(PlaneHomography(scale: c.scale))).hole != nil { holes += 1 }
            let pieces = try Self.render(root, width: width, height: height, scale: c.scale, aroundHoles: true)
            let whole = try Self.render(root, width: width, height: height, scale: c.scale, aroundHoles: false)
            return pieces != whole ? "\(FastPathTests.compare(pieces, whole))" : nil
        }
        #expect(holes * 2 >= count, "only \(holes) of \(count) scenes had a hole to draw around")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
