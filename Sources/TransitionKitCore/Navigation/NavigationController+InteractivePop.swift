import Foundation

extension NavigationController {
    /// The key `enableInteractivePop` installs `effect`'s pop under: `"<effect name>.interactivePop"`.
    public static func interactivePopKey(for effect: any TransitionEffect.Type) -> ExtensionKey<EdgePanPopController> {
        ExtensionKey("\(effect.name).interactivePop")
    }

    /// Enables the interactive pop `effect` declares in `interactions` (`.leftEdgePanPop`, or a
    /// `.custom` gesture for `.pop`): each gesture pops the top view controller with
    /// `effect.makeInteractiveAnimation(for: .pop, touchDown:)`.
    ///
    /// Installed under `interactivePopKey(for:)` as this controller's one interactive pop: it
    /// replaces any other (see `installEdgePanPop(key:policy:mode:makeAnimation:)`); calling
    /// it again with the same effect type reconfigures it.
    /// - Parameters:
    ///   - effect: the effect; its configuration is used for every pop from now on.
    ///   - policy: the release rule (default `.default`).
    ///   - mode: `.percentDriven` (default) or `.displayLinkDriven(runOutDuration:)`.
    /// - Returns: the installed controller (kept by this navigation controller).
    /// - Throws: `TransitionKitError.invalidOperation` when `effect` declares no pop gesture.
    @discardableResult
    public func enableInteractivePop(
        _ effect: any TransitionEffect, policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven
    ) throws(TransitionKitError) -> EdgePanPopController {
        let gesture: CustomGestureInteraction?
        switch effect.interaction(for: .pop) {
        case .leftEdgePanPop: gesture = nil
        case .custom(let custom): gesture = custom
        case .dragToDismiss, nil:
            let kind = type(of: effect)
            throw .invalidOperation("effect '\(kind.name)' declares no interactive pop gesture")
        }
        return installPop(key: Self.interactivePopKey(for: type(of: effect)), gesture: gesture, policy: policy, mode: mode) { touchDown, _ in
            effect.makeInteractiveAnimation(for: .pop, touchDown: touchDown)
        }
    }

    /// Removes the pop `enableInteractivePop` installed for `effect`; does nothing if another
    /// pop replaced it or none is installed.
    public func disableInteractivePop(_ effect: any TransitionEffect.Type) {
        removeEdgePanPop(key: Self.interactivePopKey(for: effect))
    }
}
