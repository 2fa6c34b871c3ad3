import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// The exactness rule of damage rendering: every frame of every registered effect, composition
/// and operation, redrawn through `DamageRegion(from:to:size:options:)` into the previous
/// frame's pixels, equals its full render byte for byte.
@MainActor
@Suite struct DamageWalkTests {
    /// Walks `name` through every operation it supports, `frames` frames a sweep as
    /// effect-bench's `Sweep` steps them (frame 0 just after the transition began, frame k at
    /// k/(frames − 1) of its duration, then the frame after it ended), each damage-rendered over
    /// the previous one and compared with a full render. Returns the failures and the damaged
    /// fraction of every frame.
    static func walk(
        _ name: String, registry: EffectRegistry, size: CGSize, scale: CGFloat, frames: Int
    ) throws -> (failures: [String], fractions: [Double]) {
        guard let entry = registry.entry(named: name) else { return (["\(name) is not registered"], []) }
        let images = try DemoScreens.render(size: size, scale: scale)
        var failures: [String] = []
        var fractions: [Double] = []
        for op in entry.supportedOperations {
            let stage = TransitionStage(
                operation: op, size: size, scale: scale, modalPresentationStyle: entry.modalPresentationStyle,
                fromImage: images.from, toImage: images.to)
            let compositor = Compositor(options: RenderOptions(scale: scale))
            var previous = stage.snapshot()
            var frame = try compositor.render(previous, size: size)
            stage.begin(animator: try registry.makeEffect(named: name).makeAnimator(for: op), interactive: false)
            let duration = stage.window.transitionQueue.current?.duration ?? 0
            for k in 0...frames {
                if k == frames {
                    stage.clock.runUntilIdle()
                } else if k > 0 {
                    stage.clock.step(by: duration / Double(frames - 1))
                }
                let tree = stage.snapshot()
                let damage = DamageRegion(from: previous, to: tree, size: size, options: compositor.options)
                compositor.render(tree, into: &frame, damage: damage)
                let full = try compositor.render(tree, size: size)
                fractions.append(Double(damage.pixelCount) / Double(full.width * full.height))
                if frame != full {
                    var differing = 0
                    for y in 0..<full.height {
                        for x in 0..<full.width where frame.pixel(x: x, y: y) != full.pixel(x: x, y: y) { differing += 1 }
                    }
                    failures.append("\(name) \(op.rawValue) frame \(k) at scale \(scale): \(differing) pixels differ from the full render")
                    frame = full
                }
                previous = tree
            }
        }
        return (failures, fractions)
    }

    @Test func everyFrameOfEveryEffectEqualsTheFullRender() throws {
        let registry = try EffectBench.registry(effects: [])
        #expect(registry.names.contains("radial+fade"))
        var failures: [String] = []
        var walked = 0
        for name in registry.names {
            let result = try Self.walk(name, registry: registry, size: CGSize(width: 130, height: 284), scale: 1, frames: 24)
            failures += result.failures
            walked += result.fractions.count
        }
        // 39 operations (see `CommandTests`), 25 frames each.
        #expect(walked == 39 * 25)
        #expect(failures.isEmpty, "\(failures.count) frames differ: \(failures.prefix(5))")
    }

    @Test func radialAtScale3EqualsTheFullRenderAndRedrawsLittle() throws {
        let registry = try EffectBench.registry(effects: [])
        let result = try Self.walk("radial", registry: registry, size: CGSize(width: 130, height: 284), scale: 3, frames: 24)
        #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
        // The reveal's frames in the middle of a sweep redraw a ring: under half of the frame.
        let middle = result.fractions.sorted()[result.fractions.count / 2]
        #expect(middle < 0.5, "median damaged fraction \(middle)")
    }
}
