import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The rasteriser replays the spans of a band whose active edges are all vertical through it
/// (`RepeatedRows`) instead of depositing and summing them again. Checked two ways:
/// - against the closed form: for axis-aligned rectangles whose corners are multiples of 1/64
///   pixel, every pixel's exact covered area is a short binary fraction that the sums hold
///   exactly, so its byte is ⌊255·area + 0.5⌋ (the rasteriser's quantisation,
///   `tk_coverage_byte`), edges included;
/// - against the rasteriser without replay: every row of a whole-frame fill equals that row
///   filled alone (a one-row clip draws one band, which has nothing recorded to replay), for
///   shapes that mix vertical edges with slanted ones and edges starting inside bands.
@Suite struct RepeatedRowsTests {
    static let frame = PixelRect(x0: 0, y0: 0, x1: 120, y1: 230)

    /// Coverage of every pixel of `frame` filled through `clip`, and the replayed row count.
    /// The rows of a whole-frame fill of `polygons` that differ from the same row filled through
    /// a one-row clip (where no row can be replayed), and how many rows the whole fill replayed.
    static func rowsDifferingFromRowsFilledAlone(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule
    ) -> (wrongRows: [Int], replayed: Int) {
        let (whole, replayed) = coverage(polygons, rule: rule, clip: frame)
        var wrongRows: [Int] = []
        for y in 0..<frame.height {
            let alone = coverage(polygons, rule: rule, clip: PixelRect(x0: 0, y0: y, x1: frame.width, y1: y + 1)).bytes
            let range = (y * frame.width)..<((y + 1) * frame.width)
            if alone[range] != whole[range] { wrongRows.append(y) }
        }
        return (wrongRows, replayed)
    }

    static func coverage(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect) -> (bytes: [UInt8], replayed: Int) {
        let rasterizer = CoverageRasterizer(frame: frame)
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        rasterizer.fill(polygons, rule: rule, clip: clip) { span in
            for i in 0..<(span.count + span.solidCount) {
                out[span.y * frame.width + span.x + i] = i < span.count ? span.coverage[i] : UInt8(span.solidCoverage)
            }
        }
        return (out, rasterizer.replayedRows)
    }

    /// A rectangle as a polygon, clockwise or not.
    static func rectangle(_ r: CGRect, reversed: Bool = false) -> [CGPoint] {
        let p = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        return reversed ? p.reversed() : p
    }

    /// A rectangle in and around the frame with corners on multiples of 1/64 pixel.
    static func dyadicRectangle(_ g: inout SplitMix64, minimumSize: Int = 1) -> CGRect {
        func value(_ extent: Int) -> Double { Double(g.index((extent + 20) * 64) - 10 * 64) / 64 }
        let x = value(frame.width), y = value(frame.height)
        let w = Double(minimumSize) + Double(g.index(frame.width * 64)) / 64, h = Double(minimumSize) + Double(g.index(frame.height * 64)) / 64
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// Covered area of pixel (x, y) by `r`.
    static func area(_ r: CGRect, x: Int, y: Int) -> Double {
        let w = max(0, min(Double(x + 1), r.maxX) - max(Double(x), r.minX))
        let h = max(0, min(Double(y + 1), r.maxY) - max(Double(y), r.minY))
        return w * h
    }

    /// Runs `check` for each fuzz case (`TestBudget`), with the case's index and generator;
    /// `check` appends what it finds wrong to `failures` (prefixed with the case's seed here)
    /// and returns the rows the rasteriser replayed.
    /// - Returns: the failures and the rows replayed over all cases.
    static func fuzz(
        ciDefault: Int, fallback: UInt64, _ check: (Int, inout SplitMix64, inout [String]) -> Int
    ) -> (failures: [String], replayed: Int) {
        let runSeed = TestBudget.seed(fallback: fallback)
        var failures: [String] = []
        var replayed = 0
        for index in 0..<TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: ciDefault) {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            var g = SplitMix64(seed: seed)
            var found: [String] = []
            replayed += check(index, &g, &found)
            failures += found.map { "seed 0x\(String(seed, radix: 16)) \($0)" }
        }
        return (failures, replayed)
    }

    @Test func axisAlignedRectanglesMatchTheClosedForm() {
        let (failures, replayed) = Self.fuzz(ciDefault: 120, fallback: 0x5E9E_A7ED) { index, g, failures in
            var replayed = 0
            // One rectangle; two side by side (two spans a row); or one with a rectangular hole
            // (the inner one reversed under non-zero, either way under even-odd).
            let kind = index % 3
            let outer = Self.dyadicRectangle(&g, minimumSize: 8)
            var polygons = [Self.rectangle(outer)]
            var rule: ShapePath.FillRule = .nonZero
            var inner: CGRect?
            var second: CGRect?
            if kind == 1 {
                let right = Double(Self.frame.width) - outer.maxX
                let w = max(1, right * Double(g.index(64)) / 64)
                let r = CGRect(x: outer.maxX + right / 4 + 1, y: outer.minY + Double(g.index(64)) / 64, width: w, height: outer.height)
                second = r
                polygons.append(Self.rectangle(r, reversed: g.chance(0.5)))
            } else if kind == 2 {
                let r = outer.insetBy(dx: 1 + Double(g.index(3 * 64)) / 64, dy: 1 + Double(g.index(3 * 64)) / 64)
                inner = r
                rule = g.chance(0.5) ? .evenOdd : .nonZero
                polygons.append(Self.rectangle(r, reversed: rule == .nonZero || g.chance(0.5)))
            }
            let bands = 1 + g.index(4)
            for b in 0..<bands {
                let clip = PixelRect(
                    x0: 0, y0: Self.frame.height * b / bands, x1: Self.frame.width, y1: Self.frame.height * (b + 1) / bands)
                let (got, rows) = Self.coverage(polygons, rule: rule, clip: clip)
                replayed += rows
                var wrong = 0, example = ""
                for y in clip.y0..<clip.y1 {
                    for x in 0..<Self.frame.width {
                        var a = Self.area(outer, x: x, y: y)
                        if let inner { a -= Self.area(inner, x: x, y: y) }
                        if let second { a += Self.area(second, x: x, y: y) }
                        let expected = UInt8((min(max(a, 0), 1) * 255 + 0.5).rounded(.down))
                        if got[y * Self.frame.width + x] != expected {
                            if wrong == 0 { example = "(\(x), \(y)) \(got[y * Self.frame.width + x]) vs \(expected)" }
                            wrong += 1
                        }
                    }
                }
                if wrong > 0 { failures.append("clip \(clip): \(wrong) pixels, \(example)") }
            }
            return replayed
        }
        #expect(failures.isEmpty, "\(failures.count) fills differ from the closed form, first: \(failures.prefix(3))")
        #expect(replayed > 0, "no row was replayed: the replay is not checked")
    }

    @Test func replayedRowsEqualRowsFilledAlone() {
        let (failures, replayed) = Self.fuzz(ciDefault: 60, fallback: 0x7E9_1A7E) { _, g, failures in
            // A tall rectangle at tenths of a point at scale 3 (not dyadic), with a triangle or a
            // nearly vertical sliver that starts and ends inside bands next to it.
            func tenth(_ extent: Int) -> Double { Double(g.index(extent * 10)) / 10 * 3 / 3 }
            let r = CGRect(x: tenth(50), y: tenth(40), width: 5 + tenth(60), height: 60 + tenth(160))
            var polygons = [Self.rectangle(r)]
            let top = tenth(200), bottom = top + 3 + tenth(60)
            if g.chance(0.5) {
                polygons.append([CGPoint(x: 100, y: top), CGPoint(x: 118, y: bottom), CGPoint(x: 90, y: bottom)])
            } else {
                let x = tenth(110)
                polygons.append([CGPoint(x: x, y: top), CGPoint(x: x + 1.5, y: top), CGPoint(x: x + 1.5 + 1e-3, y: bottom), CGPoint(x: x, y: bottom)])
            }
            let rule: ShapePath.FillRule = g.chance(0.5) ? .nonZero : .evenOdd
            let (wrongRows, replayed) = Self.rowsDifferingFromRowsFilledAlone(polygons, rule: rule)
            if !wrongRows.isEmpty { failures.append("rows \(wrongRows.prefix(5))") }
            return replayed
        }
        #expect(failures.isEmpty, "\(failures.count) shapes' rows differ from the same rows filled alone, first: \(failures.prefix(3))")
        #expect(replayed > 0, "no row was replayed: the replay is not checked")
    }

    @Test func stackedVerticalEdgesReplayInTheirOrder() {
        // Three subpaths whose left sides are 0.1 px apart in one pixel column: a cell three
        // edges add to is summed in the order of the active edges, and sharing such rows without
        // keeping that order was 1/255 off in 22–24 pixels (an earlier geometric test for
        // repeated rows, found by a breaker). The replay keeps it (the version), so every row
        // equals the row filled alone, under both rules.
        // The third subpath ends on a band boundary (bands start at the box's top row, 25): the
        // band after it has only vertical edges too, but fewer, and must not replay.
        let polygons = (0..<3).map { k -> [CGPoint] in
            let x = 27 + Double(k) * 0.1, bottom = k == 2 ? 25.0 + 4 * Double(CoverageRasterizer.bandHeight) : 165
            return [CGPoint(x: x, y: 25 + Double(k)), CGPoint(x: 57.3, y: 25), CGPoint(x: 57.3, y: bottom), CGPoint(x: x, y: bottom)]
        }
        for rule in [ShapePath.FillRule.evenOdd, .nonZero] {
            let (wrongRows, replayed) = Self.rowsDifferingFromRowsFilledAlone(polygons, rule: rule)
            #expect(wrongRows.isEmpty, "\(rule): rows \(wrongRows.prefix(5)) differ from the rows filled alone")
            #expect(replayed > 50, "\(rule): \(replayed) rows replayed")
        }
    }
}
