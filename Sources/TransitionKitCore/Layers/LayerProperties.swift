import Foundation

/// How `contents` fill a layer's bounds (`CALayerContentsGravity`, the subset that scales).
public enum ContentsGravity: Sendable, Hashable {
    /// Stretch to fill the bounds (`.resize`, Core Animation's default).
    case resize
    /// Uniform scale to fit inside the bounds, centred (`.resizeAspect`).
    case resizeAspect
    /// Uniform scale to cover the bounds, centred (`.resizeAspectFill`, what
    /// `UIView.ContentMode.scaleAspectFill` sets); the overflow shows unless `masksToBounds`.
    case resizeAspectFill
}

/// The corners of a layer's bounds (`CACornerMask`): min/max x and y in the layer's own
/// coordinates (y down, so `layerMinXMinYCorner` is the top-left one).
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// All four corners (Core Animation's default).
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The curve of a layer's rounded corners (`CALayerCornerCurve`).
public enum CornerCurve: Sendable, Hashable {
    /// A quarter circle of `cornerRadius` meeting the straight sides (curvature jumps from 0 to
    /// 1/r where they meet).
    case circular
    /// Apple's continuous corner (the "squircle" of iOS cards, sheets and app icons): the curve
    /// leaves each side about 1.53 radii from the corner and its curvature eases in. The shape
    /// is the widely used reverse-engineering of `UIBezierPath(roundedRect:cornerRadius:)` since
    /// iOS 7 (PaintCode, "Code for iOS 7 rounded rectangles", 2013): per corner three cubic
    /// Béziers joined by two short lines, its points in units of the radius (see
    /// `ShapeFlattening` in TransitionKitRender).
    case continuous
}

/// Every value property of a layer, the part that animates. Shared by the live `Layer`
/// (the model) and `LayerSnapshot` (the presentation tree the renderer draws).
///
/// Names, units and defaults are Core Animation's: points for geometry, unit coordinates for
/// `anchorPoint`, `opacity` 0...1 as a `Float`.
public struct LayerProperties: Sendable, Equatable {
    /// The layer's own coordinate space, in points (`CALayer.bounds`). Default `.zero`.
    public var bounds: CGRect = .zero
    /// Where `anchorPoint` sits in the superlayer's coordinates, in points. Default `.zero`.
    public var position: CGPoint = .zero
    /// Position on the z axis in points; also orders siblings (higher drawn later). Default 0.
    public var zPosition: CGFloat = 0
    /// The point of the bounds, in unit coordinates (0,0 top-left, 1,1 bottom-right), that
    /// `position` refers to and `transform` turns about. Default (0.5, 0.5).
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Applied about the anchor point, relative to the superlayer. Default identity.
    public var transform: Transform3D = .identity
    /// Applied to the sublayers about the anchor point, before the layer's own `transform`
    /// (Core Animation's rule; the usual place for a shared perspective `m34`). Default identity.
    public var sublayerTransform: Transform3D = .identity
    /// Group opacity 0...1; values outside are clamped when drawn. Default 1.
    public var opacity: Float = 1
    /// Hidden layers and their sublayers are not drawn. Default false.
    public var isHidden = false
    /// Fills the bounds (rounded by `cornerRadius`) below the contents. Default nil (none).
    public var backgroundColor: Color? = nil
    /// Radius of the background's corners in points; also clips contents and sublayers
    /// when `masksToBounds` is true. Default 0.
    public var cornerRadius: CGFloat = 0
    /// Which corners `cornerRadius` rounds (`CALayer.maskedCorners`); the others stay square.
    /// Default all four.
    public var maskedCorners: CornerMask = .all
    /// The shape of the rounded corners (`CALayer.cornerCurve`). Default `.circular`, as Core
    /// Animation.
    public var cornerCurve: CornerCurve = .circular
    /// Width of the border drawn inside the bounds, following the rounded corners, above the
    /// contents and the sublayers, in points (`CALayer.borderWidth`); 0 or less draws none.
    /// Default 0.
    public var borderWidth: CGFloat = 0
    /// The border's colour (`CALayer.borderColor`). Default opaque black, as Core Animation.
    public var borderColor: Color = .black
    /// Whether the layer is drawn when its back faces the viewer (`CALayer.isDoubleSided`):
    /// false hides it, and its sublayers flattened into it, while the transforms above and on it
    /// turn its front away (a flipped card's back face). Default true.
    public var isDoubleSided = true
    /// Whether the layer is a transform layer (`CATransformLayer`): its sublayers are not
    /// flattened into its plane but keep their 3-D positions in its parent's space, drawn back
    /// to front by depth (the z/w of each one's bounds centre after every transform up to the
    /// parent's `sublayerTransform`, perspective included; ties keep the drawing order). As
    /// Apple documents for `CATransformLayer`, the layer draws nothing of its own (background,
    /// contents, gradient, path, border and shadow are ignored, and so are `mask` and
    /// `masksToBounds`), its `opacity` multiplies each sublayer's separately (it is never a
    /// compositing group), and nested transform layers share one 3-D space. Default false.
    public var isTransformLayer = false
    /// The shadow's colour (`CALayer.shadowColor`). Default opaque black, as Core Animation.
    public var shadowColor: Color = .black
    /// The shadow's opacity 0...1 (`CALayer.shadowOpacity`), multiplied with `shadowColor`'s
    /// alpha; values outside are clamped when drawn. Default 0 (no shadow), as Core Animation.
    public var shadowOpacity: Float = 0
    /// The shadow's offset from the layer in its own coordinates, points
    /// (`CALayer.shadowOffset`). Default (0, −3), Core Animation's value kept as it is: in this
    /// project's y-down coordinates (UIKit's) it moves the shadow up, as it does on iOS.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The shadow's blur in points (`CALayer.shadowRadius`): a Gaussian of standard deviation
    /// σ = `shadowRadius` (CSS draws a `box-shadow` blur B with σ = B / 2, CSS Backgrounds 3
    /// §7.1.1, and design tools export a Core Animation radius r as B = 2r, so σ = r); 0 or
    /// less is a hard shadow. Default 3, as Core Animation.
    public var shadowRadius: CGFloat = 3
    /// The shadow's shape in the layer's own coordinates (`CALayer.shadowPath`); nil: the
    /// layer's own shape (see `Layer.shadowPath`). Default nil.
    public var shadowPath: ShapePath? = nil
    /// A colour gradient filling the bounds, rounded as the background is
    /// (`CAGradientLayer`'s `colors`, `locations`, `startPoint`, `endPoint`, `type`; see
    /// `Gradient`), drawn above `backgroundColor` and below `contents`. Default nil (none).
    public var gradient: Gradient? = nil
    /// Clips contents and sublayers to the (rounded) bounds. Default false.
    public var masksToBounds = false
    /// An image drawn into the bounds according to `contentsGravity`, bilinearly sampled.
    public var contents: Bitmap? = nil
    /// How `contents` map into the bounds. Default `.resize`.
    public var contentsGravity: ContentsGravity = .resize
    /// The part of `contents` drawn, in unit coordinates of the image (`CALayer.contentsRect`):
    /// (0, 0) its top-left corner, (1, 1) its bottom-right. Default (0, 0, 1, 1), the whole
    /// image. `contentsGravity` places this part (its size in image pixels is the image's times
    /// the rectangle's) and only it is drawn; bilinear sampling at its edges reads the image
    /// pixels next to it, as Core Animation's texture filtering does (pad a sprite sheet's
    /// frames). Parts outside the unit square repeat the image's edge pixels, as Core
    /// Animation documents. A negative width or height is standardized (as `CGRect` reads it);
    /// a rectangle with a zero or non-finite size, or a non-finite origin, draws no contents.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// A shape drawn above background and contents, filled with `fillColor`
    /// (`CAShapeLayer.path`), in the layer's own coordinates. Default nil.
    public var path: ShapePath? = nil
    /// The fill of `path` (`CAShapeLayer.fillColor`). Default opaque black, as Core Animation.
    public var fillColor: Color = .black
    /// The colour `path` is stroked with (`CAShapeLayer.strokeColor`), above its fill, below
    /// the sublayers and the border. Default nil: no stroke, as Core Animation. See
    /// `Layer.strokeColor` for the geometry.
    public var strokeColor: Color? = nil
    /// The stroke's width in the layer's own coordinates, points (`CAShapeLayer.lineWidth`),
    /// centred on the path and scaled by the layer's transform; 0 or less, or not finite,
    /// draws no stroke. Default 1, as Core Animation.
    public var lineWidth: CGFloat = 1
    /// How open ends are drawn (`CAShapeLayer.lineCap`). Default `.butt`, as Core Animation.
    public var lineCap: ShapePath.LineCap = .butt
    /// How segments meet (`CAShapeLayer.lineJoin`). Default `.miter`, as Core Animation.
    public var lineJoin: ShapePath.LineJoin = .miter
    /// The longest miter, over `lineWidth`, that `.miter` joins draw before they bevel
    /// (`CAShapeLayer.miterLimit`); below 1 (or not finite) every miter join bevels. Default
    /// 10, as Core Animation.
    public var miterLimit: CGFloat = 10
    /// The dash lengths in points, alternately painted and unpainted, from the start of each
    /// subpath (`CAShapeLayer.lineDashPattern`); an odd count repeats the array (as SVG's
    /// `stroke-dasharray`). Nil, empty, a negative or non-finite length, or all zeros: a solid
    /// stroke. Default nil.
    public var lineDashPattern: [CGFloat]? = nil
    /// How far into the dash pattern each subpath starts, points (`CAShapeLayer.lineDashPhase`):
    /// a phase p moves the dashes p points back along the path. Default 0.
    public var lineDashPhase: CGFloat = 0
    /// Where the stroke starts, as a fraction 0...1 of the path's length over all its subpaths
    /// (`CAShapeLayer.strokeStart`); clamped to 0...1. Default 0.
    public var strokeStart: CGFloat = 0
    /// Where the stroke ends, as a fraction 0...1 of the path's length
    /// (`CAShapeLayer.strokeEnd`); clamped to 0...1; at or below `strokeStart` nothing is
    /// stroked. Animating it from 0 to 1 draws the outline. Default 1.
    public var strokeEnd: CGFloat = 1
    /// A warp of the contents and background by a mesh of faces (`CAMeshTransform`'s model;
    /// see `MeshTransform` for units, order, faces seen from behind and invalid meshes). Default
    /// nil: drawn flat on the bounds.
    public var meshTransform: MeshTransform? = nil
    /// Filters applied to the layer and its sublayers drawn together (`CALayer.filters`; see
    /// `LayerFilter`). Default empty: none.
    public var filters: [LayerFilter] = []

    public init() {}

    /// The layer's frame in the superlayer's coordinates when `transform` is the identity:
    /// origin = position − anchorPoint·size (`CALayer.frame`).
    public var untransformedFrame: CGRect {
        CGRect(
            x: position.x - anchorPoint.x * bounds.width,
            y: position.y - anchorPoint.y * bounds.height,
            width: bounds.width, height: bounds.height)
    }

    /// The matrix that maps the layer's own coordinates (points in `bounds`) into its
    /// superlayer's coordinates: −bounds.origin − anchor offset, `transform`, +position.
    /// The caller appends the superlayer's `sublayerToLocal`.
    public var localToParent: Transform3D {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return Transform3D(translationX: -ax, y: -ay)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
    }

    /// The matrix that maps a sublayer's parent-space coordinates (this layer's bounds
    /// space) through `sublayerTransform` about the anchor point. Identity when
    /// `sublayerTransform` is the identity.
    public var sublayerToLocal: Transform3D {
        guard !sublayerTransform.isIdentity else { return .identity }
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return sublayerTransform.about(CGPoint(x: ax, y: ay))
    }

    /// Whether every geometric value is finite and opacity is a number (Core Animation
    /// rejects non-finite geometry with `CALayerInvalidGeometry`).
    public var hasFiniteGeometry: Bool {
        Self.isFinite(bounds) && position.x.isFinite && position.y.isFinite && zPosition.isFinite
            && anchorPoint.x.isFinite && anchorPoint.y.isFinite && transform.isFinite && sublayerTransform.isFinite
            && cornerRadius.isFinite && borderWidth.isFinite && !opacity.isNaN
            && shadowOffset.width.isFinite && shadowOffset.height.isFinite && shadowRadius.isFinite
    }

    /// Whether the rectangle's origin and size are finite.
    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
    }
}
