import Foundation

/// Two parts of a composed effect (`ParallelEffect`, `SequentialEffect`) that set the same
/// property of the same layer where no rule combines them.
///
/// Two rules combine a property both parts set on every frame: opacities multiply and
/// transforms concatenate (see `ParallelEffect`). Every other property set by both parts (a
/// mask, the sublayer order, the anchor point, the position, …) is this conflict, found when
/// the composition prepares (the transition is refused, `TransitionKitError.effectConflict`,
/// nothing changed) or earlier by `ComposedEffect.validate()`.
///
/// Its description reads `radial and radial both set the mask of the to view (push)`.
public struct EffectConflict: Sendable, Hashable, CustomStringConvertible {
    /// Which layer, by its place in the transition.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The transition's container view's layer (its sublayer order is the views' z-order).
        case container
        /// The outgoing view controller's view's layer.
        case fromView = "from view"
        /// The incoming view controller's view's layer.
        case toView = "to view"
        /// A layer inside the outgoing view (a subview's layer, a mask, an added sublayer).
        case insideFromView = "layer inside the from view"
        /// A layer inside the incoming view.
        case insideToView = "layer inside the to view"
        /// Any other layer in the container (a presenter kept behind a card).
        case other = "other layer in the container"
    }

    /// A layer property as a part of a composition sets it.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        case bounds, position, zPosition, anchorPoint, transform, sublayerTransform, opacity
        case isHidden = "hidden"
        case backgroundColor, cornerRadius, masksToBounds, contents, contentsGravity, contentsRect, path, fillColor, mask
        case maskedCorners, cornerCurve, borderWidth, borderColor, isDoubleSided
        case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
        case gradient
        case strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase, strokeStart, strokeEnd
        /// Membership and order of the sublayers (for the container, the views' z-order).
        case sublayers = "sublayer order"
    }

    /// The registry name of the part listed first in the composition.
    public var first: String
    /// The registry name of the other part.
    public var second: String
    /// The layer both set.
    public var role: Role
    /// The layer's `name` when it is inside a view or another layer and has one (a subview's
    /// layer, an overlay an effect added); nil for the container and the two views.
    public var layerName: String?
    /// The property both set.
    public var property: Property
    /// The operation being prepared when the conflict was found.
    public var operation: TransitionOperation

    public init(
        first: String, second: String, role: Role, layerName: String? = nil, property: Property, operation: TransitionOperation
    ) {
        self.first = first
        self.second = second
        self.role = role
        self.layerName = layerName
        self.property = property
        self.operation = operation
    }

    /// `radial and radial both set the mask of the to view (push)`.
    public var description: String {
        let layer = role.rawValue + (layerName.map { " \"\($0)\"" } ?? "")
        return "\(first) and \(second) both set the \(property.rawValue) of the \(layer) (\(operation.rawValue))"
    }
}

extension EffectConflict.Property {
    /// The properties that differ between `a` and `b` (value properties only; masks and
    /// sublayers are compared by `LayerTreeState`).
    /// - Complexity: O(1) but for `contents` (bitmaps compare equal at once when they share
    ///   storage) and `path` (element by element).
    static func changed(_ a: LayerProperties, _ b: LayerProperties, into out: inout [EffectConflict.Property]) {
        if a.bounds != b.bounds { out.append(.bounds) }
        if a.position != b.position { out.append(.position) }
        if a.zPosition != b.zPosition { out.append(.zPosition) }
        if a.anchorPoint != b.anchorPoint { out.append(.anchorPoint) }
        if a.transform != b.transform { out.append(.transform) }
        if a.sublayerTransform != b.sublayerTransform { out.append(.sublayerTransform) }
        if a.opacity != b.opacity { out.append(.opacity) }
        if a.isHidden != b.isHidden { out.append(.isHidden) }
        if a.backgroundColor != b.backgroundColor { out.append(.backgroundColor) }
        if a.cornerRadius != b.cornerRadius { out.append(.cornerRadius) }
        if a.masksToBounds != b.masksToBounds { out.append(.masksToBounds) }
        if a.contents != b.contents { out.append(.contents) }
        if a.contentsGravity != b.contentsGravity { out.append(.contentsGravity) }
        if a.contentsRect != b.contentsRect { out.append(.contentsRect) }
        if a.path != b.path { out.append(.path) }
        if a.fillColor != b.fillColor { out.append(.fillColor) }
        if a.maskedCorners != b.maskedCorners { out.append(.maskedCorners) }
        if a.cornerCurve != b.cornerCurve { out.append(.cornerCurve) }
        if a.borderWidth != b.borderWidth { out.append(.borderWidth) }
        if a.borderColor != b.borderColor { out.append(.borderColor) }
        if a.isDoubleSided != b.isDoubleSided { out.append(.isDoubleSided) }
        if a.shadowColor != b.shadowColor { out.append(.shadowColor) }
        if a.shadowOpacity != b.shadowOpacity { out.append(.shadowOpacity) }
        if a.shadowOffset != b.shadowOffset { out.append(.shadowOffset) }
        if a.shadowRadius != b.shadowRadius { out.append(.shadowRadius) }
        if a.shadowPath != b.shadowPath { out.append(.shadowPath) }
        if a.gradient != b.gradient { out.append(.gradient) }
        if a.strokeColor != b.strokeColor { out.append(.strokeColor) }
        if a.lineWidth != b.lineWidth { out.append(.lineWidth) }
        if a.lineCap != b.lineCap { out.append(.lineCap) }
        if a.lineJoin != b.lineJoin { out.append(.lineJoin) }
        if a.miterLimit != b.miterLimit { out.append(.miterLimit) }
        if a.lineDashPattern != b.lineDashPattern { out.append(.lineDashPattern) }
        if a.lineDashPhase != b.lineDashPhase { out.append(.lineDashPhase) }
        if a.strokeStart != b.strokeStart { out.append(.strokeStart) }
        if a.strokeEnd != b.strokeEnd { out.append(.strokeEnd) }
    }

    /// Whether a rule combines this property when two parts set it on every frame:
    /// opacity (multiplied) and transform (concatenated).
    var isCombined: Bool { self == .opacity || self == .transform }
}
