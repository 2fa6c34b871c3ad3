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
        // Changed spans per row (frame-relative rows), widened by the margin in x, in one flat
        // array (row r's are `changed[first[r]..<first[r] + count[r]]`).
        let rows = frame.height
        var changed: [DamageRegion.Span] = []
        var first = [Int](repeating: 0, count: rows), count = [Int](repeating: 0, count: rows)
        for r in 0..<rows {
            let na = ca.count[r], nb = cb.count[r]
            first[r] = changed.count
            guard na + nb > 0 else { continue }
            let sa = ca.runs[ca.first[r]..<(ca.first[r] + na)], sb = cb.runs[cb.first[r]..<(cb.first[r] + nb)]
            compare(sa, sb) { x0, x1 in
                let lo = max(x0 - 1, frame.x0), hi = min(x1 + 1, frame.x1)
                if changed.count > first[r], lo <= changed[changed.count - 1].x1 {
                    changed[changed.count - 1].x1 = max(changed[changed.count - 1].x1, hi)
                } else {
                    changed.append(DamageRegion.Span(x0: lo, x1: hi))
                }
            }
            count[r] = changed.count - first[r]
        }
        func row(_ r: Int) -> ArraySlice<DamageRegion.Span> {
            r >= 0 && r < rows ? changed[first[r]..<(first[r] + count[r])] : []
        }
        // The margin in y: each row takes its neighbours' spans too.
        var builder = DamageRegion.Builder()
        var merged: [DamageRegion.Span] = [], pair: [DamageRegion.Span] = []
        for r in 0..<rows {
            let above = row(r - 1), here = row(r), below = row(r + 1)
            guard !(above.isEmpty && here.isEmpty && below.isEmpty) else { continue }
            pair.removeAll(keepingCapacity: true)
            DamageRegion.mergeSpans(above, here, into: &pair)
            merged.removeAll(keepingCapacity: true)
            DamageRegion.mergeSpans(pair[...], below, into: &merged)
            builder.append(y0: frame.y0 + r, y1: frame.y0 + r + 1, spans: merged)
        }
        return builder.region
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
    private static func rows(_ polygons: [[CGPoint]], _ rule: ShapePath.FillRule, frame: PixelRect, _ rasterizer: CoverageRasterizer) -> Rows
    {
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
