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
    /// layer's `contentsGravity` and `contentsRect`); nil without contents or without area.
    let contentsRect: CGRect?
    /// The rectangle, in layer points, that the drawn part of the image (`contentsRect`, unit
    /// coordinates) maps onto: `contentsRect` itself for the whole image; nil as it.
    let drawnPartRect: CGRect?

    @inline(__always)
    init(_ p: LayerProperties) {
        bounds = p.bounds.standardized
        hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        cornerRadius = p.cornerRadius.isFinite ? max(0, Double(p.cornerRadius)) : 0
        corners = p.maskedCorners
        curve = p.cornerCurve
        isSquare = !(p.cornerRadius > 0) || p.maskedCorners.isEmpty
        masksToBounds = p.masksToBounds
        if hasArea, let contents = p.contents, let (whole, part) = LayerPixelGeometry.contentsPlacement(p, contents, bounds: bounds) {
            contentsRect = whole
            drawnPartRect = part
        } else {
            contentsRect = nil
            drawnPartRect = nil
        }
    }

    /// Where the whole image and its drawn part (`p.contentsRect`, unit coordinates, R) lie, in
    /// layer points: the part, of R.width × R.height of the image's pixels, is placed by the
    /// gravity (G); the whole image then spans G.width / R.width by G.height / R.height from
    /// G's origin minus R's origin in those units. R = (0, 0, 1, 1) gives G for both, exactly.
    /// nil when R is not a rectangle with a positive, finite size and a finite origin.
    static func contentsPlacement(_ p: LayerProperties, _ contents: Bitmap, bounds: CGRect) -> (whole: CGRect, part: CGRect)? {
        let r = p.contentsRect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite else { return nil }
        if r == CGRect(x: 0, y: 0, width: 1, height: 1) {
            let g = contentsRect(p.contentsGravity, imageWidth: CGFloat(contents.width), imageHeight: CGFloat(contents.height), bounds: bounds)
            return (g, g)
        }
        let g = contentsRect(
            p.contentsGravity, imageWidth: CGFloat(contents.width) * r.width, imageHeight: CGFloat(contents.height) * r.height, bounds: bounds)
        let w = g.width / r.width, h = g.height / r.height
        return (CGRect(x: g.minX - r.minX * w, y: g.minY - r.minY * h, width: w, height: h), g)
    }

    /// The rectangle, in layer points, that an image (or part of one) of `imageWidth` ×
    /// `imageHeight` pixels maps onto under `gravity`.
    static func contentsRect(_ gravity: ContentsGravity, imageWidth iw: CGFloat, imageHeight ih: CGFloat, bounds: CGRect) -> CGRect {
        let s: CGFloat
        switch gravity {
        case .resize: return bounds
        case .resizeAspect: s = min(bounds.width / iw, bounds.height / ih)
        case .resizeAspectFill: s = max(bounds.width / iw, bounds.height / ih)
        }
        let w = iw * s, h = ih * s
        return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    /// The rectangle the drawn part of the contents covers (`drawnPartRect`) when the contents
    /// are drawn: its width and height positive and finite.
    var drawnContentsRect: CGRect? {
        guard let g = drawnPartRect, let whole = contentsRect, whole.width.isFinite, whole.height.isFinite, g.width > 0, g.height > 0,
            g.width.isFinite, g.height.isFinite
        else { return nil }
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
