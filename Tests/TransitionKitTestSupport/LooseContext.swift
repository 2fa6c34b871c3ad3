import Foundation
import TransitionKitCore

/// A hand-made transition context whose outgoing view is in a 100x100 container and whose
/// incoming view is not: the situation of scenario G4, for checking that an animator refuses
/// to prepare instead of crashing or drawing into nothing.
@MainActor
public final class LooseContext: ContextTransitioning {
    public let containerView = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    public let from = ViewController(title: "from"), to = ViewController(title: "to")
    public let operation: TransitionOperation
    public var isAnimated: Bool { true }
    public var isInteractive: Bool { false }
    public var transitionWasCancelled: Bool { false }
    public var percentComplete: CGFloat { 0 }
    public let frameClock: any FrameClock = ManualFrameClock()

    public init(operation: TransitionOperation = .push) {
        self.operation = operation
        containerView.addSubview(from.view)
    }

    public func viewController(forKey key: TransitionContextKey) -> ViewController? { key == .from ? from : to }
    public func view(forKey key: TransitionContextKey) -> View? { viewController(forKey: key)?.view }
    public func initialFrame(for viewController: ViewController) -> CGRect { .zero }
    public func finalFrame(for viewController: ViewController) -> CGRect { .zero }
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    public func finishInteractiveTransition() {}
    public func cancelInteractiveTransition() {}
    public func pauseInteractiveTransition() {}
}
