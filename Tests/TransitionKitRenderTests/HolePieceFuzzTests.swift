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
        var bitmap = try Bitmap(width: width, height: height)
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height), width: width, height: height)
        renderer.drawsAroundHoles = aroundHoles
        let stride = bitmap.rowStride
        bitmap.withUnsafeMutablePixels { pixels in
            renderer.render(
                root, scale: scale, background: RGBA8.black.packed, into: PixelPlane(base: pixels, stride: stride, originY: 0))
        }
        return bitmap
    }

    @Test func piecesAroundAHoleEqualDrawingWhole() throws {
        let count = TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: 200)
        let runSeed = TestBudget.seed(fallback: 0x401E_C075)
        var failures: [String] = []
        var holes = 0
        for index in 0..<count {
            let seed = SplitMix64.caseSeed(run: runSeed, index: index)
            var g = SplitMix64(seed: seed)
            let size = CGSize(width: 20 + g.index(44), height: 20 + g.index(44))
            let scale = g.pick([1, 2, 3] as [CGFloat])
            var trees = RandomLayerTree(seed: g.next(), size: size, extreme: false)
            let below = trees.tree()
            guard below.depth < LayerSnapshot.maximumDepth, CompositorFuzzTests.magnitude(below, parent: .identity) < 1e9 else { continue }
            // An opaque screen shrunk to 70...95 % of the frame on fractional points.
            let f = 0.7 + Double(g.index(26)) / 100
            let frame = CGRect(
                x: size.width * (1 - f) * Double(g.index(100)) / 100 + 0.37, y: size.height * (1 - f) * Double(g.index(100)) / 100 + 0.29,
                width: size.width * f - 0.5, height: size.height * f - 0.5)
            let contents = FastPathTests.image(width: Int(frame.width * scale), height: Int(frame.height * scale), opaque: true)
            let screen = layer(frame, Color(red: 0.2, green: 0.45, blue: 0.9)) {
                $0.contents = contents
                $0.masksToBounds = true
            }
            let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [below, screen])
            let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
            let probe = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height), width: width, height: height)
            if probe.findOccluders(root, projection: Projection(PlaneHomography(scale: scale))).hole != nil { holes += 1 }
            let pieces = try Self.render(root, width: width, height: height, scale: scale, aroundHoles: true)
            let whole = try Self.render(root, width: width, height: height, scale: scale, aroundHoles: false)
            if pieces != whole { failures.append("case seed 0x\(String(seed, radix: 16)): \(FastPathTests.compare(pieces, whole))") }
        }
        #expect(holes * 2 >= count, "only \(holes) of \(count) scenes had a hole to draw around")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
