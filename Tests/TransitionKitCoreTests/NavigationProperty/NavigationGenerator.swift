import Foundation
import TransitionKitCore
import TransitionKitTestSupport

/// Generates random navigation property sequences, step by step against a running harness so
/// most steps apply (a push picks a view controller no stack or queued request holds).
///
/// Mix per step: 45 % requests (push, pop, popToRoot, pop(to:), setViewControllers, present,
/// dismiss; 80 % animated; slide, recording, standard or failing animator of 0…0.4 s; 35 % of
/// animated ones interactive; 15 % issue one or two more requests from their completion),
/// 22 % interaction actions (update, finish, cancel, pause), 28 % clock steps (advance by
/// 0…3 s or one frame of 0.1 ms…0.5 s), 5 % window resizes (0.001 pt to 1024 pt sides).
struct NavigationGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// A whole sequence of 5…40 steps, generated while running it on `harness`.
    /// - Returns: the steps (for replay and shrinking).
    @MainActor
    mutating func generateAndRun(on harness: NavigationHarness) -> [NavigationStep] {
        let count = 5 + rng.index(36)
        var steps: [NavigationStep] = []
        for _ in 0..<count where harness.firstIssue == nil {
            let step = next(harness)
            steps.append(step)
            harness.run(step)
        }
        return steps
    }

    @MainActor
    mutating func next(_ h: NavigationHarness) -> NavigationStep {
        let r = rng.index(100)
        switch r {
        case 0..<45: return .request(request(h, depth: 0))
        case 45..<67: return .interact(slot: rng.index(4), interaction())
        case 67..<82: return .advance(seconds: rng.pick([0, 1.0 / 60, 0.05, 0.1, 0.2, 0.35, 0.5, 1, 3]))
        case 82..<95: return .tick(seconds: rng.pick([0.0001, 0.004, 1.0 / 60, 0.03, 0.1, 0.25, 0.5]))
        default:
            let sizes: [(Double, Double)] = [(320, 480), (480, 320), (1, 1), (0.001, 0.001), (1024, 768), (0.5, 2000), (390, 844)]
            let s = rng.pick(sizes)
            return .resize(width: s.0, height: s.1)
        }
    }

    private mutating func interaction() -> InteractionAction {
        switch rng.index(10) {
        case 0..<4: return .update(rng.pick([-0.5, 0, 0.1, 0.3, 0.5, 0.7, 0.95, 1, 1.5]))
        case 4..<6: return .finish
        case 6..<9: return .cancel
        default: return .pause
        }
    }

    @MainActor
    private mutating func request(_ h: NavigationHarness, depth: Int) -> RequestSpec {
        let kind = requestKind(h)
        let animated = rng.chance(0.8)
        let animator: AnimatorChoice
        switch rng.index(20) {
        case 0..<4: animator = .standard
        case 4..<11: animator = .slide(rng.pick([0, 0.1, 0.25, 0.4]))
        case 11..<18: animator = .recording(rng.pick([0, 0.1, 0.25, 0.4]))
        default: animator = .failing
        }
        let interaction =
            animated && rng.chance(0.35)
            ? InteractionSpec(speed: rng.pick([0.5, 1, 2, 4]), spring: rng.chance(0.2)) : nil
        var spec = RequestSpec(kind: kind, animated: animated, animator: animator, interaction: interaction)
        if depth < 2 && rng.chance(0.15) {
            spec.then = (0..<(1 + rng.index(2))).map { _ in request(h, depth: depth + 1) }
        }
        return spec
    }

    @MainActor
    private mutating func requestKind(_ h: NavigationHarness) -> RequestKind {
        let pool = h.stackPool.count
        switch rng.index(100) {
        case 0..<25:
            let fresh = (1..<pool).filter { !h.model.isReferenced($0) }
            return .push(fresh.isEmpty ? 1 + rng.index(pool - 1) : rng.pick(fresh))
        case 25..<43: return .pop
        case 43..<50: return .popToRoot
        case 50..<58: return .popTo(rng.chance(0.7) ? rng.pick(h.model.stack) : rng.index(pool))
        case 58..<68:
            var all = Array(0..<pool)
            all.shuffle(using: &rng)
            return .setViewControllers(Array(all.prefix(1 + rng.index(4))))
        case 68..<85:
            return .present(caller: caller(h), modal: rng.index(h.modalPool.count))
        default:
            return .dismiss(caller: caller(h))
        }
    }

    /// The navigation controller, the top of the chain, or any modal view controller.
    @MainActor
    private mutating func caller(_ h: NavigationHarness) -> Caller {
        switch rng.index(10) {
        case 0..<4: return .navigation
        case 4..<8: return h.model.chain.last.map { .modal($0) } ?? .navigation
        default: return .modal(rng.index(h.modalPool.count))
        }
    }
}
