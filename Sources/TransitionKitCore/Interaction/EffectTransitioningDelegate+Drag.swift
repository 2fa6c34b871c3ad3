import Foundation

extension EffectTransitioningDelegate {
    /// Enables the dismiss gesture the effect declares (`.dragToDismiss(direction)` or a
    /// `.custom` gesture for `.dismiss`): a pan on the modal's view dismisses it
    /// interactively with `effect.makeInteractiveAnimation(for: .dismiss, touchDown:)`.
    ///
    /// - Recognizer: for `.dragToDismiss(direction)` a `PanGestureRecognizer` on
    ///   `modalViewController.view`, axis `.vertical` for `.down`/`.up`, `.horizontal` for
    ///   `.left`/`.right`; for `.custom` the gesture's own recognizer.
    /// - `began`: starts `dismiss(animated: true)` with a percent-driven (or display-link)
    ///   interaction; nothing starts when the modal is not presented through this delegate
    ///   or another transition of its window runs. A touch on the modal while its time-based
    ///   present plays catches the present (scenario I1).
    /// - Progress = translation along the direction / container height (vertical) or width
    ///   (horizontal), clamped to 0...1; the window's root view is the container.
    /// - Release: `policy` decides with that progress and the velocity along the direction
    ///   (points per second). A gesture the system cancels always cancels (C3): the modal
    ///   runs back and stays presented.
    /// - Run-out: the animation's `completionCurve` if it gives one (drag-dismiss: its
    ///   spring, starting at the finger's velocity), else `.easeInEaseOut`; a touch on the
    ///   modal during the run-out catches it (re-grab).
    ///
    /// Idempotent: calling it again keeps the one recognizer and takes the new policy and
    /// mode, unless the declared gesture changed since (another direction, say), in which
    /// case the recognizer is replaced.
    /// - Parameters:
    ///   - policy: the release rule (default `.default`: finish past half-way unless a flick
    ///     of at least 500 pt/s decides by its direction).
    ///   - mode: `.percentDriven` (default) or `.displayLinkDriven(runOutDuration:)`.
    /// - Returns: the installed controller; nil if the modal view controller is gone or the
    ///   effect declares no dismiss gesture.
    @discardableResult
    public func enableDragToDismiss(policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven) -> PanInteractionController? {
        guard let modal = modalViewController else { return nil }
        let direction: PanInteractionController.Direction
        let custom: CustomGestureInteraction?
        switch effect.interaction(for: .dismiss) {
        case .dragToDismiss(let d): (direction, custom) = (d, nil)
        case .custom(let gesture): (direction, custom) = (gesture.direction, gesture)
        case .leftEdgePanPop, nil:
            disableDragToDismiss()
            return nil
        }
        if let existing = dragToDismissController, existing.direction == direction, existing.recognizer.view === modal.view,
            installedGesture == custom
        {
            existing.policy = policy
            existing.mode = mode
            return existing
        }
        disableDragToDismiss()
        let pan = custom?.makeRecognizer() ?? PanGestureRecognizer(axis: direction.isHorizontal ? .horizontal : .vertical)
        let controller = PanInteractionController(recognizer: pan, direction: direction, policy: policy, mode: mode) {
            [weak self] interaction, touchDown, catchOnly in
            self?.startInteractiveDismiss(interaction, touchDown: touchDown, catchOnly: catchOnly)
        }
        modal.view.addGestureRecognizer(pan)
        dragToDismissController = controller
        installedGesture = custom
        return controller
    }

    /// Removes the drag-to-dismiss recognizer; an active drag is cancelled (the modal runs
    /// back). Does nothing when it is not enabled.
    public func disableDragToDismiss() {
        guard let controller = dragToDismissController else { return }
        controller.recognizer.view?.removeGestureRecognizer(controller.recognizer)
        dragToDismissController = nil
        installedGesture = nil
    }

    /// Dismisses the modal (or catches its running present) through the interactive-start
    /// plan; nil when it is not presented through this delegate or cannot run now.
    private func startInteractiveDismiss(
        _ interaction: any InteractiveTransitioning, touchDown: CGPoint, catchOnly: Bool
    ) -> PanInteractionController.Run? {
        guard let modal = modalViewController, modal.transitioningDelegate === self else { return nil }
        // The recognizer reports points in the modal view's coordinates, which move with the
        // effect's transform; the plan converts them to the container's (the window's root view).
        let plan = InteractiveTransitionPlan(request: .dismiss(modal), gestureView: modal.view) { [weak self] touchDown, _, _ in
            self?.effect.makeInteractiveAnimation(for: .dismiss, touchDown: touchDown)
        }
        return .init(TransitionRunner.startInteractive(plan, driving: interaction, touchDown: touchDown, catchOnly: catchOnly))
    }
}
