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

    /// The changed pixels of `a` (fill rule `ra`) against `b` (`rb`), device pixels, inside `frame`.
    /// - Complexity: O(rows + edge pixels) of both rasterisations, O(rows · runs) to compare.
    static func region(
        _ a: [[CGPoint]], _ ra: ShapePath.FillRule, _ b: [[CGPoint]], _ rb: ShapePath.FillRule, frame: PixelRect
    ) -> DamageRegion {
        guard !frame.isEmpty else { return DamageRegion() }
        let rasterizer = CoverageRasterizer()
        let ca = rows(a, ra, frame: frame, rasterizer), cb = rows(b, rb, frame: frame, rasterizer)
        var changed = ChangedRows(frame: frame)
        for r in 0..<frame.height {
            let na = ca.count[r], nb = cb.count[r]
            changed.startRow(r)
            guard na + nb > 0 else { continue }
            let sa = ca.runs[ca.first[r]..<(ca.first[r] + na)], sb = cb.runs[cb.first[r]..<(cb.first[r] + nb)]
            compare(sa, sb) { x0, x1 in changed.add(x0, x1) }
        }
        return changed.region()
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
    /// - Complexity: O(rows).
    static func region(_ a: Ellipse, _ b: Ellipse, frame: PixelRect) -> DamageRegion {
        let inset = 0.05
        // Columns lo..<hi touched (outer) and wholly inside (inner) in the row band y..<y + 1.
        func extents(_ e: Ellipse, _ y: Double) -> (outer: (Int, Int), inner: (Int, Int)) {
            let d0 = abs(y - e.cy), d1 = abs(y + 1 - e.cy)
            let near = e.cy >= y && e.cy <= y + 1 ? 0 : min(d0, d1), far = max(d0, d1)
            var outer = (0, 0), inner = (0, 0)
            if near < e.ry, e.rx > 0 {
                let h = e.rx * (1 - (near / e.ry) * (near / e.ry)).squareRoot()
                outer = (Int((e.cx - h).rounded(.down)), Int((e.cx + h).rounded(.up)))
            }
            let rx = e.rx - inset, ry = e.ry - inset
            if far < ry, rx > 0 {
                let h = rx * (1 - (far / ry) * (far / ry)).squareRoot()
                inner = (Int((e.cx - h).rounded(.up)), Int((e.cx + h).rounded(.down)))
            }
            return (outer, inner)
        }
        var changed = ChangedRows(frame: frame)
        for r in 0..<frame.height {
            changed.startRow(r)
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
            for t in [t0, t1] where t.0 < t.1 {
                if inside.0 < inside.1 && inside.0 < t.1 && inside.1 > t.0 {
                    if t.0 < inside.0 { changed.add(t.0, inside.0) }
                    if inside.1 < t.1 { changed.add(inside.1, t.1) }
                } else {
                    changed.add(t.0, t.1)
                }
            }
        }
        return changed.region()
    }

    /// Changed column runs per row of `frame`, each widened by the 1-pixel margin in x as it
    /// is added, then (`region`) by 1 pixel in y: each row takes its neighbours' runs too.
    struct ChangedRows {
        let frame: PixelRect
        private var spans: [DamageRegion.Span] = []
        private var first: [Int], count: [Int]
        private var row = -1

        init(frame: PixelRect) {
            self.frame = frame
            first = [Int](repeating: 0, count: frame.height)
            count = [Int](repeating: 0, count: frame.height)
        }

        /// Begins frame-relative row `r` (rows in increasing order).
        mutating func startRow(_ r: Int) {
            row = r
            first[r] = spans.count
        }

        /// Adds columns `x0..<x1` of the current row (runs in increasing order).
        mutating func add(_ x0: Int, _ x1: Int) {
            let lo = max(x0 - 1, frame.x0), hi = min(x1 + 1, frame.x1)
            guard lo < hi else { return }
            if count[row] > 0, lo <= spans[spans.count - 1].x1 {
                spans[spans.count - 1].x1 = max(spans[spans.count - 1].x1, hi)
            } else {
                spans.append(DamageRegion.Span(x0: lo, x1: hi))
                count[row] += 1
            }
        }

        func region() -> DamageRegion {
            let rows = frame.height
            var builder = DamageRegion.Builder()
            var merged: [DamageRegion.Span] = []
            spans.withUnsafeBufferPointer { all in
                for r in 0..<rows {
                    // Rows r − 1, r, r + 1 merged: each row's runs are sorted, so a three-way
                    // merge by start, joining overlapping or touching runs.
                    var at = SIMD3<Int>(repeating: 0), end = SIMD3<Int>(repeating: 0)
                    for k in 0..<3 where r - 1 + k >= 0 && r - 1 + k < rows {
                        at[k] = first[r - 1 + k]
                        end[k] = at[k] + count[r - 1 + k]
                    }
                    guard at[0] < end[0] || at[1] < end[1] || at[2] < end[2] else { continue }
                    merged.removeAll(keepingCapacity: true)
                    while true {
                        var best = -1
                        for k in 0..<3 where at[k] < end[k] && (best < 0 || all[at[k]].x0 < all[at[best]].x0) { best = k }
                        guard best >= 0 else { break }
                        let next = all[at[best]]
                        at[best] += 1
                        if let last = merged.last, next.x0 <= last.x1 {
                            merged[merged.count - 1].x1 = max(last.x1, next.x1)
                        } else {
                            merged.append(next)
                        }
                    }
                    builder.append(y0: frame.y0 + r, y1: frame.y0 + r + 1, spans: merged)
                }
            }
            return builder.region
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
