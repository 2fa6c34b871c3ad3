import Foundation
import Testing
import TransitionKitCore  // not @testable: the public API alone must let a package write a clock

/// A clock driven by a host's vsync, written as an outside package would write it: only
/// public API of TransitionKitCore.
@MainActor
private final class HostVsyncClock: FrameClock {
    let frameInterval: TimeInterval
    private(set) var now: TimeInterval
    private var links: [DisplayLink] = []
    private(set) var removals = 0

    /// - Parameters:
    ///   - framesPerSecond: the host display's rate in Hz.
    ///   - origin: the host's time of the first frame, seconds (not 0, like a media clock).
    init(framesPerSecond: Double, origin: TimeInterval) {
        frameInterval = 1 / framesPerSecond
        now = origin
    }

    var activeLinkCount: Int { links.count }

    func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(clock: self, callback: callback)
        links.append(link)
        return link
    }

    func remove(_ link: DisplayLink) {
        removals += 1
        links.removeAll { $0 === link }
    }

    /// What the host calls on each vsync: advances `now` one frame and fires every link held
    /// at the start of the frame.
    func vsync() {
        now += frameInterval
        for link in links { link.fire(timestamp: now, frameInterval: frameInterval) }
    }
}

@MainActor
@Suite struct CustomFrameClockTests {
    /// A push with the default slide animator (0.35 s) runs to completion on the custom
    /// clock: 0.35 s at 120 Hz is 42 frames, the completion reports true, the stack grew and
    /// no display link is left.
    @Test func pushRunsToCompletionOnCustomClock() throws {
        let clock = HostVsyncClock(framesPerSecond: 120, origin: 1000)
        let window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        let root = ViewController(title: "root")
        let navigationController = NavigationController(rootViewController: root)
        window.rootViewController = navigationController
        let pushed = ViewController(title: "A")
        var completed: [Bool] = []
        navigationController.push(pushed, animated: true) { completed.append($0) }
        #expect(navigationController.isTransitioning && clock.activeLinkCount > 0)

        var frames = 0
        while clock.activeLinkCount > 0 && frames < 1000 {
            clock.vsync()
            frames += 1
            if frames == 21 {
                // Half-way in time: still running, not yet completed.
                #expect(completed.isEmpty && navigationController.isTransitioning)
            }
        }
        #expect((42...43).contains(frames), "0.35 s at 120 Hz, got \(frames) frames")
        #expect(completed == [true])
        #expect(navigationController.viewControllers.map(\.title) == ["root", "A"])
        #expect(navigationController.topViewController === pushed)
        #expect(!navigationController.isTransitioning)
        #expect(clock.activeLinkCount == 0 && clock.removals > 0)
    }

    /// A link made on the custom clock reports the clock's frame times and interval, and
    /// `invalidate()` from inside its callback unregisters it through `remove(_:)`.
    @Test func displayLinkFiresAndInvalidatesThroughPublicAPI() {
        let clock = HostVsyncClock(framesPerSecond: 60, origin: 5)
        var seen: [(TimeInterval, TimeInterval, TimeInterval)] = []
        let link = clock.makeDisplayLink { link in
            seen.append((link.timestamp, link.duration, link.targetTimestamp))
            if seen.count == 2 { link.invalidate() }
        }
        clock.vsync()
        clock.vsync()
        clock.vsync()
        #expect(seen.count == 2 && !link.isActive && clock.activeLinkCount == 0 && clock.removals == 1)
        let first = 5 + 1.0 / 60, second = first + 1.0 / 60  // the clock's own accumulation
        #expect(seen.map(\.0) == [first, second])
        #expect(seen.allSatisfy { $0.1 == 1.0 / 60 && $0.2 == $0.0 + 1.0 / 60 })
    }
}
