import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// The radial reveal of a tab switch: it starts at the centre of the incoming tab's bar item
/// (closed form from `TabBar`'s layout: item i of n at (i·w/n, h − 49, w/n, 49) in the
/// content area's coordinates, centre ((i + ½)·w/n, h − 49 + 24.5)) in either direction, and
/// `radialSelect` keeps the app's delegate and calls its completion once (L2, L4).
@MainActor
@Suite struct RadialTabTests {
    private func tabs() throws -> (TabBarController, ManualFrameClock, Window) {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        let vcs = ["A", "B", "C"].map { ViewController(title: $0) }
        let tabs = TabBarController(viewControllers: vcs, selectedIndex: 1)
        window.rootViewController = tabs
        return (tabs, clock, window)
    }

    /// Forward to C and back to A: the centre is item 2's and item 0's centre, and the final
    /// radius reaches the farthest content corner (+ √2 pt, `RadialGeometry.finalRadius`).
    @Test(arguments: [2, 0])
    func T_G1_revealStartsAtTheTappedItem(target: Int) throws {
        let (tabs, clock, window) = try tabs()
        defer { withExtendedLifetime(window) {} }
        tabs.radialSelect(target)
        clock.step()
        let animator = try #require(tabs.transitionAnimator as? RadialAnimator)
        let g = try #require(animator.currentGeometry)
        let w: CGFloat = 320, contentHeight: CGFloat = 480 - 49
        #expect(abs(g.center.x - (CGFloat(target) + 0.5) * w / 3) < 1e-9)
        #expect(g.center.y == contentHeight + 24.5)
        let dx = max(g.center.x, w - g.center.x), dy = g.center.y
        #expect(abs(g.finalRadius - ((dx * dx + dy * dy).squareRoot() + 2.0.squareRoot())) < 1e-9)
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(tabs.selectedIndex == target)
    }

    /// T_L2, T_L4: the delegate stays, hears shouldSelect and didSelect, not asked for an
    /// animator; each completion runs once, after the selection changed.
    @Test func T_L2_L4_radialSelectKeepsDelegateAndCallsCompletionOnce() throws {
        final class AppDelegate: TabBarControllerDelegate {
            var log: [String] = []
            func tabBarController(_ t: TabBarController, shouldSelect vc: ViewController) -> Bool {
                log.append("should \(vc.title!)")
                return true
            }
            func tabBarController(_ t: TabBarController, didSelect vc: ViewController) { log.append("did \(vc.title!)") }
            func tabBarController(
                _ t: TabBarController, animationControllerForTransitionFrom fromVC: ViewController, to toVC: ViewController
            ) -> (any AnimatedTransitioning)? {
                log.append("animator")
                return nil
            }
        }
        let (tabs, clock, window) = try tabs()
        defer { withExtendedLifetime(window) {} }
        let delegate = AppDelegate()
        tabs.delegate = delegate
        var calls: [Int] = []
        tabs.radialSelect(0, duration: 0.5) { _ in calls.append(tabs.selectedIndex) }
        tabs.radialSelect(2) { _ in calls.append(tabs.selectedIndex) }
        #expect(clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(tabs.delegate === delegate)
        #expect(delegate.log == ["should A", "did A", "should C", "did C"])
        #expect(calls == [0, 2])
    }

    /// The interactive switch with the radial effect reveals from the item, not the finger.
    @Test func interactiveSwitchRevealsFromTheItem() throws {
        let (tabs, clock, window) = try tabs()
        tabs.enableInteractiveSwitch(Radial())
        let finger = Finger(window: window, clock: clock, stepsClock: false)
        finger.down(at: CGPoint(x: 250, y: 100))
        finger.move(to: CGPoint(x: 150, y: 130))
        let g = try #require((tabs.transitionAnimator as? RadialAnimator)?.currentGeometry)
        #expect(abs(g.center.x - 2.5 * 320 / 3) < 1e-9 && g.center.y == 431 + 24.5)
        finger.rest(for: 0.15)
        finger.lift()
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
    }

    /// `radialSelect` with a tab index out of range traps as `select(_:)` does, naming the
    /// index and the range 0...2.
    @Test(arguments: TabSelectTrap.indices)
    func indexOutOfRangeTraps(index: Int) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run { TabSelectTrap.threeTabs().radialSelect(index) }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains(TabSelectTrap.message(for: index)), "\(message)")
    }
}
