import Foundation
import RadialEffect
import Testing
import TransitionKitCore

/// The code of README.md's "Tab bar transitions" example, verbatim between the markers (the
/// print goes to a log), on a 320x480 window. Expected outcome from the documented rules: the
/// reveal finishes ("selected: true"), the queued `select(0)` then switches without animation
/// from tab 2, and the interactive switch is installed on the content area.
@MainActor
@Suite struct ReadmeTabExampleTests {
    @Test func readmeTabExampleRuns() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        let inbox = ViewController(title: "Inbox"), search = ViewController(title: "Search"), settings = ViewController(title: "Settings")
        var log: [String] = []
        func print(_ line: String) { log.append(line) }
        var order: [Int] = []
        inbox.appearanceObserver = { _, callback in if callback == .viewDidAppear(animated: false) { order.append(0) } }
        settings.appearanceObserver = { _, callback in if callback == .viewDidAppear(animated: true) { order.append(2) } }
        // --- README begins
        let tabs = TabBarController(viewControllers: [inbox, search, settings])
        window.rootViewController = tabs
        tabs.radialSelect(2) { print("selected: \($0)") }  // a circle rising from the third item
        tabs.select(0)  // queued behind the reveal, then immediate
        tabs.enableInteractiveSwitch(Radial())  // pan left or right in the content area
        clock.runUntilIdle()  // "selected: true"; tab 0 is on screen
        // --- README ends
        #expect(log == ["selected: true"])
        #expect(order == [0, 2, 0])  // on screen at start, after the reveal, after the queued switch
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === inbox)
        #expect(tabs.containerView.gestureRecognizers.count == 1)
        #expect(clock.activeLinkCount == 0)
    }
}
