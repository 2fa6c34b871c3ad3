import Foundation
import TransitionKitCore

/// An animator that forwards everything to an effect's animator and lets a law look in: it
/// keeps the transition's context (for calling `updateTransition` directly), can change the
/// container just before the effect prepares (to take a view out), and records the ends it
/// heard. (What `prepareTransition` threw is the stage's `TransitionStage.refusal`.)
@MainActor
final class ProbeAnimator: AnimatedTransitioning {
    let inner: any AnimatedTransitioning
    let beforePrepare: (@MainActor (any ContextTransitioning) -> Void)?
    private(set) var context: (any ContextTransitioning)?
    private(set) var ended: [Bool] = []

    init(_ inner: any AnimatedTransitioning, beforePrepare: (@MainActor (any ContextTransitioning) -> Void)? = nil) {
        self.inner = inner
        self.beforePrepare = beforePrepare
    }

    var timingCurve: TimingCurve { inner.timingCurve }

    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { inner.transitionDuration(using: context) }

    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        self.context = context
        beforePrepare?(context)
        try inner.prepareTransition(using: context)
    }

    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        inner.updateTransition(progress: progress, using: context)
    }

    func finalizeTransition(using context: any ContextTransitioning) { inner.finalizeTransition(using: context) }

    func animationEnded(_ transitionCompleted: Bool) {
        ended.append(transitionCompleted)
        context = nil
        inner.animationEnded(transitionCompleted)
    }
}
