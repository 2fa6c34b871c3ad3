import Foundation

/// The context object handed to animators and interaction controllers; it forwards the
/// interactive calls to its driver (held weakly, so a retained context keeps nothing alive).
@MainActor
final class TransitionContext: ContextTransitioning {
    let containerView: View
    let operation: TransitionOperation
    let tabDirection: TabDirection?
    let isAnimated: Bool
    @exclusivity(unchecked) var isInteractive = false
    @exclusivity(unchecked) var transitionWasCancelled = false
    @exclusivity(unchecked) var percentComplete: CGFloat = 0
    let fromViewController: ViewController
    let toViewController: ViewController
    @exclusivity(unchecked) var fromInitialFrame: CGRect
    @exclusivity(unchecked) var toFinalFrame: CGRect
    weak var driver: TransitionDriver?
    let frameClock: any FrameClock

    init(
        container: View, operation: TransitionOperation, animated: Bool, from: ViewController, to: ViewController,
        fromInitialFrame: CGRect, toFinalFrame: CGRect, clock: any FrameClock, tabDirection: TabDirection? = nil
    ) {
        self.frameClock = clock
        self.tabDirection = tabDirection
        self.containerView = container
        self.operation = operation
        self.isAnimated = animated
        self.fromViewController = from
        self.toViewController = to
        self.fromInitialFrame = fromInitialFrame
        self.toFinalFrame = toFinalFrame
    }

    func viewController(forKey key: TransitionContextKey) -> ViewController? {
        key == .from ? fromViewController : toViewController
    }

    func view(forKey key: TransitionContextKey) -> View? {
        viewController(forKey: key)?.view
    }

    func initialFrame(for viewController: ViewController) -> CGRect {
        viewController === fromViewController ? fromInitialFrame : .zero
    }

    func finalFrame(for viewController: ViewController) -> CGRect {
        if viewController === toViewController { return toFinalFrame }
        // A presenter that stays behind an over-full-screen presentation keeps its frame.
        if viewController === fromViewController, operation == .present { return fromInitialFrame }
        return .zero
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) { driver?.interactiveUpdate(percentComplete) }
    func finishInteractiveTransition() { driver?.interactiveEnd(finish: true) }
    func cancelInteractiveTransition() { driver?.interactiveEnd(finish: false) }
    func pauseInteractiveTransition() { driver?.interactivePause() }
}
