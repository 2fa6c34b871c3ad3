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
        /// Raises the incoming view's zPosition once a transition finished (it is alone in
        /// the container then, so no render shows it; the next transition finds it raised).
        case raisesIncomingAfterFinish
        /// Shows the upper view at 0 % below progress 0.5 and 100 % from it: a cut half-way
        /// (endpoints as they should be).
        case jumpsHalfway
        /// Hides both views between progress 0.4 and 0.6: three blank frames over the black
        /// window (and a jump into and out of them).
        case blanksHalfway
        /// The pop's and dismiss's upper view follows (1 − p)², not 1 − p: continuous, right at
        /// both endpoints, but not the push (present) played backwards.
        case easesTheWayBack
    }

    /// What the flawless probe declares: a dissolve whose pop and dismiss retrace the push and
    /// present; the cut of `.jumpsHalfway` is declared only by `declaringTheCut`.
    var frameTraits: EffectFrameTraits {
        EffectFrameTraits(cuts: declaresCut ? [0.5] : [], mirroredOperations: [.pop, .dismiss])
    }

    static let name = "lawprobe"
    static let summary = "a dissolve for testing the law checks"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss]

    var flaw: Flaw = .none
    /// Whether `frameTraits` declares a cut at progress 0.5.
    var declaresCut = false
    init(flaw: Flaw = .none, declaresCut: Bool = false) {
        self.flaw = flaw
        self.declaresCut = declaresCut
    }
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
    private weak var incoming: View?
    /// The upper view's opacity is the progress to this power (1: a plain dissolve).
    private let exponent: CGFloat
    private let shadow = Layer(name: "lawprobe shadow")
    private var history: [CGFloat] = []
    private var cycle: [AnyObject] = []

    init(flaw: LawProbeEffect.Flaw, exponent: CGFloat = 1) {
        self.flaw = flaw
        self.exponent = exponent
    }

    var timingCurve: TimingCurve { .linear }

    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { 0.3 }

    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        if flaw != .ignoresMissingView { _ = try context.viewsInContainer(effect: LawProbeEffect.name) }
        upper = context.stackedViews?.upper
        outgoing = context.view(forKey: .from)
        incoming = context.view(forKey: .to)
        context.containerView.layer.addSublayer(shadow)
        if flaw == .retainsItself { cycle = [self] + [context.viewController(forKey: .from), context.viewController(forKey: .to)].compactMap { $0 } }
    }

    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        var alpha = context.upperViewProgress(progress)
        let back = !context.navigationEquivalent.insertsIncomingAbove
        switch flaw {
        case .jumpsHalfway: alpha = back ? (progress <= 0.5 ? 1 : 0) : (progress < 0.5 ? 0 : 1)
        case .blanksHalfway where (0.4...0.6).contains(progress):
            alpha = 0
            (back ? context.view(forKey: .to) : context.view(forKey: .from))?.alpha = 0
        case .blanksHalfway: (back ? context.view(forKey: .to) : context.view(forKey: .from))?.alpha = 1
        case .easesTheWayBack where back: alpha = (1 - progress) * (1 - progress)
        default: break
        }
        upper?.alpha = exponent == 1 ? alpha : pow(alpha, exponent)
        if flaw == .allocatesPerFrame { history = Array(repeating: progress, count: 32) }
    }

    func finalizeTransition(using context: any ContextTransitioning) {
        if flaw == .tintsContainerAfterFinish { context.containerView.backgroundColor = Color(red: 1, green: 0, blue: 0) }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        upper?.alpha = 1
        if flaw == .blanksHalfway {
            outgoing?.alpha = 1
            incoming?.alpha = 1
        }
        if flaw == .dimsOutgoingViewAfterFinish && transitionCompleted { outgoing?.alpha = 0.5 }
        if flaw == .raisesIncomingAfterFinish && transitionCompleted { incoming?.layer.zPosition = 2 }
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

/// Not `Equatable`, and each `init(parameters:)` takes the exponent of its dissolve
/// (`LawProbeAnimator`'s upper-view opacity progress^e) from a counter, state outside the
/// parameters: two effects made from the same defaults draw different frames between the
/// endpoints, which only a comparison of the frames can tell.
struct CounterDissolveEffect: TransitionEffect {
    static let name = "counterdissolve"
    static let summary = "a dissolve whose curve depends on how many were made before"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push, .pop]
    let exponent: CGFloat
    init(parameters: EffectParameters) { exponent = 1 + CGFloat(Self.nextCount() % 4) / 2 }
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        LawProbeAnimator(flaw: .none, exponent: exponent)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var count = 0
    /// The next value of the counter (guarded by `lock`).
    private static func nextCount() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
