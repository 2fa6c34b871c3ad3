import Foundation
import TransitionKitCore

/// A shape clip's coverage kept as the rasteriser's spans, row by row (edge pixels' coverage
/// bytes and solid runs), instead of a band-sized coverage mask: a rounded rect clip of a
/// full screen is a few spans per row and a few bytes per edge pixel.
///
/// Drawing through it (`clip(_:_:)`) intersects the drawn shape's span with the clip's spans
/// on that row: pixels where both are constant stay one solid run at coverage
/// `PixelMath.mul(a, s)`; only pixels on either shape's edge get per-pixel coverage, the same
/// products (`PixelMath.mul(drawn, clip)`) the general path forms against the materialised mask,
/// so the bytes drawn are the same.
/// Built once per shape clip and frame (`BandRenderer.rows(of:)`), storage reused.
final class ShapeClipRows {
    fileprivate struct Entry {
        var x: Int
        var count: Int
        var offset: Int
        var solidCount: Int
        var solidCoverage: UInt32
    }

    /// The recorded spans (`spans`, filled by `build`): per row (from the box's top) its first
    /// entry and entry count, the entries, and their edge pixels' coverage bytes.
    private struct Buffers {
        var counts: [Int] = [], first: [Int] = [], entries: [Entry] = [], coverage: [UInt8] = []

        /// Empties the buffers for `rows` rows, keeping their capacity.
        mutating func reset(rows: Int) {
            if counts.count < rows {
                counts = [Int](repeating: 0, count: rows)
                first = [Int](repeating: 0, count: rows)
            } else {
                for r in 0..<rows { counts[r] = 0 }
            }
            entries.removeAll(keepingCapacity: true)
            coverage.removeAll(keepingCapacity: true)
        }

        /// Appends the rasteriser's `span` to its row (rows counted from `origin`).
        mutating func record(_ span: CoverageSpan, origin: Int) {
            let r = span.y - origin
            if counts[r] == 0 { first[r] = entries.count }
            counts[r] += 1
            entries.append(
                Entry(x: span.x, count: span.count, offset: coverage.count, solidCount: span.solidCount, solidCoverage: span.solidCoverage))
            coverage.append(contentsOf: UnsafeBufferPointer(start: span.coverage, count: span.count))
        }

        /// Gives rows `repeated` the spans of the row above them, sharing its entries (the
        /// rasteriser's repeated rows, `CoverageRasterizer.fill(_:rule:clip:row:repeating:)`).
        mutating func repeatRow(_ repeated: Range<Int>, origin: Int) {
            let r = repeated.lowerBound - 1 - origin
            for y in repeated {
                counts[y - origin] = counts[r]
                first[y - origin] = first[r]
            }
        }
    }

    private var y0 = 0
    private var spans = Buffers()
    /// Scratch for the pieces' per-pixel coverage (a raw buffer: no exclusivity checks per span).
    private var product = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var productCapacity = 1
    /// The pixels the shape covers (the rasteriser's touched rectangle).
    private(set) var touched = PixelRect.empty
    /// False until `build` has run for the current shape.
    private(set) var isBuilt = false

    /// Forgets the spans (the shape changed).
    func invalidate() { isBuilt = false }

    /// Records the spans of `polygons` rasterised over `box` (the shape clip's box, so the
    /// coverage equals the materialised mask's).
    /// - Complexity: O(the rasteriser's fill) once; O(edge pixels + rows) storage.
    func build(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, box: PixelRect, rasterizer: CoverageRasterizer) {
        y0 = box.y0
        let origin = box.y0
        let rows = max(box.height, 0)
        // The buffers are moved into a local while the rasteriser calls back (uniquely
        // referenced, capacity kept), then moved back. The two callbacks reach it through one
        // pointer: variables captured by both would be checked for exclusive access at run time
        // on every span (`swift_beginAccess`, 4 % of a radial frame).
        var local = spans
        spans = Buffers()
        local.reset(rows: rows)
        touched = withUnsafeMutablePointer(to: &local) { b in
            // Rows that repeat the row above share its entries.
            rasterizer.fill(polygons, rule: rule, clip: box, row: { b.pointee.record($0, origin: origin) }) { repeated, _ in
                b.pointee.repeatRow(repeated, origin: origin)
            }
        }
        spans = local
        if productCapacity < box.width {
            productCapacity = max(box.width, 2 * productCapacity)
            product.deallocate()
            product = .allocate(capacity: productCapacity)
        }
        isBuilt = true
    }

    /// Calls `body` with the pieces of `drawn` (a span of the shape being drawn, on a row of
    /// the clip's box) inside the clip, each as one `CoverageSpan`: per-pixel coverage
    /// `PixelMath.mul(drawn, clip)` where either has an edge pixel, then the run where both are
    /// constant. Pixels outside the clip's spans are left out (their coverage is 0).
    /// - Complexity: O(clip spans on the row + edge pixels of the pieces).
    func clip(_ drawn: CoverageSpan, _ body: (CoverageSpan) -> Void) {
        withStorage { $0.clip(drawn, body) }
    }

    /// The spans' storage as raw buffers (no reference counting or exclusivity checks per
    /// span), valid inside `withStorage`.
    fileprivate struct Storage {
        let y0: Int
        let first: UnsafeBufferPointer<Int>, counts: UnsafeBufferPointer<Int>
        let entries: UnsafeBufferPointer<Entry>, coverage: UnsafeBufferPointer<UInt8>
        let out: UnsafeMutablePointer<UInt8>

        /// `ShapeClipRows.clip(_:_:)`.
        @inline(__always)
        func clip(_ drawn: CoverageSpan, _ body: (CoverageSpan) -> Void) {
            let r = drawn.y - y0
            guard r >= 0, r < counts.count, counts[r] > 0 else { return }
            let edgeEnd = drawn.x + drawn.count, end = edgeEnd + drawn.solidCount
            let start = first[r], n = counts[r]
            for k in start..<(start + n) {
                let s = entries[k]
                let sEdgeEnd = s.x + s.count, sEnd = sEdgeEnd + s.solidCount
                if s.x >= end { break }
                let lo = max(drawn.x, s.x), hi = min(end, sEnd)
                guard lo < hi else { continue }
                let solidStart = min(max(max(edgeEnd, sEdgeEnd), lo), hi)
                for x in lo..<solidStart {
                    let a = x < edgeEnd ? UInt32(drawn.coverage[x - drawn.x]) : drawn.solidCoverage
                    let c = x < sEdgeEnd ? UInt32(coverage[s.offset + x - s.x]) : s.solidCoverage
                    out[x - lo] = UInt8(truncatingIfNeeded: PixelMath.mul(a, c))
                }
                let solid = solidStart < hi ? PixelMath.mul(drawn.solidCoverage, s.solidCoverage) : 0
                guard solidStart > lo || solid > 0 else { continue }
                body(
                    CoverageSpan(
                        y: drawn.y, x: lo, count: solidStart - lo, coverage: UnsafePointer(out),
                        solidCount: solid > 0 ? hi - solidStart : 0, solidCoverage: solid))
            }
        }
    }

    @inline(__always)
    fileprivate func withStorage<R>(_ f: (Storage) -> R) -> R {
        spans.first.withUnsafeBufferPointer { first in
            spans.counts.withUnsafeBufferPointer { counts in
                spans.entries.withUnsafeBufferPointer { entries in
                    spans.coverage.withUnsafeBufferPointer { coverage in
                        f(Storage(y0: y0, first: first, counts: counts, entries: entries, coverage: coverage, out: product))
                    }
                }
            }
        }
    }

    /// `clip(_:_:)` of a full-coverage rectangle's rows: the clip's own spans cut to `rect`. The
    /// storage is opened once for all the rows (not once a row: each opening retains and
    /// releases the four span buffers).
    func clip(rect: PixelRect, _ body: (CoverageSpan) -> Void) {
        guard !rect.isEmpty else { return }
        let spare = UnsafePointer(product)
        withStorage { storage in
            for y in rect.y0..<rect.y1 {
                storage.clip(
                    CoverageSpan(y: y, x: rect.x0, count: 0, coverage: spare, solidCount: rect.width, solidCoverage: 255), body)
            }
        }
    }

    deinit { product.deallocate() }
}

extension BandRenderer {
    /// The shape clip's spans, rasterised on first use in a frame.
    func rows(of shape: ShapeClip) -> ShapeClipRows {
        if !shape.rows.isBuilt {
            shape.rows.build(shape.polygons, rule: shape.rule, box: shape.box, rasterizer: rasterizer)
        }
        return shape.rows
    }

    /// Calls `body` with the coverage spans of `polygons` inside `clip` (the rasteriser's
    /// `fill`), except that on the fast path a pixel-aligned rectangle (a screen's bounds on
    /// whole pixels) is one solid run per row at coverage 255, the spans the rasteriser makes of
    /// it without building its edges and cells (a few instructions a row instead of hundreds).
    /// - Complexity: O(rows) for an aligned rectangle, else the rasteriser's fill.
    func forEachSpan(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect, _ body: (CoverageSpan) -> Void) {
        guard fastPaths, let r = PixelRect.aligned(polygons) else {
            rasterizer.fill(polygons, rule: rule, clip: clip, row: body)
            return
        }
        let rect = r.intersection(clip)
        guard !rect.isEmpty else { return }
        withUnsafePointer(to: UInt8(255)) { full in
            for y in rect.y0..<rect.y1 {
                body(CoverageSpan(y: y, x: rect.x0, count: 0, coverage: full, solidCount: rect.width, solidCoverage: 255))
            }
        }
    }

    /// Calls `body` with the coverage spans of `polygons` through `clip`'s bounds and its
    /// deferred shape (`clip.shape`, which must be set): a pixel-aligned rectangle takes the
    /// shape's spans as they are (rasterised straight into `body` when the shape is drawn
    /// through once, `ShapeClip.drawnOnce`, and not kept); anything else is rasterised over the
    /// bounds the general path uses (the shape's touched pixels ∩ `clip.bounds`) and each span
    /// intersected with the shape's on its row (`ShapeClipRows.clip`), bit for bit the general
    /// path's coverage × mask. Returns the device bounds drawn through (empty when nothing
    /// shows).
    /// - Complexity: O(the polygons' fill + edge pixels), no band-sized mask.
    @discardableResult
    func forEachShapeClippedSpan(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: Clip, _ body: (CoverageSpan) -> Void
    ) -> PixelRect {
        guard let shape = clip.shape else { return .empty }
        if let r = PixelRect.aligned(polygons) {
            let rect = r.intersection(clip.bounds)
            if shape.drawnOnce && !shape.rows.isBuilt && rect.x0 <= shape.reach.x0 && rect.x1 >= shape.reach.x1 {
                // The shape's own fill cut to the rectangle, which is as wide as all the shape
                // reaches (so pieces of the contents drawn around a later opaque part, then split
                // by rows, never fill a row twice): the same coverage as its kept spans cut to
                // it (a fill's coverage does not depend on the clip, `CoverageRasterizer`, and
                // their products with the rectangle's 255 are themselves, `PixelMath.mul(255, c)
                // == c`), without storing the spans and copying them back out. Measured on the
                // 2-core EPYC VM at 1179x2556, release, one core, two builds alternated six
                // times: radial push p50 0.67–0.71 → 0.65–0.67 ms, pop 0.73–0.76 → 0.70–0.73
                // ms, tab 0.67–0.69 → 0.64–0.66 ms.
                let box = rect.intersection(shape.box)
                guard !box.isEmpty else { return rect }
                rasterizer.fill(shape.polygons, rule: shape.rule, clip: box, row: body) { repeated, spans in
                    CoverageSpan.forEach(in: repeated, of: spans, body)
                }
                return rect
            }
            rows(of: shape).clip(rect: rect, body)
            return rect
        }
        let rows = rows(of: shape)
        let bounds = rows.touched.intersection(clip.bounds)
        guard !bounds.isEmpty else { return .empty }
        // The clip's spans are opened once for the whole fill, not per span (`clip(_:_:)`).
        _ = rows.withStorage { storage in
            rasterizer.fill(polygons, rule: rule, clip: bounds, row: { storage.clip($0, body) }) { repeated, spans in
                CoverageSpan.forEach(in: repeated, of: spans) { storage.clip($0, body) }
            }
        }
        return bounds
    }
}
