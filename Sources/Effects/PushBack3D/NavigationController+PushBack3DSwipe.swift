import Foundation
import TransitionKitCore

extension NavigationController {
    /// The key of the push-back edge swipe: the same as `enableInteractivePop(PushBack3D())`'s
    /// (`interactivePopKey(for: PushBack3D.self)`), so both install and remove one pop.
    public static let pushBack3DSwipeKey = interactivePopKey(for: PushBack3D.self)

    /// Enables the interactive push-back pop: a left-edge screen pan on this controller's
    /// view pops the top view controller; the top view slides out with the finger while the
    /// one below comes forward from its tilted state (`pushBack3DPop`, finger-driven).
    ///
    /// Shares every rule with `enableRadialSwipe` (through `EdgePanPopController`): progress =
    /// horizontal translation / container width (0...1), release decided by `policy` with
    /// the horizontal velocity (points per second), a system-cancelled gesture cancels (C2),
    /// nothing happens on the root (S4), a touch during the run-out re-grabs it. Calling it
    /// again reconfigures the installed pop and its recognizers (L3). It is this controller's one
    /// interactive pop: it replaces any other (e.g. `enableRadialSwipe()`), and another
    /// replaces it (see `NavigationController.installEdgePanPop(key:policy:mode:makeAnimation:)`).
    ///
    /// - Parameters:
    ///   - effect: the push-back configuration (default `PushBack3D()`: 10°, m34 = −1/300,
    ///     0.3 s); use the one the push used for an exact reverse.
    ///   - policy: the release rule (default `InteractionPolicy.default`: finish past
    ///     half-way unless a flick of at least 500 pt/s decides by its direction).
    ///   - mode: `.percentDriven` (default) or `.displayLinkDriven(runOutDuration:)`.
    /// - Returns: the installed controller.
    @discardableResult
    public func enablePushBack3DSwipe(
        effect: PushBack3D = PushBack3D(), policy: InteractionPolicy = .default,
        mode: InteractionMode = .percentDriven
    ) -> EdgePanPopController {
        installEdgePanPop(key: Self.pushBack3DSwipeKey, policy: policy, mode: mode) { touchDown, _ in
            effect.makeInteractiveAnimation(for: .pop, touchDown: touchDown)
        }
    }

    /// Removes the push-back edge swipe (its edge pan and its full-width back swipe); an active gesture is cancelled
    /// and so is its transition. Does nothing when it is not enabled.
    public func disablePushBack3DSwipe() { removeEdgePanPop(key: Self.pushBack3DSwipeKey) }

    /// The installed push-back edge swipe, or nil when it is not enabled.
    public var pushBack3DSwipeController: EdgePanPopController? { edgePanPop(key: Self.pushBack3DSwipeKey) }
}

extension PushBack3D {
    /// A left-edge pan pops (`enablePushBack3DSwipe`); the animation is the plain animator.
    public var interactions: [EffectInteraction] { [.leftEdgePanPop] }
}
