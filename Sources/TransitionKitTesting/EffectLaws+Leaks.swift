import Foundation
import TransitionKitCore

extension EffectLaws {
    /// How `Law.noLeaks` runs a transition.
    enum LeakRun: CaseIterable {
        /// Interactive (percent-driven) to 0.4, then finished.
        case finished
        /// Interactive to 0.4, then cancelled.
        case cancelled
        /// Time-based, played to its end.
        case timed

        /// "after …" for messages.
        var label: String {
            switch self {
            case .finished: return "after an interactive finish"
            case .cancelled: return "after a cancel"
            case .timed: return "after a time-based run"
            }
        }
    }

    /// `Law.noLeaks` for one operation: each `LeakRun` on a fresh window; afterwards the
    /// animator, the interaction controller, and the view controller that left
    /// (pushed-then-cancelled, popped, presented-then-cancelled or dismissed; a tab switch
    /// keeps both tabs) must be deallocated.
    @MainActor
    static func checkNoLeaks<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        for run in LeakRun.allCases {
            let finish = run != .cancelled
            let clock = ManualFrameClock()
            let window = try Window(validatingSize: scene.size, scale: 1, frameClock: clock)
            weak var animator: AnyObject?
            weak var interaction: AnyObject?
            weak var leaving: ViewController?
            var leavingExpected = false
            do {
                let root = ViewController(title: "root"), other = ViewController(title: "other")
                let driver = run == .timed ? nil : PercentDrivenInteractiveTransition()
                let madeAnimator = effect.makeAnimator(for: operation)
                (animator, interaction) = (madeAnimator, driver)
                let transition = TransitionOverride(animator: madeAnimator, interactionController: driver)
                switch operation {
                case .push, .pop:
                    let nav = NavigationController(rootViewController: root)
                    window.rootViewController = nav
                    if operation == .pop { nav.push(other, animated: false) }
                    nav.perform(operation == .push ? .push(other) : .pop, animated: true, transition: transition)
                case .present, .dismiss:
                    window.rootViewController = root
                    other.modalPresentationStyle = style
                    if operation == .present {
                        root.present(other, animated: true, transition: transition)
                    } else {
                        root.present(other, animated: false)
                        other.dismiss(animated: true, transition: transition)
                    }
                case .tab:
                    // Both tabs stay in the tab bar controller: nothing leaves.
                    let tabs = TabBarController(viewControllers: [root, other])
                    window.rootViewController = tabs
                    tabs.select(1, animated: true, transition: transition)
                }
                leavingExpected = operation != .tab && finish == (operation == .pop || operation == .dismiss)
                if leavingExpected { leaving = other }
                driver?.update(0.4)
                finish ? driver?.finish() : driver?.cancel()
                if clock.runUntilIdle(maxFrames: 10_000) >= 10_000 { log.add("the transition never ended") }
            }
            let how = run.label
            if animator != nil { log.add("\(how) the animator is still allocated") }
            if interaction != nil { log.add("\(how) the interaction controller is still allocated") }
            if leavingExpected && leaving != nil { log.add("\(how) the view controller that left is still allocated") }
            withExtendedLifetime(window) {}
        }
    }
}
