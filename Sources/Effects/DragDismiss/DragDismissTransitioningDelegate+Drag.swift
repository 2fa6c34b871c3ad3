import Foundation
import TransitionKitCore

extension DragDismissTransitioningDelegate {
    /// Enables drag-to-dismiss (ZFModalTransitionAnimator's `dragable`): a pan on the modal's
    /// view dismisses it interactively, the card following the finger.
    ///
    /// - Recognizer: a `PanGestureRecognizer` on `modalViewController.view`, axis `.vertical`
    ///   for `effect.direction == .bottom`, `.horizontal` for `.left`/`.right`.
    /// - `began`: starts `dismiss(animated: true)` with a percent-driven (or display-link)
    ///   interaction handed out through `dismissalInteractionController`; nothing starts when
    ///   the modal is not presented or another transition of its window runs.
    /// - Progress = translation toward the exit edge / container height (bottom) or width
    ///   (left, right), clamped to 0...1; the window's root view is the container.
    /// - Release: `policy` decides with that progress and the velocity toward the exit edge
    ///   (points per second). A gesture the system cancels always cancels (C3): the card runs
    ///   back to identity and the modal stays presented.
    /// - Run-out: the effect's spring (`DragDismiss.spring`, damping 0.8), starting at the
    ///   finger's velocity; a touch on the card during the run-out catches it (re-grab).
    /// - After a cancelled drag, `dismiss(animated: true)` runs as usual (S6).
    ///
    /// Default policy: `InteractionPolicy.default` (finish past half-way, or a flick of at
    /// least 500 pt/s decides by its direction): unlike the original a slow drag far down
    /// finishes. The original's rule (finish iff velocity toward the exit > 100 pt/s, D3) is
    /// `InteractionPolicy.dragDismissOriginal`.
    ///
    /// Idempotent: calling it again keeps the one recognizer and takes the new policy and
    /// mode, unless `effect.direction` changed since, in which case the recognizer is
    /// replaced by one on the new axis. Keep this delegate alive while the modal is presented.
    /// - Parameters:
    ///   - policy: the release rule (default `.default`).
    ///   - mode: `.percentDriven` (default) or `.displayLinkDriven(runOutDuration:)`.
    /// - Returns: the installed controller; nil if the modal view controller is gone.
    @discardableResult
    public func enableDragToDismiss(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven) -> PanInteractionController? {
        guard let modal = modalViewController else { return nil }
        let direction = Self.completionDirection(for: effect.direction)
        if let existing = dragToDismissController, existing.direction == direction, existing.recognizer.view === modal.view {
            existing.policy = policy
            existing.mode = mode
            existing.completionCurve = .spring(effect.spring)
            return existing
        }
        disableDragToDismiss()
        let pan = PanGestureRecognizer(axis: direction.isHorizontal ? .horizontal : .vertical)
        let controller = PanInteractionController(
            recognizer: pan, direction: direction, policy: policy, mode: mode,
            completionCurve: .spring(effect.spring)
        ) { [weak self] interaction, _ in
            self?.startInteractiveDismiss(interaction)
        }
        modal.view.addGestureRecognizer(pan)
        dragToDismissController = controller
        return controller
    }

    /// Removes the drag-to-dismiss recognizer; an active drag is cancelled (the card runs
    /// back). Does nothing when it is not enabled.
    public func disableDragToDismiss() {
        guard let controller = dragToDismissController else { return }
        controller.recognizer.view?.removeGestureRecognizer(controller.recognizer)
        dragToDismissController = nil
    }

    /// The finger movement that dismisses a modal leaving through `direction`'s edge.
    static func completionDirection(for direction: DragDismiss.Direction) -> PanInteractionController.Direction {
        switch direction {
        case .bottom: return .down
        case .left: return .left
        case .right: return .right
        }
    }

    private func startInteractiveDismiss(_ interaction: any InteractiveTransitioning) -> PanInteractionController.Session? {
        guard let modal = modalViewController, modal.transitioningDelegate === self, modal.presentingViewController != nil,
            modal.presentedViewController == nil, let window = modal.view.window, window.transitionQueue.isIdle
        else { return nil }
        dismissalInteractionController = interaction
        modal.dismiss(animated: true)
        // The request runs at once on an idle queue and takes the interaction controller; if
        // it did not, no transition started: never leave it for a later programmatic dismiss.
        guard dismissalInteractionController == nil, window.transitionQueue.current != nil else {
            dismissalInteractionController = nil
            return nil
        }
        return PanInteractionController.Session()
    }
}
