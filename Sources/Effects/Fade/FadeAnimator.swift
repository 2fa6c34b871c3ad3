import Foundation
import TransitionKitCore

/// The fade animator: cross-dissolve or fade through a colour, as a pure function of
/// progress, for push, pop, present, dismiss and tab switches (either direction).
///
/// Scene: the incoming view is moved directly above the outgoing one for every operation
/// (the driver puts it below for pop, dismiss and a tab switch towards a lower index), so the
/// blend is the same both ways.
/// The outgoing view itself is never changed.
///
/// Fade through a colour: the colour is a layer added as the *topmost sublayer of the
/// outgoing view's layer*, covering its bounds. The driver removes layers added under the
/// two views when the transition ends, so nothing is left in the container (scenario C1)
/// and the colour follows the outgoing view's frame if the window resizes.
///
/// Cancelled pop or dismiss: if both views stay in the container afterwards (a cancelled
/// dismiss of an `.overFullScreen` modal), `animationEnded(false)` puts the incoming view
/// back below the outgoing one, restoring the container's z-order (C1).
@MainActor
public final class FadeAnimator: AnimatedTransitioning {
    /// The effect's configuration (duration, style, curve).
    public let configuration: Fade
    /// The configuration's curve (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve { configuration.timingCurve }

    @exclusivity(unchecked) private var colorLayer: Layer?
    private weak var incoming: View?
    private weak var outgoing: View?
    private var incomingWasBelow = false

    /// - Parameter configuration: duration, style and curve (default: 0.3 s cross-dissolve).
    public init(_ configuration: Fade = Fade()) {
        self.configuration = configuration
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Puts the incoming view above the outgoing one and, for `.through`, adds the colour layer.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   transition container (nothing is changed then).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let container = context.containerView
        let (from, to) = try context.viewsInContainer(effect: "fade")
        let subviews = container.subviews
        incomingWasBelow = subviews.firstIndex { $0 === to }! < subviews.firstIndex { $0 === from }!
        incoming = to
        outgoing = from
        container.insertSubview(to, aboveSubview: from)
        if configuration.style == .through {
            let layer = Layer(name: "fade through colour")
            layer.backgroundColor = configuration.color
            layer.opacity = 0
            from.layer.addSublayer(layer)
            colorLayer = layer
        }
    }

    /// Incoming opacity and colour-layer opacity from `Fade.opacities(at:)`.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let to = context.view(forKey: .to) else { return }
        let o = configuration.opacities(at: progress)
        to.alpha = o.incoming
        if let colorLayer, let from = context.view(forKey: .from) {
            let b = from.bounds
            colorLayer.bounds = CGRect(origin: .zero, size: b.size)
            colorLayer.position = CGPoint(x: b.midX, y: b.midY)
            colorLayer.opacity = Float(o.color)
        }
    }

    /// Restores the container's z-order after a cancelled pop or dismiss whose views both
    /// stay in the container; releases the colour layer.
    public func animationEnded(_ transitionCompleted: Bool) {
        defer {
            colorLayer = nil
            incoming = nil
            outgoing = nil
        }
        guard !transitionCompleted, incomingWasBelow, let to = incoming, let from = outgoing,
            let container = to.superview, from.superview === container
        else { return }
        container.insertSubview(to, belowSubview: from)
    }
}

extension Fade {
    /// The opacities at eased `progress`, each clamped to 0...1:
    /// - `.crossDissolve`: incoming = p, colour = 0;
    /// - `.through`: colour = min(1, 2p), incoming = max(0, 2p − 1) (outgoing → colour over
    ///   the first half, colour → incoming over the second).
    /// - Complexity: O(1).
    public func opacities(at progress: CGFloat) -> (incoming: CGFloat, color: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        switch style {
        case .crossDissolve: return (clamp(progress), 0)
        case .through: return (clamp(2 * progress - 1), clamp(2 * progress))
        }
    }
}
