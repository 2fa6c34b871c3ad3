import Foundation
import TransitionKitCore

/// A plain dissolve (the upper view's opacity follows the progress) that can be given one
/// flaw on purpose, so the tests can show each law failing for the effect that breaks it
/// and passing for the one that does not.
struct LawProbeEffect: TransitionEffect, Hashable {
    /// The deliberate mistake.
    enum Flaw: String, Sendable, CaseIterable {
        /// None: keeps every law.
        case none
        /// Leaves the shadow layer it adds to the container there after a cancel (the
        /// framework restores the two views' trees, not the container's).
        case leavesLayerAfterCancel
        /// Builds a 32-element array on every frame.
        case allocatesPerFrame
        /// Prepares without checking that both views are in the container.
        case ignoresMissingView
        /// Keeps itself and both view controllers alive (a retain cycle through `self`).
        case retainsItself
        /// Leaves the outgoing view at half opacity once a transition finished (out of sight
        /// then; it shows dimmed when it comes back, e.g. popped to without this effect).
        case dimsOutgoingViewAfterFinish
        /// Tints the container's background once a transition finished (hidden behind the
        /// opaque screens, so no render shows it).
        case tintsContainerAfterFinish
    }

    static let name = "lawprobe"
    static let summary = "a dissolve for testing the law checks"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss]

    var flaw: Flaw = .none

    init(flaw: Flaw = .none) { self.flaw = flaw }
    init(parameters: EffectParameters) { flaw = .none }

    var interactions: [EffectInteraction] { [.leftEdgePanPop, .dragToDismiss(.down)] }

    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { LawProbeAnimator(flaw: flaw) }
}

/// The animator of `LawProbeEffect`.
@MainActor
final class LawProbeAnimator: AnimatedTransitioning {
    let flaw: LawProbeEffect.Flaw
    private weak var upper: View?
    private weak var outgoing: View?
    private let shadow = Layer(name: "lawprobe shadow")
    private var history: [CGFloat] = []
    private var cycle: [AnyObject] = []

    init(flaw: LawProbeEffect.Flaw) { self.flaw = flaw }

    var timingCurve: TimingCurve { .linear }

    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.3 }

    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        if flaw != .ignoresMissingView { _ = try context.viewsInContainer(effect: LawProbeEffect.name) }
        upper = context.stackedViews?.upper
        outgoing = context.view(forKey: .from)
        context.containerView.layer.addSublayer(shadow)
        if flaw == .retainsItself { cycle = [self] + [context.viewController(forKey: .from), context.viewController(forKey: .to)].compactMap { $0 } }
    }

    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        upper?.alpha = context.upperViewProgress(progress)
        if flaw == .allocatesPerFrame { history = Array(repeating: progress, count: 32) }
    }

    func finalizeTransition(using context: any ContextTransitioning) {
        if flaw == .tintsContainerAfterFinish { context.containerView.backgroundColor = Color(red: 1, green: 0, blue: 0) }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        upper?.alpha = 1
        if flaw == .dimsOutgoingViewAfterFinish && transitionCompleted { outgoing?.alpha = 0.5 }
        if flaw != .leavesLayerAfterCancel || transitionCompleted { shadow.removeFromSuperlayer() }
    }
}

/// An effect whose name the registry refuses (not lowercase): the registry round trip fails.
struct BadlyNamedEffect: TransitionEffect {
    static let name = "Bad Name"
    static let summary = "an effect the registry refuses"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push]
    init() {}
    init(parameters: EffectParameters) {}
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning { LawProbeAnimator(flaw: .none) }
}
