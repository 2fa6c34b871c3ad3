import Foundation

/// The stroke of a shape layer's `path` (`CAShapeLayer`'s stroke properties, their names,
/// units and defaults from Apple's `CAShapeLayer` documentation).
extension Layer {
    /// The colour `path` is stroked with (`CAShapeLayer.strokeColor`). Nil (the default, as
    /// Core Animation) strokes nothing.
    ///
    /// The stroke is the area within `lineWidth` / 2 points of the path, in the layer's own
    /// coordinates (so the layer's transform scales its width, as Core Animation strokes in
    /// layer space), with `lineCap` at open ends, `lineJoin` at corners, dashed by
    /// `lineDashPattern` from `lineDashPhase`, and only the part from `strokeStart` to
    /// `strokeEnd` of the path's length. It is drawn above the fill, below the sublayers and
    /// the border, under the layer's `opacity` and `mask` and inside its `masksToBounds` clip,
    /// as the fill. It starts where `ShapePath.elements` starts (a rectangle at its min-x min-y
    /// corner, an ellipse or rounded rectangle at the middle of its top edge, both clockwise on
    /// screen); dashes restart at each subpath, and `strokeStart`/`strokeEnd` measure the
    /// whole path. A zero-length dash or subpath draws a dot with round or square caps. The
    /// shadow of a layer without `shadowPath` follows the fill only. Curves are followed as the
    /// fill's are (within 0.02 device pixels).
    /// - Complexity: per frame O(points of the flattened path + dashes); no allocation once the
    ///   renderer's buffers have grown.
    public var strokeColor: Color? {
        get { storage.strokeColor }
        set { storage.strokeColor = newValue }
    }
    /// The stroke's width in points, centred on the path (`CAShapeLayer.lineWidth`). Default 1.
    public var lineWidth: CGFloat {
        get { storage.lineWidth }
        set { storage.lineWidth = newValue }
    }
    /// How open ends are drawn (`CAShapeLayer.lineCap`). Default `.butt`.
    public var lineCap: ShapePath.LineCap {
        get { storage.lineCap }
        set { storage.lineCap = newValue }
    }
    /// How segments meet (`CAShapeLayer.lineJoin`). Default `.miter`.
    public var lineJoin: ShapePath.LineJoin {
        get { storage.lineJoin }
        set { storage.lineJoin = newValue }
    }
    /// The longest miter over `lineWidth` before a `.miter` join bevels
    /// (`CAShapeLayer.miterLimit`). Default 10.
    public var miterLimit: CGFloat {
        get { storage.miterLimit }
        set { storage.miterLimit = newValue }
    }
    /// Dash lengths in points, painted and unpainted in turn (`CAShapeLayer.lineDashPattern`).
    /// Default nil (solid).
    public var lineDashPattern: [CGFloat]? {
        get { storage.lineDashPattern }
        set { storage.lineDashPattern = newValue }
    }
    /// How far into the dash pattern each subpath starts, points (`CAShapeLayer.lineDashPhase`).
    /// Default 0.
    public var lineDashPhase: CGFloat {
        get { storage.lineDashPhase }
        set { storage.lineDashPhase = newValue }
    }
    /// Where the stroke starts, a fraction 0...1 of the path's length (`CAShapeLayer.strokeStart`).
    /// Default 0.
    public var strokeStart: CGFloat {
        get { storage.strokeStart }
        set { storage.strokeStart = newValue }
    }
    /// Where the stroke ends, a fraction 0...1 of the path's length (`CAShapeLayer.strokeEnd`).
    /// Default 1.
    public var strokeEnd: CGFloat {
        get { storage.strokeEnd }
        set { storage.strokeEnd = newValue }
    }
}
