import Foundation
import TransitionKitCore

/// Drawing a layer's `contents`: the device → image map, the sampling mode chosen once for
/// the layer (`ContentsSampling`), then the rasteriser's coverage spans of the drawn area
/// handed to it, and the per-column warp's interior runs drawn afterwards strip by strip.
extension BandRenderer {
    /// Draws `contents` over `area` (device pixels: the drawn area, one polygon in layer points
    /// projected by `projection`, so its edges are anti-aliased once), the whole image mapped
    /// onto `g` (`LayerPixelGeometry.contentsRect`, layer points).
    func drawContents(
        _ contents: Bitmap, placedIn g: CGRect, area: [[CGPoint]],
        projection: Projection, clip: Clip, alpha: UInt32, into plane: PixelPlane
    ) {
        guard !clip.bounds.isEmpty else { return }
        var polygons = area, rule = ShapePath.FillRule.nonZero
        guard !polygons.isEmpty, let map = BandRenderer.deviceToImage(contents, placedIn: g, projection: projection) else { return }
        var clip = clip
        // Through a deferred shape clip, the drawn area's spans are intersected with the shape's
        // (`forEachShapeClippedSpan`), over the bounds the general path's mask would leave.
        if let shape = clip.shape, PixelRect.aligned(polygons) == nil {
            clip.bounds = clip.bounds.intersection(rows(of: shape).touched)
            guard !clip.bounds.isEmpty else { return }
        }
        if let exact = exactIntersection(polygons, rule: rule, clip: clip) {
            // One shape: the drawn area cut to the clip's (exact area where edges meet).
            (polygons, rule) = (intersectedPolygons, exact)
            (clip.mask, clip.shape, clip.outline) = (nil, nil, nil)
        }
        let opaque = fastPaths && contents.isOpaque
        // Class references the span functions below use are held `Unretained`: this renderer
        // (its tables, damage rows) and `clip` (its mask) own them for the whole call, and the
        // span functions, called once per span, would otherwise retain and release each one
        // around each use (with `unowned(unsafe)`, 10 retain and release calls in the release
        // build's span function; a drag-dismiss dismiss frame 1.96–1.97 → 1.85–1.87 ms without them).
        let pending = Unretained(tables.pending), runs = Unretained(tables.runs)
        contents.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: contents.width, height: contents.height, stride: contents.rowStride)
            let sampling = ContentsSampling(
                map: map, sampler: sampler, opaque: opaque, columns: clip.bounds.x0..<clip.bounds.x1,
                tables: tables, fastPaths: fastPaths)
            // Deferred rows wait only for a translated layer (which may fuse with them). A
            // separable layer's spans write deferred rows under them (or drop them under opaque
            // full-strength runs, `PendingCopies.cover`) span by span, except for its uniform
            // runs, which defer or fuse like a translated layer (`ContentsSampling.defers`);
            // other modes flush all.
            let spanwise = sampling.mode == .separable
            if sampling.mode != .translation && !spanwise { tables.pending.flushAll() }
            let covers = spanwise && opaque && alpha == 255 && clip.mask == nil
            // Opaque full-strength interiors of a per-column warp are recorded and drawn
            // afterwards strip by strip (`drawColumnRuns`); edge pixels as they come.
            let columnRuns = sampling.mode == .columns && opaque && alpha == 255 && clip.mask == nil
            let mask = clip.mask.map(Unretained.init)
            let opaqueSpans = fastPaths
            // An edge of a 1:1 layer asks for the next row's lines around it (`askForNextRow`).
            let edgeAhead = sampling.mode == .translation && self.damage == nil
            // So does an edge of a per-column warp's drawn interior (`askForRowsAhead`).
            let columnEdgeAhead = columnRuns && self.damage == nil
            // A local function, passed as a non-escaping closure: its context is not on the heap.
            func drawSpan(_ span: CoverageSpan, into row: UnsafeMutablePointer<UInt32>) {
                var span = span
                if opaqueSpans && span.count > 0 && span.count <= 4 && (span.solidCount == 0 || span.solidCoverage == 255) {
                    // Edge pixels at full coverage (a pixel-aligned side) join the interior run:
                    // the same result, and the run can take a whole-row kernel.
                    var full = true
                    for i in 0..<span.count where span.coverage[i] != 255 { full = false }
                    if full {
                        span = CoverageSpan(
                            y: span.y, x: span.x, count: 0, coverage: span.coverage,
                            solidCount: span.count + span.solidCount, solidCoverage: 255)
                    }
                }
                let y = span.y, maskRow = mask?.get { $0.row(y) }
                if spanwise {
                    pending.get { $0.flush(y: y, dst: row + span.x, count: span.count) }
                    if mask == nil && sampling.defers(x: span.x + span.count, count: span.solidCount) {
                        // The run is deferred or fused with the row under it by `draw`.
                    } else if covers && span.solidCoverage == 255 {
                        pending.get { $0.cover(y: y, dst: row + span.x + span.count, count: span.solidCount) }
                    } else {
                        pending.get { $0.flush(y: y, dst: row + span.x + span.count, count: span.solidCount) }
                    }
                }
                if span.count > 0 {
                    if edgeAhead { sampling.askForNextRow(around: row + span.x, frameStride: plane.stride, x: span.x, y: y, count: span.count) }
                    if columnEdgeAhead {
                        sampling.askForRowsAhead(around: row + span.x, frameStride: plane.stride, x: span.x, y: y, count: span.count)
                    }
                    sampling.draw(
                        row + span.x, coverage: span.coverage, constantCoverage: 0,
                        clip: maskRow.map { UnsafePointer($0 + span.x) }, count: span.count, x: span.x, y: y, alpha: alpha)
                }
                if span.solidCount > 0 {
                    let x = span.x + span.count
                    if columnRuns && span.solidCoverage == 255 && runs.get({ $0.record(y: y, x: x, count: span.solidCount) }) { return }
                    sampling.draw(
                        row + x, coverage: nil, constantCoverage: span.solidCoverage,
                        clip: maskRow.map { UnsafePointer($0 + x) }, count: span.solidCount, x: x, y: y, alpha: alpha)
                }
            }
            // In a damage render: the damaged pieces, or for a mode whose pixels depend on where
            // the span starts, the whole span drawn over a copy of the row and its damaged
            // pixels copied back (`DamageRows`).
            let damage = self.damage.map(Unretained.init)
            let startsMatter = sampling.mode == .rows || sampling.mode == .general
            func drawDamaged(_ span: CoverageSpan) {
                guard let damage else {
                    drawSpan(span, into: plane.row(span.y))
                    return
                }
                damage.get { damage in
                    guard startsMatter else {
                        damage.pieces(span) { drawSpan($0, into: plane.row($0.y)) }
                        return
                    }
                    let lo = span.x, hi = span.x + span.count + span.solidCount, row = plane.row(span.y)
                    switch damage.overlap(y: span.y, from: lo, to: hi) {
                    case .none: return
                    case .all: drawSpan(span, into: row)
                    case .part:
                        let scratch = damage.scratch
                        (scratch + lo).update(from: row + lo, count: hi - lo)
                        drawSpan(span, into: scratch)
                        damage.forEachRun(y: span.y, from: lo, to: hi) { a, b in (row + a).update(from: scratch + a, count: b - a) }
                    }
                }
            }
            if clip.shape != nil {
                forEachShapeClippedSpan(polygons, rule: rule, clip: clip, drawDamaged)
            } else {
                forEachSpan(polygons, rule: rule, clip: clip.bounds, drawDamaged)
            }
            if columnRuns && !tables.runs.rows.isEmpty { sampling.drawColumnRuns(tables.runs, into: plane) }
        }
    }
}

extension BandRenderer {
    /// The map from device pixels to `contents`' pixels (homogeneous), the whole image placed on
    /// `g` (layer points) and the layer drawn through `projection`; nil when the projection is
    /// not invertible or the map not finite (nothing is drawn).
    static func deviceToImage(_ contents: Bitmap, placedIn g: CGRect, projection: Projection) -> PlaneHomography? {
        guard let inverse = projection.composite.inverted() else { return nil }
        let toImage = PlaneHomography(
            scaleX: Double(contents.width) / Double(g.width), y: Double(contents.height) / Double(g.height),
            translationX: -Double(g.minX) * Double(contents.width) / Double(g.width),
            y: -Double(g.minY) * Double(contents.height) / Double(g.height))
        let map = inverse.concatenating(toImage)
        return map.isFinite ? map : nil
    }
}

/// A class reference used without reference counting, for per-span calls whose owner keeps the
/// object alive for the whole call: `unowned(unsafe)` still retained and released it around
/// each method call in the release build (one pair per call).
struct Unretained<Object: AnyObject> {
    private let reference: Unmanaged<Object>
    init(_ object: Object) { reference = .passUnretained(object) }
    @inline(__always) func get<R>(_ body: (Object) -> R) -> R { reference._withUnsafeGuaranteedRef(body) }
}
