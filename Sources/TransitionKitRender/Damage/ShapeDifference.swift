import Foundation
import TransitionKitCore

/// The pixels where two filled outlines' coverage can differ: the symmetric difference of the
/// shapes with their anti-aliased edges, row by row, for a shape whose only change is its
/// outline (a growing reveal circle gives the ring between the two circles).
///
/// Both outlines are rasterised by the compositor's `CoverageRasterizer`, which hands each row
/// as runs of edge pixels (per-pixel coverage) and interior runs (one coverage). A pixel counts
/// as changed when it is an edge pixel of either outline or when its interior coverage differs
/// (inside one, outside the other); the changed pixels are then widened by 1 pixel in x and y,
/// the margin that keeps the region conservative for outlines flattened or rasterised over a
/// different box by the compositor (chords move by at most its 0.02-pixel tolerance).
enum ShapeDifference {
    /// A run of one row: columns `x0..<x1` at one interior coverage, or edge pixels (`edge`).
    private struct Run {
        var x0: Int, x1: Int
        var value: Int
        static let edge = -1
    }

    /// Per row of the frame, the runs of one outline's coverage.
    private struct Rows {
        var first: [Int]
        var count: [Int]
        var runs: [Run] = []

        init(rows: Int) {
            first = [Int](repeating: 0, count: rows)
            count = [Int](repeating: 0, count: rows)
        }
    }

    /// Adds to `region` the changed pixels of `a` (fill rule `ra`) against `b` (`rb`), device
    /// pixels, inside `frame`.
    /// - Complexity: O(rows + edge pixels) of both rasterisations, O(rows · runs) to compare;
    ///   allocates the rasterisations' rows.
    static func formRing(
        _ a: [[CGPoint]], _ ra: ShapePath.FillRule, _ b: [[CGPoint]], _ rb: ShapePath.FillRule, frame: PixelRect,
        into region: inout DamageRegion
    ) {
        guard !frame.isEmpty else { return }
        let rasterizer = CoverageRasterizer(frame: frame)
        let ca = rows(a, ra, frame: frame, rasterizer), cb = rows(b, rb, frame: frame, rasterizer)
        var changed = ChangedRows(frame: frame, region)
        for r in 0..<frame.height {
            let na = ca.count[r], nb = cb.count[r]
            changed.startRow(r, &region)
            guard na + nb > 0 else { continue }
            let sa = ca.runs[ca.first[r]..<(ca.first[r] + na)], sb = cb.runs[cb.first[r]..<(cb.first[r] + nb)]
            compare(sa, sb) { x0, x1 in changed.add(x0, x1, &region) }
        }
        changed.finish(&region)
    }

    /// An axis-aligned ellipse in device pixels: centre and radii.
    struct Ellipse {
        var cx: Double, cy: Double, rx: Double, ry: Double
    }

    /// `region` for two axis-aligned ellipses, from their closed form instead of rasterising
    /// them: per row, the columns either ellipse's outline can touch (its widest extent over
    /// the row) minus those inside both (the narrowest extent of each, shrunk by `inset`).
    /// The compositor draws an ellipse as a polygon whose chords lie inside it and within
    /// 0.02 pixels of it, so `inset` = 0.05 keeps pixels counted as inside inside the polygon.
    /// Added to `region` in place (no allocation once its storage has grown).
    /// - Complexity: O(rows).
    static func formRing(_ a: Ellipse, _ b: Ellipse, frame: PixelRect, into region: inout DamageRegion) {
        let inset = 0.05
        // Int(x.rounded(.down)) and Int(x.rounded(.up)) without a libm call each (the module
        // targets baseline x86-64, which has no rounding instruction; four per ellipse per
        // row): truncation, then one step where it went the wrong way. Exact for every x an Int
        // holds (a Double of magnitude 2⁵² or more is already whole).
        @inline(__always) func floorInt(_ x: Double) -> Int {
            let t = Int(x)
            return Double(t) > x ? t - 1 : t
        }
        @inline(__always) func ceilInt(_ x: Double) -> Int {
            let t = Int(x)
            return Double(t) < x ? t + 1 : t
        }
        // Columns lo..<hi touched (outer) and wholly inside (inner) in the row band y..<y + 1.
        func extents(_ e: Ellipse, _ y: Double) -> (outer: (Int, Int), inner: (Int, Int)) {
            let d0 = abs(y - e.cy), d1 = abs(y + 1 - e.cy)
            let near = e.cy >= y && e.cy <= y + 1 ? 0 : min(d0, d1), far = max(d0, d1)
            var outer = (0, 0), inner = (0, 0)
            if near < e.ry, e.rx > 0 {
                let h = e.rx * (1 - (near / e.ry) * (near / e.ry)).squareRoot()
                outer = (floorInt(e.cx - h), ceilInt(e.cx + h))
            }
            let rx = e.rx - inset, ry = e.ry - inset
            if far < ry, rx > 0 {
                let h = rx * (1 - (far / ry) * (far / ry)).squareRoot()
                inner = (ceilInt(e.cx - h), floorInt(e.cx + h))
            }
            return (outer, inner)
        }
        var changed = ChangedRows(frame: frame, region)
        // The columns of `t` outside `inside`.
        func addOutside(_ t: (Int, Int), _ inside: (Int, Int)) {
            guard t.0 < t.1 else { return }
            if inside.0 < inside.1 && inside.0 < t.1 && inside.1 > t.0 {
                if t.0 < inside.0 { changed.add(t.0, inside.0, &region) }
                if inside.1 < t.1 { changed.add(inside.1, t.1, &region) }
            } else {
                changed.add(t.0, t.1, &region)
            }
        }
        for r in 0..<frame.height {
            changed.startRow(r, &region)
            let y = Double(frame.y0 + r)
            let ea = extents(a, y), eb = extents(b, y)
            // Touched by either: one or two intervals, left to right; minus the inside of both.
            var t0 = ea.outer, t1 = eb.outer
            if t1.0 < t1.1 && (t0.0 >= t0.1 || t1.0 < t0.0) { swap(&t0, &t1) }
            guard t0.0 < t0.1 else { continue }
            if t1.0 < t1.1 && t1.0 <= t0.1 {
                t0.1 = max(t0.1, t1.1)
                t1 = (0, 0)
            }
            let inside = (max(ea.inner.0, eb.inner.0), min(ea.inner.1, eb.inner.1))
            addOutside(t0, inside)
            addOutside(t1, inside)
        }
        changed.finish(&region)
    }

    /// Changed column runs per row of `frame`, each widened by the 1-pixel margin in x as it
    /// is added, then (`finish`) by 1 pixel in y: each row takes its neighbours' runs too, and
    /// the result is united with the region. The rows are kept in the region's own storage,
    /// past its strips (`DamageRegion`'s working data), one strip per non-empty row.
    struct ChangedRows {
        let frame: PixelRect
        /// The region's strips before the rows.
        private let live: Int
        private var row = -1
        private var rowSpanStart = 0

        init(frame: PixelRect, _ region: DamageRegion) {
            self.frame = frame
            live = region.strips.count
        }

        /// Begins frame-relative row `r` (rows in increasing order).
        mutating func startRow(_ r: Int, _ region: inout DamageRegion) {
            closeRow(&region)
            row = r
            rowSpanStart = region.spans.count
        }

        /// Adds columns `x0..<x1` of the current row (runs in increasing order).
        mutating func add(_ x0: Int, _ x1: Int, _ region: inout DamageRegion) {
            let lo = max(x0 - 1, frame.x0), hi = min(x1 + 1, frame.x1)
            guard lo < hi else { return }
            let n = region.spans.count
            if n > rowSpanStart, lo <= region.spans[n - 1].x1 {
                region.spans[n - 1].x1 = max(region.spans[n - 1].x1, hi)
            } else {
                region.spans.append(DamageRegion.Span(x0: lo, x1: hi))
            }
        }

        private mutating func closeRow(_ region: inout DamageRegion) {
            let n = region.spans.count - rowSpanStart
            if row >= 0 && n > 0 {
                let y = frame.y0 + row
                region.strips.append(DamageRegion.Strip(y0: y, y1: y + 1, first: rowSpanStart, count: n))
            }
            row = -1
        }

        /// Widens the rows by 1 pixel in y (rows r − 1, r, r + 1 merged into row r, inside the
        /// frame) and unites them with the region.
        mutating func finish(_ region: inout DamageRegion) {
            closeRow(&region)
            let rawEnd = region.strips.count
            let out = rawEnd
            var i = live
            var y = frame.y0
            while i < rawEnd {
                y = max(y, region.strips[i].y0 - 1)
                guard y < frame.y1 else { break }
                // The rows y − 1, y, y + 1 present: consecutive strips from i.
                var ranges = (0..<0, 0..<0, 0..<0)
                var k = i
                if k < rawEnd && region.strips[k].y0 <= y + 1 { ranges.0 = region.spanRange(k); k += 1 }
                if k < rawEnd && region.strips[k].y0 <= y + 1 { ranges.1 = region.spanRange(k); k += 1 }
                if k < rawEnd && region.strips[k].y0 <= y + 1 { ranges.2 = region.spanRange(k) }
                let spanStart = region.spans.count
                region.appendMerged(ranges.0, ranges.1, ranges.2)
                region.closeStrip(y0: y, y1: y + 1, spanStart: spanStart, outStart: out)
                y += 1
                while i < rawEnd && region.strips[i].y0 < y - 1 { i += 1 }
            }
            if live > 0 {
                let united = region.strips.count
                region.appendUnion(0..<live, out..<united)
                region.compact(from: united)
            } else {
                region.compact(from: out)
            }
        }
    }

    /// Calls `body(x0, x1)` for each maximal run of columns where the two rows' coverage may
    /// differ (an edge pixel of either, or different interior coverage), left to right.
    private static func compare(_ a: ArraySlice<Run>, _ b: ArraySlice<Run>, _ body: (Int, Int) -> Void) {
        var i = a.startIndex, j = b.startIndex
        var x = Int.min
        var open: Int? = nil
        while true {
            while i < a.endIndex && a[i].x1 <= x { i += 1 }
            while j < b.endIndex && b[j].x1 <= x { j += 1 }
            guard i < a.endIndex || j < b.endIndex else { break }
            let inA = i < a.endIndex && a[i].x0 <= x, inB = j < b.endIndex && b[j].x0 <= x
            // The interval from x ends where either side's current run starts or ends.
            var end = Int.max
            if i < a.endIndex { end = min(end, inA ? a[i].x1 : a[i].x0) }
            if j < b.endIndex { end = min(end, inB ? b[j].x1 : b[j].x0) }
            let va = inA ? a[i].value : 0, vb = inB ? b[j].value : 0
            if va == Run.edge || vb == Run.edge || va != vb {
                if open == nil { open = x }
            } else if let s = open {
                body(s, x)
                open = nil
            }
            x = end
        }
        if let s = open { body(s, x) }
    }

    /// `polygons` rasterised over `frame`, as runs per row.
    private static func rows(_ polygons: [[CGPoint]], _ rule: ShapePath.FillRule, frame: PixelRect, _ rasterizer: CoverageRasterizer) -> Rows {
        var out = Rows(rows: frame.height)
        guard !polygons.isEmpty else { return out }
        rasterizer.fill(polygons, rule: rule, clip: frame) { span in
            let r = span.y - frame.y0
            if out.count[r] == 0 { out.first[r] = out.runs.count }
            if span.count > 0 {
                out.runs.append(Run(x0: span.x, x1: span.x + span.count, value: Run.edge))
                out.count[r] += 1
            }
            if span.solidCount > 0 && span.solidCoverage > 0 {
                let x0 = span.x + span.count
                out.runs.append(Run(x0: x0, x1: x0 + span.solidCount, value: Int(span.solidCoverage)))
                out.count[r] += 1
            }
        }
        return out
    }
}
