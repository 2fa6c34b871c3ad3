import Foundation
import TransitionKitCore

/// Drawing a gradient (`LoweredCommand.gradient`): the coverage spans of the layer's bounds
/// shape (exact-area edges, through the clip as a background's are, `fillSolid`), each handed
/// to the gradient kernel (`GradientKernels.span`) with the plan's shader and ramp. Deferred
/// 1:1 row copies under the drawn pixels are done first.
extension BandRenderer {
    /// Draws `plan` over `polygons` (device pixels, nonzero) times `alpha` through `clip`.
    /// - Complexity: O(the shape's fill + its pixels in the band), each pixel a few arithmetic
    ///   operations and one ramp read; no allocation.
    func drawGradient(_ plan: GradientPlan, area polygons: [[CGPoint]], alpha: UInt32, clip: Clip, into plane: PixelPlane) {
        guard !polygons.isEmpty, !clip.bounds.isEmpty, alpha > 0 else { return }
        let pending = tables.pending
        if clip.shape != nil || clip.mask != nil { pending.flushAll() }
        var clip = clip, polygons = polygons, rule = ShapePath.FillRule.nonZero
        if let exact = exactIntersection(polygons, rule: rule, clip: clip) {
            // One shape: the bounds cut to the clip's (exact area where edges meet).
            (polygons, rule) = (intersectedPolygons, exact)
            (clip.mask, clip.shape, clip.outline) = (nil, nil, nil)
        }
        let shader = plan.shader, mask = clip.mask
        plan.ramp.withUnsafeBufferPointer { buffer in
            let ramp = buffer.baseAddress!
            func draw(_ span: CoverageSpan) {
                let row = plane.row(span.y), maskRow = mask?.row(span.y)
                if mask == nil { pending.flush(y: span.y, dst: row + span.x, count: span.count + span.solidCount) }
                if span.count > 0 {
                    GradientKernels.span(
                        row + span.x, coverage: span.coverage, constantCoverage: 0, clip: maskRow.map { UnsafePointer($0 + span.x) },
                        count: span.count, x: span.x, y: span.y, shader: shader, ramp: ramp, alpha: alpha)
                }
                if span.solidCount > 0 {
                    let x = span.x + span.count
                    GradientKernels.span(
                        row + x, coverage: nil, constantCoverage: span.solidCoverage, clip: maskRow.map { UnsafePointer($0 + x) },
                        count: span.solidCount, x: x, y: span.y, shader: shader, ramp: ramp, alpha: alpha)
                }
            }
            if clip.shape != nil {
                forEachShapeClippedSpan(polygons, rule: rule, clip: clip) { forEachDamagedPiece($0, draw) }
            } else {
                forEachSpan(polygons, rule: rule, clip: clip.bounds) { forEachDamagedPiece($0, draw) }
            }
        }
    }
}
