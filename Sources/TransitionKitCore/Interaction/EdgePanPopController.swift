import Foundation

/// The interactive pop of a navigation controller: a pan on the navigation controller's view
/// (the left-edge `ScreenEdgePanGestureRecognizer`, or an effect's custom pan) that pops the
/// top view controller with an effect's animator while the finger drives it
/// (RadialTransition's `enableRadialSwipe`, generalised to any animator). With the left-edge
/// pan comes the full-width back swipe (`contentRecognizer`, UIKit's
/// `interactiveContentPopGestureRecognizer`): the same pop from a pan anywhere in the content.
///
/// There is exactly one way to get one: `NavigationController.installEdgePanPop(key:policy:mode:makeAnimation:)`
/// (or `enableInteractivePop(_:policy:mode:)`, or an effect's `enable…Swipe`), and the
/// navigation controller keeps it until it is removed or replaced. A navigation controller
/// has at most one, like UIKit's single `interactivePopGestureRecognizer`.
///
/// The effect supplies only the animation (`makeAnimation`); everything else is shared by
/// both recognizers: progress = translation along `interaction.direction` / container width
/// (clamped to 0...1), the release decided by `policy` with the velocity along it (points
/// per second, positive = toward completion), a `cancelled` gesture always cancels (C2),
/// re-grab during the run-out, percent-driven or display-link-driven mode. See
/// `PanInteractionController`.
///
/// On `began` of the edge pan a pop starts only if the stack holds more than one view
/// controller, the navigation controller is on screen (in a window, appeared) and no
/// transition runs or waits in its queue; otherwise nothing happens: no transition, no display
/// link (S4). A touch during a time-based push on this navigation controller catches it
/// (scenario I1). The content pan does not even begin then (it fails, leaving the touch to
/// other recognizers, such as a tab bar controller's switch pan around this navigation
/// controller), except to re-grab its own pop's run-out, and it never catches a push.
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
    /// The full-width back swipe, attached to the navigation controller's view after
    /// `recognizer` while installed; nil for a custom gesture. See
    /// `NavigationController.interactiveContentPopGestureRecognizer` for its rules.
    public let contentRecognizer: PanGestureRecognizer?
    /// The machinery of `contentRecognizer` (the same `policy` and `mode` as `interaction`).
    public let contentInteraction: PanInteractionController?
    /// The navigation controller whose top view controller the gesture pops.
    public private(set) weak var navigationController: NavigationController?
    /// Makes the animation of the next pop.
    public var makeAnimation: MakeAnimation

    /// The release rule (see `InteractionPolicy`), of both recognizers.
    public var policy: InteractionPolicy {
        get { interaction.policy }
        set {
            interaction.policy = newValue
            contentInteraction?.policy = newValue
        }
    }

    /// How the next pop is driven, by either recognizer.
    public var mode: InteractionMode {
        get { interaction.mode }
        set {
            interaction.mode = newValue
            contentInteraction?.mode = newValue
        }
    }

    /// Made only by `NavigationController.installEdgePanPop`, which attaches the recognizers
    /// and keeps the controller. `contentRecognizer` nil: no full-width back swipe.
    init(
        navigationController: NavigationController, recognizer: PanGestureRecognizer, contentRecognizer: ContentPopGestureRecognizer?,
        direction: PanInteractionController.Direction, policy: InteractionPolicy, mode: InteractionMode,
        makeAnimation: @escaping MakeAnimation
    ) {
        self.navigationController = navigationController
        self.makeAnimation = makeAnimation
        self.recognizer = recognizer
        self.contentRecognizer = contentRecognizer
        interaction = PanInteractionController(recognizer: recognizer, direction: direction, policy: policy, mode: mode) { _, _, _ in nil }
        contentInteraction = contentRecognizer.map {
            PanInteractionController(recognizer: $0, direction: direction, policy: policy, mode: mode) { _, _, _ in nil }
        }
        interaction.begin = { [weak self] controller, location, catchOnly in
            self?.beginPop(driving: controller, touchDown: location, catchOnly: catchOnly)
        }
        contentInteraction?.begin = { [weak self] controller, location, catchOnly in
            catchOnly ? nil : self?.beginPop(driving: controller, touchDown: location, catchOnly: false)
        }
        contentRecognizer?.canBeginHandler = { [weak self] in
            guard let self, let nav = self.navigationController, let content = self.contentInteraction else { return false }
            return content.isTransitionRunning || TransitionRunner.canStart(.pop(nav))
        }
    }

    /// Begins (or catches) a pop driven by `controller` through the interactive-start plan.
    private func beginPop(driving controller: any InteractiveTransitioning, touchDown: CGPoint, catchOnly: Bool) -> PanInteractionController.Run? {
        guard let nav = navigationController else { return nil }
        let plan = InteractiveTransitionPlan(request: .pop(nav), gestureView: recognizer.view ?? nav.view) { [weak self] touchDown, _, _ in
            guard let self, let nav = self.navigationController else { return nil }
            return self.makeAnimation(touchDown, nav)
        }
        return .init(TransitionRunner.startInteractive(plan, driving: controller, touchDown: touchDown, catchOnly: catchOnly))
    }
}
