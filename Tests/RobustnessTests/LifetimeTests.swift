import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Thousands of mixed transitions of every effect leave nothing behind (scenario L1 at
/// scale): every animator, interaction controller, driver, edge-pan and drag controller,
/// transitioning delegate and removed view controller is deallocated at the end, and the
/// resident memory stays flat. CI runs 500 transitions;
/// `TRANSITIONKIT_LIFETIME_TRANSITIONS=10000` the full count (README, "Long runs").
@MainActor
@Suite struct LifetimeTests {
    /// Resident set size of this process in bytes (`/proc/self/statm`, second field, times
    /// the page size); nil where that file does not exist.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func mixedTransitionsReleaseEverything() throws {
        let count = TestBudget.count("TRANSITIONKIT_LIFETIME_TRANSITIONS", ciDefault: 500)
        var rng = SplitMix64(seed: TestBudget.seed(fallback: 0x11FE_7133))
        let world = LifetimeWorld()
        // Warm up (one of each kind) so caches and pools that live for the process are in the
        // "before" figure.
        for kind in LifetimeTransition.allCases where world.possible().contains(kind) { world.run(kind, finish: true, duration: 0.1) }
        world.tearDown()
        let before = try #require(Self.residentBytes(), "no /proc/self/statm")
        let start = Date()
        let warmUp = world.transitionsRun
        while world.transitionsRun - warmUp < count && world.issues.isEmpty {
            let kind = rng.pick(world.possible())
            world.run(kind, finish: rng.chance(0.5), duration: rng.pick([0, 0.1, 0.3]))
        }
        world.tearDown()
        let after = try #require(Self.residentBytes())
        let mb = { (b: Int) in String(format: "%.1f MB", Double(b) / 1_048_576) }
        print(
            "LifetimeTests: \(world.transitionsRun - warmUp) transitions (+\(warmUp) warm-up) in "
                + "\(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(world.tracked.count) objects tracked; "
                + "resident memory before \(mb(before)), after \(mb(after)), growth \(mb(after - before))")
        print(
            "LifetimeTests finished/cancelled: \(LifetimeTransition.allCases.map { "\($0): \(world.counts[$0].map { "\($0.finished)/\($0.cancelled)" } ?? "0/0")" }.joined(separator: ", "))"
        )
        #expect(world.issues.isEmpty, "\(world.issues.prefix(5))")
        #expect(world.transitionsRun - warmUp == count)
        let survivors = world.survivors
        #expect(survivors.isEmpty, "\(survivors.count) objects alive, e.g. \(survivors.prefix(8))")
        #expect(world.tracked.count >= 3 * count, "too few objects tracked to mean anything")
        #expect(after - before < 50 << 20, "resident memory grew by \(mb(after - before))")
        for kind in LifetimeTransition.allCases {
            let c = world.counts[kind] ?? (0, 0)
            #expect(c.finished > 0, "\(kind) never finished")
            let interactive =
                [LifetimeTransition.radialSwipe, .fadePopInteractive, .fadeDismissInteractive, .pushBackPopInteractive]
                + [.pushBackSwipe, .dragDismissDrag, .zoomPopInteractive, .sequencePopInteractive]
            if interactive.contains(kind) { #expect(c.cancelled > 0, "\(kind) never cancelled") }
        }
    }
}
