import CAllocationCounter
import Foundation
import TransitionKitCore
import TransitionKitRender

/// The zero-allocation law's count for compositor frames (`EffectLaws`' `noAllocationPerFrame`),
/// one rule for every render allocation suite: render the first tree once, then every tree into
/// the kept bitmap in a warm-up round; the result is the fewest allocations over three further
/// rounds, counted on the calling thread (`tk_thread_allocation_count`; give the compositor one
/// thread so every band runs here). Only optimised builds over glibc malloc count (`counts`): a
/// debug build allocates temporaries the optimiser removes. CI runs these suites in release
/// with the law suites (`swift test -c release --filter 'LawTests|LawsTests'`).
enum RenderAllocationCount {
    static var counts: Bool {
        #if DEBUG
            false
        #else
            tk_allocation_counter_active() != 0
        #endif
    }

    /// The fewest allocations of a round rendering all of `trees` (frames of `size` points).
    static func fewest(rendering trees: [LayerSnapshot], with compositor: Compositor, size: CGSize) throws -> UInt64 {
        var frame = try compositor.render(trees[0], size: size)
        func round() {
            var k = 0
            while k < trees.count {
                compositor.render(trees[k], into: &frame)
                k += 1
            }
        }
        round()
        var fewest = UInt64.max
        for _ in 0..<3 {
            let before = tk_thread_allocation_count()
            round()
            fewest = min(fewest, tk_thread_allocation_count() - before)
        }
        return fewest
    }
}
