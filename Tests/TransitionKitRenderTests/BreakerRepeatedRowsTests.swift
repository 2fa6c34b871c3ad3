import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Random shapes (found by a breaker for the repeated-rows change, kept as a fuzz test;
/// `TRANSITIONKIT_REPEATED_ROW_CASES=N` for a long run): random shapes built to make rows repeat (vertical sides, stacked sides 0.1 px apart
/// or in one column, sides left of x = 0, subpaths starting/ending on 16-row band boundaries,
/// rounded rects, slanted edges mixed in), checked at the rasteriser level and through
/// `ShapeClipRows` (build + clip(rect:), the clipped fill, the direct fill) against a reference
/// with no replay at all: every row filled alone (a one-row clip).
@Suite struct BreakerRepeatedRowsTests {
    /// Coverage of every pixel of the frame from one-row fills (no replay possible).
    static func reference(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, frame: PixelRect) -> [UInt8] {
        let rasterizer = CoverageRasterizer(frame: frame)
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        for y in frame.y0..<frame.y1 {
            rasterizer.fill(polygons, rule: rule, clip: PixelRect(x0: frame.x0, y0: y, x1: frame.x1, y1: y + 1)) { span in
                for i in 0..<(span.count + span.solidCount) {
                    out[span.y * frame.width + span.x + i] = i < span.count ? span.coverage[i] : UInt8(span.solidCoverage)
                }
            }
        }
        #expect(rasterizer.replayedRows == 0)
        return out
    }

    static func paint(_ out: inout [UInt8], _ written: inout [Bool], width: Int, _ span: CoverageSpan, failures: inout Int) {
        for i in 0..<(span.count + span.solidCount) {
            let k = span.y * width + span.x + i
            if written[k] { failures += 1 }
            written[k] = true
            out[k] = i < span.count ? span.coverage[i] : UInt8(span.solidCoverage)
        }
    }

    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool) -> [CGPoint] {
        let p = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
        return reversed ? p.reversed() : p
    }

    /// A coordinate with a nasty fractional part.
    static func coord(_ g: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        let base = lo + Double(g.index(max(1, Int(hi - lo))))
        switch g.index(7) {
        case 0: return base
        case 1: return base + Double(g.index(10)) / 10
        case 2: return base + Double(g.index(64)) / 64
        case 3: return base + Double(g.index(3)) / 3
        case 4: return base + 0.5
        case 5: return base + Double.random(in: 0..<1, using: &g)
        default: return base + 1e-7 * Double(g.index(3))
        }
    }

    /// Random polygons designed to have long runs of repeated rows.
    static func shape(_ g: inout SplitMix64, frame: PixelRect) -> [[CGPoint]] {
        let W = Double(frame.width), H = Double(frame.height)
        var polygons: [[CGPoint]] = []
        let n = 1 + g.index(4)
        // A shared column / band-boundary anchor for several subpaths.
        let anchorX = coord(&g, -10, W + 5)
        let anchorY = coord(&g, -20, H)
        for _ in 0..<n {
            let kind = g.index(8)
            var x0 = coord(&g, -20, W), y0 = coord(&g, -20, H)
            var x1 = x0 + 1 + coord(&g, 0, W), y1 = y0 + 1 + coord(&g, 0, H + 20)
            if g.chance(0.4) { x0 = anchorX + Double(g.index(4)) * g.pick([0.1, 0.05, 1, 0.5, 0]) }
            if g.chance(0.3) { x1 = anchorX + 2 + Double(g.index(4)) * g.pick([0.1, 1, 0]) + coord(&g, 0, 30) }
            if g.chance(0.4) {
                // Start/end on 16-row band boundaries from the anchor (possibly the box top).
                y0 = anchorY + Double(16 * g.index(4)) + g.pick([0, 0, 0.5, -0.5, 0.1, 1, -1])
            }
            if g.chance(0.4) { y1 = anchorY + Double(16 * (1 + g.index(8))) + g.pick([0, 0, 0.5, -0.5, 0.1, 1, -1]) }
            if x1 <= x0 { x1 = x0 + 0.3 }
            if y1 <= y0 { y1 = y0 + 0.7 }
            let rev = g.chance(0.5)
            switch kind {
            case 0, 1, 2:
                polygons.append(rect(x0, y0, x1, y1, reversed: rev))
            case 3:
                var pts: [CGPoint] = []
                let r = min(x1 - x0, y1 - y0) / 2 * Double.random(in: 0..<1, using: &g)
                ShapeFlattening.roundedRect(
                    CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), cornerRadius: r, tolerance: LoweredFrame.flatteningTolerance,
                    into: &pts)
                polygons.append(rev ? pts.reversed() : pts)
            case 4:
                // A rect with a slanted top and bottom (edges inside bands).
                let d = coord(&g, 0, 8)
                let p = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0 + d), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1 + d)]
                polygons.append(rev ? p.reversed() : p)
            case 5:
                // Nearly vertical sliver.
                let p = [CGPoint(x: x0, y: y0), CGPoint(x: x0 + 1.5, y: y0), CGPoint(x: x0 + 1.5 + 1e-3, y: y1), CGPoint(x: x0, y: y1)]
                polygons.append(rev ? p.reversed() : p)
            case 7:
                // Many side-by-side rects (more written ranges a row than the rasteriser's 4 slots).
                let m = 5 + g.index(12)
                var x = x0
                for _ in 0..<m {
                    let w = 0.2 + coord(&g, 0, 6), gap = g.pick([0.0, 0.1, 0.5, 1.0, 2.3, 0.05])
                    polygons.append(rect(x, y0 + (g.chance(0.3) ? Double(g.index(3)) : 0), x + w, y1, reversed: g.chance(0.5)))
                    x += w + gap
                }
            default:
                // Stacked: three subpaths whose left sides are 0.1 apart (the earlier finding).
                for k in 0..<3 {
                    let xx = x0 + Double(k) * g.pick([0.1, 0.05, 0.3, 1.0])
                    let yy = y0 + Double(k) * g.pick([1, 0, 16, 0.5])
                    let bottom = k == 2 && g.chance(0.5) ? y0 + Double(16 * (1 + g.index(4))) : y1
                    polygons.append([
                        CGPoint(x: xx, y: yy), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: max(bottom, yy + 1)), CGPoint(x: xx, y: max(bottom, yy + 1)),
                    ])
                }
            }
        }
        return polygons
    }

    static func runCase(_ g: inout SplitMix64, stats: inout Stats, failures: inout [String]) {
        let frame = PixelRect(x0: 0, y0: 0, x1: 10 + g.index(110), y1: 10 + g.index(200))
        let polygons = shape(&g, frame: frame)
        let rule: ShapePath.FillRule = g.chance(0.5) ? .evenOdd : .nonZero
        let W = frame.width
        let ref = reference(polygons, rule: rule, frame: frame)

        // 1. Plain fill through random clips (whole frame, bands, random rects).
        for t in 0..<5 {
            let clip: PixelRect
            if t == 0 {
                clip = frame
            } else if t == 1 {
                let bands = 2 + g.index(6)
                let b = g.index(bands)
                clip = PixelRect(x0: 0, y0: frame.height * b / bands, x1: W, y1: frame.height * (b + 1) / bands)
            } else {
                let x = g.index(W), y = g.index(frame.height)
                clip = PixelRect(x0: x, y0: y, x1: x + 1 + g.index(W - x), y1: y + 1 + g.index(frame.height - y))
            }
            let r = CoverageRasterizer(frame: frame)
            var out = [UInt8](repeating: 0, count: W * frame.height), written = [Bool](repeating: false, count: W * frame.height)
            var dup = 0
            r.fill(polygons, rule: rule, clip: clip) { paint(&out, &written, width: W, $0, failures: &dup) }
            // Also the repeating API directly, handing spans out in the caller's loop.
            var out2 = [UInt8](repeating: 0, count: W * frame.height), written2 = [Bool](repeating: false, count: W * frame.height)
            var dup2 = 0
            r.fill(
                polygons, rule: rule, clip: clip, row: { paint(&out2, &written2, width: W, $0, failures: &dup2) },
                repeating: { rows, spans in
                    for y in rows { for s in spans { paint(&out2, &written2, width: W, s.moved(to: y), failures: &dup2) } }
                })
            stats.replayed += r.replayedRows
            stats.checks += 1
            var bad = 0, ex = ""
            for y in clip.y0..<clip.y1 {
                for x in clip.x0..<clip.x1 {
                    let k = y * W + x
                    if out[k] != ref[k] || out2[k] != ref[k] {
                        if bad == 0 { ex = "(\(x),\(y)) got \(out[k])/\(out2[k]) want \(ref[k])" }
                        bad += 1
                    }
                }
            }
            if bad > 0 || dup > 0 || dup2 > 0 {
                failures.append("fill clip \(clip) rule \(rule): \(bad) px, dup \(dup) \(dup2) \(ex) polys \(polygons)")
            }
        }

        // 2. ShapeClipRows: renderer for a band of the frame; shape clip over it.
        let bandRows =
            g.chance(0.5)
            ? 0..<frame.height
            : {
                let a = g.index(frame.height); return a..<(a + 1 + g.index(frame.height - a))
            }()
        let band = PixelRect(x0: 0, y0: bandRows.lowerBound, x1: W, y1: bandRows.upperBound)
        // Clip bounds narrower than the band sometimes (an inherited clip).
        var clipBounds = band
        if g.chance(0.3) {
            let x = g.index(W); clipBounds = PixelRect(x0: x, y0: band.y0, x1: x + 1 + g.index(W - x), y1: band.y1)
        }
        if g.chance(0.3) {
            let y = band.y0 + g.index(band.height)
            clipBounds = PixelRect(x0: clipBounds.x0, y0: y, x1: clipBounds.x1, y1: y + 1 + g.index(band.y1 - y))
        }
        let renderer = BandRenderer(band: band, width: W, height: frame.height, kernels: .native)
        // The shape's reference coverage in the clip bounds the shape was given (shape.box).
        func clipCov(_ x: Int, _ y: Int) -> UInt8 {
            clipBounds.contains(x: x, y: y) ? ref[y * W + x] : 0
        }
        // No shape clip is a result to check too, not a case to skip: no clip at all when the
        // shape covers nothing of the clip bounds; a plain rectangle when the shape is one
        // pixel-aligned rectangle (its pixels fully covered, the others not at all).
        guard let clip = renderer.intersect(Clip(bounds: clipBounds, mask: nil), with: polygons, rule: rule, alpha: 255) else {
            stats.checks += 1
            let covered = (clipBounds.y0..<clipBounds.y1).contains { y in (clipBounds.x0..<clipBounds.x1).contains { clipCov($0, y) > 0 } }
            if covered { failures.append("intersect gave no clip though the shape covers pixels of \(clipBounds); polys \(polygons)") }
            return
        }
        guard clip.shape != nil else {
            stats.checks += 1
            stats.rectangleClips += 1
            guard PixelRect.aligned(polygons) != nil, clip.mask == nil else {
                return failures.append("intersect gave a clip without a shape for a shape that is not one aligned rectangle; polys \(polygons)")
            }
            var bad = 0
            for y in clipBounds.y0..<clipBounds.y1 {
                for x in clipBounds.x0..<clipBounds.x1 where clip.bounds.contains(x: x, y: y) != (clipCov(x, y) == 255) { bad += 1 }
            }
            if bad > 0 {
                failures.append("rectangle clip \(clip.bounds) in \(clipBounds) disagrees with the coverage in \(bad) px; polys \(polygons)")
            }
            return
        }
        stats.shapeClips += 1
        // 2a. Drawn: aligned rectangle (clip(rect:) or the direct fill), or a non-aligned polygon.
        for attempt in 0..<5 {
            let drawn: [[CGPoint]]
            if attempt == 4 {
                let y = band.y0 + g.index(band.height)
                drawn = [
                    rect(
                        Double(band.x0 - g.index(3)), Double(y), Double(band.x1 + g.index(3)), Double(y + 1 + g.index(band.y1 - y)),
                        reversed: g.chance(0.5))
                ]
            } else if attempt < 2 {
                if attempt == 0 {
                    drawn = [rect(Double(band.x0), Double(band.y0), Double(band.x1), Double(band.y1), reversed: false)]
                } else {
                    let x = g.index(W), y = band.y0 + g.index(band.height)
                    drawn = [rect(Double(x), Double(y), Double(x + 1 + g.index(W - x)), Double(y + 1 + g.index(band.y1 - y)), reversed: false)]
                }
            } else {
                let x0 = coord(&g, -5, Double(W)), y0 = coord(&g, Double(band.y0) - 5, Double(band.y1))
                drawn =
                    g.chance(0.5)
                    ? [rect(x0, y0, x0 + 1 + coord(&g, 0, Double(W)), y0 + 1 + coord(&g, 0, Double(frame.height)), reversed: false)]
                    : shape(&g, frame: frame)
            }
            let drawnRule: ShapePath.FillRule = g.chance(0.5) ? .evenOdd : .nonZero
            let dref = reference(drawn, rule: drawnRule, frame: frame)
            for once in [true, false] {
                // Fresh shape state each time: reset via a new intersect.
                guard let c2 = renderer.intersect(Clip(bounds: clipBounds, mask: nil), with: polygons, rule: rule, alpha: 255),
                    let s2 = c2.shape
                else { continue }
                s2.drawnOnce = once
                var out = [UInt8](repeating: 0, count: W * frame.height), written = [Bool](repeating: false, count: W * frame.height)
                var dup = 0
                let before = renderer.rasterizer.replayedRows
                renderer.forEachShapeClippedSpan(drawn, rule: drawnRule, clip: c2) { paint(&out, &written, width: W, $0, failures: &dup) }
                stats.replayed += renderer.rasterizer.replayedRows - before
                stats.checks += 1
                var bad = 0, ex = ""
                let isAligned = PixelRect.aligned(drawn) != nil
                for y in band.y0..<band.y1 {
                    for x in 0..<W {
                        let k = y * W + x
                        var want: UInt8
                        if !c2.bounds.contains(x: x, y: y) {
                            want = 0
                        } else {
                            want = UInt8(PixelMath.mul(UInt32(dref[k]), UInt32(clipCov(x, y))))
                        }
                        if isAligned, let r = PixelRect.aligned(drawn), !r.contains(x: x, y: y) { want = 0 }
                        // Unwritten pixels are 0; written zero pixels are fine too.
                        if out[k] != want {
                            if bad == 0 { ex = "(\(x),\(y)) got \(out[k]) want \(want) [drawn \(dref[k]) clip \(clipCov(x, y))]" }
                            bad += 1
                        }
                    }
                }
                if bad > 0 || dup > 0 {
                    failures.append(
                        "shape clip once=\(once) built=\(s2.rows.isBuilt) band \(band) clipBounds \(clipBounds) rule \(rule) drawn \(drawn) \(drawnRule): \(bad) px dup \(dup) \(ex); polys \(polygons)"
                    )
                }
            }
        }
    }

    @Test func randomRepeatingShapes() {
        let count = TestBudget.count("TRANSITIONKIT_REPEATED_ROW_CASES", ciDefault: 300)
        let runSeed = TestBudget.seed(fallback: 0xB4EA_4E55)
        var failures: [String] = []
        var stats = Stats()
        for index in 0..<count {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            var g = SplitMix64(seed: seed)
            var found: [String] = []
            Self.runCase(&g, stats: &stats, failures: &found)
            failures += found.map { "seed 0x\(String(seed, radix: 16)) (TRANSITIONKIT_CASE_SEED) \($0)" }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(2))")
        // The cases must reach the code under test: rows replayed and pixels compared.
        #expect(stats.replayed > 0 && stats.checks > 0, "\(stats.replayed) rows replayed, \(stats.checks) checks")
        // The second half (the shape clip) must run in most cases: at most a quarter may end
        // at a checked rectangle or empty clip (about 1 in 10 here with the fallback seed).
        guard TestBudget.rerunCaseSeed == nil else { return }  // one case rerun: no share to check
        #expect(stats.shapeClips * 4 >= count * 3, "\(stats.shapeClips) of \(count) cases reached the shape clip")
        #expect(stats.rectangleClips <= count / 4, "\(stats.rectangleClips) rectangle clips")
    }

    /// What the cases reached: rows replayed, comparisons made, and how many built a shape
    /// clip (the second half) or ended at a rectangle clip.
    struct Stats {
        var replayed = 0, checks = 0, shapeClips = 0, rectangleClips = 0
    }
}

extension PixelRect {
    func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
}
