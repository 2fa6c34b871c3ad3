import CAllocationCounter
import Foundation
import TransitionKitCore

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

    /// Whether `CAllocationCounter` counts this process's allocations (its wrappers replaced
    /// `malloc`; Linux with glibc). Elsewhere `Law.noAllocationPerFrame` is not checked.
    public static var allocationCounterIsActive: Bool { tk_allocation_counter_active() != 0 }

    /// `Law.noAllocationPerFrame` for one operation: the effect's animator is prepared on an
    /// interactive stage, warmed up with one round, then `updateTransition` is called directly
    /// `framesPerRound` times per round with progress values spread over 0...1.
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
        // Indexed loops: in a debug build `for p in array` allocates on every iteration itself.
        func playRound() {
            var i = 0
            while i < progresses.count {
                animator.updateTransition(progress: progresses[i], using: context)
                i += 1
            }
        }
        playRound()
        var fewest = UInt64.max
        for _ in 0..<allocationRounds {
            let before = tk_thread_allocation_count()
            playRound()
            let after = tk_thread_allocation_count()
            fewest = min(fewest, after - before)
            if fewest == 0 { return }
        }
        log.add("updateTransition allocated in every round: at least \(fewest) allocations per \(framesPerRound) frames")
    }
}
