import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitDisplay

/// A display's time, scripted: waiting jumps to the deadline, work is added by the test.
@MainActor
final class ScriptedTime: DisplayTimeSource {
    var now: TimeInterval = 1000.0037  // an origin off the vsync grid
    private(set) var waits = 0
    func wait(until time: TimeInterval) {
        waits += 1
        now = max(now, time)
    }
}

/// The display-driven clock against a display of known refresh rate (60 Hz and 120 Hz):
/// `CADisplayLink`'s documented relations (targetTimestamp = timestamp + duration, duration =
/// the refresh period) and whole-period timestamps, with a renderer slowed on chosen frames.
@MainActor
@Suite struct DisplayFrameClockTests {
    /// Runs `frames` frames whose work takes `cost(i)` seconds (frame i from 0) and returns
    /// the links' timestamps, targets and durations.
    func run(rate: Double, frames: Int, cost: @escaping (Int) -> TimeInterval) throws -> (
        clock: DisplayFrameClock, seen: [(TimeInterval, TimeInterval, TimeInterval)]
    ) {
        let time = ScriptedTime()
        let clock = try DisplayFrameClock(refreshRate: rate, source: time)
        var seen: [(TimeInterval, TimeInterval, TimeInterval)] = []
        let link = clock.makeDisplayLink { link in
            seen.append((link.timestamp, link.targetTimestamp, link.duration))
            time.now += cost(seen.count - 1)
        }
        for _ in 0..<frames { clock.step() }
        link.invalidate()
        return (clock, seen)
    }

    @Test func onTimeFramesAdvanceByOnePeriod() throws {
        for rate in [60.0, 120.0] {
            let period = 1 / rate
            let (clock, seen) = try run(rate: rate, frames: 30) { _ in period * 0.4 }
            try #require(seen.count == 30)
            for (i, (t, target, duration)) in seen.enumerated() {
                #expect(duration == period)
                #expect(target == t + duration)
                if i > 0 { #expect(abs((t - seen[i - 1].0) - period) < 1e-9, "frame \(i) at \(rate) Hz") }
                // Every timestamp is a whole number of periods on the clock's timeline.
                #expect(abs((t / period).rounded() * period - t) < 1e-9)
            }
            #expect(clock.framesMissed == 0 && clock.framesFired == 30)
        }
    }

    /// Frames 5 and 6 take 1.5 periods and frame 10 takes 3.2: a frame that ends after its
    /// target is shown at the first vsync after it ends, so frame 5 ends 0.5 periods past
    /// vsync 6 and frame 6 comes at vsync 7 (1 missed), frame 7 at vsync 9 (1 missed), and
    /// frame 11 at 4 periods after frame 10 (3 missed): 5 missed in all.
    @Test func lateFramesSkipToTheNextVsyncAndAreCounted() throws {
        let rate = 60.0, period = 1 / rate
        let (clock, seen) = try run(rate: rate, frames: 14) { i in
            switch i {
            case 5, 6: return 1.5 * period
            case 10: return 3.2 * period
            default: return 0.3 * period
            }
        }
        try #require(seen.count == 14)
        let steps = (1..<seen.count).map { ((seen[$0].0 - seen[$0 - 1].0) / period) }
        for s in steps { #expect(abs(s - s.rounded()) < 1e-9, "a step of \(s) periods") }
        #expect(steps.map { Int($0.rounded()) } == [1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 4, 1, 1])
        #expect(clock.framesMissed == 5)
        #expect(clock.framesFired == 14)
    }

    @Test func refreshRateOutsideItsRangeThrows() {
        #expect(throws: TransitionKitError.self) { try DisplayFrameClock(refreshRate: 0, source: ScriptedTime()) }
        #expect(throws: TransitionKitError.self) { try DisplayFrameClock(refreshRate: .nan, source: ScriptedTime()) }
    }
}

/// `.presentBlocks` pacing: a present that really blocks until the vsync (the scripted work
/// ends on a vsync) is not waited on again, and one that returns at once (a renderer granting
/// vsync without waiting) is still held to one frame per period: no drift either way.
@MainActor
@Suite struct PresentBlocksPacingTests {
    @Test func framesStayOnePeriodApartWhetherOrNotThePresentBlocks() throws {
        let period = 1.0 / 60
        for blocks in [true, false] {
            let time = ScriptedTime()
            let clock = try DisplayFrameClock(refreshRate: 60, pacing: .presentBlocks, source: time)
            var stamps: [TimeInterval] = []
            var wall: [TimeInterval] = []
            let link = clock.makeDisplayLink { link in
                stamps.append(link.timestamp)
                wall.append(time.now)
                // Render 4 ms, then the present: to the target vsync when it blocks.
                time.now += 0.004
                if blocks { time.now = max(time.now, link.targetTimestamp + 1000.0037 + 0.0001) }
            }
            for _ in 0..<20 { clock.step() }
            link.invalidate()
            try #require(stamps.count == 20)
            for i in 1..<20 {
                #expect(abs(stamps[i] - stamps[i - 1] - period) < 1e-9, "blocks \(blocks), frame \(i)")
                #expect(abs(wall[i] - wall[i - 1] - period) < 0.6 * period, "blocks \(blocks), frame \(i): wall step \(wall[i] - wall[i - 1])")
            }
            #expect(clock.framesMissed == 0)
        }
    }
}
