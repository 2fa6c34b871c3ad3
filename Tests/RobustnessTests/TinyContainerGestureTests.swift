import DragDismissEffect
import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Gestures on containers far smaller than a finger's movement: progress = translation /
/// container length (`PanInteractionController`) must clamp to 0...1 — reach 1 and stay
/// there for a drag toward completion, never NaN, never infinite, never flip back to 0 — and
/// the transition must finish as the policy says (progress 1 > 0.5).
@MainActor
@Suite struct TinyContainerGestureTests {
    /// From the smallest positive double (5e-324) to one point.
    nonisolated static let sides: [CGFloat] = [.leastNonzeroMagnitude, 1e-300, 1e-9, 0.001, 1]

    /// Progress seen after each sample of a forward drag that moves 0, 5, 10, 11, 20, 300 and
    /// 1e6 points from `start` along `axis` (the pan begins past its 10 pt hysteresis).
    static func drag(
        _ window: Window, clock: ManualFrameClock, from start: CGPoint, vertical: Bool, progress: () -> CGFloat?
    ) -> [CGFloat?] {
        var seen: [CGFloat?] = []
        var t = clock.now
        window.send(Touch(timestamp: t, location: start, phase: .began))
        for d in [0, 5, 10, 11, 20, 300, 1e6] as [CGFloat] {
            t += 0.016
            clock.step()
            let p = vertical ? CGPoint(x: start.x, y: start.y + d) : CGPoint(x: start.x + d, y: start.y)
            window.send(Touch(timestamp: t, location: p, phase: .moved))
            seen.append(progress())
        }
        window.send(
            Touch(
                timestamp: t + 0.016, location: vertical ? CGPoint(x: start.x, y: start.y + 1e6) : CGPoint(x: start.x + 1e6, y: start.y),
                phase: .ended))
        return seen
    }

    /// The progress sequence of a drag whose pan began at the 10 pt sample: nil before (no
    /// transition), then 1 at every later sample.
    static let expected: [CGFloat?] = [nil, nil, 1, 1, 1, 1, 1]

    @Test(arguments: sides)
    func edgeSwipeProgressClampsOnATinyContainer(side: CGFloat) throws {
        let clock = ManualFrameClock()
        let window = Window(size: CGSize(width: side, height: side), frameClock: clock)
        let nav = NavigationController(rootViewController: ViewController(title: "root"))
        window.rootViewController = nav
        nav.push(ViewController(title: "A"), animated: false)
        let controller = nav.enableRadialSwipe()
        let seen = Self.drag(window, clock: clock, from: CGPoint(x: side / 2, y: side / 2), vertical: false) {
            controller.interaction.isTransitionRunning ? controller.interaction.fingerProgress : nil
        }
        #expect(seen == Self.expected, "side \(side)")
        #expect(clock.runUntilIdle() < 100_000)
        #expect(nav.viewControllers.count == 1, "the pop finishes (progress 1)")
        #expect(ExtremeSizeTests.nonFinite(window.rootView.layer) == nil)
    }

    @Test(arguments: sides)
    func dragToDismissProgressClampsOnATinyContainer(side: CGFloat) throws {
        let clock = ManualFrameClock()
        let window = Window(size: CGSize(width: side, height: side), frameClock: clock)
        let root = ViewController(title: "root")
        window.rootViewController = root
        let card = ViewController(title: "card")
        let delegate = DragDismissTransitioningDelegate(modalViewController: card)
        root.present(card, animated: false)
        let controller = try #require(delegate.enableDragToDismiss())
        let seen = Self.drag(window, clock: clock, from: CGPoint(x: side / 2, y: side / 2), vertical: true) {
            controller.isTransitionRunning ? controller.fingerProgress : nil
        }
        #expect(seen == Self.expected, "side \(side)")
        #expect(clock.runUntilIdle() < 100_000)
        #expect(root.presentedViewController == nil, "the dismissal finishes (progress 1)")
        #expect(ExtremeSizeTests.nonFinite(window.rootView.layer) == nil)
        withExtendedLifetime(delegate) {}
    }
}
