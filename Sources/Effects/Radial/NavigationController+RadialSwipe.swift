import Foundation
import TransitionKitCore

extension NavigationController {
    /// The key of the radial edge swipe: the same as `enableInteractivePop(Radial())`'s
    /// (`interactivePopKey(for: Radial.self)`), so both install, reconfigure and remove one
    /// pop, and `disableRadialSwipe()` removes the pop either installed.
    public static let radialSwipeKey = interactivePopKey(for: Radial.self)

    /// Enables the interactive radial pop: a left-edge screen pan on this controller's view
    /// pops the top view controller with a circular reveal that follows the finger
    /// (RadialTransition's `enableRadialSwipe`).
    ///
    /// - The reveal's circle is centred at (0, finger.y) in the container and follows the
    ///   finger's y while it drags (the original rebuilt its mask around the finger); its
    ///   radius grows from 0 to the distance to the farthest corner (see `RadialGeometry`).
    /// - Progress = horizontal translation / container width, clamped to 0...1.
    /// - Release: `policy` decides with that progress and the horizontal velocity (points
    ///   per second, positive = toward completion); a gesture the system cancels always
    ///   cancels (C2). On the root (one view controller) nothing happens (S4).
    /// - A touch during the run-out catches the reveal where it is (re-grab).
    ///
    /// Calling it again reconfigures the installed pop and its recognizers (L3);
    /// `disableRadialSwipe()` removes it. It is this controller's one interactive pop: it
    /// replaces any other (e.g. `enablePushBack3DSwipe()`), and another replaces it (see
    /// `NavigationController.installEdgePanPop(key:policy:mode:makeAnimation:)`).
    ///
    /// Default policy: `InteractionPolicy.default` — finish past half-way, unless a flick of
    /// at least 500 pt/s decides by its direction (D1). The original's rule (progress > 0.5,
    /// velocity ignored; D2) is `InteractionPolicy.radialOriginal`; RadialTransition's whole
    /// behaviour is `enableRadialSwipe(policy: .radialOriginal, mode: .displayLinkDriven())`.
    ///
    /// - Parameters:
    ///   - policy: the release rule (default `.default`).
    ///   - mode: `.percentDriven` (default; run-out on `.easeInEaseOut` over the rest of the
    ///     duration) or `.displayLinkDriven(runOutDuration:)` (the original's linear run-out
    ///     read frame by frame).
    ///   - duration: seconds, finite and >= 0, of the reveal (the percent-driven run-out
    ///     takes the remaining fraction of it); nil → `radialDefaultDuration` at gesture time.
    ///   - style: `.reveal` (default, the original's look) or `.conceal`.
    /// - Returns: the installed controller (recognizer, policy, mode, current interaction).
    @discardableResult
    public func enableRadialSwipe(
        policy: InteractionPolicy = .default, mode: InteractionMode = .percentDriven,
        duration: TimeInterval? = nil, style: Radial.PopStyle = .reveal
    ) -> EdgePanPopController {
        if let duration {
            precondition(duration.isFinite && duration >= 0, "enableRadialSwipe: duration must be finite and >= 0 seconds, got \(duration)")
        }
        return installEdgePanPop(key: Self.radialSwipeKey, policy: policy, mode: mode) { touchDown, nav in
            RadialAnimator(Radial(duration: duration ?? nav.radialDefaultDuration, popStyle: style), operation: .pop)
                .followingFinger(touchDown: touchDown)
        }
    }

    /// Removes the radial edge swipe (its edge pan and its full-width back swipe); an active gesture is cancelled
    /// and so is its transition. Does nothing when it is not enabled.
    public func disableRadialSwipe() { removeEdgePanPop(key: Self.radialSwipeKey) }

    /// The installed radial edge swipe, or nil when it is not enabled.
    public var radialSwipeController: EdgePanPopController? { edgePanPop(key: Self.radialSwipeKey) }
}
