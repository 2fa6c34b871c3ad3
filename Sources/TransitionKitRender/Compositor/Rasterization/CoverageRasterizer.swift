import CPixelKernels
import Foundation
import TransitionKitCore

/// Exact-area anti-aliased coverage of polygons, row by row.
///
/// Each polygon edge deposits, into an accumulation buffer, the signed area it contributes to
/// every pixel it crosses; a running sum along each row then gives the exact fraction of each
/// pixel inside the outline (the signed-area accumulation of libart and stb_truetype v2, in the
/// form of Raph Levien's font-rs `draw_line` / `accumulate`). Non-zero winding takes
/// `min(|sum|, 1)`; even-odd folds the sum, `1 − |1 − (|sum| mod 2)|` (exact away from pixels
/// where edges of different subpaths meet). Pixel-aligned edges give exactly 0 or 255.
///
/// The rows are processed in bands of `bandHeight` so the accumulation buffer stays small
/// (`bandHeight × (width + 2)` floats), and each row is handed to the caller as a span of
/// 8-bit coverage between its first and last non-zero pixel.
///
/// A pixel's coverage is a function of the shape and the pixel only, never of the clip: every
/// fill works in the same box, the shape's bounds snapped out to whole pixels and cut to
/// `frame` (the whole render target), with bands starting at the box's top row, and the row
/// sums start at the box's left column. A clip only chooses which of those rows are drawn and
/// which pixels are handed out: rows above it are skipped (each edge's position is still
/// stepped row by row from its band's top, as a fill of the whole box steps it, and the active
/// edges are kept in the same order), cells left of it are summed but not handed out. So a
/// render cut into bands, a hole's pieces or a damage region's spans give the bytes of one
/// full-frame fill.
///
/// Not thread-safe: one rasteriser per render band. Buffers are reused between shapes.
final class CoverageRasterizer {
    /// One edge in box-local pixel coordinates, `y0 < y1`, `dir` +1 downwards, −1 upwards.
    struct Edge {
        var x0: Double, y0: Double, y1: Double, dxdy: Double
        var dir: Double
    }

    static let bandHeight = 16
    /// Points at or beyond this many pixels from the origin make a shape skipped: edge
    /// differences and slopes between finite points that large overflow to infinity (and then
    /// NaN), which no pixel position survives. Far beyond any frame (1e150).
    static let largestCoordinate = 1e150

    /// The whole render target (device pixels): the box every fill works in is the shape's
    /// bounds cut to it, whatever the clip. Set by the owner before filling.
    var frame: PixelRect

    /// A rasteriser for shapes drawn into `frame` (device pixels).
    init(frame: PixelRect) { self.frame = frame }

    /// The current fill's edges (`addEdge`, `sortEdgesByTop`).
    var edges: [Edge] = []
    /// The merge buffer of `sortEdgesByTop`, kept between fills.
    var edgeScratch: [Edge] = []
    private var active: [Int] = []
    private var accumulation: [Float] = []
    private var coverage: [UInt8] = []
    private var ranges: [CellRange] = []
    private var rangeCounts: [Int] = []
    private var repeated = RepeatedRows()
    /// Rows whose spans were replayed rather than summed (`RepeatedRows`), over all fills.
    var replayedRows: Int { repeated.replayedRows }

    /// Disjoint runs of accumulation cells written per row before they are merged into one.
    static let rangesPerRow = 4

    /// Rasterises `polygons` (device pixels, implicitly closed) and calls `row` once per row of
    /// `clip` with any coverage there, as a `CoverageSpan` (cut to `clip`): a run of per-pixel
    /// coverage where edges cross the row, followed by a run of constant coverage (a shape's
    /// interior). The coverage does not depend on `clip` (see the type's overview).
    /// Shapes with a non-finite point, or one `largestCoordinate` pixels or more from the
    /// origin, are skipped whole.
    /// - Returns: the rectangle of pixels in `clip` that received coverage (empty if none).
    /// - Complexity: O(pixels crossed by edges in `clip`'s rows + rows·edges) plus O(1) per row
    ///   for interiors; edges left and right of `clip` in those rows are drawn too.
    @discardableResult
    func fill(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect,
        row: (CoverageSpan) -> Void
    ) -> PixelRect {
        fill(polygons, rule: rule, clip: clip, row: row) { rows, spans in CoverageSpan.forEach(in: rows, of: spans, row) }
    }

    /// `fill(_:rule:clip:row:)` with the rows whose spans repeat the row above them
    /// (`RepeatedRows`) handed to `repeating` together: device rows `rows`, each with the spans
    /// `spans` (their `y` is the row they were recorded on, above `rows`; the coverage bytes
    /// stay valid until `repeating` returns). A caller that keeps spans shares them; one that
    /// draws them loops over rows and spans in its own frame.
    /// - Returns: the rectangle of pixels in `clip` that received coverage, repeated rows
    ///   included.
    /// - Complexity: as `fill(_:rule:clip:row:)`, with O(spans) per run of repeated rows in
    ///   place of the rows' deposits and sums.
    @discardableResult
    func fill(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect,
        row: (CoverageSpan) -> Void, repeating: (Range<Int>, UnsafeBufferPointer<CoverageSpan>) -> Void
    ) -> PixelRect {
        let clip = clip.intersection(frame)
        guard !clip.isEmpty else { return .empty }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                let x = Double(p.x), y = Double(p.y)
                guard abs(x) < CoverageRasterizer.largestCoordinate, abs(y) < CoverageRasterizer.largestCoordinate else {
                    return .empty
                }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .empty }
        // Clamp to the frame on both sides before converting: a layer at 1e19 points must be
        // skipped, not trap in Int(_:).
        func clamped(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
        let bx0 = clamped(minX.rounded(.down), frame.x0, frame.x1)
        let bx1 = clamped(maxX.rounded(.up), frame.x0, frame.x1)
        let by0 = clamped(minY.rounded(.down), frame.y0, frame.y1)
        let by1 = clamped(maxY.rounded(.up), frame.y0, frame.y1)
        guard bx0 < bx1, by0 < by1 else { return .empty }
        let w = bx1 - bx0, h = by1 - by0
        // The clip in box columns and rows.
        let cxl = max(clip.x0 - bx0, 0), cxr = min(clip.x1 - bx0, w)
        let rowLo = max(clip.y0 - by0, 0), rowHi = min(clip.y1 - by0, h)
        guard cxl < cxr, rowLo < rowHi else { return .empty }

        edges.removeAll(keepingCapacity: true)
        let ox = Double(bx0), oy = Double(by0)
        for polygon in polygons where polygon.count >= 3 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[i + 1 == polygon.count ? 0 : i + 1]
                addEdge(Double(a.x) - ox, Double(a.y) - oy, Double(b.x) - ox, Double(b.y) - oy, width: Double(w), height: Double(h))
            }
        }
        guard !edges.isEmpty else { return .empty }
        sortEdgesByTop()

        let stride = w + 2
        let band = CoverageRasterizer.bandHeight
        // Grown by at least doubling: a shape that widens frame by frame reallocates rarely.
        if accumulation.count < stride * band {
            accumulation = [Float](repeating: 0, count: max(stride * band, 2 * accumulation.count))
        }
        if coverage.count < w { coverage = [UInt8](repeating: 0, count: max(w, 2 * coverage.count)) }
        active.removeAll(keepingCapacity: true)
        var touched = PixelRect.empty
        var next = 0
        let evenOdd = rule == .evenOdd
        let slots = CoverageRasterizer.rangesPerRow
        if ranges.count < band * slots { ranges = [CellRange](repeating: CellRange(lo: 0, hi: 0), count: band * slots) }
        if rangeCounts.count < band { rangeCounts = [Int](repeating: 0, count: band) }

        // The coverage byte of a running sum (`tk_coverage_byte`: the rule's fold, then
        // ⌊v·255 + 0.5⌋), in C with the row sums (`tk_sum_cells`).
        let rule: Int32 = evenOdd ? 1 : 0

        accumulation.withUnsafeMutableBufferPointer { accBuffer in
            coverage.withUnsafeMutableBufferPointer { covBuffer in
                ranges.withUnsafeMutableBufferPointer { rangeBuffer in
                    rangeCounts.withUnsafeMutableBufferPointer { countBuffer in
                        let acc = accBuffer.baseAddress!, cov = covBuffer.baseAddress!
                        let cells = RowCells(ranges: rangeBuffer.baseAddress!, counts: countBuffer.baseAddress!)
                        var top = 0
                        // The lowest bottom of the active edges: no edge leaves `active` in a band
                        // whose top is above it.
                        var firstEnd = Double.infinity
                        // Bumped whenever `active` changes: a band replays `repeated` only with
                        // the edges it was recorded with.
                        var activeVersion = 0
                        repeated.forget()
                        while top < rowHi {
                            let bottom = min(top + band, h)
                            while next < edges.count, edges[next].y0 < Double(bottom) {
                                active.append(next); firstEnd = min(firstEnd, edges[next].y1); next += 1
                                activeVersion &+= 1
                            }
                            // Bands above the clip only keep `active` (its order too) as a
                            // whole-box fill has it; one where no edge ends leaves it as it is.
                            let drawn = bottom > rowLo
                            if !drawn && firstEnd > Double(top) {
                                top = bottom
                                continue
                            }
                            firstEnd = .infinity
                            var i = 0
                            // Every active edge vertical through all the band's rows: each row
                            // then gets the same deposits, so the same spans (`RepeatedRows`).
                            var uniform = true
                            while i < active.count {
                                let e = edges[active[i]]
                                if e.y1 <= Double(top) {
                                    active[i] = active[active.count - 1]; active.removeLast()
                                    activeVersion &+= 1
                                    continue
                                }
                                firstEnd = min(firstEnd, e.y1)
                                uniform = uniform && e.dxdy == 0 && e.y0 <= Double(top) && e.y1 >= Double(bottom)
                                i += 1
                            }
                            guard drawn else {
                                top = bottom
                                continue
                            }
                            let rows = max(top, rowLo)..<min(bottom, rowHi)
                            let deviceRows = by0 + rows.lowerBound..<by0 + rows.upperBound
                            if uniform && repeated.replay(rows: deviceRows, version: activeVersion, touched: &touched, repeating) {
                                top = bottom
                                continue
                            }
                            // The rows below write `cov`, which recorded spans point into.
                            if !uniform { repeated.forget() }
                            for k in active.indices {
                                CoverageRasterizer.draw(
                                    edges[active[k]], top: top, bottom: bottom, rows: rowLo..<rowHi, width: w, acc: acc, stride: stride,
                                    cells: cells)
                            }
                            for r in rows {
                                let recording = uniform && r == rows.upperBound - 1
                                if recording { repeated.start(version: activeVersion) }
                                let n = cells.sorted(r - top)
                                guard n > 0 else { continue }
                                let line = acc + (r - top) * stride
                                let rowRanges = cells.ranges + (r - top) * slots
                                // Cells no edge wrote are 0, so the running sum is constant across
                                // them: only the written ranges need summing, and each gap after a
                                // range is one run of constant coverage (a shape's interior). Cells
                                // left of the clip are summed, not handed out; those right of it
                                // are only cleared.
                                var sum: Float = 0
                                for k in 0..<n {
                                    let lo = rowRanges[k].lo, hi = rowRanges[k].hi
                                    let end = min(hi, w - 1)
                                    let summedEnd = max(lo, min(end + 1, cxl))
                                    let quantisedEnd = max(summedEnd, min(end + 1, cxr))
                                    sum = tk_sum_cells(line, cov, lo, summedEnd, quantisedEnd, hi, sum, rule)
                                    guard lo <= end else { continue }
                                    let p0 = max(lo, cxl), p1 = min(end, cxr - 1)
                                    let gapEnd = k + 1 < n ? min(rowRanges[k + 1].lo, w) : w
                                    let g0 = max(end + 1, cxl), g1 = min(gapEnd, cxr)
                                    let tail = g0 < g1 ? tk_coverage_byte(sum, rule) : 0
                                    var first = p0, last = p1
                                    while first <= p1 && cov[first] == 0 { first += 1 }
                                    if tail == 0 { while last >= first && cov[last] == 0 { last -= 1 } }
                                    let count = max(0, last - first + 1)
                                    let solidCount = tail == 0 ? 0 : g1 - g0
                                    guard count + solidCount > 0 else { continue }
                                    let x0 = count > 0 ? first : g0
                                    let span = CoverageSpan(
                                        y: by0 + r, x: bx0 + x0, count: count, coverage: UnsafePointer(cov + x0),
                                        solidCount: solidCount, solidCoverage: UInt32(tail))
                                    row(span)
                                    touched = touched.union(PixelRect(x0: span.x, y0: span.y, x1: span.x + count + solidCount, y1: span.y + 1))
                                    if recording { repeated.record(span) }
                                }
                                cells.counts[r - top] = 0
                            }
                            top = bottom
                        }
                    }
                }
            }
        }
        return touched
    }

    /// Deposits the signed area of the part of `e` within band rows `top..<bottom` that is in
    /// `rows` (font-rs `draw_line`: per row, the cells the edge crosses get the area to their
    /// right). The edge's position is stepped row by row from the band's top either way, so a
    /// row's deposits do not depend on which of the band's rows are drawn.
    @inline(__always)
    private static func draw(
        _ e: Edge, top: Int, bottom: Int, rows: Range<Int>, width: Int, acc: UnsafeMutablePointer<Float>, stride: Int,
        cells: RowCells
    ) {
        let ys = max(e.y0, Double(top)), ye = min(e.y1, Double(min(bottom, rows.upperBound)))
        guard ys < ye else { return }
        let wd = Double(width)
        var x = min(max(e.x0 + (ys - e.y0) * e.dxdy, 0), wd)
        var yTop = ys
        var yi = Int(ys)
        while yi < rows.lowerBound && yTop < ye {
            let yBot = min(Double(yi + 1), ye)
            x = min(max(x + e.dxdy * (yBot - yTop), 0), wd)
            yTop = yBot
            yi += 1
        }
        while yTop < ye {
            let yBot = min(Double(yi + 1), ye)
            let dy = yBot - yTop
            let xNext = min(max(x + e.dxdy * dy, 0), wd)
            let d = dy * e.dir
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down), xbCeil = xb.rounded(.up)
            let xai = Int(xaFloor), xbi = Int(xbCeil)
            let line = acc + (yi - top) * stride
            cells.add(yi - top, lo: xai, hi: max(xbi, xai + 1))
            if xbi <= xai + 1 {
                let xmf = 0.5 * (x + xNext) - xaFloor
                line[xai] += Float(d - d * xmf)
                line[xai + 1] += Float(d * xmf)
            } else {
                let s = 1 / (xb - xa)
                let x0f = xa - xaFloor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = xb - xbCeil + 1
                let am = 0.5 * s * x1f * x1f
                line[xai] += Float(d * a0)
                if xbi == xai + 2 {
                    line[xai + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[xai + 1] += Float(d * (a1 - a0))
                    let ds = Float(d * s)
                    var xi = xai + 2
                    while xi < xbi - 1 { line[xi] += ds; xi += 1 }
                    let a2 = a1 + Double(xbi - xai - 3) * s
                    line[xbi - 1] += Float(d * (1 - a2 - am))
                }
                line[xbi] += Float(d * am)
            }
            x = xNext
            yTop = yBot
            yi += 1
        }
    }
}
