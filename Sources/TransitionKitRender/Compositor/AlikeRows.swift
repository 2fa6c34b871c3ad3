import Foundation
import TransitionKitCore

/// Rows a shape's fill shares: the rows of a rectangle or rounded rect between its top and
/// bottom edges or corner arcs, which only vertical sides cross, have the same spans, so they
/// are rasterised once (`CoverageRasterizer.fillSharingAlikeRows`) and the first one's spans
/// are handed out again for the others (`ShapeClipRows.keep`, `forEachKept`, `clipKept`).
extension ShapeClipRows {
    /// Rows fewer than this crossed only by vertical sides are rasterised as the rest are: the
    /// split fill's set-up would not repay. A chosen value.
    static let minimumAlikeRows = 8

    /// The most vertical edges `alikeRows` compares pairwise (a rectangle or rounded rect has
    /// two); shapes with more are rasterised row by row.
    static let maximumAlikeVerticalEdges = 16

    /// The device rows of `rows` around the middle of `polygons`' height that only vertical
    /// edges cross, each from above the row to below it (a rectangle or rounded rect between its
    /// top and bottom edges or corner arcs): the rasteriser's spans are then the same on each of
    /// them (the same x-crossings, each a whole row high). Nil when the middle row is crossed by
    /// another edge or a vertical edge's end, or fewer than `minimumAlikeRows` rows are left;
    /// nil too when two vertical edges are less than two columns apart (after the rasteriser's
    /// projection of edges left of column 0 onto it), or there are more than
    /// `maximumAlikeVerticalEdges` of them. A vertical edge adds its share of a row to the cell
    /// of its column and the next; a cell that three edges add to sums them in the order of the
    /// rasteriser's active edges, which changes from band to band, and single-precision sums in
    /// another order may round to another coverage byte (1/255 off the general path's fill, found
    /// with three even-odd subpaths whose left sides were 0.1 px apart).
    /// - Complexity: O(vertices + vertical edges²), no allocation.
    static func alikeRows(_ polygons: [[CGPoint]], within rows: Range<Int>) -> Range<Int>? {
        guard !verticalEdgesShareCells(polygons) else { return nil }
        var minY = Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                let y = Double(p.y)
                guard y.isFinite, Double(p.x).isFinite, abs(y) < 1e9 else { return nil }
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minY < maxY else { return nil }
        let seed = Int(((minY + maxY) / 2).rounded(.down))
        guard rows.contains(seed) else { return nil }
        var lo = rows.lowerBound, hi = rows.upperBound
        /// Rows `a..<b` are crossed by something other than a whole-row vertical side.
        func block(_ a: Int, _ b: Int) -> Bool {
            if a <= seed && seed < b { return false }
            if b <= seed { lo = max(lo, b) } else { hi = min(hi, a) }
            return true
        }
        for polygon in polygons where polygon.count >= 3 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[i + 1 == polygon.count ? 0 : i + 1]
                let y0 = Double(min(a.y, b.y)), y1 = Double(max(a.y, b.y))
                let r0 = Int(y0.rounded(.down)), r1 = Int(y1.rounded(.down))
                if a.x == b.x {
                    guard block(r0, r0 + 1), block(r1, r1 + 1) else { return nil }
                } else {
                    guard block(r0, max(Int(y1.rounded(.up)), r0 + 1)) else { return nil }
                }
            }
        }
        return hi - lo >= minimumAlikeRows ? lo..<hi : nil
    }

    /// Whether two of `polygons`' vertical edges may add to one accumulation cell: their columns
    /// (x rounded down, x below 0 taken as 0 as the rasteriser projects it) less than two apart,
    /// or more than `maximumAlikeVerticalEdges` vertical edges (`alikeRows`).
    /// - Complexity: O(vertices + vertical edges²), no allocation.
    static func verticalEdgesShareCells(_ polygons: [[CGPoint]]) -> Bool {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: maximumAlikeVerticalEdges) { columns in
            var n = 0
            for polygon in polygons where polygon.count >= 3 {
                for i in polygon.indices {
                    let a = polygon[i], b = polygon[i + 1 == polygon.count ? 0 : i + 1]
                    guard a.x == b.x, a.y != b.y else { continue }
                    guard n < maximumAlikeVerticalEdges else { return true }
                    let column = max(Double(a.x), 0).rounded(.down)
                    for k in 0..<n where abs(columns[k] - column) < 2 { return true }
                    columns[n] = column
                    n += 1
                }
            }
            return false
        }
    }
}

extension CoverageRasterizer {
    /// `fill(_:rule:clip:row:)` with the rows of `ShapeClipRows.alikeRows` inside `clip`
    /// rasterised once: the rows down to the first alike one are filled (that row also handed to
    /// `firstAlike`), `repeating` is given the alike rows after it (whose spans are that row's),
    /// then the rows below are filled. Each part's coverage is one whole fill's, since the
    /// rasteriser's coverage does not depend on the clip. Without alike rows, one fill.
    /// - Returns: the union of the fills' touched rectangles and `repeating`'s.
    @discardableResult
    func fillSharingAlikeRows(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect, row: (CoverageSpan) -> Void,
        firstAlike: (CoverageSpan) -> Void = { _ in }, repeating: (Range<Int>) -> PixelRect
    ) -> PixelRect {
        guard let alike = ShapeClipRows.alikeRows(polygons, within: clip.y0..<clip.y1) else {
            return fill(polygons, rule: rule, clip: clip, row: row)
        }
        let y0 = alike.lowerBound, y1 = alike.upperBound
        var touched = fill(polygons, rule: rule, clip: PixelRect(x0: clip.x0, y0: clip.y0, x1: clip.x1, y1: y0 + 1)) { span in
            if span.y == y0 { firstAlike(span) }
            row(span)
        }
        touched = touched.union(repeating((y0 + 1)..<y1))
        if y1 < clip.y1 {
            touched = touched.union(fill(polygons, rule: rule, clip: PixelRect(x0: clip.x0, y0: y1, x1: clip.x1, y1: clip.y1), row: row))
        }
        return touched
    }
}
