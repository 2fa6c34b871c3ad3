import Foundation
import TransitionKitCore
import TransitionKitTestSupport

/// A 320x480 window on a manual 60 Hz clock whose root is a tab bar controller with tabs
/// A, B, C (A selected), every appearance callback logged, for the tab scenario tests.
@MainActor
final class TabBarTestScene {
    let clock: ManualFrameClock
    let window: Window
    let tabs: TabBarController
    let a: ViewController, b: ViewController, c: ViewController
    private(set) var appearanceLog: [String] = []

    init(size: CGSize = CGSize(width: 320, height: 480), selectedIndex: Int = 0) {
        clock = ManualFrameClock(framesPerSecond: 60)
        window = Window(size: size, frameClock: clock)
        a = ViewController(title: "A")
        b = ViewController(title: "B")
        c = ViewController(title: "C")
        tabs = TabBarController(viewControllers: [a, b, c], selectedIndex: selectedIndex)
        for vc in [a, b, c] {
            vc.appearanceObserver = { [weak self] vc, callback in self?.appearanceLog.append("\(vc.title!) \(Self.name(callback))") }
        }
        window.rootViewController = tabs
        appearanceLog.removeAll()
    }

    static func name(_ callback: AppearanceCallback) -> String {
        switch callback {
        case .viewWillAppear: return "willAppear"
        case .viewDidAppear: return "didAppear"
        case .viewWillDisappear: return "willDisappear"
        case .viewDidDisappear: return "didDisappear"
        }
    }

    func clearLog() { appearanceLog.removeAll() }

    /// Titles of the views in the content area, back to front.
    var contentTitles: [String] { tabs.containerView.subviews.map { $0.layer.name ?? "?" } }
}

/// A delegate that logs every call and hands out `animator` (and `interaction`).
@MainActor
final class TabLoggingDelegate: TabBarControllerDelegate {
    var log: [String] = []
    var allows = true
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        log.append("shouldSelect \(viewController.title!)")
        return allows
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
        log.append("didSelect \(viewController.title!)")
    }
    func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController, to toVC: ViewController
    ) -> (any AnimatedTransitioning)? {
        log.append("animator \(fromVC.title!)→\(toVC.title!)")
        return animator
    }
    func tabBarController(_ tabBarController: TabBarController, interactionControllerFor animationController: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    {
        interaction
    }
}

/// An animator that records the operation and tab direction it was run with, and the
/// progress it was given (the layer changes are `RecordingAnimator`'s).
@MainActor
final class DirectionRecordingAnimator: AnimatedTransitioning {
    let inner = RecordingAnimator()
    private(set) var seen: [(TransitionOperation, TabDirection?)] = []

    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { inner.transitionDuration(using: context) }
    var timingCurve: TimingCurve { inner.timingCurve }
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        seen.append((context.operation, context.tabDirection))
        try inner.prepareTransition(using: context)
    }
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) { inner.updateTransition(progress: progress, using: context) }
}
