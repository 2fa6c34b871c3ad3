import Foundation
import TransitionKitCore

/// The flip animator (`Flip`'s push, pop, present, dismiss and tab switches, as a pure function
/// of progress). Every frame is `Flip.placement(_:progress:tabDirection:)`.
///
/// Scene: both views keep their place in the container (the order does not matter: only one
/// face looks at the viewer at a time). Both layers get `isDoubleSided = false` when the
/// transition is prepared, so the compositor culls the face turned away; each layer's
/// `transform` is its face's, applied about its anchor point (a view's layer has its anchor at
/// the centre). The driver restores `isDoubleSided` and the transforms when the transition
/// ends, finished or cancelled.
@MainActor
public final class FlipAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public let configuration: Flip
    /// The configuration's curve (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve { configuration.timingCurve }

    /// - Parameter configuration: default `Flip()` (0.5 s, m34 = −1/1000, from the right).
    public init(_ configuration: Flip = Flip()) {
        self.configuration = configuration
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Makes both layers single-sided.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   transition container (nothing is changed then).
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let (from, to) = try context.viewsInContainer(effect: Flip.name)
        from.layer.isDoubleSided = false
        to.layer.isDoubleSided = false
    }

    /// Sets both faces' transforms from `Flip.placement`.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        let placement = configuration.placement(context.operation, progress: progress, tabDirection: context.tabDirection)
        context.view(forKey: .from)?.transform3D = placement.outgoing
        context.view(forKey: .to)?.transform3D = placement.incoming
    }
}
