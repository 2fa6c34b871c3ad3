import CAllocationCounter
import Foundation
import TransitionKitCore
import TransitionKitRender

/// Costs of one frame of a sweep.
struct FrameSample: Equatable, Codable {

    enum CodingKeys: String, CodingKey {
        case progress = "progress"
        case modelNanoseconds = "model_nanoseconds"
        case renderMilliseconds = "render_milliseconds"
        case modelAllocations = "model_allocations"
        case modelBytes = "model_bytes"
        case renderAllocations = "render_allocations"
        case renderBytes = "render_bytes"
    }
    /// Timeline progress 0...1 of this frame.
    var progress: Double
    /// Driver tick plus effect evaluation, nanoseconds.
    var modelNanoseconds: Double
    /// Presentation-tree snapshot plus compositing, milliseconds.
    var renderMilliseconds: Double
    var modelAllocations: Int
    var modelBytes: Int
    var renderAllocations: Int
    var renderBytes: Int
}

/// One effect and operation swept from progress 0 to 1.
struct SweepResult: Equatable, Codable {
    var effect: String
    var operation: String
    var transitionDuration: Double
    var frames: [FrameSample]
}

/// Runs a transition frame by frame on a manual clock and measures each frame.
///
/// The clock steps by duration/(frames − 1), so frame k shows timeline progress k/(frames − 1)
/// through the effect's own timing curve: exactly what a display would show. Frame 0 includes
/// setting the transition up, the last frame ending it.
@MainActor
enum Sweep {
    static func monotonicNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    static func run(
        effect: any TransitionEffect, name: String, style: ModalPresentationStyle, operation: TransitionOperation,
        scene: SceneOptions, images: (from: Bitmap, to: Bitmap), frames: Int, threads: Int,
        keepFrames: ((Int, Bitmap) -> Void)? = nil
    ) throws(BenchError) -> SweepResult {
        let stage: TransitionStage
        do {
            stage = try TransitionStage(
                operation: operation, size: scene.size, scale: scene.scale, modalPresentationStyle: style,
                fromImage: images.from, toImage: images.to)
        } catch {
            throw BenchError(error)
        }
        let compositor = Compositor(options: RenderOptions(scale: scene.scale, background: .black, threads: threads))
        var bitmap: Bitmap
        do {
            bitmap = try Bitmap(width: Int((scene.size.width * scene.scale).rounded()), height: Int((scene.size.height * scene.scale).rounded()))
        } catch {
            throw BenchError(error)
        }
        var samples: [FrameSample] = []
        samples.reserveCapacity(frames)
        let animator = effect.makeAnimator(for: operation)
        var duration = 0.0
        for k in 0..<frames {
            let c0 = tk_allocation_count(), b0 = tk_allocation_bytes(), t0 = monotonicNanoseconds()
            if k == 0 {
                stage.begin(animator: animator, interactive: false)
                duration = stage.window.transitionQueue.current?.duration ?? 0
            } else if duration > 0 {
                stage.clock.step(by: duration / Double(frames - 1))
            }
            let t1 = monotonicNanoseconds(), c1 = tk_allocation_count(), b1 = tk_allocation_bytes()
            let snapshot = stage.snapshot()
            compositor.render(snapshot, into: &bitmap)
            let t2 = monotonicNanoseconds(), c2 = tk_allocation_count(), b2 = tk_allocation_bytes()
            keepFrames?(k, bitmap)
            samples.append(
                FrameSample(
                    progress: Double(k) / Double(frames - 1), modelNanoseconds: Double(t1 - t0),
                    renderMilliseconds: Double(t2 - t1) / 1e6,
                    modelAllocations: Int(c1 - c0), modelBytes: Int(b1 - b0),
                    renderAllocations: Int(c2 - c1), renderBytes: Int(b2 - b1)))
        }
        stage.clock.runUntilIdle()
        guard stage.completed == true else {
            throw .failure("\(name) \(operation.rawValue) did not finish (the effect's animator refused or the stage was not ready)")
        }
        return SweepResult(effect: name, operation: operation.rawValue, transitionDuration: duration, frames: samples)
    }
}
