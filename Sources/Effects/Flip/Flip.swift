import Foundation
import TransitionKitCore

/// A 3-D flip of the whole screen about its centre as a registered effect (`flip`), for push,
/// pop, present, dismiss and tab switches: UIKit's `UIModalTransitionStyle.flipHorizontal` and
/// the flips of `UIView.transition(from:to:duration:options:)`
/// (`transitionFlipFromLeft`/`Right`/`Top`/`Bottom`).
///
/// The two screens are the two faces of one card: the screen on show before a push or present
/// is the front face, the arriving one is printed on the back (turned by π against it). The card
/// turns through π under a perspective m34 = −1/`perspectiveDistance`; both layers have
/// `isDoubleSided = false`, so the compositor draws whichever face looks at the viewer: the
/// front before half-way, the back after it, neither exactly at half-way (the card is edge-on).
/// Pop and dismiss (and a tab switch towards a lower index) flip back the other way: the frame
/// at progress p is the push's at 1 − p. Closed form: `placement(_:progress:)`.
///
/// Directions (`Direction`), as Apple documents the `UIView.AnimationOptions` flips: from the
/// left, the left side comes toward the viewer and the right side goes back (a positive turn
/// about the y axis, in `Transform3D(rotationAngle:x:y:z:)`'s sense); from the right, the
/// reverse; from the top, the top side comes forward (a negative turn about x); from the
/// bottom, the bottom side does. `flipHorizontal` is `.fromRight` on present: Apple's page for
/// it says the current view flips "from right-to-left" on presentation and "from left-to-right"
/// on dismissal, the words its pages use for `transitionFlipFromRight` and
/// `transitionFlipFromLeft`.
///
/// ```swift
/// nav.flipPush(detail)                                     // flips from the right
/// vc.flipPresent(settings, effect: Flip(direction: .fromTop))
/// settings.preferredTransition = .flipHorizontal()          // UIKit's modal flip
/// ```
///
/// Sources of the defaults: Apple documents no duration and no perspective for its flips.
/// The duration is TransitionKit's choice, 0.5 s (see `defaultDuration`), the perspective eye
/// distance 1000 points (see `defaultPerspectiveDistance`); the curve is `easeInEaseOut`, the
/// curve `UIView.animate(withDuration:)` uses when given none.
public struct Flip: TransitionEffect, Hashable {
    /// Which edge of the screen comes toward the viewer during a push or present (the flip
    /// back of a pop or dismiss turns the other way).
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// `transitionFlipFromLeft`: the left side comes forward, the right side goes back;
        /// a turn of +π about the y axis.
        case fromLeft = "fromleft"
        /// `transitionFlipFromRight`: the right side comes forward; a turn of −π about y.
        /// `UIModalTransitionStyle.flipHorizontal`'s presentation.
        case fromRight = "fromright"
        /// `transitionFlipFromTop`: the top side comes forward; a turn of −π about the x axis.
        case fromTop = "fromtop"
        /// `transitionFlipFromBottom`: the bottom side comes forward; a turn of +π about x.
        case fromBottom = "frombottom"

        /// The rotation axis, a unit vector: (0, 1, 0) for left and right, (1, 0, 0) for top
        /// and bottom.
        public var axis: (x: CGFloat, y: CGFloat, z: CGFloat) {
            switch self {
            case .fromLeft, .fromRight: return (0, 1, 0)
            case .fromTop, .fromBottom: return (1, 0, 0)
            }
        }

        /// The sign σ of the turn about `axis`: +1 from the left and from the bottom, −1 from the
        /// right and from the top. A row vector (x, 0, 0) turned by θ about y gets z = −x·sin θ,
        /// so θ > 0 brings the left side (x < 0) forward; (0, y, 0) turned by θ about x gets
        /// z = y·sin θ, so θ < 0 brings the top side (y < 0) forward (z > 0 is toward the eye
        /// under m34 = −1/d).
        public var sign: CGFloat {
            switch self {
            case .fromLeft, .fromBottom: return 1
            case .fromRight, .fromTop: return -1
            }
        }

        /// The flip the other way round (left ↔ right, top ↔ bottom).
        public var reversed: Direction {
            switch self {
            case .fromLeft: return .fromRight
            case .fromRight: return .fromLeft
            case .fromTop: return .fromBottom
            case .fromBottom: return .fromTop
            }
        }
    }

    public static let name = "flip"
    public static let summary =
        "3-D flip of the screen about its centre, the other screen on the back (UIKit's flipHorizontal and transitionFlipFrom...), push, pop, present, dismiss and tab"

    /// `duration`: seconds 0...10, default 0.5.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: Flip.defaultDuration, range: 0...10,
        source: "TransitionKit's choice: Apple documents no length for flipHorizontal; 0.5 s")
    /// `perspective`: eye distance in points 500...100000, default 1000.
    public static let perspectiveParameter = EffectParameter.number(
        "perspective", summary: "eye distance d of the perspective m34 = -1/d", unit: "points",
        default: Flip.defaultPerspectiveDistance, range: 500...100_000,
        source: "TransitionKit's choice: Apple documents none; d = 1000 keeps a phone's near edge in front of the eye")
    /// `direction`: `fromleft`, `fromright` (default), `fromtop`, `frombottom`.
    public static let directionParameter = EffectParameter<Direction>.choice(
        "direction", summary: "edge that comes toward the viewer on push and present (pop and dismiss flip back)",
        default: Flip.defaultDirection,
        source: "UIView.AnimationOptions.transitionFlipFrom...; fromright is flipHorizontal's present (Apple: right-to-left)")
    public static let parameters = [
        AnyEffectParameter(durationParameter), AnyEffectParameter(perspectiveParameter), AnyEffectParameter(directionParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss, .tab]

    /// Default duration: 0.5 s. Apple documents no length for `flipHorizontal` (and
    /// `UIView.transition` takes one from the caller); TransitionKit chooses 0.5 s, longer than
    /// the 0.35 s push because the flip turns the whole screen through 180°.
    public static let defaultDuration: TimeInterval = 0.5
    /// Default perspective eye distance: 1000 points (m34 = −1/1000). Apple documents none;
    /// TransitionKit's choice: the near edge of a vertical flip of a 932-point-tall phone is
    /// 466 points in front of the screen half-way, so w = 1 − 466/1000 = 0.53 (magnified at
    /// most 1.9 times), well in front of the eye.
    public static let defaultPerspectiveDistance: CGFloat = 1000
    /// Default direction: `.fromRight`, `UIModalTransitionStyle.flipHorizontal`'s presentation.
    public static let defaultDirection = Direction.fromRight

    /// Seconds, finite and >= 0 (default 0.5).
    public var duration: TimeInterval
    /// Perspective eye distance in points, finite and > 0 (default 1000: m34 = −1/1000). It
    /// should exceed half the turning side (half the width for left and right, half the height
    /// for top and bottom): nearer, the near edge passes the eye and is clipped.
    public var perspectiveDistance: CGFloat
    /// The edge that comes forward on push and present (default `.fromRight`).
    public var direction: Direction
    /// Time → progress (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.5).
    ///   - perspectiveDistance: points, finite and > 0 (default 1000).
    ///   - direction: default `.fromRight`.
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: the values are in those ranges (values read from text go through the
    ///   registry, which throws instead).
    public init(
        duration: TimeInterval = Flip.defaultDuration, perspectiveDistance: CGFloat = Flip.defaultPerspectiveDistance,
        direction: Direction = Flip.defaultDirection, timingCurve: TimingCurve = .easeInEaseOut
    ) {
        precondition(duration.isFinite && duration >= 0, "flip duration must be finite and >= 0 seconds, got \(duration)")
        precondition(
            perspectiveDistance.isFinite && perspectiveDistance > 0,
            "flip perspectiveDistance must be finite and > 0 points, got \(perspectiveDistance)")
        self.duration = duration
        self.perspectiveDistance = perspectiveDistance
        self.direction = direction
        self.timingCurve = timingCurve
    }

    /// From validated registry parameters.
    /// - Throws: nothing beyond the registry's own validation.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            duration: parameters[Self.durationParameter], perspectiveDistance: CGFloat(parameters[Self.perspectiveParameter]),
            direction: parameters[Self.directionParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        FlipAnimator(self)
    }

    /// Pop and dismiss are the push and present played backwards; exactly half-way both
    /// faces are edge-on, so that one frame shows only the container's background.
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(blankRanges: [0.5...0.5], mirroredOperations: [.pop, .dismiss]) }
}
