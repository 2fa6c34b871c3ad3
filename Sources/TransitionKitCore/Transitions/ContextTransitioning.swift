import Foundation

/// What an animator and an interaction controller know about one running transition
/// (`UIViewControllerContextTransitioning`).
@MainActor
public protocol ContextTransitioning: AnyObject {
    /// The view both views live in during the transition; its background shows behind a
    /// tilted or scaled view (opaque black unless configured).
    var containerView: View { get }
    /// What the transition does.
    var operation: TransitionOperation { get }
    /// For `.tab`, which way the switch goes (towards a higher or a lower index); nil for
    /// every other operation. Default nil (a context of your own that never runs tabs).
    var tabDirection: TabDirection? { get }
    /// Whether the transition animates (false: it jumps to its end state).
    var isAnimated: Bool { get }
    /// Whether a finger (or other interaction controller) currently drives the progress.
    var isInteractive: Bool { get }
    /// Whether the transition has been cancelled (set when cancelling begins).
    var transitionWasCancelled: Bool { get }
    /// The current progress 0...1 of the transition's timeline (before the timing curve).
    var percentComplete: CGFloat { get }
    /// The view controller for `key`.
    func viewController(forKey key: TransitionContextKey) -> ViewController?
    /// The root view of the view controller for `key`.
    func view(forKey key: TransitionContextKey) -> View?
    /// The frame in `containerView` coordinates of `viewController`'s view at the start, in
    /// points; `.zero` if it is not on screen at the start.
    func initialFrame(for viewController: ViewController) -> CGRect
    /// The frame in `containerView` coordinates of `viewController`'s view at the end, in
    /// points; `.zero` if it leaves the screen.
    func finalFrame(for viewController: ViewController) -> CGRect
    /// Reports interactive progress 0...1 (values outside are clamped, NaN ignored).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Ends the interactive part; the rest runs to the end.
    func finishInteractiveTransition()
    /// Ends the interactive part; the rest runs back to the start and the stack is restored.
    func cancelInteractiveTransition()
    /// Stops a run-out after finish or cancel where it is and makes the transition
    /// interactive again at that progress (a finger re-grabbed it; UIKit's
    /// `pauseInteractiveTransition()`). Ignored unless running out.
    func pauseInteractiveTransition()
    /// The clock the transition runs on (for display-link-driven interaction).
    var frameClock: any FrameClock { get }
}

extension ContextTransitioning {
    public var tabDirection: TabDirection? { nil }
}
