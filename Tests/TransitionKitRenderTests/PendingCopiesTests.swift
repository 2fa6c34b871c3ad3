import Testing

@testable import TransitionKitRender

/// A row's deferred copies (`PendingCopies`) when an opaque copy is recorded inside another
/// one (a radial reveal's interior over the outgoing screen) and an anti-aliased edge is then
/// drawn beside it (`takeUnder`): which pixels are written when, and which source an edge gets.
/// The expected pixels are the two sources' own values at each position, so a pixel written
/// from the wrong source, too early or twice shows as a wrong value or a sentinel.
@Suite struct PendingCopiesTests {
    static let width = 40
    /// Never a source value: a pixel not written yet.
    static let sentinel: UInt32 = 0xDEAD_BEEF

    /// A one-row band `width` pixels wide, its frame row, and two source rows: `a` (the outer
    /// copy, values 1000 + x) and `b` (the inner one, 2000 + x).
    final class Row {
        let pending = PendingCopies(kernels: .native)
        let frame = UnsafeMutablePointer<UInt32>.allocate(capacity: PendingCopiesTests.width)
        let a = UnsafeMutablePointer<UInt32>.allocate(capacity: PendingCopiesTests.width)
        let b = UnsafeMutablePointer<UInt32>.allocate(capacity: PendingCopiesTests.width)

        init() {
            let n = PendingCopiesTests.width
            frame.initialize(repeating: PendingCopiesTests.sentinel, count: n)
            for x in 0..<n {
                (a + x).initialize(to: UInt32(1000 + x))
                (b + x).initialize(to: UInt32(2000 + x))
            }
            pending.prepare(band: PixelRect(x0: 0, y0: 7, x1: n, y1: 8))
        }

        /// Records the copy of `a` over the whole row, then of `b` over x0..<x1.
        func recordOuterThenInner(_ x0: Int, _ x1: Int) {
            pending.record(y: 7, dst: frame, src: RowSamples(copying: a), count: PendingCopiesTests.width)
            pending.record(y: 7, dst: frame + x0, src: RowSamples(copying: b + x0), count: x1 - x0)
        }

        /// The frame row, with each pixel as the source it came from: "a", "b", "-" (sentinel)
        /// or "?" (anything else, or a source value at the wrong position).
        var picture: String {
            String(
                (0..<PendingCopiesTests.width).map { x -> Character in
                    switch frame[x] {
                    case PendingCopiesTests.sentinel: "-"
                    case UInt32(1000 + x): "a"
                    case UInt32(2000 + x): "b"
                    default: "?"
                    }
                })
        }

        deinit { frame.deallocate(); a.deallocate(); b.deallocate() }
    }

    static func picture(_ runs: [(Character, Int)]) -> String { String(runs.flatMap { Array(repeating: $0.0, count: $0.1) }) }

    @Test func anInnerCopyWritesTheOuterLeftOfItAndDefersTheRestAsItsTail() {
        let row = Row()
        row.recordOuterThenInner(6, 20)
        #expect(row.picture == Self.picture([("a", 6), ("-", 34)]))
        row.pending.flushAll()
        #expect(row.picture == Self.picture([("a", 6), ("b", 14), ("a", 20)]))
    }

    @Test func anEdgeRightOfTheInnerCopyTakesTheTailsSource() {
        let row = Row()
        row.recordOuterThenInner(6, 20)
        let under = row.pending.takeUnder(y: 7, dst: row.frame + 20, count: 3)
        #expect(under == UnsafePointer(row.a + 20), "the outer copy's source under the edge")
        // The edge's pixels are the caller's; the inner copy and the rest of the tail stay deferred.
        #expect(row.picture == Self.picture([("a", 6), ("-", 34)]))
        row.pending.flushAll()
        #expect(row.picture == Self.picture([("a", 6), ("b", 14), ("-", 3), ("a", 17)]))
    }

    @Test func anEdgeInsideTheTailWritesTheTailLeftOfIt() {
        let row = Row()
        row.recordOuterThenInner(6, 20)
        let under = row.pending.takeUnder(y: 7, dst: row.frame + 25, count: 2)
        #expect(under == UnsafePointer(row.a + 25))
        #expect(row.picture == Self.picture([("a", 6), ("-", 14), ("a", 5), ("-", 15)]))
        row.pending.flushAll()
        #expect(row.picture == Self.picture([("a", 6), ("b", 14), ("a", 5), ("-", 2), ("a", 13)]))
    }

    @Test func anEdgeOverTheRowsOnlyCopyTakesItAndWritesItUpToTheEdge() {
        let row = Row()
        row.pending.record(y: 7, dst: row.frame, src: RowSamples(copying: row.a), count: Self.width)
        let under = row.pending.takeUnder(y: 7, dst: row.frame + 10, count: 4)
        #expect(under == UnsafePointer(row.a + 10))
        #expect(row.picture == Self.picture([("a", 10), ("-", 30)]))
        row.pending.flushAll()
        #expect(row.picture == Self.picture([("a", 10), ("-", 4), ("a", 26)]))
    }

    @Test func anEdgeAcrossTwoDeferredCopiesChangesNothing() {
        let row = Row()
        row.recordOuterThenInner(6, 20)
        // Pixels 18...21 lie partly in the inner copy and partly in the tail: no one source.
        #expect(row.pending.takeUnder(y: 7, dst: row.frame + 18, count: 4) == nil)
        #expect(row.picture == Self.picture([("a", 6), ("-", 34)]))
        row.pending.flushAll()
        #expect(row.picture == Self.picture([("a", 6), ("b", 14), ("a", 20)]))
    }

    @Test func anyOtherDrawingInTheRowWritesTheTailFirst() {
        let row = Row()
        row.recordOuterThenInner(6, 20)
        // A flush for pixels left of the tail (a drawing there): the tail is written too.
        row.pending.flush(y: 7, dst: row.frame + 8, count: 2)
        #expect(row.picture == Self.picture([("a", 6), ("b", 4), ("-", 10), ("a", 20)]))
    }

    @Test func anInnerCopyOverATintedCopyLeavesNoTail() {
        let row = Row()
        row.pending.record(y: 7, dst: row.frame, src: RowSamples(copying: row.a), count: Self.width)
        row.pending.tint(y: 7, dst: row.frame, count: Self.width, color: 0x4000_0000)
        row.pending.record(y: 7, dst: row.frame + 6, src: RowSamples(copying: row.b + 6), count: 14)
        // The tinted outer copy is written outside the inner one at once (tinted: "?"), so an
        // edge right of the inner copy finds no source to blend over.
        #expect(row.picture == Self.picture([("?", 6), ("-", 14), ("?", 20)]))
        #expect(row.pending.takeUnder(y: 7, dst: row.frame + 20, count: 3) == nil)
    }
}
