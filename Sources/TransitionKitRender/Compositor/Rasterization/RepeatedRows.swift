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
///
/// This is the one place the compositor decides that rows repeat: a caller that keeps spans
/// (`ShapeClipRows.build`) is told which rows repeat the one above (`fill`'s `repeating`)
/// rather than working it out from the shape.
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

    /// Hands the recorded spans to `repeating` for device rows `rows` and widens `touched` by
    /// them, when they were recorded for the active edges at `version`.
    /// - Returns: false, having done nothing, when there is no such record.
    /// - Complexity: O(spans) and `repeating`; no allocation.
    mutating func replay(
        rows: Range<Int>, version: Int, touched: inout PixelRect, _ repeating: (Range<Int>, UnsafeBufferPointer<CoverageSpan>) -> Void
    ) -> Bool {
        guard self.version == version else { return false }
        replayedRows &+= rows.count
        for s in spans {
            touched = touched.union(PixelRect(x0: s.x, y0: rows.lowerBound, x1: s.x + s.count + s.solidCount, y1: rows.upperBound))
        }
        spans.withUnsafeBufferPointer { repeating(rows, $0) }
        return true
    }
}
