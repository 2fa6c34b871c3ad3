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
    /// - Precondition: `effect` declares a pop gesture (`interaction(for: .pop)` is
    ///   `.leftEdgePanPop` or a `.custom` gesture). Which gestures an effect declares is part
    ///   of its type's code, not input, so enabling a pop for an effect without one is a
    ///   programmer error, like pushing a view controller that is already on the stack: it traps
    ///   with the effect's name. For an effect picked by name at run time (registry text), ask
    ///   `effect.interaction(for: .pop)` first.
    @discardableResult
    public func enableInteractivePop(
        _ effect: any TransitionEffect, policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven
    ) -> EdgePanPopController {
        var gesture: CustomGestureInteraction?
        TransitionKitError.require { () throws(TransitionKitError) in gesture = try Self.popGesture(of: effect) }
        return installPop(key: Self.interactivePopKey(for: type(of: effect)), gesture: gesture, policy: policy, mode: mode) { touchDown, _ in
            effect.makeInteractiveAnimation(for: .pop, touchDown: touchDown)
        }
    }

    /// The custom gesture of `effect`'s pop, nil for the left-edge pan.
    /// - Throws: `TransitionKitError.invalidOperation` when `effect` declares no pop gesture
    ///   (the bench checks an effect named on its command line with this).
    package static func popGesture(of effect: any TransitionEffect) throws(TransitionKitError) -> CustomGestureInteraction? {
        switch effect.interaction(for: .pop) {
        case .leftEdgePanPop: return nil
        case .custom(let custom): return custom
        case .dragToDismiss, nil:
            throw .invalidOperation("effect '\(type(of: effect).name)' declares no interactive pop gesture")
        }
    }

    /// Removes the pop `enableInteractivePop` installed for `effect`; does nothing if another
    /// pop replaced it or none is installed.
    public func disableInteractivePop(_ effect: any TransitionEffect.Type) {
        removeEdgePanPop(key: Self.interactivePopKey(for: effect))
    }
}
