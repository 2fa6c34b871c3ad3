import Foundation

/// The plane-to-plane map a layer transform induces on the z = 0 plane: the 3x3 homography
/// of rows (m11 m12 m14), (m21 m22 m24), (m41 m42 m44) of a `Transform3D`. Core Animation
/// flattens each (non-`CATransformLayer`) layer into its parent's plane, so mapping a point
/// between a view and its superview is exactly this map or its inverse.
struct PlaneHomography {
    var a: Double, b: Double, c: Double
    var d: Double, e: Double, f: Double
    var g: Double, h: Double, i: Double

    init(_ m: Transform3D) {
        a = Double(m.m11); b = Double(m.m12); c = Double(m.m14)
        d = Double(m.m21); e = Double(m.m22); f = Double(m.m24)
        g = Double(m.m41); h = Double(m.m42); i = Double(m.m44)
    }

    private init(_ v: [Double]) {
        (a, b, c, d, e, f, g, h, i) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8])
    }

    /// The image of `p` (row vector times the matrix, divided by w), or `nil` when w <= 0
    /// (at or behind the eye) or the result is not finite.
    func apply(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x), y = Double(p.y)
        let w = x * c + y * f + i
        guard w > 0 else { return nil }
        let r = CGPoint(x: (x * a + y * d + g) / w, y: (x * b + y * e + h) / w)
        return r.x.isFinite && r.y.isFinite ? r : nil
    }

    /// The inverse map, or `nil` for a singular matrix (e.g. a zero scale).
    func inverted() -> PlaneHomography? {
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        let s = 1 / det
        // Adjugate (transpose of the cofactor matrix) over the determinant.
        return PlaneHomography([A * s, D * s, G * s, B * s, E * s, H * s, C * s, F * s, I * s])
    }
}

extension View {
    /// The map from this view's bounds space to its superview's bounds space: the layer's
    /// `localToParent` (anchor point, transform, position) followed by the superview's
    /// `sublayerTransform` about its anchor point.
    var toSuperview: PlaneHomography {
        var m = layer.properties.localToParent
        if let s = superview { m = m.concatenating(s.layer.properties.sublayerToLocal) }
        return PlaneHomography(m)
    }

    /// The point `p` of the superview's bounds space in this view's bounds space, or `nil`
    /// if the view's transform is singular or the point projects behind the eye.
    func pointFromSuperview(_ p: CGPoint) -> CGPoint? { toSuperview.inverted()?.apply(p) }

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

    private func convertFromTop(_ point: CGPoint) -> CGPoint? {
        var chain: [View] = []
        var v = self
        while let s = v.superview { chain.append(v); v = s }
        var p = point
        for view in chain.reversed() {
            guard let q = view.pointFromSuperview(p) else { return nil }
            p = q
        }
        return p
    }
}
