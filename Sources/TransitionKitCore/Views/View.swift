import Foundation

/// A rectangular area on screen backed by a `Layer` (`UIView`): its geometry forwards to the
/// layer, its subviews' layers are its layer's sublayers in the same order.
///
/// Open for subclassing, as `UIView` is (a view of your own that builds its subviews in its
/// initialiser); its members are not overridable.
@MainActor
open class View {
    /// The backing layer; every geometric property of the view is the layer's.
    public let layer: Layer
    /// Subviews back to front.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of.
    public private(set) weak var superview: View?
    /// Set on a window's root view only.
    weak var hostWindow: Window?
    /// The view controller whose root view this is (set by `ViewController.view`).
    weak var viewController: ViewController?
    /// Gesture recognizers and, on a window's root view, the routing of the current touch
    /// (see `Gestures/View+Gestures.swift`).
    var interaction = ViewInteraction()

    /// A view with `frame` in points (default `.zero`).
    public init(frame: CGRect = .zero, name: String? = nil) {
        layer = Layer(name: name)
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.frame = frame
    }

    /// The window the view is in, if any.
    public var window: Window? {
        var node: View? = self
        while let n = node {
            if let w = n.hostWindow { return w }
            node = n.superview
        }
        return nil
    }

    // MARK: Geometry (points; UIKit names)

    /// The frame in the superview's coordinates (`UIView.frame`). A size change resizes
    /// subviews according to their `autoresizingMask`.
    public var frame: CGRect {
        get { layer.frame }
        set { resizingSubviews { layer.frame = newValue } }
    }
    /// The view's own coordinate space (`UIView.bounds`); a size change resizes subviews
    /// according to their `autoresizingMask`.
    public var bounds: CGRect {
        get { layer.bounds }
        set { resizingSubviews { layer.bounds = newValue } }
    }
    /// Runs `change` (a geometry change of the layer), then resizes the subviews by their
    /// `autoresizingMask` from the size the bounds had before it.
    private func resizingSubviews(_ change: () -> Void) {
        let old = layer.bounds.size
        change()
        resizeSubviews(from: old)
    }
    /// How the view follows its superview's size changes (`UIView.autoresizingMask`).
    /// Default: none. A view controller's root view flexes in both directions, as in UIKit.
    public var autoresizingMask: AutoresizingMask = []
    /// Whether this view's content flips in a right-to-left layout (`UIView.semanticContentAttribute`;
    /// default `.unspecified`). See `effectiveUserInterfaceLayoutDirection`.
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified

    /// After a size change: resizes the subviews by their `autoresizingMask`, then tells the
    /// window's running transition, which redraws at once if this is its container (R1).
    /// A view controller's root view on screen does this inside a layout pass of its
    /// controller (`viewWillLayoutSubviews()` before, `viewDidLayoutSubviews()` after); off
    /// screen the pass is due at its next `viewWillAppear`.
    private func resizeSubviews(from old: CGSize) {
        let new = layer.bounds.size
        guard new != old else { return }
        let dw = new.width - old.width, dh = new.height - old.height
        if let owner = viewController, owner.appearanceState != .disappeared {
            owner.layoutPass { autoresizeSubviews(dw: dw, dh: dh) }
        } else {
            viewController?.needsLayout = true
            autoresizeSubviews(dw: dw, dh: dh)
        }
        window?.transitionQueue.current?.viewDidResize(self)
    }
    /// Grows or shrinks the flexible subviews by `dw` × `dh` points.
    private func autoresizeSubviews(dw: CGFloat, dh: CGFloat) {
        for s in subviews where !s.autoresizingMask.isEmpty {
            var f = s.frame
            if s.autoresizingMask.contains(.flexibleWidth) { f.size.width += dw }
            if s.autoresizingMask.contains(.flexibleHeight) { f.size.height += dh }
            s.frame = f
        }
    }
    /// The centre in the superview's coordinates (`UIView.center`, the layer's position).
    public var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The layer transform (`UIView.transform3D`).
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// Opacity 0...1 (`UIView.alpha`, the layer's opacity).
    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    public var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }
    /// Clips subviews to the bounds (`UIView.clipsToBounds`, the layer's `masksToBounds`).
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: Hierarchy

    /// Appends `view` as the frontmost subview (removing it from its old superview first).
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` (clamped) among the subviews.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        let i = max(0, min(index, subviews.count))
        // Keep the layer order equal to the subview order: insert relative to a sibling layer.
        if i < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[i].layer)
        } else if let last = subviews.last {
            layer.insertSublayer(view.layer, above: last.layer)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: i)
        view.superview = self
    }

    /// Inserts `view` directly above `sibling`, which must be a subview.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: subviews.index(ofSibling: sibling, in: "insertSubview(_:aboveSubview:)") + 1)
    }

    /// Inserts `view` directly below `sibling`, which must be a subview.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: subviews.index(ofSibling: sibling, in: "insertSubview(_:belowSubview:)"))
    }

    /// Removes the view (and its layer) from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
    }

    /// Whether `ancestor` is this view or one of its superviews.
    public func isDescendant(of ancestor: View) -> Bool {
        var node: View? = self
        while let n = node {
            if n === ancestor { return true }
            node = n.superview
        }
        return false
    }
}
