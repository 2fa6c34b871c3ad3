import Foundation
import TransitionKitCore

/// The circular-reveal animator (RadialTransition's push and pop, as a pure function of
/// progress).
///
/// - `.reveal` (push, and pop by default): the incoming view is placed above the outgoing
///   one and shown through an ellipse mask growing from the start frame (see `RadialGeometry`).
/// - `.conceal` (pop): the outgoing view stays on top and its mask shrinks from the full
///   circle into the start frame, uncovering the incoming view below.
/// - A tab switch (`.tab`, either direction) reveals: the default start frame is the empty
///   rectangle at the centre of the incoming tab's bar item
///   (`TabBarController.itemFrameInContainerView(at:)`), below the content area, so the
///   circle rises out of the tapped item and progress 0 shows nothing of it (the whole item
///   frame's ellipse would touch the content's bottom edge); the edge midpoint of the
///   direction's push or pop when the incoming view controller is not a tab.
@MainActor
public final class RadialAnimator: AnimatedTransitioning {
    /// The effect's configuration (duration, start frame, pop style, curve).
    public let configuration: Radial
    /// `.reveal` or `.conceal`: `configuration.style(for:)` of the operation given at init.
    public let style: Radial.PopStyle
    /// The start frame in container coordinates (points, finite); nil →
    /// `RadialGeometry.defaultStartFrame`. Starts as `configuration.startFrame`.
    ///
    /// Settable during a transition: the reveal's centre (and with it the final radius) then
    /// follows from the next frame on. The edge-swipe pop sets it to (0, finger.y, 0, 0) on
    /// every move, as RadialTransition's `screenPan:` rebuilt its mask around the finger's y.
    /// The state stays a pure function of progress, this property and the container's size.
    /// - Precondition: a set frame is finite (it is stored standardized).
    public var startFrame: CGRect? {
        didSet {
            startFrame = Radial.checkedStartFrame(startFrame)
            if let g = geometry { geometry = RadialGeometry(containerBounds: g.containerBounds, startFrame: startFrame ?? defaultStartFrame) }
        }
    }
    /// The configuration's curve (default `.easeIn`, RadialTransition's).
    public var timingCurve: TimingCurve { configuration.timingCurve }
    @exclusivity(unchecked) private var geometry: RadialGeometry?
    /// The default start frame of the running transition (set by `prepareTransition`).
    @exclusivity(unchecked) private var defaultStartFrame: CGRect = .zero
    @exclusivity(unchecked) private var mask: Layer?

    /// - Parameters:
    ///   - configuration: duration, start frame, pop style and curve (default `Radial()`:
    ///     0.33 s, edge midpoint, `.reveal`, `.easeIn`).
    ///   - operation: the operation it animates; decides the style (push and present
    ///     reveal, pop and dismiss use `configuration.popStyle`).
    public init(_ configuration: Radial = Radial(), operation: TransitionOperation) {
        self.configuration = configuration
        style = configuration.style(for: operation)
        startFrame = configuration.startFrame
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// The view that carries the mask: the incoming view for `.reveal`, the outgoing one for `.conceal`.
    private func maskedView(_ context: any ContextTransitioning) -> View? {
        context.view(forKey: style == .reveal ? .to : .from)
    }

    /// - Throws: `TransitionKitError.transitionUnavailable` when the incoming or outgoing view
    ///   is not in the container (scenario G4).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let container = context.containerView
        let (from, to) = try context.viewsInContainer(effect: "radial")
        switch style {
        case .reveal: container.insertSubview(to, aboveSubview: from)
        case .conceal: container.insertSubview(from, aboveSubview: to)
        }
        fit(container.bounds, for: context)
        let m = Layer(name: "radial mask")
        maskedView(context)?.layer.mask = m
        mask = m
    }

    /// The geometry (and default start frame: an edge midpoint, or the incoming tab's bar
    /// item) of a container with `bounds`.
    private func fit(_ bounds: CGRect, for context: any ContextTransitioning) {
        defaultStartFrame =
            Self.tabItemFrame(context) ?? RadialGeometry.defaultStartFrame(for: context.navigationEquivalent, in: bounds)
        geometry = RadialGeometry(containerBounds: bounds, startFrame: startFrame ?? defaultStartFrame)
    }

    /// Draws with the container's bounds at this frame (scenario R1): after a resize the
    /// default start frame and the final radius are the new container's.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        if let g = geometry, g.containerBounds != context.containerView.bounds { fit(context.containerView.bounds, for: context) }
        guard let geometry, let mask, let view = maskedView(context) else { return }
        let p = style == .reveal ? progress : 1 - progress
        // The mask lives in the masked view's own coordinates.
        let rect = geometry.maskRect(at: p).offsetBy(dx: -view.frame.minX + view.bounds.minX, dy: -view.frame.minY + view.bounds.minY)
        mask.bounds = view.bounds
        mask.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        mask.path = .ellipse(in: rect)
    }

    /// For a tab switch, the empty rectangle at the centre of the incoming tab's bar item, in
    /// the container (points); nil for other operations or when the incoming view controller
    /// is not a tab.
    /// - Complexity: O(tabs), no allocation.
    private static func tabItemFrame(_ context: any ContextTransitioning) -> CGRect? {
        guard context.operation == .tab, let to = context.viewController(forKey: .to), let tabs = to.tabBarController,
            let index = tabs.viewControllers.firstIndex(where: { $0 === to })
        else { return nil }
        let item = tabs.itemFrameInContainerView(at: index)
        return CGRect(x: item.midX, y: item.midY, width: 0, height: 0)
    }

    /// The geometry in use (after `prepareTransition`; the container's bounds at the last frame).
    public var currentGeometry: RadialGeometry? { geometry }
}
