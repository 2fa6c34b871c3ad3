import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The zero-allocation law (`EffectLaws`' `noAllocationPerFrame`) for blurred frames: once a
/// compositor has rendered the frames, rendering frames with a layer blur into a kept bitmap
/// allocates nothing while the radius animates from 0 to 20 pt (the exact kernel, full
/// resolution boxes and reduced resolutions all reached at scale 3; the blur's memory kept in
/// the band renderer, `BlurScratch`). Counted as `GradientAllocationLawTests` counts: on the
/// calling thread, fewest over rounds after a warm-up round, optimised builds over glibc malloc
/// only. CI runs it in release with the law suites.
@Suite struct BlurAllocationLawTests {
    @Test(.enabled(if: RenderAllocationCount.counts, "counts only in optimised builds over glibc malloc"))
    func blurredFramesAfterTheFirstAllocateNothing() throws {
        let size = CGSize(width: 120, height: 90)
        let image = Bitmap(width: 60, height: 45, fill: RGBA8(r: 200, g: 40, b: 90, a: 255))
        func tree(_ k: Int) -> LayerSnapshot {
            let radius = 20 * CGFloat(k) / 11
            let photo = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 60, height: 45)
                $0.position = CGPoint(x: 40, y: 30)
                $0.contents = image
            }
            let card = LayerSnapshot(sublayers: [photo]) {
                $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 70)
                $0.position = CGPoint(x: 60, y: 45)
                $0.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
                $0.cornerRadius = 10
                $0.opacity = k % 2 == 0 ? 1 : 0.8
                $0.filters = [.gaussianBlur(radius: radius)]
            }
            return LayerSnapshot(sublayers: [card]) {
                $0.bounds = CGRect(origin: .zero, size: size)
                $0.position = CGPoint(x: 60, y: 45)
                $0.backgroundColor = .black
            }
        }
        // Radii 0, 1.8, …, 20 pt: σ 0 to 60 px.
        let trees = (0..<12).map(tree)
        let compositor = Compositor(options: RenderOptions(scale: 3))
        let fewest = try RenderAllocationCount.fewest(rendering: trees, with: compositor, size: size)
        #expect(fewest == 0, "\(fewest) allocations per \(trees.count) blurred frames")
    }
}
