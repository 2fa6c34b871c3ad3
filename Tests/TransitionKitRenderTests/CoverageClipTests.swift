import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// A shape's coverage is a function of the shape and the pixel only (`CoverageRasterizer`):
/// filling it through any clip — a band of rows, a hole's piece, a damage span — hands out,
/// inside the clip, exactly the bytes of one fill of the whole frame, and nothing outside it.
///
/// The oracle is the rasteriser's own whole-frame fill (the one-band render every golden image
/// holds). That the check can fail is shown on the same shapes: a rasteriser whose frame is the
/// clip itself (so its sums start at the clip's edge, as they did before coverage was made
/// independent of the clip) gives different bytes for some of them.
@Suite struct CoverageClipTests {
    static let frame = PixelRect(x0: 0, y0: 0, x1: 97, y1: 83)

    /// Coverage per pixel of `frame`, from `rasterizer` filling `polygons` through `clip`.
    static func coverage(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect, _ rasterizer: CoverageRasterizer
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        rasterizer.fill(polygons, rule: rule, clip: clip) { span in
            for i in 0..<(span.count + span.solidCount) {
                out[span.y * frame.width + span.x + i] = i < span.count ? span.coverage[i] : UInt8(span.solidCoverage)
            }
        }
        return out
    }

    /// A random shape in and around the frame: one or two polygons of 3...40 points, some on
    /// curves of many short edges (the ones whose coverage sums the most cells). Coordinates are
    /// tenths of a point at scale 3 (`k / 10 · 3`, as a layer's frame maps to pixels), so many
    /// pixels' exact coverage lies on a rounding boundary (a half of 1/255) that summation
    /// errors push either way.
    static func shape(_ g: inout SplitMix64) -> [[CGPoint]] {
        func coordinate(_ extent: Int) -> Double { Double(g.index(extent * 4 + 80) - 40) / 10 * 3 }
        return (0...g.index(2)).map { _ in
            if g.chance(0.5) {
                let cx = coordinate(97), cy = coordinate(83)
                let rx = 3 + Double(g.index(600)) / 10 * 3, ry = 3 + Double(g.index(600)) / 10 * 3
                let n = 12 + g.index(28)
                return (0..<n).map { k in
                    let t = 2 * Double.pi * Double(k) / Double(n)
                    return CGPoint(x: cx + rx * cos(t), y: cy + ry * sin(t))
                }
            }
            return (0..<(3 + g.index(8))).map { _ in CGPoint(x: coordinate(97), y: coordinate(83)) }
        }
    }

    @Test func coverageThroughAnyClipIsTheWholeFramesCoverage() {
        let cases = TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: 300)
        let runSeed = TestBudget.seed(fallback: 0xC11B_5A3E)
        let rasterizer = CoverageRasterizer(frame: Self.frame)
        var failures: [String] = []
        var oldSchemeDiffers = 0
        for index in 0..<cases {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            var g = SplitMix64(seed: seed)
            let polygons = Self.shape(&g)
            let rule: ShapePath.FillRule = g.chance(0.5) ? .nonZero : .evenOdd
            let whole = Self.coverage(polygons, rule: rule, clip: Self.frame, rasterizer)
            // Bands of rows (as `RenderOptions.threads` cuts the frame), then random rectangles
            // (hole pieces, damage spans).
            let bands = 2 + g.index(6)
            var clips = (0..<bands).map { b in
                PixelRect(x0: 0, y0: Self.frame.height * b / bands, x1: Self.frame.width, y1: Self.frame.height * (b + 1) / bands)
            }
            for _ in 0..<4 {
                let x0 = g.index(Self.frame.width), y0 = g.index(Self.frame.height)
                clips.append(PixelRect(x0: x0, y0: y0, x1: x0 + 1 + g.index(Self.frame.width - x0), y1: y0 + 1 + g.index(Self.frame.height - y0)))
            }
            for clip in clips {
                let got = Self.coverage(polygons, rule: rule, clip: clip, rasterizer)
                var wrong = 0
                for y in 0..<Self.frame.height {
                    for x in 0..<Self.frame.width {
                        let inside = x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
                        if got[y * Self.frame.width + x] != (inside ? whole[y * Self.frame.width + x] : 0) { wrong += 1 }
                    }
                }
                if wrong > 0 { failures.append("seed 0x\(String(seed, radix: 16)) clip \(clip): \(wrong) pixels") }
                let old = CoverageRasterizer(frame: clip)
                if Self.coverage(polygons, rule: rule, clip: clip, old) != got { oldSchemeDiffers += 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) clips differ from the whole frame's fill, first: \(failures.prefix(3))")
        #expect(oldSchemeDiffers > 0, "sums started at the clip's edge never differed: the check cannot fail")
    }
}
