import Foundation

/// A small, fast, seedable pseudo-random generator (Steele, Lea and Flood's SplitMix64, the
/// seeding generator of xoshiro): the same seed gives the same sequence on every platform and
/// build, so a failing property or fuzz case reproduces from its printed seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The internal state; advances by the golden-ratio increment on every draw.
    public private(set) var state: UInt64

    /// - Parameter seed: any 64-bit value (0 included).
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly random index in `0..<count`.
    /// - Precondition: `count > 0`.
    public mutating func index(_ count: Int) -> Int { Int.random(in: 0..<count, using: &self) }

    /// True with probability `p` (0...1).
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One element of `choices`, uniformly.
    /// - Precondition: `choices` is non-empty.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[index(choices.count)] }

    /// The seed of case `index` of a run seeded with `runSeed`: cases are independent, so one
    /// failing case reproduces alone from its own seed (`TestBudget.caseSeed(run:index:)`
    /// gives it back when `TRANSITIONKIT_CASE_SEED` is set to it).
    public static func caseSeed(run runSeed: UInt64, index: Int) -> UInt64 {
        var g = SplitMix64(seed: runSeed ^ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
        return g.next()
    }
}

/// How many cases a long-running test runs: its CI default unless an environment variable
/// asks for more (or fewer), e.g. `TRANSITIONKIT_PROPERTY_SEQUENCES=100000`; and which seeds.
///
/// A failing case is reported with its own case seed (`seed 0x…`). To rerun that case alone,
/// set `TRANSITIONKIT_CASE_SEED` to it: every seeded test then runs one case (`count` is 1)
/// with exactly that seed (`caseSeed(run:index:)`). `TRANSITIONKIT_SEED` is the seed of a
/// whole run, from which each case's seed is derived: setting it to a case seed runs other
/// cases, not that one.
public enum TestBudget {
    /// The case seed in `TRANSITIONKIT_CASE_SEED` (decimal or 0x-hex), nil when unset.
    /// - Precondition: the variable, when set, is a 64-bit number.
    public static var rerunCaseSeed: UInt64? {
        guard let text = ProcessInfo.processInfo.environment["TRANSITIONKIT_CASE_SEED"], !text.isEmpty else { return nil }
        let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let value else { preconditionFailure("TRANSITIONKIT_CASE_SEED='\(text)' is not a 64-bit number") }
        return value
    }

    /// The seed of case `index` of a run seeded with `runSeed`
    /// (`SplitMix64.caseSeed(run:index:)`), or `rerunCaseSeed` when one case is rerun.
    public static func caseSeed(run runSeed: UInt64, index: Int) -> UInt64 {
        rerunCaseSeed ?? SplitMix64.caseSeed(run: runSeed, index: index)
    }

    /// The positive integer in the environment variable `name`, else `ciDefault`; 1 when
    /// `TRANSITIONKIT_CASE_SEED` reruns one case.
    /// - Precondition: the variable, when set, is a positive integer (a typo must not turn a
    ///   long run into a short one silently).
    public static func count(_ name: String, ciDefault: Int) -> Int {
        if rerunCaseSeed != nil { return 1 }
        guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return ciDefault }
        guard let n = Int(text), n > 0 else { preconditionFailure("\(name)='\(text)' is not a positive integer") }
        return n
    }

    /// The seed of a run: `TRANSITIONKIT_SEED` (decimal or 0x-hex) if set, else `fallback`.
    public static func seed(fallback: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["TRANSITIONKIT_SEED"], !text.isEmpty else { return fallback }
        let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let value else { preconditionFailure("TRANSITIONKIT_SEED='\(text)' is not a 64-bit number") }
        return value
    }

    /// The failures `check` reports over `count(name, ciDefault:)` cases, case k given the seed
    /// `SplitMix64.caseSeed(run: seed(fallback: fallbackSeed), index: k)`; each failure is
    /// prefixed with its case's seed (rerun that case alone with `TRANSITIONKIT_CASE_SEED` set
    /// to it).
    public static func failures(
        _ name: String, ciDefault: Int, fallbackSeed: UInt64, _ check: (UInt64) throws -> [String]
    ) rethrows -> [String] {
        let runSeed = seed(fallback: fallbackSeed)
        var failures: [String] = []
        for index in 0..<count(name, ciDefault: ciDefault) {
            let caseSeed = caseSeed(run: runSeed, index: index)
            failures += try check(caseSeed).map { "seed 0x\(String(caseSeed, radix: 16)) (TRANSITIONKIT_CASE_SEED): \($0)" }
        }
        return failures
    }
}

/// Delta debugging (Zeller's ddmin, simplified to removal only) followed by step
/// simplification: the smallest, simplest sequence found that still fails.
///
/// Tries dropping chunks of n/2, n/4, … down to single steps, keeping every drop after which
/// `fails` still holds, until no single step can go; then replaces steps by the simpler
/// variants `simplify` offers (e.g. a request without the requests its completion issues)
/// while the sequence still fails, and drops steps again. The result fails and is 1-minimal:
/// removing any one more step, or simplifying one, makes it pass.
/// - Parameters:
///   - steps: a failing sequence.
///   - simplify: simpler variants of a step, simplest first (default none).
///   - fails: runs a candidate from scratch; true if it still fails.
/// - Returns: the reduced sequence (`steps` itself if nothing can go).
/// - Complexity: O(n²) runs of `fails` in the worst case, far fewer in practice.
public func deltaMinimize<Step>(_ steps: [Step], simplify: (Step) -> [Step] = { _ in [] }, fails: ([Step]) -> Bool) -> [Step] {
    var current = removeSteps(steps, fails: fails)
    var changed = true
    while changed {
        changed = false
        for i in current.indices {
            for variant in simplify(current[i]) {
                var candidate = current
                candidate[i] = variant
                if fails(candidate) {
                    current = candidate
                    changed = true
                    break
                }
            }
        }
        if changed { current = removeSteps(current, fails: fails) }
    }
    return current
}

/// The removal half of `deltaMinimize`: chunks of n/2, n/4, … 1 steps.
private func removeSteps<Step>(_ steps: [Step], fails: ([Step]) -> Bool) -> [Step] {
    var current = steps
    var chunk = max(1, current.count / 2)
    while true {
        var removedAny = false
        var start = 0
        while start < current.count {
            let end = min(current.count, start + chunk)
            let candidate = Array(current[..<start] + current[end...])
            if fails(candidate) {
                current = candidate
                removedAny = true
            } else {
                start += chunk
            }
        }
        if chunk == 1 && !removedAny { return current }
        chunk = removedAny ? chunk : max(1, chunk / 2)
    }
}
