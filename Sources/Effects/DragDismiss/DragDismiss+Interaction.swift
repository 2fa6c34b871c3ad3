import Foundation
import TransitionKitCore

/// The transitioning delegate an app sets on a modal view controller to present and dismiss
/// it with the drag-to-dismiss effect (ZFModalTransitionAnimator's role as a
/// `transitioningDelegate`): `EffectTransitioningDelegate` over `DragDismiss`.
///
/// Creating it makes the modal `.overFullScreen` (the view behind stays on screen, shrunk)
/// and sets its `transitioningDelegate`; keep a strong reference to it while the modal is
/// presented (the original required the same). `enableDragToDismiss()` adds the drag.
///
/// ```swift
/// let card = ViewController(title: "card")
/// self.cardTransition = DragDismissTransitioningDelegate(modalViewController: card,
///                                                         effect: DragDismiss(direction: .right))
/// self.cardTransition.enableDragToDismiss()
/// presenter.present(card)
/// ```
public typealias DragDismissTransitioningDelegate = EffectTransitioningDelegate<DragDismiss>

extension EffectTransitioningDelegate where Effect == DragDismiss {
    /// - Parameters:
    ///   - modalViewController: the view controller to present.
    ///   - effect: default `DragDismiss()`.
    public convenience init(modalViewController: ViewController, effect: DragDismiss = DragDismiss()) {
        self.init(effect: effect, modalViewController: modalViewController)
    }
}

extension DragDismiss {
    /// A drag toward the exit edge dismisses (ZFModalTransitionAnimator's `dragable`):
    /// `.dragToDismiss(.down)` for `.bottom`, `.left` for `.left`, `.right` for `.right`.
    /// The default policy finishes past half-way or on a flick of 500 pt/s; the original's
    /// rule (finish iff velocity toward the exit > 100 pt/s, D3) is
    /// `InteractionPolicy.dragDismissOriginal`.
    public var interactions: [EffectInteraction] { [.dragToDismiss(direction.completionDirection)] }

    /// The animator, with the effect's spring as the run-out after release (starting at the
    /// finger's velocity, so the card continues the finger's motion).
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        InteractiveAnimation(animator: makeAnimator(for: operation), completionCurve: .spring(spring))
    }
}

extension DragDismiss.Direction {
    /// The finger movement that dismisses a modal leaving through this edge.
    public var completionDirection: PanInteractionController.Direction {
        switch self {
        case .bottom: return .down
        case .left: return .left
        case .right: return .right
        }
    }
}
