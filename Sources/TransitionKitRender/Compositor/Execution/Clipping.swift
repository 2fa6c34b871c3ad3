import Foundation
import TransitionKitCore

/// What limits drawing: a pixel rectangle (always) and, when the clip is not a pixel-aligned
/// rectangle, a coverage mask valid inside `bounds`, or (fast path) a single shape not yet
/// rasterised into a mask (`mask` is then nil).
struct Clip {
    var bounds: PixelRect
    var mask: CoverageMask?
    var shape: ShapeClip? = nil
    /// The one shape at full strength whose coverage the clip is (its deferred `shape`, or the
    /// shape its `mask` was rasterised from, on either path); nil for any other clip (a
    /// product of shapes, a mask layer's rendered alpha, a translucent mask). Drawing through
    /// it intersects the drawn polygons with it as one shape (`exactIntersection`).
    var outline: ShapeClip? = nil
}

/// A clip shape kept as polygons (device pixels) instead of a coverage mask: a single-shape
/// `mask` layer such as the radial reveal's ellipse or the zoom's rounded rect. The shape is
/// rasterised once per frame into spans per row (`rows`, `ShapeClipRows`); a background, path
/// or contents drawn through it intersects its own spans with them (`forEachShapeClippedSpan`:
/// interiors stay solid runs, only edge pixels are blended); a single polygon drawn through a
/// single-polygon shape, one of them convex, is first cut to it as one shape instead
/// (`exactIntersection`: exact area where the edges meet). A group, a nested clip or a mask
/// subtree turns it into the mask the general path would have built (`materialized`), bit for bit.
/// Reused from frame to frame (`BandRenderer.shapeClip`), its polygons' storage kept.
final class ShapeClip {
    private(set) var polygons: [[CGPoint]] = []
    private(set) var rule = ShapePath.FillRule.nonZero
    /// The clip bounds the shape was intersected with: always rasterised over this box so the
    /// coverage equals the general path's mask exactly.
    private(set) var box = PixelRect.empty
    /// The pixels the shape may cover inside `box`: its polygons' bounds, snapped out, cut to it.
    private(set) var reach = PixelRect.empty
    /// The mask and its touched rectangle, once materialised.
    var materialized: (mask: CoverageMask, touched: PixelRect)?
    /// The shape's spans per row, once built (`BandRenderer.rows(of:)`).
    let rows = ShapeClipRows()
    /// True when one drawing is all that goes through the shape this frame: it masks a layer
    /// whose contents are its only part (no background, path or sublayers). That drawing may
    /// then rasterise the shape straight into its own spans instead of building `rows`
    /// (`BandRenderer.forEachShapeClippedSpan`). False after `reset`; set by the layer walk.
    var drawnOnce = false

    /// Takes a copy of `polygons` (into storage grown once), `rule`, `box` and `reach`; forgets
    /// any mask.
    func reset(polygons source: [[CGPoint]], rule: ShapePath.FillRule, box: PixelRect, reach: PixelRect) {
        for (i, polygon) in source.enumerated() {
            if i == polygons.count { polygons.append([]) }
            polygons[i].removeAll(keepingCapacity: true)
            polygons[i].append(contentsOf: polygon)
        }
        if polygons.count > source.count { polygons.removeSubrange(source.count...) }
        self.rule = rule
        self.box = box
        self.reach = reach
        materialized = nil
        drawnOnce = false
        rows.invalidate()
    }
}

/// Clipping: narrowing a `Clip` by a shape (`masksToBounds`, a leaf mask layer) or by a mask
/// subtree's alpha (`CALayer.mask`), deferring a single shape as polygons on the fast path and turning it into
/// the general path's coverage mask when needed.
extension BandRenderer {
    /// `clip` narrowed to the shape (device pixels) with its coverage scaled by `alpha`; nil
    /// when nothing is left. A pixel-aligned axis-aligned rectangle only narrows the bounds.
    func intersect(_ clip: Clip, with polygons: [[CGPoint]], rule: ShapePath.FillRule, alpha: UInt32) -> Clip? {
        if alpha == 255, let r = PixelRect.aligned(polygons) {
            let b = clip.bounds.intersection(r)
            return b.isEmpty ? nil : Clip(bounds: b, mask: clip.mask, shape: clip.shape, outline: clip.outline)
        }
        // Defer: keep the shape as polygons; drawing rasterises it as span coverage. A shape
        // with a non-finite point or a bound 1e9 pixels or more from the origin, which
        // `PixelRect.bounds(of:)` does not give (a mask circle of radius 1e9 px, which the
        // rasteriser still draws), takes the general path.
        if fastPaths && alpha == 255 && clip.mask == nil && clip.shape == nil, let box = PixelRect.bounds(of: polygons) {
            let b = clip.bounds.intersection(box)
            guard !b.isEmpty else { return nil }
            let shape = shapeClip()
            shape.reset(polygons: polygons, rule: rule, box: clip.bounds, reach: b)
            return Clip(bounds: b, mask: nil, shape: shape, outline: shape)
        }
        let isOneShape = alpha == 255 && clip.mask == nil && clip.shape == nil
        guard let clip = materialized(clip) else { return nil }
        let mask = coverageMask()
        let old = clip.mask
        let touched = rasterizer.fill(polygons, rule: rule, clip: clip.bounds) { span in
            let dst = mask.row(span.y) + span.x
            let previous = old.map { $0.row(span.y) + span.x }
            for i in 0..<(span.count + span.solidCount) {
                var c = i < span.count ? UInt32(span.coverage[i]) : span.solidCoverage
                if let previous { c = PixelMath.mul(c, UInt32(previous[i])) }
                if alpha != 255 { c = PixelMath.mul(c, alpha) }
                dst[i] = UInt8(truncatingIfNeeded: c)
            }
        }
        guard !touched.isEmpty else { return nil }
        // The general path's mask of one shape keeps the shape too, as the fast path's does.
        var outline: ShapeClip? = nil
        if isOneShape && PixelRect.bounds(of: polygons) != nil {
            let shape = shapeClip()
            shape.reset(polygons: polygons, rule: rule, box: clip.bounds, reach: touched)
            shape.materialized = (mask, touched)
            outline = shape
        }
        return Clip(bounds: touched, mask: mask, outline: outline)
    }

    /// The clip a general mask layer (`CALayer.mask`) leaves: the alpha of the mask subtree
    /// drawn into `buffer` (`LoweredCommand.beginMask`) over `clip`'s bounds, times `clip`'s own
    /// coverage; nil when nothing is left.
    /// - Complexity: O(pixels of `clip.bounds`).
    func maskClip(alphaOf buffer: ScratchPlane, through clip: Clip) -> Clip? {
        let coverage = coverageMask()
        var touched = PixelRect.empty
        let b = clip.bounds
        for y in b.y0..<b.y1 {
            let src = buffer.plane.row(y) + b.x0, dst = coverage.row(y) + b.x0
            let previous = clip.mask.map { $0.row(y) + b.x0 }
            var first = -1, last = -1
            for i in 0..<b.width {
                var c = src[i] &>> 24
                if let previous { c = PixelMath.mul(c, UInt32(previous[i])) }
                dst[i] = UInt8(truncatingIfNeeded: c)
                if c != 0 { if first < 0 { first = i }; last = i }
            }
            if first >= 0 { touched = touched.union(PixelRect(x0: b.x0 + first, y0: y, x1: b.x0 + last + 1, y1: y + 1)) }
        }
        return touched.isEmpty ? nil : Clip(bounds: touched, mask: coverage)
    }

    /// `clip` with a deferred shape turned into the coverage mask the general path builds
    /// (same rasteriser, same box, so the same bytes); unchanged without a shape. Nil when the
    /// shape covers nothing inside the bounds.
    func materialized(_ clip: Clip) -> Clip? {
        guard let shape = clip.shape else { return clip }
        if shape.materialized == nil {
            let mask = coverageMask()
            let touched = rasterizer.fill(shape.polygons, rule: shape.rule, clip: shape.box) { span in
                let dst = mask.row(span.y) + span.x
                for i in 0..<(span.count + span.solidCount) {
                    dst[i] = i < span.count ? span.coverage[i] : UInt8(truncatingIfNeeded: span.solidCoverage)
                }
            }
            shape.materialized = (mask, touched)
        }
        let (mask, touched) = shape.materialized!
        let b = touched.intersection(clip.bounds)
        return b.isEmpty ? nil : Clip(bounds: b, mask: mask, outline: clip.outline)
    }

    /// The drawn `polygons` (device pixels, filled by `rule`) intersected with the clip's
    /// `outline` as one shape (`ConvexClipping`), when the clip is one shape, both are one
    /// polygon and either is convex (it clips the other, whose fill rule the result keeps); nil
    /// otherwise, and for a pixel-aligned rectangle, whose product with the clip is already
    /// exact (255 · c = c). Drawn with no mask or shape clip, the result's coverage is the exact
    /// area of the intersection in every pixel, where the product of the two coverages is not
    /// (c · c where the edges coincide). Several subpaths are left to the product: clipped by
    /// one line they would get coincident edges there, where the rasteriser's sums of the
    /// subpaths' coverages are not exact (two halves fold to a whole under either rule). The
    /// polygons are in `intersectedPolygons`, valid until the next call.
    /// - Complexity: O(points of the drawn polygon · points of the outline).
    func exactIntersection(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: Clip) -> ShapePath.FillRule? {
        guard let outline = clip.outline, polygons.count == 1, outline.polygons.count == 1, PixelRect.aligned(polygons) == nil else {
            return nil
        }
        if let o = ConvexClipping.convexOrientation(polygons[0]) {
            ConvexClipping.clip(outline.polygons, to: polygons[0], orientation: o, into: &intersectedPolygons, temp: &clipTemp)
            return outline.rule
        }
        if let o = ConvexClipping.convexOrientation(outline.polygons[0]) {
            ConvexClipping.clip(polygons, to: outline.polygons[0], orientation: o, into: &intersectedPolygons, temp: &clipTemp)
            return rule
        }
        return nil
    }
}
