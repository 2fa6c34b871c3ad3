import Foundation

/// How a gesture-driven controller (`PanInteractionController`, `EdgePanPopController`)
/// turns the finger into transition progress.
public enum InteractionMode: Sendable, Hashable {
    /// A `PercentDrivenInteractiveTransition` (UIKit's way, the default): progress is
    /// reported on every gesture change; after release the rest runs on the controller's
    /// `completionCurve`, a `.spring` curve starting at the finger's velocity.
    case percentDriven
    /// A `DisplayLinkInteractiveTransition` (RadialTransition's way): the finger's progress
    /// is read once per frame of the window's clock; after release the progress runs out
    /// *linearly*, a full 0...1 range taking `runOutDuration` seconds (finite and > 0;
    /// default 0.33 s, RadialTransition's transition duration, which its display link
    /// stepped through), on the driver's run-out like a percent-driven one (R2-R4 hold). The
    /// display link exists only while the finger drives (S4).
    case displayLinkDriven(runOutDuration: TimeInterval = 0.33)
}
