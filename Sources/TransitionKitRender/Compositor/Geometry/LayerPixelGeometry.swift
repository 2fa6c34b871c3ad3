import Foundation
import TransitionKitCore

/// One layer's geometry as the compositor draws it: its bounds, their corners (square or
/// rounded), where the contents image lies and the area the contents are drawn over, in layer
/// points, and those shapes projected to device pixels. Lowering takes a layer's geometry from
/// here both for what it draws and for what the occlusion pass assumes is painted opaque.
///
/// Polygons go into the caller's buffers (lowering's per-layer buffers), so steady frames
/// allocate nothing here.
struct LayerPixelGeometry {
    /// The layer's bounds, standardized (points).
    let bounds: CGRect
    /// The bounds have a positive, finite width and height: without it the layer draws no
    /// background and no contents.
    let hasArea: Bool
    /// The corner radius the bounds' outline is rounded by (points): finite and >= 0, 0 when
    /// the property is not finite.
    let cornerRadius: Double
    /// Which corners round, and how (`maskedCorners`, `cornerCurve`).
    let corners: CornerMask
    let curve: CornerCurve
    /// The corners are square: the radius is not > 0 (so a NaN radius is square), or no
    /// corner is masked to round.
    let isSquare: Bool
    let masksToBounds: Bool
    /// The rectangle, in layer points, that the whole contents image maps onto (placed by the
    /// layer's `contentsGravity`); nil without contents or without area.
    let contentsRect: CGRect?

    @inline(__always)
    init(_ p: LayerProperties) {
        bounds = p.bounds.standardized
        hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        cornerRadius = p.cornerRadius.isFinite ? max(0, Double(p.cornerRadius)) : 0
        corners = p.maskedCorners
        curve = p.cornerCurve
        isSquare = !(p.cornerRadius > 0) || p.maskedCorners.isEmpty
        masksToBounds = p.masksToBounds
        if hasArea, let contents = p.contents {
            contentsRect = LayerPixelGeometry.contentsRect(
                p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
        } else {
            contentsRect = nil
        }
    }

    /// The rectangle, in layer points, that the whole contents image maps onto.
    static func contentsRect(_ gravity: ContentsGravity, imageWidth: Int, imageHeight: Int, bounds: CGRect) -> CGRect {
        let iw = CGFloat(imageWidth), ih = CGFloat(imageHeight)
        let s: CGFloat
        switch gravity {
        case .resize: return bounds
        case .resizeAspect: s = min(bounds.width / iw, bounds.height / ih)
        case .resizeAspectFill: s = max(bounds.width / iw, bounds.height / ih)
        }
        let w = iw * s, h = ih * s
        return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    /// `contentsRect` when the contents are drawn: its width and height positive and finite.
    var drawnContentsRect: CGRect? {
        guard let g = contentsRect, g.width > 0, g.height > 0, g.width.isFinite, g.height.isFinite else { return nil }
        return g
    }

    /// The contents are drawn only inside rounded bounds: the layer masks to bounds and its
    /// corners are not square.
    var clipsContentsToRoundedBounds: Bool { masksToBounds && !isSquare }

    /// The bounds' outline rounded by `cornerRadius`, arcs flattened within `tolerance`
    /// points, into `outline`.
    func boundsOutline(tolerance: Double, into outline: inout [CGPoint]) {
        ShapeFlattening.roundedRect(bounds, cornerRadius: cornerRadius, corners: corners, curve: curve, tolerance: tolerance, into: &outline)
    }

    /// The border (`borderWidth` points inside the bounds, following the corners): the bounds'
    /// `outline` and, when the width leaves a hole, the bounds inset by the width with the
    /// corner radius reduced by it (Core Animation's inner edge), into `polygons`, to be
    /// filled even-odd. Nothing when the width is not > 0.
    func borderOutline(width: Double, outline: [CGPoint], tolerance: Double, into polygons: inout [[CGPoint]]) {
        guard width > 0, hasArea else { return polygons.removeAll(keepingCapacity: true) }
        let inner = bounds.insetBy(dx: CGFloat(width), dy: CGFloat(width))
        let count = !inner.isNull && inner.width > 0 && inner.height > 0 ? 2 : 1
        while polygons.count < count { polygons.append([]) }
        if polygons.count > count { polygons.removeSubrange(count...) }
        polygons[0].removeAll(keepingCapacity: true)
        polygons[0].append(contentsOf: outline)
        guard count == 2 else { return }
        ShapeFlattening.roundedRect(
            inner, cornerRadius: max(0, cornerRadius - width), corners: corners, curve: curve, tolerance: tolerance, into: &polygons[1])
    }

    /// The contents' drawn area, in layer points, into `area` (empty when no contents are
    /// drawn): the contents rectangle, cropped to the bounds only when the layer masks to bounds
    /// (Core Animation lets `.resizeAspectFill` contents overflow an unmasked layer), to the
    /// rounded `outline` (`boundsOutline`) when `clipsContentsToRoundedBounds`; `outline` is
    /// read only then. One polygon, so its edges are anti-aliased once. `rect` and `temp` are
    /// scratch buffers.
    func contentsArea(outline: [CGPoint], into area: inout [CGPoint], rect: inout [CGPoint], temp: inout [CGPoint]) {
        area.removeAll(keepingCapacity: true)
        guard let g = drawnContentsRect else { return }
        if masksToBounds {
            if clipsContentsToRoundedBounds {
                ShapeFlattening.clip(outline, to: g, into: &area, temp: &temp)
            } else {
                ShapeFlattening.rect(bounds, into: &rect)
                ShapeFlattening.clip(rect, to: g, into: &area, temp: &temp)
            }
        } else {
            ShapeFlattening.rect(g, into: &area)
        }
    }

    /// The bounds as a square-cornered rectangle projected to device pixels into `projected`
    /// (`rect` holds it in layer points).
    func projectBoundsRect(_ projection: Projection, rect: inout [CGPoint], into projected: inout [[CGPoint]]) {
        ShapeFlattening.rect(bounds, into: &rect)
        projection.project(rect, into: &projected)
    }

    /// The bounds as whole device pixels when `projection` maps them onto one axis-aligned
    /// rectangle on whole pixels; nil otherwise. `rect` and `projected` are scratch buffers.
    func alignedPixelBounds(_ projection: Projection, rect: inout [CGPoint], projected: inout [[CGPoint]]) -> PixelRect? {
        projectBoundsRect(projection, rect: &rect, into: &projected)
        return PixelRect.aligned(projected)
    }
}
