/// The spans of one row of a `CoverageRasterizer` band in which every active edge is vertical
/// and runs through all of the band's rows, replayed for the rows of later such bands with the
/// same active edges instead of depositing and summing them again.
///
/// Each such row gets the same deposits: a vertical edge adds `dir` at the same two cells of
/// every row it crosses whole (`CoverageRasterizer.draw` with dy = 1 and x unchanged), in the
/// same order, so the sums, and the spans, are the same bytes; only `y` differs. That is the
/// interior of an axis-aligned layer with fractional edges (the view behind a drag-dismiss card,
/// scaled about its centre): two edge pixels and an interior a row, 2556 rows a frame.
///
/// The recorded spans point into the rasteriser's coverage row, which the rows of a band that
/// is not replayed overwrite: such a band forgets the record first (`forget`).
struct RepeatedRows {
    private var spans: [CoverageSpan] = []
    /// The rasteriser's count of changes to its active edges when the spans were recorded;
    /// nil when none are.
    private var version: Int?
    /// Rows handed out by `replay` since this was made (tests check the replay runs).
    private(set) var replayedRows = 0

    /// Drops the record: the next replay draws nothing and returns false.
    mutating func forget() { version = nil }

    /// Starts recording a row's spans for active edges at `version`.
    mutating func start(version: Int) {
        spans.removeAll(keepingCapacity: true)
        self.version = version
    }

    /// Adds one of the recorded row's spans, in the order they were handed out.
    mutating func record(_ span: CoverageSpan) { spans.append(span) }

    /// Hands out the recorded spans again for each of `rows` (box rows; device row = `y0` + row)
    /// and widens `touched` by them, when they were recorded for the active edges at `version`.
    /// - Returns: false, having done nothing, when there is no such record.
    /// - Complexity: O(rows · spans), no allocation.
    mutating func replay(rows: Range<Int>, version: Int, y0: Int, touched: inout PixelRect, _ row: (CoverageSpan) -> Void) -> Bool {
        guard self.version == version else { return false }
        replayedRows &+= rows.count
        for r in rows {
            for s in spans {
                let span = CoverageSpan(
                    y: y0 + r, x: s.x, count: s.count, coverage: s.coverage, solidCount: s.solidCount, solidCoverage: s.solidCoverage)
                row(span)
                touched = touched.union(PixelRect(x0: span.x, y0: span.y, x1: span.x + span.count + span.solidCount, y1: span.y + 1))
            }
        }
        return true
    }
}
