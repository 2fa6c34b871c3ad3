import CAllocationCounter
import Foundation
import TransitionKitCore
import TransitionKitRender

extension EffectLaws {
    /// Frames per measured round of `Law.noAllocationPerFrame`.
    static let framesPerRound = 16
    /// Rounds tried before the law fails. The count is the calling thread's
    /// (`tk_thread_allocation_count`), so tests running in parallel on other threads do not
    /// add to it; one round of `framesPerRound` frames without any allocation proves the
    /// effect's frames allocate nothing, while an effect that allocates at least once per
    /// `framesPerRound` frames fails every round. More than one round only guards against a
    /// one-off allocation of the runtime on this thread (a lazily grown cache).
    static let allocationRounds = 20
    /// Rounds that also render (after a rendered warm-up round), in an optimized build only:
    /// unoptimized code allocates temporaries the optimizer removes (about 550 per frame in
    /// the compositor of a debug build), so a debug build checks the model step alone.
    #if DEBUG
        static let renderedRounds = 0
    #else
        static let renderedRounds = 2
    #endif
    /// The frames are rendered at this fraction of the scene's scale: the compositor's
    /// allocations depend on the tree and the band, not on the pixel count, and a render of a
    /// quarter of the pixels keeps the law's rendered rounds fast.
    static let renderScaleFactor: CGFloat = 0.5

    /// Whether `CAllocationCounter` counts this process's allocations (its wrappers replaced
    /// `malloc`; Linux with glibc). Elsewhere `Law.noAllocationPerFrame` is not checked.
    public static var allocationCounterIsActive: Bool { tk_allocation_counter_active() != 0 }

    /// `Law.noAllocationPerFrame` for one operation: the effect's animator is prepared on an
    /// interactive stage, warmed up with one round, then each frame of a round calls
    /// `updateTransition` directly (progress values spread over 0...1) and renders the frame
    /// the way a display loop does: the window's snapshot written into one kept
    /// `LayerSnapshot` (`TransitionStage.snapshot(into:)`) and composited into one kept bitmap.
    /// The model and the render step are counted apart, so a violation names the step.
    @MainActor
    static func checkNoAllocation<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        guard allocationCounterIsActive else {
            #if os(Linux)
                log.add("the allocation counter is not active (CAllocationCounter is not this process's malloc)")
            #endif
            return
        }
        let stage = try scene.makeStage(operation, modalPresentationStyle: style)
        let probe = ProbeAnimator(effect.makeAnimator(for: operation))
        stage.begin(animator: probe, interactive: true)
        stage.setProgress(0.25)
        guard let context = probe.context else { return log.add("the transition did not start") }
        defer { stage.end(finish: false) }
        let animator = probe.inner
        let progresses = (0..<framesPerRound).map { CGFloat($0) / CGFloat(framesPerRound - 1) }
        let scale = scene.scale * renderScaleFactor
        let compositor = Compositor(options: RenderOptions(scale: scale))
        var snapshot = LayerSnapshot()
        var bitmap = try Bitmap(validatingWidth: Int((scene.size.width * scale).rounded()), height: Int((scene.size.height * scale).rounded()))
        // Indexed loops: in a debug build `for p in array` allocates on every iteration itself.
        func playRound(rendering: Bool) -> (model: UInt64, render: UInt64) {
            var model: UInt64 = 0, render: UInt64 = 0
            var i = 0
            while i < progresses.count {
                let c0 = tk_thread_allocation_count()
                animator.updateTransition(progress: progresses[i], using: context)
                let c1 = tk_thread_allocation_count()
                if rendering {
                    stage.snapshot(into: &snapshot)
                    compositor.render(snapshot, into: &bitmap)
                }
                render += tk_thread_allocation_count() - c1
                model += c1 - c0
                i += 1
            }
            return (model, render)
        }
        _ = playRound(rendering: renderedRounds > 0)
        // The render count's minimum is over the rendered rounds only (later rounds keep it).
        var fewest = (model: UInt64.max, render: renderedRounds > 0 ? UInt64.max : 0)
        for round in 0..<allocationRounds {
            let counts = playRound(rendering: round < renderedRounds)
            fewest = (min(fewest.model, counts.model), round < renderedRounds ? min(fewest.render, counts.render) : fewest.render)
            if fewest == (0, 0) { return }
        }
        if fewest.model > 0 {
            log.add("updateTransition allocated in every round: at least \(fewest.model) allocations per \(framesPerRound) frames")
        }
        if fewest.render > 0 {
            log.add(
                "rendering the frame (snapshot(into:) and Compositor.render(_:into:)) allocated in every round: at least "
                    + "\(fewest.render) allocations per \(framesPerRound) frames")
        }
    }
}
