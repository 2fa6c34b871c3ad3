import Foundation
import TransitionKitCore

extension TestScene {
    /// Scenario L1 for a category-style API (`radialPush`/`radialPop`, `pushBack3DPush`/
    /// `pushBack3DPop`), which builds its animators outside the effect value: pushes a new view
    /// controller "A" with `push`, plays it to the end, pops it with `pop`, plays that to the end,
    /// and watches A and, for each of the two transitions, the objects `running` returns while it
    /// runs (its driver and animator).
    /// - Returns: the watched references (5: A, two drivers, two animators) and whether both
    ///   transitions ended within 1000 frames.
    public func categoryPushThenPop(
        push: (NavigationController, ViewController) -> Void, pop: (NavigationController) -> Void,
        running: (NavigationController) -> (driver: AnyObject?, animator: AnyObject?)
    ) -> (references: WeakReferences, ended: Bool) {
        let refs = WeakReferences()
        var ended = true
        do {
            let a = makeViewController("A")
            refs.add(a, "pushed then popped A")
            func play(_ name: String, _ begin: () -> Void) {
                begin()
                let current = running(navigationController)
                refs.add(current.driver, "\(name) driver")
                refs.add(current.animator, "\(name) animator")
                ended = ended && clock.runUntilIdle(maxFrames: 1000) < 1000
            }
            play("push") { push(navigationController, a) }
            play("pop") { pop(navigationController) }
        }
        return (refs, ended)
    }
}
