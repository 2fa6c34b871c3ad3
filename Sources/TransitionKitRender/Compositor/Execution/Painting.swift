import Foundation
import TransitionKitCore

/// Painting: a solid colour over polygons (backgrounds, shape paths) and a group's offscreen
/// buffer composited into the band, each through the layer's clip. Deferred 1:1 row copies
/// (`PendingCopies`) are done first where these read or cover the destination, except that a
/// translucent colour's interior over one is fused with it (`PendingCopies.tint`).
extension BandRenderer {
    /// Fills `polygons` with `color` times `alpha`.
    func fillSolid(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, color: Color, alpha: UInt32,
        clip: Clip, into plane: PixelPlane
    ) {
        guard !polygons.isEmpty, !clip.bounds.isEmpty else { return }
        let c = PixelMath.scale(color.premultipliedRGBA8.packed, alpha)
        guard c != 0 else { return }
        let pending = tables.pending
        var clip = clip, polygons = polygons, rule = rule
        if let exact = exactIntersection(polygons, rule: rule, clip: clip) {
            // One shape: the drawn polygons cut to the clip's (exact area where edges meet).
            (polygons, rule) = (intersectedPolygons, exact)
            (clip.mask, clip.shape, clip.outline) = (nil, nil, nil)
        }
        // A clip that is still a shape or a mask reads the frame under its spans in its own
        // order: every deferred copy is written first. One shape (above) keeps them deferred,
        // so a dimming layer inside a sliding screen's clip is fused with its copy (`tint`).
        if clip.shape != nil || clip.mask != nil { pending.flushAll() }
        if clip.shape != nil {
            forEachShapeClippedSpan(polygons, rule: rule, clip: clip) { whole in
                forEachDamagedPiece(whole) { span in
                    let row = plane.row(span.y)
                    if span.count > 0 { SpanKernels.solid(row + span.x, coverage: span.coverage, clip: nil, count: span.count, color: c) }
                    if span.solidCount > 0 {
                        SpanKernels.solidRun(row + span.x + span.count, coverage: span.solidCoverage, clip: nil, count: span.solidCount, color: c)
                    }
                }
            }
            return
        }
        let mask = clip.mask
        // Without a mask, a deferred copy under the drawn pixels is done first (`flush`), or
        // for a translucent colour's full-strength interior fused with the tint (`tint`).
        let tintsPending = mask == nil && c &>> 24 != 255
        forEachSpan(polygons, rule: rule, clip: clip.bounds) { whole in
            forEachDamagedPiece(whole) { span in
                let row = plane.row(span.y), maskRow = mask?.row(span.y)
                if mask == nil {
                    let solid = row + span.x + span.count
                    if tintsPending && span.solidCoverage == 255 && span.solidCount > 0 {
                        if span.count > 0 {
                            pending.flush(y: span.y, dst: row + span.x, count: span.count)
                            SpanKernels.solid(row + span.x, coverage: span.coverage, clip: nil, count: span.count, color: c)
                        }
                        pending.tint(y: span.y, dst: solid, count: span.solidCount, color: c)
                        return
                    }
                    pending.flush(y: span.y, dst: row + span.x, count: span.count + span.solidCount)
                }
                if span.count > 0 {
                    SpanKernels.solid(
                        row + span.x, coverage: span.coverage, clip: maskRow.map { UnsafePointer($0 + span.x) },
                        count: span.count, color: c)
                }
                if span.solidCount > 0 {
                    let x = span.x + span.count
                    SpanKernels.solidRun(
                        row + x, coverage: span.solidCoverage, clip: maskRow.map { UnsafePointer($0 + x) },
                        count: span.solidCount, color: c)
                }
            }
        }
    }

    /// Composites a group's offscreen buffer `source` once, times `alpha`, through `clip`.
    func composite(_ source: PixelPlane, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        guard let clip = materialized(clip) else { return }
        let b = clip.bounds
        guard !b.isEmpty else { return }
        tables.pending.flushAll()
        for y in b.y0..<b.y1 {
            forEachDamagedRun(y: y, from: b.x0, to: b.x1) { lo, hi in
                SpanKernels.buffer(
                    plane.row(y) + lo, source: UnsafePointer(source.row(y) + lo),
                    clip: clip.mask.map { UnsafePointer($0.row(y) + lo) }, count: hi - lo, alpha: alpha)
            }
        }
    }
}
