import Foundation

extension NavigationController {
    /// Installs (or reconfigures) the edge-swipe pop stored under `key`, the shared body of
    /// the effects' `enable…Swipe` methods.
    ///
    /// Idempotent (scenario L3): if a controller is already installed under `key` it keeps its
    /// one recognizer and only takes the new `policy`, `mode` and `makeAnimation` (for the
    /// next gesture); otherwise a new `EdgePanPopController` is stored in `extensionStorage`
    /// and its recognizer added to this controller's view (which loads it).
    /// - Parameters:
    ///   - key: the effect's storage key, e.g. `"RadialEffect.swipe"`.
    ///   - policy: the release rule.
    ///   - mode: percent-driven or display-link driven.
    ///   - makeAnimation: the animator of each pop.
    /// - Returns: the installed controller.
    @discardableResult
    package func installEdgePanPop(
        key: String, policy: InteractionPolicy, mode: InteractionMode,
        makeAnimation: @escaping EdgePanPopController.MakeAnimation
    ) -> EdgePanPopController {
        if let existing = edgePanPop(key: key) {
            existing.policy = policy
            existing.mode = mode
            existing.makeAnimation = makeAnimation
            return existing
        }
        let controller = EdgePanPopController(navigationController: self, policy: policy, mode: mode, makeAnimation: makeAnimation)
        view.addGestureRecognizer(controller.recognizer)
        extensionStorage[key] = controller
        return controller
    }

    /// Removes the edge-swipe pop stored under `key`: its recognizer leaves this view (an
    /// active gesture is cancelled first, which cancels its transition) and the controller
    /// is released. Does nothing if none is installed.
    package func removeEdgePanPop(key: String) {
        guard let controller = edgePanPop(key: key) else { return }
        view.removeGestureRecognizer(controller.recognizer)
        extensionStorage[key] = nil
    }

    /// The edge-swipe pop installed under `key`, if any.
    package func edgePanPop(key: String) -> EdgePanPopController? {
        extensionStorage[key] as? EdgePanPopController
    }
}
