import Foundation
import TransitionKitCore

/// The page curl as a registered effect (`curl`): UIKit's `UIView.transition` `curlUp` and
/// `curlDown` and the modal `partialCurl`, for present, dismiss, push and pop.
///
/// Present and push curl the outgoing screen up and away (`curlUp`): the page rolls around a
/// cylinder of radius `radius` whose axis, turned `angle` degrees from the horizontal so the
/// bottom-right corner lifts first, starts at that corner and sweeps across the screen to the
/// top-left corner and past it; the part of the page past the axis wraps around the cylinder
/// and lies flat, face down, on the page above it, its back a lighter mirror of the screen
/// (white at `backTint` over it); a soft shadow under the roll falls on the revealed screen.
/// Dismiss and pop play it backwards with the incoming screen as the page (`curlDown`): the
/// state at progress p is the present's at 1 − p with the screens' roles swapped.
///
/// The page drawn around the cylinder is the whole screen view, subviews included (a copy of
/// its layer tree taken when the transition is prepared, warped by a `MeshTransform`, which
/// warps a layer with its sublayers); the part still flat is the view itself, cut to the flat
/// side of the axis by a mask.
///
/// Chosen values (UIKit documents none): 30° of axis turn, the corner-first look of iOS's curl;
/// a 40 pt radius, about a tenth of a phone's width, the roll's apparent size on iOS; the back at
/// white 0.6 over the mirrored page; 0.6 s with `.easeInEaseOut`, the pace of a modal curl.
///
/// ```swift
/// nav.curlPush(detail)
/// viewController.curlPresent(settings)
/// settings.preferredTransition = .partialCurl()
/// ```
public struct Curl: TransitionEffect, Hashable {
    public static let name = "curl"
    public static let summary = "the screen curls up around a moving cylinder, revealing the one beneath (curlUp/curlDown, partialCurl)"
    /// `duration`: seconds 0...10, default 0.6.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: Curl.defaultDuration, range: 0...10,
        source: "chosen: the pace of a modal curl on iOS (UIKit takes the caller's duration)")
    /// `angle`: degrees 0...60, default 30.
    public static let angleParameter = EffectParameter.number(
        "angle", summary: "turn of the cylinder's axis from the horizontal (bottom-right corner first)", unit: "degrees",
        default: Curl.defaultAngle, range: 0...60, source: "chosen: the corner-first look of iOS's curl up")
    /// `radius`: points 4...200, default 40.
    public static let radiusParameter = EffectParameter.number(
        "radius", summary: "radius of the cylinder the page rolls around", unit: "points", default: Curl.defaultRadius, range: 4...200,
        source: "chosen: about a tenth of a phone's width, the roll's size on iOS")
    /// `backtint`: opacity 0...1, default 0.6.
    public static let backTintParameter = EffectParameter.number(
        "backtint", summary: "opacity of the white over the page's mirrored back", unit: "opacity", default: Curl.defaultBackTint,
        range: 0...1, source: "chosen: a lighter mirror of the page, as the back of iOS's curl")
    public static let parameters = [
        AnyEffectParameter(durationParameter), AnyEffectParameter(angleParameter), AnyEffectParameter(radiusParameter),
        AnyEffectParameter(backTintParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.present, .dismiss, .push, .pop]

    /// Default duration, 0.6 s (chosen, see the type).
    public static let defaultDuration: TimeInterval = 0.6
    /// Default axis turn, 30° (chosen, see the type).
    public static let defaultAngle: CGFloat = 30
    /// Default cylinder radius, 40 pt (chosen, see the type).
    public static let defaultRadius: CGFloat = 40
    /// Default opacity of the white over the page's back, 0.6 (chosen, see the type).
    public static let defaultBackTint: CGFloat = 0.6

    /// Seconds, finite and >= 0 (default 0.6).
    public var duration: TimeInterval
    /// Degrees 0...60 (default 30).
    public var angle: CGFloat
    /// Points, 4...200 (default 40).
    public var radius: CGFloat
    /// Opacity 0...1 of white over the back (default 0.6).
    public var backTint: CGFloat
    /// Time → progress (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0.
    ///   - angle: degrees, 0...60.
    ///   - radius: points, 4...200.
    ///   - backTint: opacity, 0...1.
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: the values are in those ranges.
    public init(
        duration: TimeInterval = Curl.defaultDuration, angle: CGFloat = Curl.defaultAngle, radius: CGFloat = Curl.defaultRadius,
        backTint: CGFloat = Curl.defaultBackTint, timingCurve: TimingCurve = .easeInEaseOut
    ) {
        precondition(duration.isFinite && duration >= 0, "curl duration must be finite and >= 0 seconds, got \(duration)")
        precondition(angle.isFinite && (0...60).contains(angle), "curl angle must be 0...60 degrees, got \(angle)")
        precondition(radius.isFinite && (4...200).contains(radius), "curl radius must be 4...200 points, got \(radius)")
        precondition(backTint.isFinite && (0...1).contains(backTint), "curl backTint must be 0...1, got \(backTint)")
        self.duration = duration
        self.angle = angle
        self.radius = radius
        self.backTint = backTint
        self.timingCurve = timingCurve
    }

    /// From validated registry parameters.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            duration: parameters[Self.durationParameter], angle: parameters[Self.angleParameter], radius: parameters[Self.radiusParameter],
            backTint: parameters[Self.backTintParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        CurlAnimator(self)
    }

    /// Pop and dismiss are present and push played backwards with the screens swapped.
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(blankRanges: [], mirroredOperations: [.pop, .dismiss]) }
}
