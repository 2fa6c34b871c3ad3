import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Random layer trees (`RandomLayerTree`, moderate coordinates as the band check in
/// `CompositorFuzzTests`) rendered on the fast paths and with `RenderOptions.disableFastPaths`:
/// the pictures agree within the documented 1/255 per channel.
///
/// Seeded (SplitMix64, `TRANSITIONKIT_SEED`); CI renders 300 trees,
/// `TRANSITIONKIT_RENDER_FUZZ_CASES=N` renders N.
@Suite struct FastPathFuzzTests {
    @Test func fastPathsOfRandomTreesMatchTheGeneralPath() throws {
        let (count, checked, failures) = try RandomTreeCase.run(ciDefault: 300, fallbackSeed: 0xFA57_9A75) { c in
            let options = RenderOptions(scale: c.scale, background: c.g.chance(0.5) ? .black : .transparent)
            var general = options
            general.disableFastPaths = true
            let fast = try Compositor(options: options).render(c.root, size: c.size)
            let slow = try Compositor(options: general).render(c.root, size: c.size)
            let d = FastPathTests.compare(fast, slow)
            return d.maxChannel > 1 ? "\(d)" : nil
        }
        #expect(checked * 2 >= count, "only \(checked) of \(count) trees checked")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// Screen-like scenes: a parent scaled by nearly 1 (0.98...1.02 each way, a fractional
    /// offset) holding two to four masked-to-bounds layers on fractional frames, opaque or
    /// translucent, some with rounded corners and contents, one over another.
    static func scene(_ g: inout SplitMix64) -> LayerSnapshot {
        func fraction(_ n: Int) -> CGFloat { CGFloat(g.index(n * 8)) / 8 + CGFloat(g.index(1000)) / 3000 }
        let children = (0..<(2 + g.index(3))).map { _ -> LayerSnapshot in
            let opaque = g.chance(0.5)
            let frame = CGRect(x: fraction(30) - 5, y: fraction(50) - 5, width: 5 + fraction(50), height: 5 + fraction(80))
            let color = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: opaque ? 1 : 0.5)
            let contents = g.chance(0.5) ? FastPathTests.image(width: 1 + g.index(120), height: 1 + g.index(200), opaque: opaque) : nil
            let radius = g.pick([0, 0, 2.5, 7] as [CGFloat])
            let masks = g.chance(0.7)
            return layer(frame, color) {
                $0.contents = contents
                $0.contentsGravity = .resizeAspectFill
                $0.masksToBounds = masks
                $0.cornerRadius = radius
            }
        }
        let sx = 0.98 + CGFloat(g.index(41)) / 1000, sy = 0.98 + CGFloat(g.index(41)) / 1000
        let parent = layer(CGRect(x: fraction(2), y: fraction(2), width: 60, height: 100), nil, sublayers: children) {
            $0.transform = Transform3D(scaleX: sx, y: sy)
            $0.masksToBounds = g.chance(0.3)
        }
        return layer(CGRect(x: 0, y: 0, width: 60, height: 100), .black, sublayers: [parent])
    }

    @Test func fastPathsOfScreenScenesMatchTheGeneralPath() throws {
        let failures = try TestBudget.failures("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: 300, fallbackSeed: 0x5C2E_E45) { seed in
            var g = SplitMix64(seed: seed)
            let root = Self.scene(&g)
            let scale = g.pick([1, 2, 3] as [CGFloat])
            var general = RenderOptions(scale: scale, background: .black)
            general.disableFastPaths = true
            let size = CGSize(width: 60, height: 100)
            let fast = try Compositor(options: RenderOptions(scale: scale, background: .black)).render(root, size: size)
            let slow = try Compositor(options: general).render(root, size: size)
            let d = FastPathTests.compare(fast, slow)
            return d.maxChannel > 1 ? ["\(d)"] : []
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
