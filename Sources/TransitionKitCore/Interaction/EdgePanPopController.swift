import Foundation

/// The interactive edge-swipe pop of a navigation controller: a left-edge
/// `ScreenEdgePanGestureRecognizer` on the navigation controller's view that pops the top
/// view controller with an effect's animator while the finger drives it
/// (RadialTransition's `enableRadialSwipe`, generalised to any animator).
///
/// Effects install it through `NavigationController.installEdgePanPop(key:…)` and supply
/// only the animator (`makeAnimation`); everything else is shared: progress = translation.x
/// / container width (clamped to 0...1), the release decided by `policy` with the
/// horizontal velocity (points per second, positive = toward completion), a `cancelled`
/// gesture always cancels (C2), re-grab during the run-out, percent-driven or
/// display-link-driven mode. See `PanInteractionController` for the rules.
///
/// On `began` a pop starts only if the stack holds more than one view controller, the
/// navigation controller is on screen (in a window, appeared) and no transition runs or
/// waits in its queue; otherwise nothing happens: no transition, no display link (S4).
@MainActor
public final class EdgePanPopController {
    /// What an effect supplies for one interactive pop.
    public struct PopAnimation {
        /// The animator of the pop.
        public var animator: any AnimatedTransitioning
        /// Called with the finger's location in the navigation controller's view (the
        /// container, points) on every change while the finger drives; capture the animator
        /// weakly.
        public var fingerMoved: (@MainActor (CGPoint) -> Void)?

        /// - Parameters:
        ///   - animator: the pop's animator.
        ///   - fingerMoved: see `fingerMoved` (default none).
        public init(animator: any AnimatedTransitioning, fingerMoved: (@MainActor (CGPoint) -> Void)? = nil) {
            self.animator = animator
            self.fingerMoved = fingerMoved
        }
    }

    /// Makes the animation of one pop, given where the pan began (container coordinates,
    /// points) and the navigation controller.
    public typealias MakeAnimation = @MainActor (_ touchDown: CGPoint, _ navigationController: NavigationController) -> PopAnimation

    /// The left-edge recognizer, attached to the navigation controller's view while installed.
    public let recognizer: ScreenEdgePanGestureRecognizer
    /// The shared gesture-to-transition machinery (policy, mode, run-out curve, re-grab).
    public let interaction: PanInteractionController
    /// The navigation controller whose top view controller the gesture pops.
    public private(set) weak var navigationController: NavigationController?
    /// Makes the animator of the next pop.
    public var makeAnimation: MakeAnimation

    /// The release rule (see `InteractionPolicy`).
    public var policy: InteractionPolicy {
        get { interaction.policy }
        set { interaction.policy = newValue }
    }

    /// How the next pop is driven.
    public var mode: InteractionMode {
        get { interaction.mode }
        set { interaction.mode = newValue }
    }

    /// Creates the controller; `NavigationController.installEdgePanPop(key:…)` attaches its
    /// recognizer.
    /// - Parameters:
    ///   - navigationController: held weakly.
    ///   - policy: the release rule.
    ///   - mode: percent-driven or display-link driven.
    ///   - makeAnimation: the animator of each pop.
    public init(
        navigationController: NavigationController, policy: InteractionPolicy, mode: InteractionMode,
        makeAnimation: @escaping MakeAnimation
    ) {
        self.navigationController = navigationController
        self.makeAnimation = makeAnimation
        let recognizer = ScreenEdgePanGestureRecognizer(edges: .left)
        self.recognizer = recognizer
        interaction = PanInteractionController(recognizer: recognizer, direction: .right, policy: policy, mode: mode) { _, _ in nil }
        interaction.start = { [weak self] controller, location in self?.startPop(controller, at: location) }
    }

    private func startPop(_ controller: any InteractiveTransitioning, at location: CGPoint) -> PanInteractionController.Session? {
        guard let nav = navigationController, nav.viewControllers.count > 1, nav.isViewLoaded, nav.view.window != nil,
            nav.appearanceState == .appeared, !nav.isTransitioning
        else { return nil }
        let animation = makeAnimation(location, nav)
        nav.perform(.pop, animated: true, transition: TransitionOverride(animator: animation.animator, interactionController: controller))
        guard nav.transitionQueue.current != nil else { return nil }
        return PanInteractionController.Session(fingerMoved: animation.fingerMoved)
    }
}
