import Foundation

/// The interactive pop of a navigation controller: a pan on the navigation controller's view
/// (the left-edge `ScreenEdgePanGestureRecognizer`, or an effect's custom pan) that pops the
/// top view controller with an effect's animator while the finger drives it
/// (RadialTransition's `enableRadialSwipe`, generalised to any animator).
///
/// There is exactly one way to get one: `NavigationController.installEdgePanPop(key:policy:mode:makeAnimation:)`
/// (or `enableInteractivePop(_:policy:mode:)`, or an effect's `enable…Swipe`), and the
/// navigation controller keeps it until it is removed or replaced. A navigation controller
/// has at most one, like UIKit's single `interactivePopGestureRecognizer`.
///
/// The effect supplies only the animation (`makeAnimation`); everything else is shared:
/// progress = translation along `interaction.direction` / container width (clamped to
/// 0...1), the release decided by `policy` with the velocity along it (points per second,
/// positive = toward completion), a `cancelled` gesture always cancels (C2), re-grab during
/// the run-out, percent-driven or display-link-driven mode. See `PanInteractionController`.
///
/// On `began` a pop starts only if the stack holds more than one view controller, the
/// navigation controller is on screen (in a window, appeared) and no transition runs or
/// waits in its queue; otherwise nothing happens: no transition, no display link (S4). A
/// touch during a time-based push on this navigation controller catches it (scenario I1).
@MainActor
public final class EdgePanPopController {
    /// What an effect supplies for one interactive pop.
    public typealias PopAnimation = InteractiveAnimation

    /// Makes the animation of one pop, given where the pan began (container coordinates,
    /// points) and the navigation controller.
    public typealias MakeAnimation = @MainActor (_ touchDown: CGPoint, _ navigationController: NavigationController) -> PopAnimation

    /// The recognizer, attached to the navigation controller's view while installed: a
    /// left-edge `ScreenEdgePanGestureRecognizer` unless an effect's custom gesture made it.
    public let recognizer: PanGestureRecognizer
    /// The shared gesture-to-transition machinery (policy, mode, run-out curve, re-grab).
    public let interaction: PanInteractionController
    /// The navigation controller whose top view controller the gesture pops.
    public private(set) weak var navigationController: NavigationController?
    /// Makes the animation of the next pop.
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

    /// Made only by `NavigationController.installEdgePanPop`, which attaches the recognizer
    /// and keeps the controller.
    init(
        navigationController: NavigationController, recognizer: PanGestureRecognizer, direction: PanInteractionController.Direction,
        policy: InteractionPolicy, mode: InteractionMode, makeAnimation: @escaping MakeAnimation
    ) {
        self.navigationController = navigationController
        self.makeAnimation = makeAnimation
        self.recognizer = recognizer
        interaction = PanInteractionController(recognizer: recognizer, direction: direction, policy: policy, mode: mode) { _, _, _ in nil }
        interaction.begin = { [weak self] controller, location, catchOnly in
            guard let self, let nav = self.navigationController else { return nil }
            let plan = InteractiveTransitionPlan(request: .pop(nav), gestureView: self.recognizer.view ?? nav.view) {
                [weak self] touchDown, _, _ in
                guard let self, let nav = self.navigationController else { return nil }
                return self.makeAnimation(touchDown, nav)
            }
            return .init(TransitionRunner.startInteractive(plan, driving: controller, touchDown: location, catchOnly: catchOnly))
        }
    }
}
