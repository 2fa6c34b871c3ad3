import Foundation
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// One seeded case of the render fuzz tests: its seed (to name a failure), its generator (for
/// the case's further choices), a frame size in points, a scale and a random layer tree
/// (`RandomLayerTree`, moderate coordinates).
struct RandomTreeCase {
    let seed: UInt64
    var g: SplitMix64
    let size: CGSize
    let scale: CGFloat
    let root: LayerSnapshot

    /// Runs `body` on `TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault:)` cases
    /// seeded from `TestBudget.seed(fallback:)` (SplitMix64 case seeds), each a frame of
    /// `sides` points a side (default 1...64) at scale 1, 2 or 3 holding a random tree,
    /// skipping trees deeper than `maximumDepth` (default the snapshot's limit; less for a tree the
    /// case nests) or with coordinates of 1e9 or more (as the band
    /// check in `CompositorFuzzTests`). `body` returns a failure's description or nil.
    /// - Returns: the case count, the cases checked and the failures, each prefixed by its
    ///   case seed in hex.
    static func run(
        ciDefault: Int, fallbackSeed: UInt64,
        sides: ClosedRange<Int> = 1...64,
        maximumDepth: Int = LayerSnapshot.maximumDepth, _ body: (inout RandomTreeCase) throws -> String?
    ) rethrows -> (count: Int, checked: Int, failures: [String]) {
        let count = TestBudget.count("TRANSITIONKIT_RENDER_FUZZ_CASES", ciDefault: ciDefault)
        let runSeed = TestBudget.seed(fallback: fallbackSeed)
        var failures: [String] = []
        var checked = 0
        for index in 0..<count {
            let seed = TestBudget.caseSeed(run: runSeed, index: index)
            var g = SplitMix64(seed: seed)
            let frame = CGSize(width: sides.lowerBound + g.index(sides.count), height: sides.lowerBound + g.index(sides.count))
            let scale = g.pick([1, 2, 3] as [CGFloat])
            var trees = RandomLayerTree(seed: g.next(), size: frame, extreme: false)
            let root = trees.tree()
            guard root.depth <= maximumDepth, CompositorFuzzTests.magnitude(root, parent: .identity) < 1e9 else { continue }
            var c = RandomTreeCase(seed: seed, g: g, size: frame, scale: scale, root: root)
            checked += 1
            if let failure = try body(&c) { failures.append("case seed 0x\(String(seed, radix: 16)): \(failure)") }
        }
        return (count, checked, failures)
    }
}
