import Foundation
import TransitionKitCore

/// The push-back animator (PushBackNavigationTransition's push and pop, as a pure function
/// of progress). Formulas: `PushBack3D.pushedBackTransform(at:)`,
/// `slideTranslation(at:containerWidth:)` and `dimmingOpacity(at:)`.
///
/// Roles: for push (and present, and a tab switch forward) the outgoing view is pushed back and the incoming one
/// slides in above it; for pop (and dismiss, and a tab switch in reverse) the incoming view is the pushed-back one,
/// below, and the outgoing one slides out. With b = progress for push and b = 1 − progress
/// for pop, every layer value is a function of b alone, so pop at p is push at 1 − p with the
/// roles swapped.
///
/// Anchor point: while b != 0 the pushed-back view's anchor point is (1, 0.5) and its
/// position is moved by the same amount, so its frame does not change (Core Animation's
/// rule: position is where the anchor point sits). At b == 0 it has its own anchor point
/// and an identity transform, exactly the untouched view. The driver restores everything
/// when the transition ends (scenario C1).
@MainActor
public final class PushBack3DAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public let configuration: PushBack3D
    /// The configuration's curve (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve { configuration.timingCurve }

    @exclusivity(unchecked) private var originalAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    @exclusivity(unchecked) private var dimmingLayer: Layer?

    /// - Parameter configuration: default `PushBack3D()` (10°, m34 = −1/300, 0.3 s).
    public init(_ configuration: PushBack3D = PushBack3D()) {
        self.configuration = configuration
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Orders the sliding view above the pushed-back one and adds the dimming overlay (if
    /// `dimming` > 0) as the topmost sublayer of the pushed-back view's layer.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   transition container (nothing is changed then).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let container = context.containerView
        _ = try context.viewsInContainer(effect: "pushback3d")
        guard let (slider, pushedBack) = context.stackedViews else { return }
        container.insertSubview(slider, aboveSubview: pushedBack)
        originalAnchorPoint = pushedBack.layer.anchorPoint
        if configuration.dimming > 0 {
            let overlay = Layer(name: "pushback3d dimming")
            overlay.backgroundColor = .black
            overlay.opacity = 0
            pushedBack.layer.addSublayer(overlay)
            dimmingLayer = overlay
        }
    }

    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let (slider, pushedBack) = context.stackedViews else { return }
        let b = context.upperViewProgress(progress)
        let layer = pushedBack.layer
        Self.setAnchorPoint(b == 0 ? originalAnchorPoint : PushBack3D.pushedBackAnchorPoint, of: layer)
        layer.transform = configuration.pushedBackTransform(at: b)
        slider.transform3D = Transform3D(
            translationX: configuration.slideTranslation(at: b, containerWidth: context.containerView.bounds.width), y: 0)
        if let dimmingLayer {
            let size = layer.bounds.size
            dimmingLayer.bounds = CGRect(origin: .zero, size: size)
            dimmingLayer.position = CGPoint(x: layer.bounds.minX + size.width / 2, y: layer.bounds.minY + size.height / 2)
            dimmingLayer.opacity = Float(configuration.dimmingOpacity(at: b))
        }
    }

    public func animationEnded(_ transitionCompleted: Bool) { dimmingLayer = nil }

    /// Sets `anchorPoint` and moves `position` by the same amount, so the layer's
    /// (untransformed) frame stays where it is: position = frame.origin + anchor·size.
    static func setAnchorPoint(_ anchor: CGPoint, of layer: Layer) {
        let f = layer.frame
        layer.anchorPoint = anchor
        layer.position = CGPoint(x: f.minX + anchor.x * f.width, y: f.minY + anchor.y * f.height)
    }
}
