import Foundation

/// An interaction controller whose run-out after release has its own length for a full
/// 0...1 range instead of the animator's duration (`DisplayLinkInteractiveTransition`'s
/// `runOutDuration`). The driver plays that run-out like any other (same curve rules, speed,
/// R3 and R4) and tells the controller when the transition ended.
@MainActor
protocol FixedRateRunOut: InteractiveTransitioning {
    /// Seconds a run-out over the whole 0...1 range takes at `completionSpeed` 1, finite and > 0.
    var runOutFullRangeDuration: TimeInterval { get }
    /// The transition ended (finished, cancelled or refused) at `progress`, 0...1.
    func transitionDidEnd(atProgress progress: CGFloat)
}
