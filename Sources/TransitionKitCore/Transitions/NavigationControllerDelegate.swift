import Foundation

/// The navigation-delegate role (`UINavigationControllerDelegate`): which transition for
/// which operation, plus show notifications. Every method has a default that does nothing
/// or returns nil, so conformers implement only what they need.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// Before a view controller's view is shown by an operation (animated or not).
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// After the operation committed (not called for a cancelled transition, as UIKit).
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
    /// The animator for `operation` (`.push` or `.pop`), or nil for the default slide.
    func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromVC: ViewController, to toVC: ViewController
    ) -> (any AnimatedTransitioning)?
    /// An interaction controller for `animationController`, or nil for a time-based transition.
    func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animationController: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)?
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
    public func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromVC: ViewController, to toVC: ViewController
    ) -> (any AnimatedTransitioning)? { nil }
    public func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animationController: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)? { nil }
}

/// The transitioning-delegate role for modal presentation (`UIViewControllerTransitioningDelegate`).
@MainActor
public protocol TransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)?
    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)?
}

extension TransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> (any AnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)? { nil }
}

/// A per-request choice of animator and interaction controller, used by category-style
/// extensions (`radialPush`) instead of swapping the app's delegate: the app's delegate stays
/// the delegate and still receives `willShow`/`didShow` (scenario L2).
@MainActor
public struct TransitionOverride {
    public var animator: any AnimatedTransitioning
    public var interactionController: (any InteractiveTransitioning)?
    public init(animator: any AnimatedTransitioning, interactionController: (any InteractiveTransitioning)? = nil) {
        self.animator = animator
        self.interactionController = interactionController
    }
}
