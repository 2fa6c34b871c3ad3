import Foundation
import TransitionKitCore

/// The drag-to-dismiss animator (ZFModalTransitionAnimator's present and dismiss, as a pure
/// function of progress). Formulas: `DragDismiss.modalTranslation(at:containerSize:)`,
/// `behindViewTransform(at:)`, `behindViewOpacity(at:)` with b the presented fraction.
///
/// Roles: for present (and push) the incoming view is the modal and the outgoing one the
/// behind view; for dismiss (and pop) the other way round. The modal is kept above the
/// behind view. The modal moves by its layer transform, so its frame stays the container's
/// bounds and the driver restores it exactly.
///
/// State that outlives a transition (`finalizeTransition`): after a finished present the
/// behind view keeps scale `behindViewScale` and opacity `behindViewAlpha`; after a finished
/// dismiss it gets identity transform, opacity 1 and frame = the container's bounds (G3).
/// A cancelled transition leaves everything as it was before it (the driver restores it).
@MainActor
public final class DragDismissAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public let configuration: DragDismiss
    /// `.spring(configuration.spring)`: the UIKit spring mapped as `DragDismiss.spring` documents.
    public let timingCurve: TimingCurve

    /// - Parameter configuration: default `DragDismiss()` (bottom, 0.9, 1.0, spring 0.8 / 0.1 / 0.8 s).
    public init(_ configuration: DragDismiss = DragDismiss()) {
        self.configuration = configuration
        timingCurve = .spring(configuration.spring)
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.duration }

    /// Keeps the modal above the behind view.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   container, or when presenting a view controller whose `modalPresentationStyle` is not
    ///   `.overFullScreen` (the view behind would disappear at the end; use
    ///   `DragDismissTransitioningDelegate`, which sets it). Nothing is changed then.
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let container = context.containerView
        _ = try context.viewsInContainer(effect: "dragdismiss")
        if context.operation == .present, context.viewController(forKey: .to)?.modalPresentationStyle != .overFullScreen {
            throw .transitionUnavailable(
                "dragdismiss: the presented view controller must use modalPresentationStyle = .overFullScreen so the view behind stays visible")
        }
        guard let (modal, behind) = context.stackedViews else { return }
        container.insertSubview(modal, aboveSubview: behind)
    }

    /// Progress is clamped to 0...1 unless `bounces`.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let (modal, behind) = context.stackedViews else { return }
        let p = configuration.bounces ? progress : min(1, max(0, progress))
        let b = context.upperViewProgress(p)
        let t = configuration.modalTranslation(at: b, containerSize: context.containerView.bounds.size)
        modal.transform3D = Transform3D(translationX: t.x, y: t.y)
        behind.transform3D = configuration.behindViewTransform(at: b)
        behind.alpha = configuration.behindViewOpacity(at: b)
    }

    /// After a finished present: behind view scaled and faded to its presented values.
    /// After a finished dismiss: behind view at identity, opacity 1, frame = container bounds.
    public func finalizeTransition(using context: any ContextTransitioning) {
        guard let (_, behind) = context.stackedViews else { return }
        if context.operation.insertsIncomingAbove {
            behind.transform3D = configuration.behindViewTransform(at: 1)
            behind.alpha = configuration.behindViewOpacity(at: 1)
        } else {
            behind.transform3D = .identity
            behind.alpha = 1
            behind.frame = context.containerView.bounds
        }
    }
}
