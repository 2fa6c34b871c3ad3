import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Random navigation and presentation sequences checked against the reference
/// `NavigationModel` (README "Decisions"): push, pop, popToRoot, pop(to:),
/// setViewControllers, present, dismiss, animated or not, interactive (update, finish, cancel,
/// pause), requests from completions and while transitions run, frames of random length and
/// window resizes mid-transition. Invariants: `NavigationInvariants`.
///
/// Seeded (SplitMix64): `TRANSITIONKIT_SEED` picks the run seed, each sequence has its own
/// seed derived from it. A failing sequence is shrunk by delta debugging and printed as
/// readable steps. CI runs 2,000 sequences; `TRANSITIONKIT_PROPERTY_SEQUENCES=100000` the
/// full count (README, "Long runs").
@MainActor
@Suite struct NavigationPropertyTests {
    static let runSeed: UInt64 = 0x5EED_0000_7A11_2024

    /// Runs `steps` on a fresh harness, then finishes every interaction and runs the clock out.
    /// - Returns: the harness (its first issue, if any, is the failure).
    static func replay(_ steps: [NavigationStep]) -> NavigationHarness {
        let h = NavigationHarness()
        for step in steps where h.firstIssue == nil { h.run(step) }
        if h.firstIssue == nil { h.finish() }
        return h
    }

    /// The shrunk, printable report of a failing sequence.
    static func report(seed: UInt64, steps: [NavigationStep]) -> String {
        let minimal = deltaMinimize(steps, simplify: \.simplifications) { replay($0).firstIssue != nil }
        let issue = replay(minimal).firstIssue ?? "(the shrunk sequence passes: the failure depends on more)"
        let lines = minimal.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        return "sequence seed 0x\(String(seed, radix: 16)) fails after shrinking \(steps.count) → \(minimal.count) steps:\n"
            + lines.joined(separator: "\n") + "\n  then: finish every interaction, run the clock until idle\n  issue: \(issue)"
    }

    @Test func randomSequencesKeepTheDocumentedPolicy() {
        let count = TestBudget.count("TRANSITIONKIT_PROPERTY_SEQUENCES", ciDefault: 2_000)
        let runSeed = TestBudget.seed(fallback: Self.runSeed)
        let start = Date()
        var totals = Totals()
        var failure: String?
        for index in 0..<count {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            var generator = NavigationGenerator(seed: seed)
            let h = NavigationHarness()
            let steps = generator.generateAndRun(on: h)
            if h.firstIssue == nil { h.finish() }
            totals.add(h, steps: steps.count)
            if h.firstIssue != nil {
                failure = Self.report(seed: seed, steps: steps)
                break
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            "NavigationPropertyTests: \(totals.sequences) sequences, \(totals.steps) steps, \(totals.requests) requests "
                + "(\(totals.skipped) steps skipped), \(totals.callbacks) appearance callbacks in \(String(format: "%.1f", seconds)) s; "
                + "run seed 0x\(String(runSeed, radix: 16))")
        print(
            "NavigationPropertyTests outcomes: \(totals.results.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
        if let failure { Issue.record(Comment(rawValue: failure)) }
        #expect(totals.sequences == count)
        // The mix must reach every outcome, or the run checked less than it claims.
        for outcome in [
            "push true", "push false", "pop true", "pop false", "popToRoot true", "popTo true", "setViewControllers true",
            "present true", "present false", "dismiss true", "dismiss false",
        ] {
            #expect(totals.results[outcome, default: 0] > 0, "no \(outcome) completion in \(count) sequences")
        }
        #expect(totals.steps >= count * 5)
        #expect(totals.cancelledInteractions > 0 && totals.finishedInteractions > 0)
    }

    /// Sums over the sequences of a run.
    struct Totals {
        var sequences = 0, steps = 0, requests = 0, skipped = 0, callbacks = 0
        var finishedInteractions = 0, cancelledInteractions = 0
        var results: [String: Int] = [:]

        @MainActor
        mutating func add(_ h: NavigationHarness, steps count: Int) {
            sequences += 1
            steps += count
            requests += h.requestsIssued
            skipped += h.stepsSkipped
            callbacks += h.appearance.callbacks
            for (k, v) in h.results { results[k, default: 0] += v }
            finishedInteractions += h.interactions.filter { $0.decision == true }.count
            cancelledInteractions += h.interactions.filter { $0.decision == false }.count
        }
    }
}
