import Foundation

/// The transitioning delegate that presents and dismisses one modal view controller with any
/// `TransitionEffect`, and installs the drag-to-dismiss gesture the effect declares
/// (`enableDragToDismiss(policy:mode:)`); the presentation-side counterpart of
/// `NavigationController.enableInteractivePop(_:policy:mode:)`.
///
/// Creating it configures the modal: `modalPresentationStyle` becomes the effect's
/// (`Effect.modalPresentationStyle`) and `transitioningDelegate` this object. The modal holds
/// its transitioning delegate weakly, as UIKit does, so keep a strong reference to this
/// object for as long as the modal is presented.
///
/// ```swift
/// let card = ViewController(title: "card")
/// self.cardTransition = EffectTransitioningDelegate(effect: DragDismiss(direction: .right), modalViewController: card)
/// self.cardTransition.enableDragToDismiss()
/// presenter.present(card)
/// ```
@MainActor
public final class EffectTransitioningDelegate<Effect: TransitionEffect>: TransitioningDelegate {
    /// The configuration used for the next present, dismiss or drag.
    public var effect: Effect
    /// The modal this delegate was made for.
    public private(set) weak var modalViewController: ViewController?
    /// An interaction controller for the next programmatic dismissal (e.g. a
    /// `PercentDrivenInteractiveTransition` fed by the app); handed out once and then
    /// cleared, so a later `dismiss()` is time-based again.
    public var dismissalInteractionController: (any InteractiveTransitioning)?
    /// The drag-to-dismiss controller installed by `enableDragToDismiss`, nil when disabled.
    public internal(set) var dragToDismissController: PanInteractionController?
    /// The custom gesture `dragToDismissController` was made for (nil: a plain drag).
    var installedGesture: CustomGestureInteraction?

    /// - Parameters:
    ///   - effect: makes the animators (`makeAnimator(for: .present)` / `.dismiss`).
    ///   - modalViewController: the view controller to present; its `modalPresentationStyle`
    ///     becomes `Effect.modalPresentationStyle` and its `transitioningDelegate` this object.
    public init(effect: Effect, modalViewController: ViewController) {
        self.effect = effect
        self.modalViewController = modalViewController
        modalViewController.modalPresentationStyle = Effect.modalPresentationStyle
        modalViewController.transitioningDelegate = self
    }

    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? {
        effect.makeAnimator(for: .present)
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        effect.makeAnimator(for: .dismiss)
    }

    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)? {
        defer { dismissalInteractionController = nil }
        return dismissalInteractionController
    }
}
