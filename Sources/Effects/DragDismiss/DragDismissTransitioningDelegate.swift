import Foundation
import TransitionKitCore

/// The transitioning delegate an app sets on a modal view controller to present and dismiss
/// it with the drag-to-dismiss effect (ZFModalTransitionAnimator's role as a
/// `transitioningDelegate`).
///
/// Creating it configures the modal: `modalPresentationStyle = .overFullScreen` (the view
/// behind stays on screen, shrunk) and `transitioningDelegate = self`. The modal holds its
/// transitioning delegate weakly, as UIKit does, so keep a strong reference to this object
/// for as long as the modal is presented (the original required the same).
///
/// ```swift
/// let card = ViewController(title: "card")
/// self.cardTransition = DragDismissTransitioningDelegate(modalViewController: card,
///                                                         effect: DragDismiss(direction: .right))
/// presenter.present(card)
/// ```
@MainActor
public final class DragDismissTransitioningDelegate: TransitioningDelegate {
    /// The configuration used for the next present or dismiss.
    public var effect: DragDismiss
    /// The modal this delegate was made for.
    public private(set) weak var modalViewController: ViewController?
    /// An interaction controller for the next dismissal (e.g. a
    /// `PercentDrivenInteractiveTransition` fed by a pan on the modal); it is handed out once
    /// and then cleared, so a later `dismiss()` is time-based again.
    public var dismissalInteractionController: (any InteractiveTransitioning)?
    /// The drag-to-dismiss controller installed by `enableDragToDismiss`, nil when disabled.
    public internal(set) var dragToDismissController: PanInteractionController?

    /// - Parameters:
    ///   - modalViewController: the view controller to present; its `modalPresentationStyle`
    ///     becomes `.overFullScreen` and its `transitioningDelegate` this object.
    ///   - effect: default `DragDismiss()`.
    public init(modalViewController: ViewController, effect: DragDismiss = DragDismiss()) {
        self.effect = effect
        self.modalViewController = modalViewController
        modalViewController.modalPresentationStyle = .overFullScreen
        modalViewController.transitioningDelegate = self
    }

    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
        DragDismissAnimator(effect)
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        DragDismissAnimator(effect)
    }

    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        defer { dismissalInteractionController = nil }
        return dismissalInteractionController
    }
}
