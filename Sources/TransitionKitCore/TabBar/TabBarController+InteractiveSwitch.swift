import Foundation

/// The interactive tab switch: one per tab bar controller, installed under a key like the
/// navigation controller's interactive pop. Installing under another key replaces the
/// installed one (its recognizer leaves the view, which cancels an active gesture and its
/// switch); installing again under the same key reconfigures it; removing under a key
/// removes only the switch installed under that key.
extension TabBarController {
    /// The key `enableInteractiveSwitch` installs `effect`'s switch under:
    /// `"<effect name>.interactiveSwitch"`.
    public static func interactiveSwitchKey(for effect: any TransitionEffect.Type) -> ExtensionKey<TabSwitchPanController> {
        ExtensionKey("\(effect.name).interactiveSwitch")
    }

    /// Installs (or reconfigures) the neighbour-tab pan stored under `key`; see
    /// `TabSwitchPanController` for what the pan does.
    /// - Parameters:
    ///   - key: the installer's key.
    ///   - policy: the release rule (default `.default`).
    ///   - mode: percent-driven (default) or display-link driven.
    ///   - makeAnimation: the animation of each switch.
    /// - Returns: the installed controller (kept by this tab bar controller).
    @discardableResult
    public func installInteractiveSwitch(
        key: ExtensionKey<TabSwitchPanController>, policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven,
        makeAnimation: @escaping TabSwitchPanController.MakeAnimation
    ) -> TabSwitchPanController {
        if let existing = interactiveSwitch(key: key) {
            existing.policy = policy
            existing.mode = mode
            existing.makeAnimation = makeAnimation
            return existing
        }
        if let installed = interactiveSwitch { removeInteractiveSwitch(key: installed.key) }
        let controller = TabSwitchPanController(tabBarController: self, policy: policy, mode: mode, makeAnimation: makeAnimation)
        _ = view  // the content area exists once the view is loaded
        containerView.addGestureRecognizer(controller.recognizer)
        interactiveSwitch = (key, controller)
        return controller
    }

    /// Removes the switch installed under `key`; does nothing if another key's is installed
    /// or none is.
    public func removeInteractiveSwitch(key: ExtensionKey<TabSwitchPanController>) {
        guard let controller = interactiveSwitch(key: key) else { return }
        containerView.removeGestureRecognizer(controller.recognizer)
        interactiveSwitch = nil
    }

    /// The switch installed under `key`, or nil.
    public func interactiveSwitch(key: ExtensionKey<TabSwitchPanController>) -> TabSwitchPanController? {
        guard let installed = interactiveSwitch, installed.key == key else { return nil }
        return installed.controller
    }

    /// The one interactive switch installed, whatever its key; nil when none is.
    public var interactiveSwitchController: TabSwitchPanController? { interactiveSwitch?.controller }

    /// Enables the neighbour-tab pan with `effect`'s `.tab` animation
    /// (`makeInteractiveAnimation(for: .tab, touchDown:)`), under `interactiveSwitchKey(for:)`.
    /// - Parameters:
    ///   - effect: an effect whose `supportedOperations` contain `.tab`.
    ///   - policy: the release rule (default `.default`).
    ///   - mode: `.percentDriven` (default) or `.displayLinkDriven(runOutDuration:)`.
    /// - Returns: the installed controller.
    /// - Precondition: `effect`'s `supportedOperations` contain `.tab`. An effect's operations
    ///   are part of its type's code, not input, so a switch with an effect that cannot play a
    ///   tab switch is a programmer error: it traps with the effect's name. For an effect
    ///   picked by name at run time (registry text), check
    ///   `type(of: effect).supportedOperations.contains(.tab)` first.
    @discardableResult
    public func enableInteractiveSwitch(
        _ effect: any TransitionEffect, policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven
    ) -> TabSwitchPanController {
        let kind = type(of: effect)
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkSwitchable(kind) }
        return installInteractiveSwitch(key: Self.interactiveSwitchKey(for: kind), policy: policy, mode: mode) { touchDown, _, _ in
            effect.makeInteractiveAnimation(for: .tab, touchDown: touchDown)
        }
    }

    /// Throws unless `effect` plays `.tab`.
    /// - Throws: `TransitionKitError.invalidOperation` naming the effect (the bench checks an
    ///   effect named on its command line with this).
    package static func checkSwitchable(_ effect: any TransitionEffect.Type) throws(TransitionKitError) {
        guard effect.supportedOperations.contains(.tab) else { throw .invalidOperation("effect '\(effect.name)' does not support .tab") }
    }

    /// The animator of the tab switch running on this tab bar controller now, nil when none
    /// runs (also while its window's queue runs another transition).
    public var transitionAnimator: (any AnimatedTransitioning)? {
        guard isViewLoaded, let driver = transitionQueue.current, driver.context.containerView === containerView else { return nil }
        return driver.animator
    }
}
