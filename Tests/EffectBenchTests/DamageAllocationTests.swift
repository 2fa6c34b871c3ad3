import CAllocationCounter
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// A steady damage sweep allocates nothing: the region rebuilt in place
/// (`DamageRegion.formDamage(from:to:size:options:)`) and the damage render
/// (`Compositor.render(_:into:damage:)`, its band renderers and offscreen planes kept across
/// frames whose bands differ) reuse their storage once one sweep has grown it.
@MainActor
@Suite struct DamageAllocationTests {
    /// The calling thread's allocations (`tk_thread_allocation_count`) while the radial reveal's
    /// frames are damage-rendered one after the other, fewest over a few sweeps after a warm-up
    /// sweep (as the zero-allocation law of `EffectLaws` counts). The trees are taken first, so
    /// only the region and the render are counted; one thread, so every band runs on this one.
    /// Where the counting wrappers are not malloc (not glibc), nothing can be counted; a debug
    /// build allocates in unspecialised generic code and closures of its own, so the count is
    /// that of optimised builds (`swift test -c release`, effect-bench's allocation column).
    /// Elsewhere the test is reported as skipped, not as passed.
    @Test(
        .enabled(if: MachineInfo.isOptimized && tk_allocation_counter_active() != 0, "counts only in optimised builds over glibc malloc"),
        arguments: [TransitionOperation.push, .pop])
    func aSteadyRadialDamageSweepAllocatesNothing(operation: TransitionOperation) throws {
        let size = CGSize(width: 130, height: 284), scale: CGFloat = 3
        let registry = try EffectBench.registry(effects: [])
        let images = try DemoScreens.render(size: size, scale: scale)
        let stage = TransitionStage(
            operation: operation, size: size, scale: scale, modalPresentationStyle: .fullScreen,
            fromImage: images.from, toImage: images.to)
        var trees = [stage.snapshot()]
        stage.begin(animator: try registry.makeEffect(named: "radial").makeAnimator(for: operation), interactive: false)
        let duration = stage.window.transitionQueue.current?.duration ?? 0
        let frames = 24
        for _ in 0..<frames {
            stage.clock.step(by: duration / Double(frames - 1))
            trees.append(stage.snapshot())
        }
        let compositor = Compositor(options: RenderOptions(scale: scale))
        var frame = try compositor.render(trees[0], size: size)
        var region = DamageRegion()
        var damaged = 0
        // Indexed loop: in a debug build `for tree in trees` allocates on every iteration itself.
        func sweep() {
            compositor.render(trees[0], into: &frame)
            var k = 1
            while k < trees.count {
                region.formDamage(from: trees[k - 1], to: trees[k], size: size, options: compositor.options)
                compositor.render(trees[k], into: &frame, damage: region)
                damaged += region.pixelCount
                k += 1
            }
        }
        sweep()
        var fewest = UInt64.max
        for _ in 0..<3 {
            let before = tk_thread_allocation_count()
            sweep()
            fewest = min(fewest, tk_thread_allocation_count() - before)
        }
        #expect(damaged > 0, "the sweep redrew nothing")
        #expect(fewest == 0, "\(fewest) allocations per sweep of \(frames) damage frames")
        // The sweep ends on the last frame's full render.
        #expect(frame == (try compositor.render(trees[trees.count - 1], size: size)))
    }
}
