import Foundation

/// Decides, when the finger lifts, whether an interactive transition finishes or cancels.
///
/// Inputs: the progress at release (0...1), the velocity along the operation's axis in
/// points per second with positive meaning toward completion (e.g. `+vx` for a pop dragged
/// to the right, `+vy` for a dismiss dragged down), and the recognizer's end state.
///
/// The rule, in order:
/// 1. Only `.ended` can finish: `.cancelled` (the system took the touch, scenario C2),
///    `.failed` and any other state cancel, whatever the progress.
/// 2. A flick is a release with |velocity| >= `flickVelocity`. If `directionAware`, a flick
///    decides by its sign: toward completion finishes, away cancels.
/// 3. Otherwise, if `positionCounts`, progress > `completionThreshold` finishes.
/// 4. Otherwise it cancels.
///
/// The shape follows Touchwonders/Transition's pan interaction (finish above a threshold
/// unless a flick along the axis says otherwise) with every number a parameter.
///
/// ```swift
/// let finish = InteractionPolicy.default.shouldFinish(progress: 0.95, velocity: 0, endState: .ended)  // true (D1)
/// ```
public struct InteractionPolicy: Sendable, Hashable {
    /// Progress above which a release that is not a decisive flick finishes, 0...1 (strict
    /// `>`).
    public let completionThreshold: CGFloat
    /// Minimum speed that counts as a flick, points per second, >= 0; `.infinity` disables
    /// flicks (velocity ignored).
    public let flickVelocity: CGFloat
    /// Whether a flick's direction decides the outcome (toward completion finishes, away
    /// cancels), overriding the position.
    public let directionAware: Bool
    /// Whether the position alone (progress > `completionThreshold`) can finish. When false,
    /// only a flick toward completion finishes (requires `directionAware`).
    public let positionCounts: Bool

    /// - Parameters:
    ///   - completionThreshold: progress 0...1 (default 0.5).
    ///   - flickVelocity: points per second, >= 0, may be `.infinity` (default 500).
    ///   - directionAware: a flick's sign decides (default true).
    ///   - positionCounts: progress above the threshold finishes (default true).
    /// Traps (programmer error) on a NaN or out-of-range number, naming it.
    public init(
        completionThreshold: CGFloat = 0.5,
        flickVelocity: CGFloat = 500,
        directionAware: Bool = true,
        positionCounts: Bool = true
    ) {
        precondition((0...1).contains(completionThreshold), "completionThreshold must be in 0...1, got \(completionThreshold)")
        precondition(flickVelocity >= 0, "flickVelocity must be >= 0 points per second (or .infinity), got \(flickVelocity)")
        precondition(
            positionCounts || (directionAware && flickVelocity.isFinite),
            "InteractionPolicy(directionAware: \(directionAware), positionCounts: \(positionCounts), flickVelocity: \(flickVelocity)) could never finish"
        )
        self.completionThreshold = completionThreshold
        self.flickVelocity = flickVelocity
        self.directionAware = directionAware
        self.positionCounts = positionCounts
    }

    /// TransitionKit's default: finish when progress > 0.5, unless |velocity| >= 500 pt/s,
    /// in which case the flick's direction decides (scenario D1).
    ///
    /// How it differs from the originals: unlike `.radialOriginal` a quick flick counts, so
    /// a short fast swipe completes a pop and a fast swipe back cancels it even past
    /// half-way; unlike `.dragDismissOriginal` position counts, so a slow drag to 95 %
    /// released at rest finishes, and a flick needs 500 pt/s rather than anything over
    /// 100 pt/s (with the original a barely moving release at 101 pt/s at 2 % dismissed).
    /// 500 pt/s is TransitionKit's choice: a deliberate flick on a phone is well above it, a
    /// drag-and-release well below.
    public static let `default` = InteractionPolicy()

    /// RadialTransition's rule: finish iff progress > 0.5 with progress = x / w of the edge
    /// pan; velocity ignored (scenario D2: w = 320, release at 159.9 pt cancels, 160.1 pt
    /// finishes).
    public static let radialOriginal = InteractionPolicy(
        completionThreshold: 0.5, flickVelocity: .infinity, directionAware: false, positionCounts: true)

    /// ZFDragableModalTransition's rule: finish iff the release velocity toward dismissal is
    /// > 100 pt/s (`velocityForSelectedDirection > 100` in `ZFModalTransitionAnimator`);
    /// position ignored (scenario D3: 99 pt/s at 20 % cancels, 101 pt/s finishes).
    /// The flick threshold is the next representable value above 100 so that exactly
    /// 100 pt/s cancels, as the original's strict `>` does. Unlike the original, a
    /// `.cancelled` gesture cancels (the original ignored that state, C3).
    public static let dragDismissOriginal = InteractionPolicy(
        completionThreshold: 1, flickVelocity: CGFloat(100).nextUp, directionAware: true, positionCounts: false)

    /// Whether the transition should finish (true) or cancel (false) on release.
    ///
    /// - Parameters:
    ///   - progress: progress at release, 0...1 (values outside are clamped; NaN cancels).
    ///   - velocity: points per second along the operation's axis, positive toward
    ///     completion (NaN is treated as 0; ±infinity as a flick in that direction).
    ///   - endState: the recognizer's state at release; only `.ended` may finish (C2).
    /// - Returns: `true` to finish, `false` to cancel.
    /// - Complexity: O(1).
    public func shouldFinish(progress: CGFloat, velocity: CGFloat, endState: GestureRecognizerState) -> Bool {
        guard endState == .ended, !progress.isNaN else { return false }
        let p = min(1, max(0, progress))
        let v = velocity.isNaN ? 0 : velocity
        let isFlick = abs(v) >= flickVelocity
        if isFlick && directionAware { return v > 0 }
        if positionCounts { return p > completionThreshold }
        return false
    }
}
