import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The zero-allocation law (`EffectLaws`' `noAllocationPerFrame`) for shadowed cards, the case a
/// newcomer's card effect found allocating: a rounded card whose `cornerRadius`, `borderWidth`
/// and `shadowOpacity` change every frame, and one whose shadow comes from a constant rounded
/// `shadowPath`. Their outlines have more than 20 vertices, which the standard library's sort
/// (a merge sort with a scratch buffer) allocated for on every frame (fixed: a heapsort);
/// other buffers still grow every frame (the known issue below). Counted as
/// `GradientAllocationLawTests` counts: calling thread, fewest over rounds after a warm-up,
/// one thread, optimised builds over glibc malloc only (CI runs it in release with the law
/// suites).
@Suite struct ShadowAllocationLawTests {

    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func roundedShadowedCardFramesAfterTheFirstAllocateNothing() throws {
        let size = CGSize(width: 160, height: 240)
        func tree(_ k: Int) -> LayerSnapshot {
            let f = CGFloat(k) / 7
            let card = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 120, height: 160)
                $0.position = CGPoint(x: 80, y: 200 - 80 * f)
                $0.backgroundColor = .white
                $0.cornerRadius = 16 * f
                $0.cornerCurve = k.isMultiple(of: 2) ? .continuous : .circular
                $0.borderWidth = 2 * f
                $0.borderColor = Color(red: 0.2, green: 0.4, blue: 1)
                $0.shadowOpacity = Float(0.35 * f)
                $0.shadowRadius = 12
            }
            let pathCard = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
                $0.position = CGPoint(x: 40 + 10 * f, y: 50)
                $0.backgroundColor = .white
                $0.shadowOpacity = Float(0.2 + 0.3 * f)
                $0.shadowPath = .roundedRect(CGRect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 12)
            }
            return LayerSnapshot(sublayers: [card, pathCard]) {
                $0.bounds = CGRect(origin: .zero, size: size)
                $0.position = CGPoint(x: 80, y: 120)
                $0.backgroundColor = .black
            }
        }
        let trees = (0..<8).map(tree)
        let compositor = Compositor(options: RenderOptions(scale: 3))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: size)
        // Known issue, measured in release on 2026-12-07: 33 allocations per 8 frames. perf
        // (uprobe on malloc) puts them where per-frame buffers grow again every frame instead of
        // keeping their capacity: ShadowPlan.addSlab's slab intervals, the rounded border
        // outline's flattening (LayerPixelGeometry.borderOutline), CoverageRasterizer.fill,
        // Projection.map. The sort that allocated for more than 20 outline vertices is fixed.
        withKnownIssue("shadowed rounded cards with a changing outline allocate per frame") {
            #expect(fewest == 0, "\(fewest) allocations per \(trees.count) shadowed-card frames")
        }
    }
}
