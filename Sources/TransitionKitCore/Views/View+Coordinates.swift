import Foundation

/// Converting points between views (`convert(_:to:)`, `convert(_:from:)`) through the plane
/// maps their layers induce (`PlaneHomography`).
extension View {
    /// The map from this view's bounds space to its superview's bounds space: the layer's
    /// `localToParent` (anchor point, transform, position) followed by the superview's
    /// `sublayerTransform` about its anchor point, flattened to the z = 0 plane as Core
    /// Animation flattens each layer into its parent's plane (`PlaneHomography`).
    var toSuperview: PlaneHomography {
        var m = layer.properties.localToParent
        if let s = superview { m = m.concatenating(s.layer.properties.sublayerToLocal) }
        return PlaneHomography(flattening: m)
    }

    /// The point `p` of the superview's bounds space in this view's bounds space, or `nil`
    /// if the view's transform is singular or the point projects behind the eye.
    func pointFromSuperview(_ p: CGPoint) -> CGPoint? { toSuperview.invertedForViews()?.apply(p) }

    /// The top of this view's hierarchy (the window's root view when in a window).
    var topAncestor: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// Converts a point from this view's coordinates to `view`'s (`UIView.convert(_:to:)`).
    ///
    /// `nil` means window coordinates: the bounds space of the top of the hierarchy, which
    /// for a view in a `Window` is the window's root view (origin top left, points).
    /// Transforms are honoured exactly as Core Animation flattens them: each layer's
    /// `transform` (about its anchor point, including perspective) and each superlayer's
    /// `sublayerTransform` map the z = 0 plane by a homography. `zPosition` does not move
    /// points in the plane.
    ///
    /// - Parameters:
    ///   - point: points in this view's bounds space.
    ///   - view: the target view; must share this view's hierarchy (same top ancestor).
    /// - Returns: the point in `view`'s bounds space, or `nil` if a transform on the way is
    ///   singular (zero scale) or the point projects behind the eye.
    /// - Complexity: O(depth of both views).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint? {
        guard let windowPoint = convertToTop(point) else { return nil }
        guard let view else { return windowPoint }
        precondition(view.topAncestor === topAncestor, "convert(_:to:): the views are in different hierarchies")
        return view.convertFromTop(windowPoint)
    }

    /// Converts a point from `view`'s coordinates (`nil`: window coordinates) to this
    /// view's (`UIView.convert(_:from:)`). See `convert(_:to:)` for the rules.
    /// - Returns: the point in this view's bounds space, or `nil` if a transform on the way
    ///   is singular or the point projects behind the eye.
    /// - Complexity: O(depth of both views).
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint? {
        guard let view else { return convertFromTop(point) }
        precondition(view.topAncestor === topAncestor, "convert(_:from:): the views are in different hierarchies")
        guard let windowPoint = view.convertToTop(point) else { return nil }
        return convertFromTop(windowPoint)
    }

    private func convertToTop(_ point: CGPoint) -> CGPoint? {
        var p = point
        var v = self
        while v.superview != nil {
            guard let q = v.toSuperview.apply(p) else { return nil }
            p = q
            v = v.superview!
        }
        return p
    }

    /// From the top's space down to this view's, top first; recursive rather than through a
    /// list of ancestors, so a conversion allocates nothing (a zoom back converts on every frame).
    private func convertFromTop(_ point: CGPoint) -> CGPoint? {
        guard let s = superview else { return point }
        guard let q = s.convertFromTop(point) else { return nil }
        return pointFromSuperview(q)
    }
}
