import Foundation

/// A ready-made scene for running one transition offline: a window on a manual clock with an
/// outgoing and an incoming view controller placed so that `operation` takes the screen from
/// the first to the second. Used by effect-bench and by tests to evaluate, render and
/// measure any frame of any effect.
///
/// For every operation `fromViewController` is on top before the operation and
/// `toViewController` after it: push `[from] → [from, to]`, pop `[to, from] → [to]`,
/// present `from` presents `to`, dismiss `from` (presented over `to`) goes away, tab: a tab
/// bar controller with tabs `[from, to]` selects `to` (index 0 → 1, `TabDirection.forward`).
/// For `.tab` both views fill the content area above the 49-point bar, not the whole window.
@MainActor
public final class TransitionStage {
    public let operation: TransitionOperation
    public let clock: ManualFrameClock
    public let window: Window
    public let fromViewController: ViewController
    public let toViewController: ViewController
    /// The navigation controller for push and pop; nil for present, dismiss and tab.
    public let navigationController: NavigationController?
    /// The tab bar controller for tab; nil otherwise.
    public let tabBarController: TabBarController?
    /// The outcome once the transition ended: true finished, false cancelled.
    public private(set) var completed: Bool?
    /// Why the animator refused the transition (the error its `prepareTransition` threw, e.g.
    /// a composition's `effectConflict`), or nil when it started or has not been asked.
    public private(set) var refusal: TransitionKitError?
    private var interaction: PercentDrivenInteractiveTransition?

    /// Builds the window, both view controllers and, for push and pop, the navigation controller,
    /// in the state just before `operation` starts.
    /// - Parameters:
    ///   - operation: the transition this stage runs.
    ///   - size: window size in points (finite, > 0).
    ///   - scale: pixels per point (0.5...8).
    ///   - framesPerSecond: the manual clock's rate for time-based playback.
    ///   - modalPresentationStyle: how `to` (present) or `from` (dismiss) is presented.
    ///   - fromContent: fills the outgoing view controller's view (called once, with the view at
    ///     full-screen size; for `.tab` at the content area's size).
    ///   - toContent: fills the incoming view controller's view (called once, likewise).
    /// - Precondition: the size, scale and rate are valid for `Window` and `ManualFrameClock`
    ///   (programmer errors; check values read from outside with `check(size:scale:framesPerSecond:)`).
    public init(
        operation: TransitionOperation, size: CGSize, scale: CGFloat = 1, framesPerSecond: Double = 60,
        modalPresentationStyle: ModalPresentationStyle = .fullScreen,
        fromContent: @MainActor (View) -> Void, toContent: @MainActor (View) -> Void
    ) {
        self.operation = operation
        clock = ManualFrameClock(framesPerSecond: framesPerSecond)
        window = Window(size: size, scale: scale, frameClock: clock)
        let from = ViewController(title: "from"), to = ViewController(title: "to")
        var bounds = window.rootView.bounds
        if operation == .tab { bounds.size.height = max(0, bounds.height - TabBar.height) }
        from.view.frame = bounds
        to.view.frame = bounds
        fromContent(from.view)
        toContent(to.view)
        fromViewController = from
        toViewController = to
        switch operation {
        case .push:
            let nav = NavigationController(rootViewController: from)
            tabBarController = nil
            navigationController = nav
            window.rootViewController = nav
        case .pop:
            let nav = NavigationController(rootViewController: to)
            tabBarController = nil
            navigationController = nav
            window.rootViewController = nav
            nav.push(from, animated: false)
        case .present:
            (navigationController, tabBarController) = (nil, nil)
            window.rootViewController = from
            to.modalPresentationStyle = modalPresentationStyle
        case .dismiss:
            (navigationController, tabBarController) = (nil, nil)
            window.rootViewController = to
            from.modalPresentationStyle = modalPresentationStyle
            to.present(from, animated: false)
        case .tab:
            navigationController = nil
            let tabs = TabBarController(viewControllers: [from, to])
            tabBarController = tabs
            window.rootViewController = tabs
        }
    }

    /// Checks a size, scale and rate read from outside (a command line, a file) before a stage
    /// is made of them: the throwing form of the initialisers' preconditions.
    /// - Parameters:
    ///   - size: window size in points (finite, > 0, at most `Window.maximumSide`).
    ///   - scale: pixels per point (0.5...8).
    ///   - framesPerSecond: the manual clock's rate (1...1,000,000 Hz).
    /// - Throws: `TransitionKitError.invalidSize` or `.invalidValue` naming the bad value.
    public static func check(size: CGSize, scale: CGFloat = 1, framesPerSecond: Double = 60) throws(TransitionKitError) {
        _ = try Window(validatingSize: size, scale: scale, frameClock: ManualFrameClock(validatingFramesPerSecond: framesPerSecond))
    }

    /// A stage whose two views show `fromImage` and `toImage` scaled to fill (`.resizeAspectFill`,
    /// like `UIView.ContentMode.scaleAspectFill`), on `background` where an image is nil.
    /// - Precondition: as for `init(operation:size:scale:framesPerSecond:modalPresentationStyle:fromContent:toContent:)`.
    public convenience init(
        operation: TransitionOperation, size: CGSize, scale: CGFloat = 1, framesPerSecond: Double = 60,
        modalPresentationStyle: ModalPresentationStyle = .fullScreen,
        fromImage: Bitmap?, toImage: Bitmap?
    ) {
        func fill(_ image: Bitmap?, _ fallback: Color) -> @MainActor (View) -> Void {
            { view in
                view.backgroundColor = fallback
                view.layer.contents = image
                view.layer.contentsGravity = .resizeAspectFill
                view.clipsToBounds = true
            }
        }
        self.init(
            operation: operation, size: size, scale: scale, framesPerSecond: framesPerSecond,
            modalPresentationStyle: modalPresentationStyle,
            fromContent: fill(fromImage, Color(red: 0.95, green: 0.95, blue: 0.97)),
            toContent: fill(toImage, Color(red: 0.2, green: 0.45, blue: 0.9)))
    }

    /// Starts the transition with `animator`. Interactive stages are driven by `setProgress`;
    /// time-based ones by stepping `clock`.
    public func begin(animator: any AnimatedTransitioning, interactive: Bool) {
        precondition(completed == nil && interaction == nil, "a stage runs one transition")
        let p = interactive ? PercentDrivenInteractiveTransition() : nil
        interaction = p
        let recording = RefusalRecordingAnimator(animator) { [weak self] in self?.refusal = $0 }
        let override = TransitionOverride(animator: recording, interactionController: p)
        let done: @MainActor (Bool) -> Void = { [weak self] in self?.completed = $0 }
        switch operation {
        case .push: navigationController!.perform(.push(toViewController), animated: true, transition: override, completion: done)
        case .pop: navigationController!.perform(.pop, animated: true, transition: override, completion: done)
        case .present: fromViewController.present(toViewController, animated: true, transition: override, completion: done)
        case .dismiss: fromViewController.dismiss(animated: true, transition: override, completion: done)
        // Index 1 is a valid tab of the two this stage made.
        case .tab: tabBarController!.select(1, animated: true, transition: override, completion: done)
        }
    }

    /// Shows the layer state at `progress` (0...1, handed to the animator as an interactive
    /// transition's percentComplete, linear).
    /// - Complexity: one driver update and one animator evaluation.
    public func setProgress(_ progress: CGFloat) {
        precondition(interaction != nil, "setProgress needs an interactive stage")
        interaction!.update(progress)
    }

    /// Ends an interactive stage (finish or cancel) and runs the clock until idle.
    public func end(finish: Bool) {
        if let interaction { finish ? interaction.finish() : interaction.cancel() }
        clock.runUntilIdle()
    }

    /// The window's presentation tree now.
    public func snapshot() -> LayerSnapshot { window.snapshot() }

    /// The window's presentation tree now, written into `snapshot` reusing its storage
    /// (`Window.snapshot(into:)`; no allocation once the tree's shape is steady).
    public func snapshot(into snapshot: inout LayerSnapshot) { window.snapshot(into: &snapshot) }
}

/// Forwards everything to `inner` and reports the error its `prepareTransition` throws.
@MainActor
private final class RefusalRecordingAnimator: AnimatedTransitioning {
    let inner: any AnimatedTransitioning
    let onRefusal: @MainActor (TransitionKitError) -> Void

    init(_ inner: any AnimatedTransitioning, onRefusal: @escaping @MainActor (TransitionKitError) -> Void) {
        self.inner = inner
        self.onRefusal = onRefusal
    }

    func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { inner.transitionDuration(using: context) }
    var timingCurve: TimingCurve { inner.timingCurve }
    func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        do { try inner.prepareTransition(using: context) } catch {
            onRefusal(error)
            throw error
        }
    }
    func updateTransition(progress: CGFloat, using context: any ContextTransitioning) { inner.updateTransition(progress: progress, using: context) }
    func finalizeTransition(using context: any ContextTransitioning) { inner.finalizeTransition(using: context) }
    func animationEnded(_ transitionCompleted: Bool) { inner.animationEnded(transitionCompleted) }
}
