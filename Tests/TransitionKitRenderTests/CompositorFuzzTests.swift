import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Random layer trees (`RandomLayerTree`) rendered by the `Compositor`: no trap, every pixel
/// valid premultiplied RGBA8 (r, g, b <= a), and the documented invariances hold — the same
/// pixels whatever the number of row bands (`RenderOptions.threads`), a transparent tree
/// leaves the background as it is, a tree deeper than `LayerSnapshot.maximumDepth` is a
/// typed error.
///
/// Seeded (SplitMix64, `TRANSITIONKIT_SEED`); CI renders 300 trees,
/// `TRANSITIONKIT_RENDER_FUZZ_CASES=N` renders N. Under the address sanitizer (README, "Long
/// runs"): `swift test -Xswiftc -sanitize=address --filter CompositorFuzzTests`.
@Suite struct CompositorFuzzTests {
    /// The first pixel that is not premultiplied, described, or nil.
    static func invalidPixel(_ b: Bitmap) -> String? {
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y) ?? .transparent
                if p.r > p.a || p.g > p.a || p.b > p.a { return "pixel (\(x), \(y)) = \(p) is not premultiplied" }
            }
        }
        return nil
    }

    /// The largest magnitude of any coordinate in `node`'s subtree once mapped to the
    /// container (matrix entries times the layer's bounds, positions and path extents), `.infinity`
    /// for non-finite values. `parent` maps the node's parent space to the container.
    static func magnitude(_ node: LayerSnapshot, parent: Transform3D) -> Double {
        let p = node.properties
        let m = p.localToParent.concatenating(parent)
        let entries = [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44].map { Double(abs($0)) }
        let box = p.path?.boundingBox ?? .zero
        let extent = [p.bounds.minX, p.bounds.maxX, p.bounds.minY, p.bounds.maxY, box.minX, box.maxX, box.minY, box.maxY, 1]
            .map { Double(abs($0)) }.max()!
        guard entries.allSatisfy(\.isFinite), extent.isFinite, m.m44 != 0 || m.m14 != 0 || m.m24 != 0 else { return .infinity }
        // Perspective: a small w blows coordinates up by 1/w.
        let w = [m.m44, m.m14 + m.m44, m.m24 + m.m44].map { Double(abs($0)) }.filter { $0 > 0 }.min() ?? 1
        var result = entries.max()! * extent / min(1, w)
        let below = p.sublayerToLocal.concatenating(m)
        for s in node.sublayers { result = max(result, magnitude(s, parent: below)) }
        if let mask = node.mask { result = max(result, magnitude(mask, parent: m)) }
        return result
    }

    /// Renders case `index` of the run; returns a failure description or nil.
    static func check(seed: UInt64, checkedBands: inout Int) throws -> String? {
        var g = SplitMix64(seed: seed)
        let size = CGSize(width: 1 + g.index(64), height: 1 + g.index(64))
        let scale = g.pick([1, 1, 2, 0.5, 3] as [CGFloat])
        guard (size.width * scale).rounded() >= 1, (size.height * scale).rounded() >= 1 else { return nil }
        let alpha = UInt8(g.pick([255, 255, 0, 128]))
        let background = RGBA8(r: UInt8(g.index(Int(alpha) + 1)), g: 0, b: alpha, a: alpha)
        var trees = RandomLayerTree(seed: g.next(), size: size, extreme: g.chance(0.5))
        let root = trees.tree()
        let compositor = Compositor(options: RenderOptions(scale: scale, background: background))
        guard root.depth <= LayerSnapshot.maximumDepth else {
            // Deeper than the documented limit: a typed error, not a trap or a partial picture.
            do {
                _ = try compositor.render(root, size: size)
                return "a tree \(root.depth) levels deep rendered; at most \(LayerSnapshot.maximumDepth) are accepted"
            } catch {
                return error.description.contains("depth") ? nil : "depth \(root.depth): unexpected error \(error)"
            }
        }
        let one = try compositor.render(root, size: size)
        if let bad = invalidPixel(one) { return bad }
        // Bands clip the same geometry at different rows, and a pixel's coverage does not
        // depend on the clip (the rasteriser works in the shape's bounds cut to the frame), so
        // every tree, extreme coordinates included, gives the one-band bytes.
        checkedBands += 1
        // Two bands, and seven (more than most trees have layers, so bands start on many rows).
        for threads in [2, 7] {
            var bandedOptions = RenderOptions(scale: scale, background: background, threads: threads)
            bandedOptions.choosesBandCount = false
            let banded = try Compositor(options: bandedOptions).render(root, size: size)
            if banded != one {
                let d = FastPathTests.compare(banded, one)
                let rows = (0..<one.height).filter { y in (0..<one.width).contains { banded.pixel(x: $0, y: y) != one.pixel(x: $0, y: y) } }
                return "\(threads) bands render differently from 1 (\(d), rows \(rows.prefix(8)) of \(one.width)x\(one.height), depth \(root.depth))"
            }
        }
        return nil
    }

    @Test func randomTreesRenderValidPixels() throws {
        let count = TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: 300)
        let runSeed = TestBudget.seed(fallback: 0xC0_4D05_17E5)
        let start = Date()
        var failures: [String] = []
        var rendered = 0
        var banded = 0
        for index in 0..<count {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            if let failure = try Self.check(seed: seed, checkedBands: &banded) {
                failures.append("case seed 0x\(String(seed, radix: 16)): \(failure)")
            }
            rendered += 1
        }
        print(
            "CompositorFuzzTests: \(rendered) trees (\(banded) also in bands) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, run seed 0x\(String(runSeed, radix: 16))"
        )
        #expect(rendered == count)
        #expect(banded * 3 >= count, "only \(banded) of \(count) trees compared in bands")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// A tree that draws nothing visible (every layer transparent or hidden) leaves every
    /// pixel the background colour.
    @Test func invisibleTreeLeavesTheBackground() throws {
        var trees = RandomLayerTree(seed: 7, size: CGSize(width: 30, height: 20))
        var root = trees.tree()
        root.properties.opacity = 0
        let background = RGBA8(r: 10, g: 20, b: 30, a: 200)
        let frame = try Compositor(options: RenderOptions(scale: 2, background: background)).render(root, size: CGSize(width: 30, height: 20))
        let wrong = (0..<frame.height).flatMap { y in (0..<frame.width).filter { frame.pixel(x: $0, y: y) != background } }
        #expect(wrong.isEmpty && frame.width == 60 && frame.height == 40)
    }
}
