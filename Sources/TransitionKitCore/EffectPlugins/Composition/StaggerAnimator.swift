import Foundation

/// The animator of a `StaggeredEffect`: the effect on the transition (item 0) and one
/// animator of it per subview of the incoming view, each in its window of the timeline.
///
/// Timing (scenario U6): the stagger plays on a linear timeline and, in time-based playback,
/// runs the effect's curve inside each item's window (item progress = curve(local), the curve
/// over the effect's own duration), so every item starts and ends at its window's times
/// whatever the curve, a spring's included. A transition an interaction drives from its
/// first frame (a finger, then its run-out) gives each item its window of the progress as it
/// comes, as a single effect gets the progress without a curve then. The choice is made at
/// the first frame and kept, so the state stays one function of progress for the whole
/// transition (no jump if a time-based one is later caught by a finger).
@MainActor
final class StaggerAnimator: AnimatedTransitioning {
    private struct Item {
        let context: StaggerItemContext
        let animator: any AnimatedTransitioning
        let window: ProgressWindow
    }

    private let screen: any AnimatedTransitioning
    private let delay: CGFloat
    private let makeItemAnimator: @MainActor () -> any AnimatedTransitioning
    private var screenWindow = ProgressWindow.whole
    private var items: [Item] = []
    /// The effect's curve and its own duration (one item's run, seconds), set when preparing.
    private var itemCurve = TimingCurve.linear
    private var itemDuration: TimeInterval = 0
    /// Whether the items' progress goes through the effect's curve: decided at the first
    /// frame (true unless an interaction drives it then), nil before.
    private var appliesCurve: Bool?
    /// The subviews counted when preparing (nil before).
    private var subviewCount: Int?

    init(screen: any AnimatedTransitioning, delay: CGFloat, makeItemAnimator: @escaping @MainActor () -> any AnimatedTransitioning) {
        self.screen = screen
        self.delay = delay
        self.makeItemAnimator = makeItemAnimator
    }

    /// Linear: the driver hands the timeline itself, the effect's curve runs in each window.
    var timingCurve: TimingCurve { .linear }

    /// The effect's duration × (1 + N·delay), N the incoming view's subviews (counted when
    /// preparing, before an empty view was added below each).
    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval {
        let n = subviewCount ?? context.view(forKey: .to)?.subviews.count ?? 0
        return screen.transitionDuration(using: context) * (1 + Double(n) * Double(delay))
    }

    /// Prepares item 0, then for each subview of the incoming view an empty view with its
    /// frame just below it and the effect's animator on that pair.
    /// - Throws: what the effect's prepare throws (for the transition or a subview).
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        itemCurve = screen.timingCurve
        itemDuration = screen.transitionDuration(using: context)
        appliesCurve = nil
        try screen.prepareTransition(using: context)
        guard let incoming = context.view(forKey: .to) else { return }
        let subviews = incoming.subviews
        subviewCount = subviews.count
        let window = { [delay] (k: Int) in ProgressWindow.staggered(k, of: subviews.count, delay: delay) }
        screenWindow = subviews.isEmpty ? .whole : window(0)
        for (i, subview) in subviews.enumerated() {
            let empty = View(frame: subview.frame, name: "stagger empty outgoing view")
            incoming.insertSubview(empty, belowSubview: subview)
            let itemContext = StaggerItemContext(parent: context, container: incoming, from: empty, to: subview)
            let animator = makeItemAnimator()
            try animator.prepareTransition(using: itemContext)
            items.append(Item(context: itemContext, animator: animator, window: window(i + 1)))
        }
    }

    /// Every item at its window's progress, through the effect's curve in time-based playback.
    /// - Complexity: the effect's update and curve once per item; no allocation.
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        if appliesCurve == nil { appliesCurve = !context.isInteractive }
        let curved = appliesCurve ?? false
        screen.updateTransition(progress: eased(screenWindow, progress, curved), using: context)
        for item in items { item.animator.updateTransition(progress: eased(item.window, progress, curved), using: item.context) }
    }

    /// An item's progress at the stagger's `progress`: its window's local progress, through
    /// the effect's curve over one item's run when `curved`.
    private func eased(_ window: ProgressWindow, _ progress: CGFloat, _ curved: Bool) -> CGFloat {
        let local = window.local(progress)
        guard curved, local.isFinite else { return local }
        return CGFloat(itemCurve.value(at: Double(local), duration: itemDuration))
    }

    /// Item 0's `finalizeTransition` only.
    func finalizeTransition(using context: any ContextTransitioning) { screen.finalizeTransition(using: context) }

    /// The items' `animationEnded` in the reverse order of their preparation, the subviews'
    /// last to first, then item 0's: restores of shared state compose, so what the first
    /// animator recorded is what stays (a zoom's source hidden by every item is shown again;
    /// scenario U7).
    func animationEnded(_ transitionCompleted: Bool) {
        for item in items.reversed() { item.animator.animationEnded(transitionCompleted) }
        screen.animationEnded(transitionCompleted)
        items = []
    }
}

/// The context of one subview of a stagger: the incoming view as container, an empty view
/// as the outgoing view and the subview as the incoming one; everything else is the
/// transition's (its operation, view controllers, progress and interactive calls).
@MainActor
final class StaggerItemContext: ContextTransitioning {
    private weak var parent: (any ContextTransitioning)?
    private weak var from: View?
    private weak var to: View?
    let containerView: View
    let operation: TransitionOperation
    let frameClock: any FrameClock

    init(parent: any ContextTransitioning, container: View, from: View, to: View) {
        self.parent = parent
        self.containerView = container
        self.from = from
        self.to = to
        operation = parent.operation
        frameClock = parent.frameClock
    }

    var isAnimated: Bool { parent?.isAnimated ?? true }
    var isInteractive: Bool { parent?.isInteractive ?? false }
    var transitionWasCancelled: Bool { parent?.transitionWasCancelled ?? false }
    var percentComplete: CGFloat { parent?.percentComplete ?? 0 }
    func viewController(forKey key: TransitionContextKey) -> ViewController? { parent?.viewController(forKey: key) }
    func view(forKey key: TransitionContextKey) -> View? { key == .from ? from : to }
    func initialFrame(for viewController: ViewController) -> CGRect { parent?.initialFrame(for: viewController) ?? .zero }
    func finalFrame(for viewController: ViewController) -> CGRect { parent?.finalFrame(for: viewController) ?? .zero }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { parent?.updateInteractiveTransition(percentComplete) }
    func finishInteractiveTransition() { parent?.finishInteractiveTransition() }
    func cancelInteractiveTransition() { parent?.cancelInteractiveTransition() }
    func pauseInteractiveTransition() { parent?.pauseInteractiveTransition() }
}
