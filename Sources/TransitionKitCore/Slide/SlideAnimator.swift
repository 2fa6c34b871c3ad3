import Foundation

/// The animator of `Slide` (UIKit's push and pop, cover-vertical present and dismiss, the
/// paged tab slide): the default animator when no delegate, override or preferred transition
/// supplies one. Every frame is `Slide.placement(_:progress:size:direction:tabDirection:)`.
///
/// Scene of a push or pop: the covering view (the incoming one of a push, the outgoing one
/// of a pop) is above the covered one, as the driver places them. The overlay is a black layer
/// added as the topmost sublayer of the covered view's layer, over its bounds; the shadow is
/// the covering layer's own (`shadowColor` black, `shadowOffset` zero, `shadowRadius`,
/// `shadowPath` = `Slide.shadowPath(bounds:direction:)`, `shadowOpacity` per frame). The driver
/// removes the overlay and restores the shadow properties when the transition ends, finished
/// or cancelled. The layout direction is the container's `effectiveUserInterfaceLayoutDirection`
/// when the transition is prepared.
@MainActor
public final class SlideAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public var configuration: Slide
    /// Duration in seconds, finite and >= 0 (`configuration.duration`, default 0.35 s).
    public var duration: TimeInterval {
        get { configuration.duration }
        set { configuration.duration = newValue }
    }
    /// Fraction 0...1 of the width the covered view moves (`configuration.parallax`, default 1/3).
    public var parallax: CGFloat {
        get { configuration.parallax }
        set { configuration.parallax = newValue }
    }
    /// `configuration.timingCurve` (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve { configuration.timingCurve }

    @exclusivity(unchecked) private var overlay: Layer?
    private var direction = UserInterfaceLayoutDirection.leftToRight

    /// - Parameter configuration: default `Slide()` (UIKit's push: 0.35 s, a third of the
    ///   width, black overlay to 0.1, shadow 0.5 at 5 pt).
    public init(_ configuration: Slide = Slide()) {
        self.configuration = configuration
    }

    /// UIKit's push with this duration, parallax and curve, and the default overlay and shadow.
    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.35).
    ///   - parallax: fraction 0...1 of the width (default 1/3).
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: the values are in range (see `Slide.init`).
    public convenience init(
        duration: TimeInterval = Slide.defaultDuration, parallax: CGFloat = Slide.defaultParallax, timingCurve: TimingCurve = .easeInEaseOut
    ) {
        self.init(Slide(duration: duration, parallax: parallax, timingCurve: timingCurve))
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Reads the layout direction; for a push or pop adds the overlay to the covered view and
    /// sets the covering view's shadow (opacity 0 until the first frame).
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   transition container (nothing is changed then).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        _ = try context.viewsInContainer(effect: Slide.name)
        direction = context.containerView.effectiveUserInterfaceLayoutDirection
        guard context.operation == .push || context.operation == .pop, let (covering, covered) = Self.views(context) else { return }
        if configuration.dimming > 0 {
            let layer = Layer(name: "slide dimming")
            layer.backgroundColor = .black
            layer.opacity = 0
            covered.layer.addSublayer(layer)
            overlay = layer
        }
        if configuration.shadowOpacity > 0 {
            let layer = covering.layer
            layer.shadowColor = .black
            layer.shadowOffset = .zero
            layer.shadowRadius = configuration.shadowRadius
            layer.shadowPath = configuration.shadowPath(bounds: covering.bounds, direction: direction)
            layer.shadowOpacity = 0
        }
    }

    /// Applies `Slide.placement` at `progress`.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress p: CGFloat, using context: any ContextTransitioning) {
        let size = context.containerView.bounds.size
        let placement = configuration.placement(context.operation, progress: p, size: size, direction: direction, tabDirection: context.tabDirection)
        if let to = context.view(forKey: .to), context.operation != .dismiss {
            to.transform3D = Transform3D(translationX: placement.incoming.x, y: placement.incoming.y)
        }
        if let from = context.view(forKey: .from), context.operation != .present {
            from.transform3D = Transform3D(translationX: placement.outgoing.x, y: placement.outgoing.y)
        }
        guard context.operation == .push || context.operation == .pop, let (covering, covered) = Self.views(context) else { return }
        if let overlay {
            let b = covered.bounds
            overlay.bounds = CGRect(origin: .zero, size: b.size)
            overlay.position = CGPoint(x: b.midX, y: b.midY)
            overlay.opacity = Float(placement.dimming)
        }
        if configuration.shadowOpacity > 0 {
            // The strip follows the covering view's size (a window resized or rescaled mid-transition).
            let path = configuration.shadowPath(bounds: covering.bounds, direction: direction)
            if covering.layer.shadowPath != path { covering.layer.shadowPath = path }
            covering.layer.shadowOpacity = placement.shadowOpacity
        }
    }

    /// Releases the overlay (the driver removed it from the covered view).
    public func animationEnded(_ transitionCompleted: Bool) { overlay = nil }

    /// The covering and covered views of a push (incoming over outgoing) or pop (outgoing over
    /// incoming); nil when either is missing.
    private static func views(_ context: any ContextTransitioning) -> (covering: View, covered: View)? {
        guard let from = context.view(forKey: .from), let to = context.view(forKey: .to) else { return nil }
        return context.operation == .push ? (to, from) : (from, to)
    }
}
