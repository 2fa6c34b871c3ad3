import Foundation

/// What a running transition tells the app's code that goes with it
/// (`UIViewControllerTransitionCoordinatorContext`): the handlers registered on a
/// `TransitionCoordinator` receive it.
///
/// Read-only; every value is the transition's state at the moment of the call (in an
/// alongside closure: this frame; in an interaction-change handler: at the release; in a
/// completion: at the end, and kept after it).
@MainActor
public protocol TransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates. Always true: only animated transitions have a
    /// coordinator (a transition without animation happens at once, with nothing to go along).
    var isAnimated: Bool { get }
    /// Whether a finger (or another interaction controller) drives the progress now: false
    /// from the release until a re-grab, and before the transition starts.
    var isInteractive: Bool { get }
    /// Whether the transition started driven by an interaction controller (an edge-swipe pop,
    /// a drag dismissal); never changes once it started. False before it starts.
    var initiallyInteractive: Bool { get }
    /// Whether a finger can catch the transition now: true when its interaction controller is
    /// a `GestureDrivenTransitioning` (a re-grab during the run-out, or a time-based transition
    /// caught by a touch, scenario I1, from the catch on); false for a time-based transition
    /// until a finger catches it.
    var isInterruptible: Bool { get }
    /// Whether the transition was cancelled: true from a release that cancels (or a refusal
    /// to start) on; back to false if a re-grab catches a cancelling run-out.
    var isCancelled: Bool { get }
    /// The linear progress of the timeline, 0...1 (before the timing curve); for an
    /// interactive transition the finger's progress.
    var percentComplete: CGFloat { get }
    /// The progress the animator was given for this frame (after the timing curve; a spring
    /// may overshoot slightly outside 0...1). An alongside closure that sets its layers from
    /// it moves in step with the animator.
    var progress: CGFloat { get }
    /// The animator's `transitionDuration`, seconds (0 before the transition starts).
    var transitionDuration: TimeInterval { get }
    /// The finger's speed at release, progress per second, positive toward completion
    /// (the interaction controller's `completionVelocity`; 0 for a time-based transition).
    var completionVelocity: CGFloat { get }
    /// The curve of the run-out after a release (the interaction controller's
    /// `completionCurve`; `.easeInEaseOut` for a time-based transition, UIKit's `.easeInOut`).
    var completionCurve: TimingCurve { get }
    /// How the presented view controller covers its presenter, for `present` and `dismiss`;
    /// nil for navigation (UIKit's `UIModalPresentationStyle.none`).
    var presentationStyle: ModalPresentationStyle? { get }
    /// What the transition does.
    var operation: TransitionOperation { get }
    /// The view the transition runs in: the navigation controller's view for push and pop,
    /// the window's root view for present and dismiss.
    var containerView: View { get }
    /// The view controller leaving (`.from`) or arriving (`.to`).
    func viewController(forKey key: TransitionContextKey) -> ViewController?
    /// The root view of the view controller for `key`.
    func view(forKey key: TransitionContextKey) -> View?
}
