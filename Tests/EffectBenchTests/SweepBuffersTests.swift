import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// What the sweeps of `effect-bench run` share: the buffers kept from sweep to sweep, the
/// built-in screens sized to the view they fill, and the fold of a model-only sweep.
@MainActor
@Suite struct SweepBuffersTests {
    static let scene = SceneOptions(size: CGSize(width: 40, height: 80), scale: 2)

    /// One sweep of `name` at `scene`, keeping its frames' bytes.
    func frames(_ name: String, operation: TransitionOperation = .push, buffers: SweepBuffers?, renders: Bool = true) throws
        -> (result: SweepResult, frames: [[UInt8]])
    {
        let effect = try EffectBench.registry(effects: []).makeEffect(named: name)
        let images = try SceneImages.load(Self.scene, for: operation)
        var kept: [[UInt8]] = []
        let result = try Sweep.run(
            effect: effect, name: name, style: .fullScreen, operation: operation, scene: Self.scene, images: images,
            frames: 5, threads: 1, buffers: buffers, renders: renders, keepFrames: { _, bitmap in kept.append(bitmap.packedBytes) })
        return (result, kept)
    }

    /// Buffers kept across sweeps draw the same frames as fresh ones: a radial sweep after a
    /// fade sweep in the same buffers equals a radial sweep in new buffers, byte for byte.
    @Test func keptBuffersDrawWhatFreshBuffersDraw() throws {
        let buffers = try SweepBuffers(scene: Self.scene, threads: 1)
        _ = try frames("fade", buffers: buffers)
        let reused = try frames("radial", buffers: buffers).frames
        let fresh = try frames("radial", buffers: nil).frames
        #expect(reused.count == 5)
        #expect(reused == fresh)
        // The kept frame is the scene's size in pixels: 40x80 pt at scale 2.
        #expect(buffers.bitmap.width == 80 && buffers.bitmap.height == 160)
    }

    /// Buffers made for another scene or thread count are refused with a usage error.
    @Test func buffersOfAnotherSceneAreRefused() throws {
        let other = try SweepBuffers(scene: SceneOptions(size: CGSize(width: 41, height: 80), scale: 2), threads: 1)
        #expect(throws: BenchError.self) { _ = try frames("radial", buffers: other) }
        let twoThreads = try SweepBuffers(scene: Self.scene, threads: 2)
        #expect(throws: BenchError.self) { _ = try frames("radial", buffers: twoThreads) }
    }

    /// A sweep without rendering draws nothing: the kept frame stays as the buffers hold it
    /// (all zero, never drawn) and no frame allocates a render.
    @Test func aModelOnlySweepDrawsNothing() throws {
        let buffers = try SweepBuffers(scene: Self.scene, threads: 1)
        let run = try frames("radial", buffers: buffers, renders: false)
        #expect(run.frames.count == 5)
        #expect(run.frames.allSatisfy { $0.allSatisfy { $0 == 0 } })
        #expect(run.result.frames.allSatisfy { $0.renderAllocations == 0 && $0.renderBytes == 0 })
    }

    /// The built-in screens fill the view they are shown in: the whole scene (393x852 pt at
    /// scale 3 = 1179x2556 px), or for a tab switch the content area above UIKit's 49 pt tab
    /// bar (`TabBar.height`): 852 − 49 = 803 pt = 2409 px.
    @Test func tabScreensAreTheContentAreaAboveTheBar() throws {
        let scene = SceneOptions()
        let push = try SceneImages.load(scene, for: .push), tab = try SceneImages.load(scene, for: .tab)
        let pushSizes: [Int] = [push.from.width, push.from.height, push.to.width, push.to.height]
        #expect(pushSizes == [1179, 2556, 1179, 2556])
        let tabSizes: [Int] = [tab.from.width, tab.from.height, tab.to.width, tab.to.height]
        #expect(tabSizes == [1179, 2409, 1179, 2409])
    }
}
