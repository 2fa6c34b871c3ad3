import Foundation

/// An interaction controller that a gesture drives from start to release: the finger reports
/// progress, lets go with a decision (finish or cancel) and a velocity, and may catch the
/// transition again while it runs out (re-grab, as UIKit's interruptible transitions do).
///
/// UIKit has no such protocol; the name follows its role protocols
/// (`UIViewControllerInteractiveTransitioning`, `UIViewAnimating`) and this package's
/// `InteractiveTransitioning`, which it refines. `PanInteractionController` drives any
/// conformer through it alone. Conformers: `PercentDrivenInteractiveTransition` (UIKit's
/// run-out on `completionCurve`) and `DisplayLinkInteractiveTransition` (progress read once
/// per frame of the clock, a linear run-out); both run-outs are the transition driver's.
///
/// Life cycle: `update(_:)` while the finger moves; `release(finish:velocity:)` once when it
/// lifts (`isReleased` becomes true and the run-out starts); optionally `pause()` when a finger
/// touches down during the run-out (`isReleased` becomes false, `percentComplete` is the
/// progress on screen, and `update(_:)` drives again from there).
/// All calls are made on the main actor.
@MainActor
public protocol GestureDrivenTransitioning: InteractiveTransitioning {
    /// The progress this interaction drives, 0...1 (0 = the start, 1 = the end; linear, before
    /// the animator's timing curve). While the finger drives: the last progress applied.
    /// Right after `pause()`: the progress on screen. During a run-out a percent-driven
    /// transition keeps the value at release, a display-link driven one follows the run-out.
    var percentComplete: CGFloat { get }

    /// Whether the finger let go: true from `release(finish:velocity:)` until `pause()` (or
    /// the reuse of the object for a new transition), whether the run-out is still running or
    /// already over. Progress reports are ignored while it is true.
    var isReleased: Bool { get }

    /// Reports the finger's progress, 0...1 (values outside are clamped; NaN and infinities
    /// are ignored). Ignored while `isReleased`. A percent-driven transition applies it at
    /// once; a display-link driven one shows it at the next frame of the clock.
    func update(_ percentComplete: CGFloat)

    /// Lets go: the rest of the transition runs out to the end (`finish` true) or back to
    /// the start (false; the stack or presentation is left as it was). Ignored while
    /// `isReleased`. Calls made before the transition starts take effect when it starts.
    /// - Parameters:
    ///   - finish: run to the end (true) or back to the start (false).
    ///   - velocity: the finger's speed at release in progress per second, that is points per
    ///     second divided by the length in points that takes the progress from 0 to 1
    ///     (e.g. 640 pt/s across a 320 pt container = 2 /s); positive toward completion,
    ///     finite (a non-finite value counts as 0). The initial velocity of a `.spring`
    ///     run-out; a linear run-out at a fixed rate ignores it.
    func release(finish: Bool, velocity: CGFloat)

    /// Catches a running-out transition where it is (a finger re-grabbed it): the run-out
    /// stops, `isReleased` becomes false and `percentComplete` becomes the progress on screen,
    /// so the next `update(_:)` continues from there without a jump. Does nothing unless
    /// released; if the run-out was already over, `isReleased` stays true.
    func pause()
}
