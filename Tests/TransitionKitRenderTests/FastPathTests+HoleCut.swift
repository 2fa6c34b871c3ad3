import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The occlusion pass's hole (`BandRenderer.findOccluders`): an opaque screen shrunk inside the
/// band hides the black under it, which is then drawn around it in pieces; a card slid over the
/// bottom still cuts the screen's lower part. The frame equals the general path's.
extension FastPathTests {
    @Test func shrunkScreenIsAHoleUnderACard() throws {
        let img = Self.image(width: 180, height: 300, opaque: true)
        let shrunk = screen(CGRect(x: 3.3, y: 5.1, width: 53, height: 90), img)
        let card = screen(CGRect(x: 0, y: 61.5, width: 60, height: 100), Self.image(width: 180, height: 300, opaque: true))
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [shrunk, card])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 180, y1: 300), width: 180, kernels: .native)
        let probe = renderer.occlusion(root, projection: Projection(PlaneHomography(scale: 3)))
        let (occluder, cut, hole) = (probe.occluder, probe.cut, probe.hole)
        #expect(occluder?.path == [] && occluder?.part == .background)
        // The screen's whole pixels: x 9.9...168.9 and y 15.3...285.3 (3 pixels a point).
        #expect(hole.map { Array($0.path) } == [0] && hole?.part == .contents)
        #expect(hole?.hidden == PixelRect(x0: 10, y0: 16, x1: 168, y1: 285))
        // The card's whole rows from 184.5 on.
        #expect(cut.map { Array($0.path) } == [1] && cut?.visible == PixelRect(x0: 0, y0: 0, x1: 180, y1: 185))
        try check("hole_under_card", root, size: Self.size, scale: 3, exact: false)
        // Without the card; and a screen too small to be a hole (under a quarter of the band).
        try check("hole_alone", layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [shrunk]), size: Self.size, scale: 3, exact: false)
        let small = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [screen(CGRect(x: 20.2, y: 30.4, width: 20, height: 30), img)])
        #expect(renderer.occlusion(small, projection: Projection(PlaneHomography(scale: 3))).hole == nil)
        try check("hole_too_small", small, size: Self.size, scale: 3, exact: false)
    }

    @Test(arguments: [0.1, 0.5, 0.77])
    func tiltedScreenHidesTheRectangleBetweenItsVerticalSides(progress: Double) throws {
        // Push-back's screen turned by θ = 10°·progress about its right edge (m34 = −1/d) over
        // black: its left side is at W − W·cos θ/(1 + W·sin θ/d) and its height at u points from
        // the anchor is H·(1 + u·tan θ/d) (`pushBackEdgesMatchClosedForm`), centred on H/2. The
        // hole is the whole pixels between the left side and the right edge, over the left
        // side's rows; the black under it is then drawn around it only.
        let size = CGSize(width: 131, height: 284), s = 3.0, d = 300.0
        let w = Double(size.width), h = Double(size.height), theta = 10 * progress * .pi / 180
        let pushed = try pushBackScreens(size, scale: 3, d: d, progress: progress)[0]
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: [pushed])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 393, y1: 852), width: 393, kernels: .native)
        let hole = renderer.occlusion(root, projection: Projection(PlaneHomography(scale: 3))).hole
        let left = w - w * cos(theta) / (1 + w * sin(theta) / d)
        let height = h * (1 + (left - w) * tan(theta) / d)
        let expected = PixelRect(
            x0: Int((s * left).rounded(.up)), y0: Int((s * (h - height) / 2).rounded(.up)), x1: 393,
            y1: Int((s * (h + height) / 2).rounded(.down)))
        #expect(hole.map { Array($0.path) } == [0] && hole?.part == .contents)
        #expect(hole?.hidden == expected, "progress \(progress): closed form \(expected)")
        try check("tilted_hole_\(progress)", root, size: size, scale: 3, exact: false)
    }

    @Test func visiblePiecesTileTheRectOutsideTheHole() {
        // Every pixel of the rect outside the hole in exactly one piece, none inside it.
        let cut = BandRenderer.Cut(
            index: 0, part: .contents, visible: PixelRect(x0: 0, y0: 0, x1: 30, y1: 30), hidden: PixelRect(x0: 5, y0: 7, x1: 12, y1: 20))
        for rect in [
            PixelRect(x0: 0, y0: 0, x1: 30, y1: 30), PixelRect(x0: 6, y0: 0, x1: 10, y1: 30), PixelRect(x0: 0, y0: 8, x1: 30, y1: 9),
            PixelRect(x0: 20, y0: 0, x1: 30, y1: 30), PixelRect(x0: 5, y0: 7, x1: 12, y1: 20),
        ] {
            var hits = [Int](repeating: 0, count: 900)
            cut.forEachVisiblePiece(of: rect) { p in
                for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { hits[y * 30 + x] += 1 } }
            }
            for y in 0..<30 {
                for x in 0..<30 {
                    let inRect = x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1
                    let inHole = x >= 5 && x < 12 && y >= 7 && y < 20
                    #expect(hits[y * 30 + x] == (inRect && !inHole ? 1 : 0), "\(rect) at \(x), \(y)")
                }
            }
        }
    }
}
