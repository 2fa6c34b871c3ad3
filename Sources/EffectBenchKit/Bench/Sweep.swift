import Foundation
import TransitionKitCore
import TransitionKitRender

/// Costs of one frame of a sweep (JSON keys in snake_case, see `BenchReport`).
public struct FrameSample: Equatable, Codable, Sendable {

    enum CodingKeys: String, CodingKey {
        case progress = "progress"
        case modelNanoseconds = "model_nanoseconds"
        case renderMilliseconds = "render_milliseconds"
        case modelAllocations = "model_allocations"
        case modelBytes = "model_bytes"
        case renderAllocations = "render_allocations"
        case renderBytes = "render_bytes"
        case damagedFraction = "damaged_fraction"
        case floorMilliseconds = "floor_milliseconds"
        case loweringNanoseconds = "lowering_nanoseconds"
    }
    /// Timeline progress 0...1 of this frame: k ÷ (n − 1) for frame k of n, the fraction of the
    /// transition's duration elapsed (the effect's timing curve is applied after it).
    public var progress: Double
    /// Driver tick plus effect evaluation, nanoseconds.
    public var modelNanoseconds: Double
    /// Presentation-tree snapshot plus compositing, milliseconds.
    public var renderMilliseconds: Double
    /// Heap allocation calls during the model step (0 when `AllocationCounter.isActive` is false).
    public var modelAllocations: Int
    /// Bytes requested by those calls.
    public var modelBytes: Int
    /// Heap allocation calls during the render step.
    public var renderAllocations: Int
    /// Bytes requested by those calls.
    public var renderBytes: Int
    /// In a damage sweep, the fraction 0...1 of the frame's pixels redrawn (`DamageRegion`;
    /// 1 for the first frame, drawn in full); nil in a full-render sweep.
    public var damagedFraction: Double?
    /// The memory floor next to this frame: the fastest of `SweepBuffers.floorCopies` copies of
    /// a frame's bytes between frame-sized buffers (`memcpy`, `SweepBuffers.measureFloor()`),
    /// made right after the frame and not timed into it, milliseconds; nil in a sweep without
    /// rendering.
    public var floorMilliseconds: Double?
    /// In a layer-scene sweep (`run --many-layer`), the work of this frame that grows with the
    /// layer count and not with the pixels: the presentation snapshot plus a render of the same
    /// tree with a 1-pixel damage region (the compositor's walk, projection and culling of every
    /// layer), measured after the frame and not timed into it, nanoseconds; nil otherwise.
    public var loweringNanoseconds: Double?

    /// One frame's costs: `progress` 0...1, model in nanoseconds, render in milliseconds,
    /// allocation calls and bytes of each step.
    public init(
        progress: Double, modelNanoseconds: Double, renderMilliseconds: Double, modelAllocations: Int, modelBytes: Int,
        renderAllocations: Int, renderBytes: Int, damagedFraction: Double? = nil, floorMilliseconds: Double? = nil,
        loweringNanoseconds: Double? = nil
    ) {
        self.damagedFraction = damagedFraction
        self.floorMilliseconds = floorMilliseconds
        self.loweringNanoseconds = loweringNanoseconds
        self.progress = progress
        self.modelNanoseconds = modelNanoseconds
        self.renderMilliseconds = renderMilliseconds
        self.modelAllocations = modelAllocations
        self.modelBytes = modelBytes
        self.renderAllocations = renderAllocations
        self.renderBytes = renderBytes
    }
}

/// One effect and operation swept from progress 0 to 1.
public struct SweepResult: Equatable, Codable, Sendable {
    /// The effect's registry name.
    public var effect: String
    /// `TransitionOperation.rawValue` (push, pop, present, dismiss, tab); followed by " (damage)"
    /// for a damage sweep.
    public var operation: String
    /// The transition's duration in seconds, as the running transition reported it.
    public var transitionDuration: Double
    /// Every frame, in order (at least 2).
    public var frames: [FrameSample]
    /// With `measuresLowering`: the most layers the presentation tree had in a frame (both
    /// screens on stage); nil otherwise.
    public var layers: Int?

    /// A sweep's result; `transitionDuration` in seconds, `frames` in order.
    public init(effect: String, operation: String, transitionDuration: Double, frames: [FrameSample]) {
        self.effect = effect
        self.operation = operation
        self.transitionDuration = transitionDuration
        self.frames = frames
    }
}

extension SweepResult {
    /// Repeated sweeps of one effect and operation folded into one: each frame's model and
    /// render cost is its minimum over the sweeps (the least disturbed measurement of the same
    /// frame), and so are its allocation counts, its memory floor and its lowering cost. Sweeps must have the same frame count.
    /// - Precondition: `sweeps` is not empty and every sweep has as many frames as the first.
    /// - Complexity: O(sweeps × frames).
    public static func perFrameMinimum(_ sweeps: [SweepResult]) -> SweepResult {
        precondition(!sweeps.isEmpty, "perFrameMinimum needs at least one sweep")
        var result = sweeps[0]
        for sweep in sweeps.dropFirst() {
            precondition(sweep.frames.count == result.frames.count, "repeated sweeps must have one frame count")
            for k in result.frames.indices {
                let a = result.frames[k], b = sweep.frames[k]
                result.frames[k] = FrameSample(
                    progress: a.progress, modelNanoseconds: min(a.modelNanoseconds, b.modelNanoseconds),
                    renderMilliseconds: min(a.renderMilliseconds, b.renderMilliseconds),
                    modelAllocations: min(a.modelAllocations, b.modelAllocations), modelBytes: min(a.modelBytes, b.modelBytes),
                    renderAllocations: min(a.renderAllocations, b.renderAllocations), renderBytes: min(a.renderBytes, b.renderBytes),
                    damagedFraction: a.damagedFraction, floorMilliseconds: minimum(a.floorMilliseconds, b.floorMilliseconds),
                    loweringNanoseconds: minimum(a.loweringNanoseconds, b.loweringNanoseconds))
            }
        }
        return result
    }

    /// The smaller of two optional figures; nil only when both are.
    private static func minimum(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The noise between repeated sweeps: (largest − smallest) ÷ smallest of their render p50s
    /// (0.04 = the sweeps' medians differ by 4 %); 0 for one sweep or a zero p50.
    /// - Precondition: `sweeps` is not empty.
    public static func renderP50Spread(_ sweeps: [SweepResult]) -> Double {
        let p50s = sweeps.map { Distribution($0.frames.map(\.renderMilliseconds)).p50 }
        guard let lo = p50s.min(), let hi = p50s.max(), lo > 0 else { return 0 }
        return (hi - lo) / lo
    }
}

/// Runs a transition frame by frame on a manual clock and measures each frame.
///
/// The clock steps by duration/(frames − 1), so frame k shows timeline progress k/(frames − 1)
/// through the effect's own timing curve: exactly what a display would show. Frame 0 includes
/// setting the transition up, the last frame ending it.
@MainActor
public enum Sweep {
    /// `CLOCK_MONOTONIC` in nanoseconds.
    /// - Complexity: O(1), no allocation.
    public static func monotonicNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    /// Sweeps `effect` through `operation` over `frames` frames (2...10000) on `scene`
    /// (`images` are its outgoing and incoming screens, e.g. `DemoScreens.render(size:scale:)`),
    /// compositing with `threads` row bands (1...64) and measuring each frame's model and
    /// render cost and allocations. `keepFrames` gets each rendered frame (index, bitmap).
    /// `buffers` (made for the same scene size and thread count) carries the frame, the
    /// presentation tree and the compositor's pool from one sweep to the next, so sweeps after
    /// a warm-up touch no fresh memory and allocate nothing in steady state; nil makes new ones.
    /// With `renders` false nothing is drawn: each render cost is the time of an empty interval
    /// between two clock reads (tens of nanoseconds), its allocations 0, and the model costs
    /// are each tick's own, without a full-frame render evicting its data from the caches
    /// between ticks.
    /// With `damage`, every frame after the first (drawn in full) is the previous frame's
    /// bitmap with only `DamageRegion(from:to:size:options:)` redrawn
    /// (`Compositor.render(_:into:damage:)`; one region kept for the sweep and rebuilt in place,
    /// `formDamage`); its render cost includes finding the region, and
    /// the result's operation reads "push (damage)".
    /// With `fromLayers`, the outgoing view shows that tree's sublayers live on its background
    /// colour instead of `images.from` (`LayerScene`, the many-layer rows); with
    /// `measuresLowering` (and without `damage`, whose trees it would rewrite), each frame is
    /// followed by `SweepBuffers.measureLowering(of:)`.
    /// Every rendered frame is followed by `SweepBuffers.measureFloor()` (the frame's memory
    /// floor, `FrameSample.floorMilliseconds`) and then by the same render again
    /// (`SweepBuffers.redrawLastFrame`, so the next frame finds the caches as a sweep without
    /// the floor would); neither is timed into the frame.
    /// - Throws: `BenchError` (usage) for `frames` or `threads` out of range, buffers made for
    ///   another size or thread count, or when the stage or frame cannot be made at this size,
    ///   or (failure) when the transition does not finish.
    /// - Complexity: O(frames × pixels).
    public static func run(
        effect: any TransitionEffect, name: String, style: ModalPresentationStyle, operation: TransitionOperation,
        scene: SceneOptions, images: (from: Bitmap, to: Bitmap), frames: Int, threads: Int, buffers given: SweepBuffers? = nil,
        renders: Bool = true, damage: Bool = false, fromLayers: LayerSnapshot? = nil, measuresLowering: Bool = false,
        keepFrames: ((Int, Bitmap) -> Void)? = nil
    ) throws(BenchError) -> SweepResult {
        guard (2...10_000).contains(frames), (1...64).contains(threads) else {
            throw .usage("a sweep needs 2...10000 frames and 1...64 threads, got \(frames) frames and \(threads) threads")
        }
        let stage: TransitionStage
        do {
            try TransitionStage.check(size: scene.size, scale: scene.scale)
            if let fromLayers {
                stage = TransitionStage(
                    operation: operation, size: scene.size, scale: scene.scale, modalPresentationStyle: style,
                    fromContent: { LayerScene.show(fromLayers, in: $0) }, toContent: { LayerScene.fill($0, with: images.to) })
            } else {
                stage = TransitionStage(
                    operation: operation, size: scene.size, scale: scene.scale, modalPresentationStyle: style,
                    fromImage: images.from, toImage: images.to)
            }
        } catch {
            throw BenchError(error)
        }
        let buffers: SweepBuffers
        if let given { buffers = given } else { buffers = try SweepBuffers(scene: scene, threads: threads) }
        guard buffers.scene == scene, buffers.compositor.options.threads == threads else {
            throw .usage("sweep buffers made for another scene or thread count")
        }
        var samples: [FrameSample] = []
        samples.reserveCapacity(frames)
        let animator = effect.makeAnimator(for: operation)
        var duration = 0.0
        var layers: Int?
        for k in 0..<frames {
            let c0 = AllocationCounter.allocations, b0 = AllocationCounter.bytes, t0 = monotonicNanoseconds()
            if k == 0 {
                stage.begin(animator: animator, interactive: false)
                duration = stage.window.transitionQueue.current?.duration ?? 0
            } else if duration > 0 {
                stage.clock.step(by: duration / Double(frames - 1))
            }
            let t1 = monotonicNanoseconds(), c1 = AllocationCounter.allocations, b1 = AllocationCounter.bytes
            let fraction = renders ? buffers.renderFrame(of: stage, damage: damage, first: k == 0) : nil
            let t2 = monotonicNanoseconds(), c2 = AllocationCounter.allocations, b2 = AllocationCounter.bytes
            keepFrames?(k, buffers.bitmap)
            // Between frames, outside the timed intervals: the frame's memory floor, and in a
            // layer sweep the per-layer work (it rewrites the frame's one top-left pixel alike).
            let floor = renders ? buffers.measureFloor() : nil
            // The floor's copies evict the caches a back-to-back sweep would find warm: the
            // same render again, untimed, leaves them as the frame just drawn did.
            if renders { buffers.redrawLastFrame(damage: damage, first: k == 0) }
            let lowering = renders && measuresLowering && !damage ? buffers.measureLowering(of: stage) : nil
            if lowering != nil { layers = max(layers ?? 0, buffers.snapshotLayerCount) }
            samples.append(
                FrameSample(
                    progress: Double(k) / Double(frames - 1), modelNanoseconds: Double(t1 - t0),
                    renderMilliseconds: Double(t2 - t1) / 1e6,
                    modelAllocations: Int(c1 - c0), modelBytes: Int(b1 - b0),
                    renderAllocations: Int(c2 - c1), renderBytes: Int(b2 - b1), damagedFraction: fraction,
                    floorMilliseconds: floor, loweringNanoseconds: lowering))
        }
        stage.clock.runUntilIdle()
        guard stage.completed == true else {
            let reason = stage.refusal.map { "its animator refused: \($0)" } ?? "the effect's animator refused or the stage was not ready"
            throw .failure("\(name) \(operation.rawValue) did not finish (\(reason))")
        }
        let label = damage ? "\(operation.rawValue) (damage)" : operation.rawValue
        var result = SweepResult(effect: name, operation: label, transitionDuration: duration, frames: samples)
        result.layers = layers
        return result
    }
}

/// What a sweep draws into, kept from one sweep to the next (`Sweep.run(…buffers:)`): the
/// frame bitmap, the presentation tree (rewritten in place, `TransitionStage.snapshot(into:)`)
/// and the compositor with its pool of band renderers. Reusing them means the measured sweeps
/// after a warm-up neither fault in fresh pages nor grow scratch buffers: their frames
/// allocate nothing and cost what a running app's frames cost.
@MainActor
public final class SweepBuffers {
    /// The scene these buffers are sized for.
    public let scene: SceneOptions
    /// The compositor (background black, `threads` bands), its pool shared by every sweep.
    public let compositor: Compositor
    /// The last frame rendered, `round(scene.size × scene.scale)` pixels.
    public private(set) var bitmap: Bitmap
    private var snapshot = LayerSnapshot()
    /// The frame before `snapshot` (damage sweeps): the two trees swap every frame, so each is
    /// rewritten in place and never copied on write.
    private var previous = LayerSnapshot()
    /// Rebuilt in place every damage frame (`DamageRegion.formDamage`): its storage is reused.
    private var region = DamageRegion()
    /// What `measureFloor()` copies between: a ring of buffers of as many pixels as `bitmap`'s
    /// storage, together at least twice the last-level cache (`FloorRing.count`), written once
    /// here so that the copies fault in no pages.
    private var floorRing: [[UInt32]]
    /// The ring buffer the next copy reads (it writes the next one).
    private var floorNext = 0
    /// The frame's top-left pixel (`measureLowering(of:)`).
    private let onePixel = DamageRegion(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
    /// Copies per `measureFloor()` call; the fastest is the frame's floor sample.
    nonisolated public static let floorCopies = 2

    /// Buffers for frames of `scene` rendered with at most `threads` row bands (>= 1).
    /// - Throws: `BenchError` (usage) when the frame cannot be made at this size.
    public init(scene: SceneOptions, threads: Int) throws(BenchError) {
        self.scene = scene
        compositor = Compositor(options: RenderOptions(scale: scene.scale, background: .black, threads: max(1, threads)))
        do {
            bitmap = try Bitmap(
                validatingWidth: Int((scene.size.width * scene.scale).rounded()), height: Int((scene.size.height * scene.scale).rounded()))
        } catch {
            throw BenchError(error)
        }
        let count = bitmap.storagePixelCount
        floorRing = (0..<FloorRing.count(frameBytes: count * MemoryLayout<UInt32>.size)).map { _ in
            [UInt32](repeating: 0, count: count)
        }
    }

    /// The memory floor of this frame size now: `floorCopies` `memcpy`s of a frame's bytes
    /// (`Bitmap.storagePixelCount` × 4) from one buffer of the ring to the next, the fastest, in
    /// milliseconds. The ring is larger than the last-level cache, so each copy reads and
    /// writes memory the caches no longer hold, as a full-frame render of two screens (three
    /// frames of data, more than the cache) does: a copy of the frame just drawn would run
    /// from the cache whenever no other process had evicted it (measured on the 2-core EPYC VM,
    /// 32 MB L3, 1179x2556 px: 0.53–1.49 ms between two runs, where the renders moved by at
    /// most 1.26x).
    /// - Complexity: O(pixels); no allocation.
    func measureFloor() -> Double {
        var fastest = Double.infinity
        let bytes = bitmap.storagePixelCount * MemoryLayout<UInt32>.size
        for _ in 0..<Self.floorCopies {
            let from = floorNext, to = (floorNext + 1) % floorRing.count
            floorNext = to
            floorRing[from].withUnsafeBufferPointer { source in
                floorRing[to].withUnsafeMutableBufferPointer { target in
                    let t0 = Sweep.monotonicNanoseconds()
                    memcpy(target.baseAddress!, source.baseAddress!, bytes)
                    fastest = min(fastest, Double(Sweep.monotonicNanoseconds() - t0) / 1e6)
                }
            }
        }
        return fastest
    }

    /// The last `renderFrame(of:damage:first:)` again on the same tree (and, with `damage`, the
    /// same region): the bitmap's bytes do not change (a tree renders to the same pixels every
    /// time; a damage render of the region just drawn rewrites those pixels alike), but the
    /// caches and the compositor's pool are left as that frame left them, so the next timed
    /// frame starts as in a sweep without `measureFloor()`.
    /// - Complexity: one frame's render; no allocation.
    func redrawLastFrame(damage: Bool, first: Bool) {
        if damage && !first {
            compositor.render(snapshot, into: &bitmap, damage: region)
        } else {
            compositor.render(snapshot, into: &bitmap)
        }
    }

    /// Layers in the presentation tree last snapshotted (`LayerScene.count`).
    /// - Complexity: O(layers).
    var snapshotLayerCount: Int { LayerScene.count(snapshot) }

    /// The per-frame work that grows with the layer count and not with the pixels, in
    /// nanoseconds: `stage`'s presentation snapshot plus a render of that tree into the frame's
    /// top-left pixel alone (`Compositor.render(_:into:damage:)` with a 1-pixel region: every
    /// layer walked, projected and culled, one pixel drawn again as it was).
    /// - Complexity: O(layers); no allocation once the tree's shape is steady.
    func measureLowering(of stage: TransitionStage) -> Double {
        let t0 = Sweep.monotonicNanoseconds()
        stage.snapshot(into: &snapshot)
        compositor.render(snapshot, into: &bitmap, damage: onePixel)
        return Double(Sweep.monotonicNanoseconds() - t0)
    }

    /// The presentation snapshot of `stage`'s window, then the compositor into `bitmap`; with
    /// `damage` and not the `first` frame of a sweep, only the region that changed since the
    /// last frame is redrawn.
    /// - Returns: with `damage`, the fraction of the frame's pixels redrawn (1 for a full
    ///   render); nil without.
    /// - Complexity: O(layers + pixels); no allocation once the tree's shape and the pool are
    ///   steady (with `damage` too: the previous tree and the region are kept and rewritten).
    func renderFrame(of stage: TransitionStage, damage: Bool = false, first: Bool = true) -> Double? {
        guard damage else {
            stage.snapshot(into: &snapshot)
            compositor.render(snapshot, into: &bitmap)
            return nil
        }
        swap(&previous, &snapshot)
        stage.snapshot(into: &snapshot)
        guard !first else {
            compositor.render(snapshot, into: &bitmap)
            // Both trees take this sweep's shape now (frame 0, set-up), so the next frames
            // rewrite them in place instead of rebuilding last sweep's end state.
            stage.snapshot(into: &previous)
            return 1
        }
        region.formDamage(from: previous, to: snapshot, size: scene.size, options: compositor.options)
        compositor.render(snapshot, into: &bitmap, damage: region)
        return Double(region.pixelCount) / Double(bitmap.width * bitmap.height)
    }
}
