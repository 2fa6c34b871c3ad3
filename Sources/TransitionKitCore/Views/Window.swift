import Foundation

/// The root of a view hierarchy on one screen (`UIWindow`), with the frame clock that drives
/// its transitions and the queue that runs them one at a time.
@MainActor
public final class Window {
    /// The window's own view; the root view controller's view fills it and presented
    /// view controllers' views are stacked above it.
    public let rootView: View
    /// Pixels per point of the screen the window is on (`UIScreen.scale`,
    /// `UITraitCollection.displayScale`), 0.5...8. Changes with `resize(to:scale:)` (the
    /// window moved to a screen of another density, a display's scale setting changed).
    public private(set) var scale: CGFloat
    /// The clock every transition in this window runs on.
    public let frameClock: any FrameClock
    /// Serialises the window's transitions (see `TransitionQueue`).
    public let transitionQueue = TransitionQueue()

    /// The view controller whose view fills the window. Setting it replaces the old one
    /// without animation, with balanced appearance callbacks; anything the old one presented
    /// is removed first (as UIKit does).
    /// - Precondition: no transition runs or waits in the window (replace the root from a
    ///   completion handler instead).
    public var rootViewController: ViewController? {
        willSet {
            guard newValue !== rootViewController else { return }
            precondition(
                transitionQueue.isIdle,
                "Window.rootViewController replaced while a transition runs or waits; do it in the transition's completion")
        }
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue { Self.takeOffScreen(old) }
            if let new = rootViewController {
                new.view.frame = rootView.bounds
                new.sendAppearance(.viewWillAppear(animated: false))
                rootView.addSubview(new.view)
                new.sendAppearance(.viewDidAppear(animated: false))
            }
        }
    }

    /// A window that goes away ends its running transition as cancelled (completion false,
    /// every layer restored, the display link invalidated, the animator's `animationEnded`);
    /// its root and what it presents then leave as when the root is replaced (appearance
    /// ended, presentations dismissed without animation), and the requests waiting behind it
    /// run last, without animation since nothing is on screen: navigation and tab requests
    /// change their controllers, presents and dismisses complete with false (scenarios U8,
    /// U10, U11). Nothing the window showed or queued keeps it alive.
    isolated deinit {
        let root = rootViewController
        transitionQueue.abandonCurrent { if let root { Self.takeOffScreen(root) } }
    }

    /// Ends the appearance of `root` and of its presentation chain (top first), takes their
    /// views out of the window and dismisses the chain without animation, so `root` can be
    /// shown in another window and the presented view controllers are free (scenario U11),
    /// each presenter's view as it was before its present (U12).
    private static func takeOffScreen(_ root: ViewController) {
        var chain: [ViewController] = []
        var vc = root.presentedViewController
        while let p = vc { chain.append(p); vc = p.presentedViewController }
        for p in chain.reversed() {
            p.endAppearance(animated: false)
            p.view.removeFromSuperview()
            p.endPresentation()
        }
        root.endAppearance(animated: false)
        root.view.removeFromSuperview()
    }

    /// The largest accepted width or height, points: 1e9, far above any screen. Effects scale,
    /// overshoot (springs) and square sizes; below this bound all of that stays finite, near
    /// the largest double it does not.
    public static let maximumSide: CGFloat = 1e9

    /// Throws unless both sides are finite, > 0 and at most `maximumSide` points.
    private static func checkSize(_ size: CGSize) throws(TransitionKitError) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
            size.width <= maximumSide, size.height <= maximumSide
        else {
            throw .invalidSize(name: "window size", width: size.width, height: size.height, accepted: "finite, 0 < side <= 1e9 points")
        }
    }

    /// A window of `size` points at `scale` pixels per point, driven by `frameClock`.
    /// - Precondition: both sides are finite, > 0 and at most `maximumSide` points, and
    ///   `scale` is in 0.5...8 (programmer errors; use `init(validatingSize:scale:frameClock:)`
    ///   for a size read from outside).
    public init(size: CGSize, scale: CGFloat = 1, frameClock: any FrameClock) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.check(size: size, scale: scale) }
        self.scale = scale
        self.frameClock = frameClock
        rootView = View(frame: CGRect(origin: .zero, size: size), name: "window")
        rootView.backgroundColor = .black
        rootView.hostWindow = self
    }

    /// A window of a size and scale read from outside (a command line, a file).
    /// - Throws: `TransitionKitError.invalidSize` for a side that is not finite, not > 0 or
    ///   above `maximumSide`; `.invalidValue` for a scale outside 0.5...8.
    public convenience init(validatingSize size: CGSize, scale: CGFloat = 1, frameClock: any FrameClock) throws(TransitionKitError) {
        try Self.check(size: size, scale: scale)
        self.init(size: size, scale: scale, frameClock: frameClock)
    }

    private static func check(size: CGSize, scale: CGFloat) throws(TransitionKitError) {
        try checkSize(size)
        try TransitionKitError.check(scale, "scale", in: 0.5...8, accepted: "0.5...8 pixels per point")
    }

    /// The window's size in points.
    public var size: CGSize { rootView.bounds.size }

    /// Resizes the window (rotation, status-bar change): every full-screen view controller
    /// view in it is resized to the new bounds (scenario G3), and a running transition goes on
    /// at the new size from this moment (R1).
    /// - Parameter size: points; both sides finite, > 0 and at most `maximumSide`.
    /// - Precondition: `size` is valid as above (a programmer error otherwise: traps with the
    ///   size; use `resize(validatingSize:)` for a size read from outside, such as a host
    ///   window's).
    public func resize(to size: CGSize) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkSize(size) }
        apply(size)
    }

    /// Resizes the window to a size read from outside (a host window, a command line, a
    /// file), as `resize(to:)` does.
    /// - Throws: `TransitionKitError.invalidSize` for a side that is not finite, not > 0 or
    ///   above `maximumSide` (the window keeps its size then).
    public func resize(validatingSize size: CGSize) throws(TransitionKitError) {
        try Self.checkSize(size)
        apply(size)
    }

    /// Changes the window's container, its size in points and its scale in pixels per point
    /// (moved to a screen of another density, a display's scale setting changed, both at once),
    /// by the rule of `resize(to:)`: the one container change, so a running transition goes on
    /// from this moment as the same transition started in the new container at the same
    /// progress (R1). Layers are in points, so a scale change alone moves no layer: only the
    /// pixels a renderer makes of them, at `scale`, change.
    /// - Parameters:
    ///   - size: points; both sides finite, > 0 and at most `maximumSide`.
    ///   - scale: pixels per point, 0.5...8.
    /// - Precondition: `size` and `scale` valid as above (a programmer error otherwise: traps
    ///   with the value; use `resize(validatingSize:scale:)` for values read from a host window).
    public func resize(to size: CGSize, scale: CGFloat) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.check(size: size, scale: scale) }
        apply(size, scale: scale)
    }

    /// Changes the window's size and scale to values read from outside (a host window's
    /// pixel and point sizes), as `resize(to:scale:)` does.
    /// - Throws: `TransitionKitError.invalidSize` for a side that is not finite, not > 0 or
    ///   above `maximumSide`; `.invalidValue` for a scale outside 0.5...8 (the window keeps
    ///   its size and scale then).
    public func resize(validatingSize size: CGSize, scale: CGFloat) throws(TransitionKitError) {
        try Self.check(size: size, scale: scale)
        apply(size, scale: scale)
    }

    /// The one container change: the root view's frame, then every full-screen view
    /// controller's view, each told its container changed.
    private func apply(_ size: CGSize, scale: CGFloat? = nil) {
        if let scale { self.scale = scale }
        rootView.frame = CGRect(origin: .zero, size: size)
        var vc = rootViewController
        while let c = vc {
            c.view.frame = rootView.bounds
            c.containerDidResize()
            vc = c.presentedViewController
        }
    }

    /// The presentation tree of the whole window, for the renderer.
    public func snapshot() -> LayerSnapshot { rootView.layer.snapshot() }

    /// The presentation tree of the whole window written into `snapshot`, reusing its storage
    /// (`Layer.snapshot(into:)`): a renderer that keeps one snapshot across frames allocates
    /// nothing for it once the tree's shape is steady.
    /// - Complexity: O(layers).
    public func snapshot(into snapshot: inout LayerSnapshot) { rootView.layer.snapshot(into: &snapshot) }
}
