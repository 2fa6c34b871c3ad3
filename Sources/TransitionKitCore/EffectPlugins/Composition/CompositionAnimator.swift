import Foundation

/// The part of the timeline one part of a composition runs over: progress `start` to
/// `start + length` of the composition (0...1) maps to the part's 0...1.
struct ProgressWindow: Sendable, Hashable {
    /// Where the part starts, 0...1 of the composition's progress.
    var start: CGFloat
    /// How much of the composition's progress it runs over, 0...1 − `start`.
    var length: CGFloat

    /// The whole timeline: the part sees the composition's progress itself, overshoot included.
    static let whole = ProgressWindow(start: 0, length: 1)

    /// The window of item `k` of a stagger (0 = the transition, 1…`count` the subviews) with
    /// `delay` between items (a fraction of one item's run): length 1 ÷ (1 + count·delay),
    /// start k·delay·length, so the last item ends at 1.
    static func staggered(_ k: Int, of count: Int, delay: CGFloat) -> ProgressWindow {
        let length = 1 / (1 + CGFloat(count) * delay)
        return ProgressWindow(start: CGFloat(k) * delay * length, length: length)
    }

    /// The part's progress at the composition's `progress`: (progress − start) ÷ length,
    /// clamped to 0...1 (the part holds its start state before its window and its end state
    /// after it); unclamped for the whole timeline; a window of no length jumps from 0 to 1
    /// at `start`.
    /// - Complexity: O(1).
    func local(_ progress: CGFloat) -> CGFloat {
        if self == .whole { return progress }
        guard length > 0 else { return progress < start ? 0 : 1 }
        return min(1, max(0, (progress - start) / length))
    }
}

/// The animator of a parallel or sequential composition: two part animators on one
/// timeline, each seeing its window of the progress, their writes combined by rule.
///
/// Preparing runs both parts' `prepareTransition` in order, then probes each part's
/// `updateTransition` alone at a few progress values (from the prepared state, restored after
/// each probe) to learn which layer properties each sets. A property both set on every frame
/// is combined when it is the opacity (the product of the parts' opacities divided by the
/// layer's own, i.e. each part's opacity a factor of the layer's) or the transform (T₀ · Π
/// (T₀⁻¹ · Tᵢ) with T₀ the layer's own transform: Tₐ then T_b when T₀ is the identity,
/// `CATransform3DConcat` order); any other property set by both, in prepare or per frame, is
/// an `EffectConflict` and `prepareTransition` throws `TransitionKitError.effectConflict`.
@MainActor
final class CompositionAnimator: AnimatedTransitioning {
    /// One part: its registry name (for conflicts), animator and window.
    struct Part {
        let name: String
        let animator: any AnimatedTransitioning
        let window: ProgressWindow
    }

    /// How the composition's duration follows from its parts' durations.
    enum DurationRule {
        /// The longer part's (parallel).
        case longest
        /// The sum (sequence: one after the other).
        case sum
    }

    /// A property both parts set per frame, combined by rule.
    @MainActor
    private struct Shared {
        let layer: Layer
        let isOpacity: Bool
        let baseOpacity: Float
        let baseTransform: Transform3D
        let baseTransformInverse: Transform3D
        var firstOpacity: Float = 1
        var firstTransform: Transform3D = .identity

        func reset() {
            if isOpacity { layer.opacity = baseOpacity } else { layer.transform = baseTransform }
        }

        mutating func captureFirst() {
            if isOpacity { firstOpacity = layer.opacity } else { firstTransform = layer.transform }
        }

        /// Writes the combination of the first part's value and the second's (now in the layer).
        func combineWithSecond() {
            if isOpacity {
                let second = layer.opacity
                layer.opacity = baseOpacity == 0 ? firstOpacity * second : firstOpacity * second / baseOpacity
            } else {
                layer.transform = firstTransform.concatenating(baseTransformInverse).concatenating(layer.transform)
            }
        }
    }

    let first: Part
    let second: Part
    let durationRule: DurationRule
    /// Progress values at which each part is probed alone while preparing (0 and 1 alone miss
    /// properties an effect sets to the layer's own value there).
    static let probeProgress: [CGFloat] = [0, 0.3, 0.7, 1]
    private var shared: [Shared] = []

    init(first: Part, second: Part, durationRule: DurationRule) {
        self.first = first
        self.second = second
        self.durationRule = durationRule
    }

    /// The parts' durations combined by the rule: the longer (parallel) or the sum (sequence).
    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval {
        let a = first.animator.transitionDuration(using: context), b = second.animator.transitionDuration(using: context)
        switch durationRule {
        case .longest: return max(a, b)
        case .sum: return a + b
        }
    }

    /// The first part's curve, applied to the whole timeline.
    var timingCurve: TimingCurve { first.animator.timingCurve }

    /// Prepares both parts, finds what each sets and checks that only opacity and transform
    /// are set by both.
    /// - Throws: what a part's prepare throws; `TransitionKitError.effectConflict` for a
    ///   property both set (the driver then restores everything, stack unchanged).
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        let root = context.containerView.layer
        let beforeFirst = LayerTreeState(root)
        try first.animator.prepareTransition(using: context)
        var firstWrites = beforeFirst.writes()
        let beforeSecond = LayerTreeState(root)
        try second.animator.prepareTransition(using: context)
        var secondWrites = beforeSecond.writes()
        let prepareConflicts = Self.common(firstWrites, secondWrites)
        if let w = prepareConflicts.first { throw .effectConflict(conflict(w, context)) }

        let prepared = LayerRestorePoint(capturing: [context.containerView])
        let base = LayerTreeState(root)
        func probe(_ part: Part) -> [LayerWrite] {
            var writes: [LayerWrite] = []
            for p in Self.probeProgress {
                part.animator.updateTransition(progress: p, using: context)
                writes.formUnion(base.writes())
                prepared.restore()
            }
            return writes
        }
        let firstFrameWrites = probe(first), secondFrameWrites = probe(second)
        firstWrites.formUnion(firstFrameWrites)
        secondWrites.formUnion(secondFrameWrites)
        var combined: [LayerWrite] = []
        for w in Self.common(firstWrites, secondWrites) {
            let everyFrame = firstFrameWrites.contains { $0.sameTarget(as: w) } && secondFrameWrites.contains { $0.sameTarget(as: w) }
            guard everyFrame, w.property.isCombined else { throw .effectConflict(conflict(w, context)) }
            combined.append(w)
        }
        shared = combined.map { w in
            let t = w.layer.transform
            return Shared(
                layer: w.layer, isOpacity: w.property == .opacity, baseOpacity: w.layer.opacity, baseTransform: t,
                baseTransformInverse: t.isIdentity ? .identity : t.inverted())
        }
        if let w = combined.first(where: { $0.property == .transform && !$0.layer.transform.isInvertible }) {
            throw .effectConflict(conflict(w, context))
        }
    }

    /// The writes both lists contain.
    private static func common(_ a: [LayerWrite], _ b: [LayerWrite]) -> [LayerWrite] {
        a.filter { w in b.contains { $0.sameTarget(as: w) } }
    }

    private func conflict(_ w: LayerWrite, _ context: any ContextTransitioning) -> EffectConflict {
        let role = EffectConflict.Role(of: w.layer, in: context)
        // The container and the two views are named by their role alone.
        let named = [.insideFromView, .insideToView, .other].contains(role)
        return EffectConflict(
            first: first.name, second: second.name, role: role, layerName: named ? w.layer.name : nil, property: w.property,
            operation: context.operation)
    }

    /// Both parts at their window's progress, shared properties combined.
    /// - Complexity: the parts' updates plus O(shared properties); no allocation.
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        for s in shared { s.reset() }
        first.animator.updateTransition(progress: first.window.local(progress), using: context)
        for i in shared.indices { shared[i].captureFirst() }
        for s in shared { s.reset() }
        second.animator.updateTransition(progress: second.window.local(progress), using: context)
        for s in shared { s.combineWithSecond() }
    }

    /// Both parts' `finalizeTransition`, first then second.
    func finalizeTransition(using context: any ContextTransitioning) {
        first.animator.finalizeTransition(using: context)
        second.animator.finalizeTransition(using: context)
    }

    /// Both parts' `animationEnded` in the reverse order of their preparation, second then
    /// first: restores of shared state compose, so what the first part recorded stays
    /// (scenario U7).
    func animationEnded(_ transitionCompleted: Bool) {
        shared = []
        second.animator.animationEnded(transitionCompleted)
        first.animator.animationEnded(transitionCompleted)
    }
}
