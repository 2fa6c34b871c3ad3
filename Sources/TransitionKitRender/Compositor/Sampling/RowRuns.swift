/// One recorded run of device columns `start..<end` per row of a band (empty when equal), for
/// work done after the rasteriser in another order (`ContentsSampling.drawColumnRuns`).
/// Reused across layers and frames; every run is cleared once drawn.
final class RowRuns {
    private(set) var originY = 0
    private(set) var capacity = 0
    private(set) var start = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var end = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Rows holding a run: `rows.lowerBound ..< rows.upperBound` (a bound, not exact).
    var rows: Range<Int> = 0..<0
    /// Columns some run covers: `columns.lowerBound ..< columns.upperBound` (a bound).
    var columns: Range<Int> = 0..<0

    /// Retargets to the band's rows (all runs empty).
    func prepare(band: PixelRect) {
        let n = max(band.height, 1)
        if n > capacity {
            start.deallocate(); end.deallocate()
            start = .allocate(capacity: n); end = .allocate(capacity: n)
            capacity = n
        }
        start.initialize(repeating: 0, count: n)
        end.initialize(repeating: 0, count: n)
        originY = band.y0
        rows = band.y0..<band.y0
        columns = 0..<0
    }

    /// Records `x..<x + count` for row `y` unless the row has one already (then false).
    @inline(__always)
    func record(y: Int, x: Int, count: Int) -> Bool {
        let r = y &- originY
        guard start[r] == end[r] else { return false }
        start[r] = Int32(truncatingIfNeeded: x); end[r] = Int32(truncatingIfNeeded: x &+ count)
        if rows.isEmpty {
            rows = y..<(y &+ 1); columns = x..<(x &+ count)
        } else {
            rows = min(rows.lowerBound, y)..<max(rows.upperBound, y &+ 1)
            columns = min(columns.lowerBound, x)..<max(columns.upperBound, x &+ count)
        }
        return true
    }

    deinit { start.deallocate(); end.deallocate() }
}

/// Strip-order drawing of the recorded interior runs of a per-column warp.
extension ContentsSampling {
    /// Columns per strip of `drawColumnRuns`: 256, so on the per-pixel form a strip's tables
    /// (about 25 bytes a column: v, b, wx, quad, x0), its two image rows and its output row stay
    /// in a 32 KB level-1 data cache from row to row (the separable form's window of blended rows
    /// is larger). A chosen value.
    static let stripColumns = 256

    /// The narrowest strip `drawColumnRuns` splits a strip into when its rows spread too wide
    /// for the separable form: 16 columns, two steps of its 8-column kernel. A chosen value.
    static let narrowestStrip = 16

    /// Draws the runs recorded per row (`runs`, opaque full-coverage interiors of the `columns`
    /// mode) strip by strip of `stripColumns` columns, each strip top to bottom by its
    /// separable form (`drawStripSeparably`) where it suits, else by `drawColumnsRun`, then
    /// clears them: the same pixels as drawing each run as it came,
    /// with the tables and image rows a strip reads kept in cache between its rows. A strip
    /// whose image rows spread too wide for the separable form (a steep turn: a flip's card
    /// past about 60°, where a device row's image row changes by more than a row a column) is
    /// split in halves (on 8-column bounds) down to `narrowestStrip` columns, each drawn the
    /// same way: the spread shrinks with the width, the pixels do not change.
    /// - Complexity: O(pixels of the runs + rows · strips · log₂(stripColumns / narrowestStrip)).
    func drawColumnRuns(_ runs: RowRuns, into plane: PixelPlane) {
        let origin = runs.originY
        var x0 = runs.columns.lowerBound
        while x0 < runs.columns.upperBound {
            let x1 = x0 &+ ContentsSampling.stripColumns
            drawStrip(runs, into: plane, x0: x0, x1: min(x1, runs.columns.upperBound))
            x0 = x1
        }
        for y in runs.rows {
            let r = y &- origin
            runs.start[r] = 0; runs.end[r] = 0
        }
        runs.rows = runs.rows.lowerBound..<runs.rows.lowerBound
        runs.columns = 0..<0
    }

    /// One strip of `drawColumnRuns`: separably, else in halves if its rows spread too wide,
    /// else row by row.
    private func drawStrip(_ runs: RowRuns, into plane: PixelPlane, x0: Int, x1: Int) {
        let form = drawStripSeparably(runs, into: plane, x0: x0, x1: x1)
        if form == .drawn { return }
        if form == .spread && x1 &- x0 >= 2 &* ContentsSampling.narrowestStrip {
            let half = ((x1 &- x0) / 2 &+ 7) & ~7
            drawStrip(runs, into: plane, x0: x0, x1: x0 &+ half)
            drawStrip(runs, into: plane, x0: x0 &+ half, x1: x1)
            return
        }
        let origin = runs.originY
        for y in runs.rows {
            let r = y &- origin
            let a = max(Int(runs.start[r]), x0), b = min(Int(runs.end[r]), x1)
            if a < b { drawColumnsRun(plane.row(y) + a, x: a, y: y, count: b &- a) }
        }
    }
}
