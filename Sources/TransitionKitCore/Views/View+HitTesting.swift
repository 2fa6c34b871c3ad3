import Foundation

extension View {
    /// The alpha below which a view does not receive touches: 0.01, UIKit's documented rule
    /// for `hitTest(_:with:)` ("alpha level less than 0.01").
    public static let hitTestMinimumAlpha: CGFloat = 0.01

    /// The frontmost descendant (or this view) that contains `point` (`UIView.hitTest(_:with:)`).
    ///
    /// UIKit's rules: a hidden view or one with alpha < 0.01 returns `nil` and hides its
    /// subtree; a point outside `bounds` returns `nil` (so subviews sticking out of their
    /// superview are not hit there, as in UIKit); otherwise the subviews are asked front to
    /// back (last subview first) with the point converted into each subview's coordinates,
    /// and the first hit wins; with no subview hit the view itself is returned.
    ///
    /// Transforms, anchor points and `sublayerTransform` are honoured through the same plane
    /// mapping as `convert(_:to:)`; a subview with a singular transform (zero scale) is
    /// never hit. `bounds` is a half-open rectangle: x in [minX, maxX), y in [minY, maxY).
    ///
    /// - Parameter point: points in this view's bounds space.
    /// - Returns: the deepest frontmost view under the point, or `nil`.
    /// - Complexity: O(number of views in the subtree) in the worst case.
    public func hitTest(_ point: CGPoint) -> View? {
        // Compared in the layer's Float precision, so an alpha set to exactly 0.01 is hit.
        guard !isHidden, layer.opacity >= Float(View.hitTestMinimumAlpha) else { return nil }
        guard point.x >= bounds.minX, point.x < bounds.maxX,
            point.y >= bounds.minY, point.y < bounds.maxY
        else { return nil }
        for sub in subviews.reversed() {
            guard let p = sub.pointFromSuperview(point) else { continue }
            if let hit = sub.hitTest(p) { return hit }
        }
        return self
    }
}
