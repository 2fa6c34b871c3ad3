import Foundation

/// The interactive tab switch: a horizontal pan anywhere in a `TabBarController`'s content
/// area (not on the bar) moves to the neighbouring tab while the finger drives the switch.
///
/// A pan whose movement at `began` points left (−x) selects the next tab (index + 1, the
/// content follows the finger to the left), one pointing right the previous tab (index − 1).
/// Everything else is `PanInteractionController`'s, as for the edge-swipe pop: progress =
/// the movement towards that tab / the content width, clamped to 0...1; the release decided
/// by `policy` (`InteractionPolicy.default`: finish past half-way unless a flick says
/// otherwise), a `cancelled` gesture cancels, re-grab during the run-out, percent-driven or
/// display-link driven.
///
/// On `began` a switch starts only if there is a tab in the pan's direction, the tab bar
/// controller is on screen (in a window, appeared) and no transition runs or waits in its
/// queue; otherwise nothing happens: no transition, no display link (S4). A refused
/// `shouldSelect` also starts nothing.
///
/// Made only by `TabBarController.installInteractiveSwitch(key:policy:mode:makeAnimation:)`
/// (or `enableInteractiveSwitch(_:policy:mode:)`), which keeps it.
@MainActor
public final class TabSwitchPanController {
    /// Makes the animation of one switch, given where the pan began (container coordinates,
    /// points), the tab bar controller and the index of the tab it moves to.
    public typealias MakeAnimation =
        @MainActor (_ touchDown: CGPoint, _ tabBarController: TabBarController, _ toIndex: Int) -> InteractiveAnimation

    /// The horizontal pan, attached to the tab bar controller's `containerView`.
    public let recognizer: PanGestureRecognizer
    /// The shared gesture-to-transition machinery.
    public let interaction: PanInteractionController
    /// The tab bar controller whose tabs the pan switches.
    public private(set) weak var tabBarController: TabBarController?
    /// Makes the animation of the next switch.
    public var makeAnimation: MakeAnimation

    /// The release rule (see `InteractionPolicy`).
    public var policy: InteractionPolicy {
        get { interaction.policy }
        set { interaction.policy = newValue }
    }

    /// How the next switch is driven.
    public var mode: InteractionMode {
        get { interaction.mode }
        set { interaction.mode = newValue }
    }

    init(tabBarController: TabBarController, policy: InteractionPolicy, mode: InteractionMode, makeAnimation: @escaping MakeAnimation) {
        self.tabBarController = tabBarController
        self.makeAnimation = makeAnimation
        recognizer = PanGestureRecognizer(axis: .horizontal)
        interaction = PanInteractionController(recognizer: recognizer, direction: .left, policy: policy, mode: mode) { _, _, _ in nil }
        interaction.directionAtBegan = { translation in translation.x > 0 ? .right : .left }
        interaction.begin = { [weak self] controller, location, catchOnly in
            guard let self, let tabs = self.tabBarController else { return nil }
            let plan = InteractiveTransitionPlan(
                request: .tab(tabs, direction: self.interaction.direction), gestureView: self.recognizer.view ?? tabs.containerView
            ) {
                [weak self] touchDown, _, target in
                guard let self, let tabs = self.tabBarController, let index = target.tabIndex else { return nil }
                return self.makeAnimation(touchDown, tabs, index)
            }
            return .init(TransitionRunner.startInteractive(plan, driving: controller, touchDown: location, catchOnly: catchOnly))
        }
    }

    /// The tab a pan moving in `direction` goes to: the next one for `.left`, the previous
    /// one for `.right`; nil when there is none.
    static func neighbour(of index: Int, count: Int, direction: PanInteractionController.Direction) -> Int? {
        let target = direction == .left ? index + 1 : index - 1
        return (0..<count).contains(target) ? target : nil
    }
}
