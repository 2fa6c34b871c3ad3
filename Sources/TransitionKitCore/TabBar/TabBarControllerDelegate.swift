import Foundation

/// The tab-bar-delegate role (`UITabBarControllerDelegate`): whether a tab may be selected,
/// which transition a switch uses, and a notification after it. Every method has a default
/// (allow, no animator, nothing), so conformers implement only what they need.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether `viewController` may become the selected tab; asked when a selection request
    /// runs (after the requests queued before it), also for the tab already selected (a tap
    /// on it, as UIKit asks). Returning false leaves everything as it was and calls the
    /// request's completion with false.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// After the selection changed (the transition finished; not called for a cancelled one),
    /// and after a request for the tab already selected that `shouldSelect` allowed (UIKit's
    /// reselection, where apps scroll to the top; nothing moved then).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
    /// The animator of a switch from `fromVC` to `toVC` (operation `.tab`; the context's
    /// `tabDirection` says towards a higher or a lower index), or nil to switch without
    /// animation, as UIKit does.
    func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController, to toVC: ViewController
    ) -> (any AnimatedTransitioning)?
    /// An interaction controller for `animationController`, or nil for a time-based switch.
    func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animationController: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)?
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
    public func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController, to toVC: ViewController
    ) -> (any AnimatedTransitioning)? { nil }
    public func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animationController: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)? { nil }
}
