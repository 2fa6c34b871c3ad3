import Foundation
import TransitionKitCore

/// One band's damaged spans, row by row (a `DamageRegion` cut to the band's rows), for a
/// damage render: every write to the frame goes through it, so only damaged pixels change.
///
/// The band itself stays the rows of a full render, full width, so the walk, the occlusion
/// pass, every clip, the rasteriser's boxes and the sampling tables are those of a full render
/// of the same rows; only the spans handed to the pixel kernels are cut (`pieces`). Kernels whose
/// pixels do not depend on where a span starts take the cut pieces; the others (an image
/// sampled by stepping from the span's start: `rows` and `general` sampling) draw the whole span
/// into a scratch row and only its damaged pixels are copied (`BandRenderer.drawContents`).
/// Reused from frame to frame by its band renderer.
final class DamageRows {
    private(set) var originY = 0
    /// Per band row, where its spans start in `spans` and how many there are (raw storage: no
    /// exclusivity checks or reference counting per span drawn).
    private var first = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var rowCapacity = 1
    private var spans = UnsafeMutablePointer<DamageRegion.Span>.allocate(capacity: 1)
    private var spanCapacity = 1
    /// A row of the frame's width for spans drawn whole and copied in part.
    private(set) var scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var scratchCapacity = 1

    /// Takes `region`'s spans in `band`'s rows (cut to its columns).
    /// - Complexity: O(band rows + the region's strips and spans in them).
    func prepare(_ region: DamageRegion, band: PixelRect, width: Int) {
        let rows = max(band.height, 0)
        originY = band.y0
        if rowCapacity < rows {
            // Grown geometrically: a band that grows a little every frame (a growing ring)
            // reallocates O(log rows) times, not every frame.
            first.deallocate(); count.deallocate()
            rowCapacity = max(rows, 2 * rowCapacity)
            first = .allocate(capacity: rowCapacity); count = .allocate(capacity: rowCapacity)
        }
        count.update(repeating: 0, count: rows)
        if spanCapacity < region.spans.count {
            spans.deallocate()
            spanCapacity = max(region.spans.count, 2 * spanCapacity)
            spans = .allocate(capacity: spanCapacity)
        }
        var n = 0
        for s in region.strips where s.y1 > band.y0 && s.y0 < band.y1 {
            let start = n
            for k in s.first..<(s.first + s.count) {
                let x0 = max(region.spans[k].x0, band.x0), x1 = min(region.spans[k].x1, band.x1)
                if x0 < x1 { spans[n] = DamageRegion.Span(x0: x0, x1: x1); n += 1 }
            }
            guard n > start else { continue }
            for y in max(s.y0, band.y0)..<min(s.y1, band.y1) {
                first[y - band.y0] = start
                count[y - band.y0] = n - start
            }
        }
        if scratchCapacity < width {
            scratch.deallocate()
            scratchCapacity = width
            scratch = .allocate(capacity: width)
        }
    }

    /// Whether any pixel of `rect` (inside the band's rows) is damaged: a drawing whose pixels
    /// all lie outside the damage need not be done.
    /// - Complexity: O(rows of `rect` · damaged spans per row), at most.
    func touches(_ rect: PixelRect) -> Bool {
        for y in rect.y0..<rect.y1 {
            let r = y - originY
            let n = count[r]
            guard n > 0 else { continue }
            let k = first[r]
            for j in k..<(k + n) where spans[j].x0 < rect.x1 && spans[j].x1 > rect.x0 { return true }
        }
        return false
    }

    /// Calls `body(x0, x1)` for each damaged run of row `y` inside columns `lo..<hi`, left to right.
    /// - Complexity: O(damaged spans of the row).
    @inline(__always)
    func forEachRun(y: Int, from lo: Int, to hi: Int, _ body: (Int, Int) -> Void) {
        let r = y &- originY
        let n = count[r]
        guard n > 0, lo < hi else { return }
        var k = first[r]
        let end = k &+ n
        while k < end {
            let s = spans[k]
            if s.x0 >= hi { return }
            let a = max(s.x0, lo), b = min(s.x1, hi)
            if a < b { body(a, b) }
            k &+= 1
        }
    }

    /// Whether columns `lo..<hi` of row `y` are all damaged, partly, or not at all.
    enum Overlap { case none, part, all }

    /// How `lo..<hi` of row `y` meets the damage.
    @inline(__always)
    func overlap(y: Int, from lo: Int, to hi: Int) -> Overlap {
        let r = y &- originY
        var k = first[r]
        let end = k &+ count[r]
        while k < end {
            let s = spans[k]
            if s.x0 >= hi { return .none }
            if s.x1 > lo { return s.x0 <= lo && s.x1 >= hi ? .all : .part }
            k &+= 1
        }
        return .none
    }

    /// Calls `body` with the pieces of `span` inside the damage (the whole span when it lies in
    /// one damaged run): the same coverage bytes and interior coverage, cut.
    /// - Complexity: O(damaged spans of the row).
    @inline(__always)
    func pieces(_ span: CoverageSpan, _ body: (CoverageSpan) -> Void) {
        let x0 = span.x, edgeEnd = x0 &+ span.count, end = edgeEnd &+ span.solidCount
        forEachRun(y: span.y, from: x0, to: end) { lo, hi in
            if lo == x0 && hi == end {
                body(span)
                return
            }
            let edgeCount = max(0, min(hi, edgeEnd) &- lo)
            let solidStart = max(lo, edgeEnd)
            body(
                CoverageSpan(
                    y: span.y, x: lo, count: edgeCount, coverage: edgeCount > 0 ? span.coverage + (lo &- x0) : span.coverage,
                    solidCount: max(0, hi &- solidStart), solidCoverage: span.solidCoverage))
        }
    }

    deinit {
        scratch.deallocate(); first.deallocate(); count.deallocate(); spans.deallocate()
    }
}

extension BandRenderer {
    /// `body` with `span`, or with its damaged pieces in a damage render (`DamageRows.pieces`).
    @inline(__always)
    func forEachDamagedPiece(_ span: CoverageSpan, _ body: (CoverageSpan) -> Void) {
        guard let damage else {
            body(span)
            return
        }
        damage.pieces(span, body)
    }

    /// `body(x0, x1)` for columns `lo..<hi` of row `y`, or for their damaged runs in a damage render.
    @inline(__always)
    func forEachDamagedRun(y: Int, from lo: Int, to hi: Int, _ body: (Int, Int) -> Void) {
        guard let damage else {
            if lo < hi { body(lo, hi) }
            return
        }
        damage.forEachRun(y: y, from: lo, to: hi, body)
    }
}
