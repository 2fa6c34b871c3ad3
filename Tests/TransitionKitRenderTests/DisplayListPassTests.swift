import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The occlusion pass on lowered lists, and every lowered list's shape: regions balanced, each
/// naming its own end; the pass leaves out only what is covered (the bytes of a render with it
/// equal those without it).
@Suite struct DisplayListPassTests {
    /// `root` lowered at `scale` over `width` × `height` pixels and drawn by one band renderer
    /// over the whole frame, with the occlusion pass or without it (fast paths on either way).
    static func render(_ root: LayerSnapshot, width: Int, height: Int, scale: Double, occlusion: Bool) -> Bitmap {
        let list = LoweredFrame()
        list.lower(root, projection: Projection(PlaneHomography(scale: scale)), width: width, height: height, findsOccluders: occlusion)
        var bitmap = Bitmap(width: width, height: height)
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height), width: width, height: height, kernels: .native)
        let stride = bitmap.rowStride
        bitmap.withUnsafeMutablePixels { pixels in
            renderer.render(list, background: RGBA8.black.packed, into: PixelPlane(base: pixels, stride: stride, originY: 0))
        }
        return bitmap
    }

    /// Nil when every region of `list` names the index of its own end (`restore` for a clip and
    /// for a mask's host, `endGroup`, with `endMask` between a mask's begin and end) and the
    /// regions nest; else what is wrong.
    static func shapeFault(_ list: LoweredFrame) -> String? {
        // The closers expected, innermost last: the kind and, where known, its index.
        enum Closer: Equatable {
            case restore(Int)
            case endGroup(Int)
            case endMask(host: Int)
        }
        var open: [Closer] = []
        for (i, c) in list.commands.enumerated() {
            switch c {
            case .clip(_, _, _, _, let end): open.append(.restore(end))
            case .beginGroup(_, let end): open.append(.endGroup(end))
            case .beginMask(let end): open.append(.endMask(host: end))
            case .endMask:
                guard case .endMask(let host)? = open.popLast() else { return "endMask \(i) outside a mask subtree" }
                open.append(.restore(host))
            case .restore:
                guard open.popLast() == .restore(i) else { return "restore \(i) does not end the innermost region" }
            case .endGroup:
                guard open.popLast() == .endGroup(i) else { return "endGroup \(i) does not end the innermost region" }
            case .fill(let shape, _, _, _), .contents(_, _, let shape, _, _):
                guard shape < list.shapeCount else { return "command \(i) reads shape \(shape) of \(list.shapeCount)" }
            case .gradient(let plan, let shape, _):
                guard plan < list.gradientCount, shape < list.shapeCount else {
                    return "command \(i) reads gradient plan \(plan) of \(list.gradientCount), shape \(shape) of \(list.shapeCount)"
                }
            case .shadow(let plan, _, _):
                guard plan < list.shadowCount else { return "command \(i) reads shadow plan \(plan) of \(list.shadowCount)" }
            case .mesh(let plan, _):
                guard plan < list.meshCount else { return "command \(i) reads mesh plan \(plan) of \(list.meshCount)" }
            case .blur(let plan):
                guard plan < list.blurs.count, i + 1 < list.commands.count, case .endGroup = list.commands[i + 1] else {
                    return "blur \(i) reads blur \(plan) of \(list.blurs.count) or does not end a group"
                }
            }
        }
        return open.isEmpty ? nil : "regions left open: \(open)"
    }

    @Test func theOcclusionPassLeavesOutExactlyWhatIsCovered() {
        // Three screens over a black root (1x, 60x100): A opaque over all of it, B over its
        // right half from x = 30.25 (whole pixels from 31), C a translucent card. The band's
        // occluder is A (nothing before it, nor the background fill, is drawn); B is the one
        // cut (visible: columns 0..<31, what it leaves); C hides nothing.
        let image = FastPathTests.image(width: 60, height: 100, opaque: true)
        let a = layer(CGRect(x: 0, y: 0, width: 60, height: 100)) { $0.contents = image }
        let b = layer(CGRect(x: 30.25, y: 0, width: 60, height: 100), .white)
        let c = layer(CGRect(x: 10, y: 20, width: 30, height: 30), Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let root = layer(CGRect(x: 0, y: 0, width: 60, height: 100), .black, sublayers: [a, b, c])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 60, y1: 100), width: 60, height: 100, kernels: .native)
        let (o, list) = renderer.findOccluders(root, projection: Projection(PlaneHomography(scale: 1)))
        #expect(Self.shapeFault(list) == nil)
        #expect(o.occluder == 1 && o.occluderPart == .contents)
        #expect(renderer.cuts == [BandRenderer.Cut(index: 2, part: .background, visible: PixelRect(x0: 0, y0: 0, x1: 31, y1: 100))])
        #expect(o.hole == nil)
        let with = Self.render(root, width: 60, height: 100, scale: 1, occlusion: true)
        let without = Self.render(root, width: 60, height: 100, scale: 1, occlusion: false)
        #expect(with == without)
        // The cut's own pixel column 30 (B covers 3/4 of it): A's pixel under B's edge, blended.
        #expect(with.pixel(x: 30, y: 90) != with.pixel(x: 31, y: 90))
    }

    @Test func aScreenShrunkBehindACardIsAHoleWithItsOwnIndex() {
        // An opaque screen shrunk to 40x60 pt at (10, 20) behind a card over the bottom: the
        // hole is the screen's whole pixels (a quarter of the band or more), the card a cut.
        let image = FastPathTests.image(width: 60, height: 100, opaque: true)
        let shrunk = layer(CGRect(x: 10.5, y: 20.5, width: 40, height: 60)) { $0.contents = image }
        let card = layer(CGRect(x: 0, y: 70, width: 60, height: 30), .white)
        let root = layer(CGRect(x: 0, y: 0, width: 60, height: 100), .black, sublayers: [shrunk, card])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 60, y1: 100), width: 60, height: 100, kernels: .native)
        let (o, list) = renderer.findOccluders(root, projection: Projection(PlaneHomography(scale: 1)))
        #expect(o.occluder == 0)  // the root's opaque background
        #expect(
            o.hole
                == BandRenderer.Cut(
                    index: 1, part: .contents, visible: PixelRect(x0: 0, y0: 0, x1: 60, y1: 100), hidden: PixelRect(x0: 11, y0: 21, x1: 50, y1: 80)))
        #expect(renderer.cuts.map(\.index) == [2] && renderer.cuts.first?.visible == PixelRect(x0: 0, y0: 0, x1: 60, y1: 70))
        #expect(list.origin(of: 1).path == [0] && list.origin(of: 2).path == [1])
        #expect(
            Self.render(root, width: 60, height: 100, scale: 1, occlusion: true)
                == Self.render(root, width: 60, height: 100, scale: 1, occlusion: false))
    }

    @Test func randomTreesLowerToBalancedListsAndOcclusionChangesNoByte() {
        // The display-list fuzz: every random tree's list is well formed, and drawing it with
        // the occlusion pass gives the bytes of drawing it without (the pass only leaves out
        // what later opaque parts cover), whole and in three bands.
        let (count, checked, failures) = RandomTreeCase.run(ciDefault: 200, fallbackSeed: 0xD15_7115) { c in
            let width = Int((c.size.width * c.scale).rounded()), height = Int((c.size.height * c.scale).rounded())
            let list = LoweredFrame()
            list.lower(c.root, projection: Projection(PlaneHomography(scale: Double(c.scale))), width: width, height: height, findsOccluders: true)
            if let fault = Self.shapeFault(list) { return fault }
            let with = Self.render(c.root, width: width, height: height, scale: Double(c.scale), occlusion: true)
            let without = Self.render(c.root, width: width, height: height, scale: Double(c.scale), occlusion: false)
            if with != without { return "occlusion moved pixels: \(FastPathTests.compare(with, without))" }
            var options = RenderOptions(scale: c.scale, background: .black, threads: 3)
            options.choosesBandCount = false
            guard let banded = try? Compositor(options: options).render(c.root, size: c.size) else { return "banded render threw" }
            return banded == with ? nil : "three bands differ: \(FastPathTests.compare(banded, with))"
        }
        #expect(checked * 2 >= count, "only \(checked) of \(count) trees checked")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
