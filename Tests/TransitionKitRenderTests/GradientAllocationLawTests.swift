import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The zero-allocation law (`EffectLaws`' `noAllocationPerFrame`) for gradient frames: once a
/// compositor has rendered a frame, rendering frames with gradients into a kept bitmap
/// allocates nothing, also when the gradient changes from frame to frame (the ramp is rebuilt
/// in the plan slot's kept storage, `GradientPlan`). Counted on the calling thread
/// (`tk_thread_allocation_count`), fewest over rounds after a warm-up round, one thread so
/// every band runs here. Only optimised builds are counted (a debug build allocates
/// temporaries the optimiser removes) over glibc malloc; elsewhere the test is skipped.
/// CI runs it in release with the law suites (`swift test -c release --filter 'LawTests|LawsTests'`).
@Suite struct GradientAllocationLawTests {

    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func gradientFramesAfterTheFirstAllocateNothing() throws {
        let size = CGSize(width: 120, height: 90)
        func tree(_ k: Int) -> LayerSnapshot {
            let f = CGFloat(k) / 8
            let types: [GradientType] = [.axial, .radial, .conic]
            let cards = types.enumerated().map { i, type in
                LayerSnapshot {
                    $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
                    $0.position = CGPoint(x: 30 + 30 * CGFloat(i) + 4 * f, y: 30 + 15 * CGFloat(i))
                    $0.cornerRadius = 8
                    $0.opacity = i == 1 ? 0.7 : 1
                    $0.gradient = Gradient(
                        colors: [Color(red: f, green: 0.2, blue: 1 - f), .white, Color(red: 0, green: 0, blue: 0, alpha: 0.5)],
                        locations: [0, 0.3 + 0.2 * Double(f), 1], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: f), type: type)
                }
            }
            return LayerSnapshot(sublayers: cards) {
                $0.bounds = CGRect(origin: .zero, size: size)
                $0.position = CGPoint(x: 60, y: 45)
                $0.backgroundColor = .black
            }
        }
        // The trees are made first: only the renders are counted.
        let trees = (0..<8).map(tree)
        let compositor = Compositor(options: RenderOptions(scale: 2))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: size)
        #expect(fewest == 0, "\(fewest) allocations per \(trees.count) gradient frames")
    }
}
