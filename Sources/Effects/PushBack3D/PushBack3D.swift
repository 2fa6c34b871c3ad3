import Foundation
import TransitionKitCore

/// The 3-D push-back as a registered effect (`pushback3d`), push, pop and tab switches.
///
/// Push: the outgoing view turns about the vertical line through its right-edge midpoint
/// (anchor point (1, 0.5), position compensated so nothing moves) by up to `angle` degrees
/// under a perspective m34 = −1/`perspectiveDistance`, so its left edge recedes; the
/// incoming view slides in above it from the container's right edge (translation = the
/// container's width at that frame, scenario G2). Optionally the pushed-back view shrinks to
/// `scale` and darkens under a black overlay up to opacity `dimming`.
/// Pop is the exact reverse: the state at pop progress p is the push state at 1 − p, with the
/// views' roles swapped. A tab switch towards a higher index plays the push, towards a lower
/// index the pop (`ContextTransitioning.navigationEquivalent`).
///
/// Defaults are the values given for PushBackNavigationTransition in TransitionKit's design
/// brief (10°, m34 = −1/300, 0.3 s easeInEaseOut); `scale` and `dimming` are TransitionKit
/// additions that default to "off".
///
/// ```swift
/// nc.pushBack3DPush(detail)
/// nc.pushBack3DPop(effect: PushBack3D(scale: 0.95, dimming: 0.3))
/// ```
public struct PushBack3D: TransitionEffect, Hashable {
    public static let name = "pushback3d"
    public static let summary =
        "outgoing view tilts back in 3-D while the incoming one slides in (PushBackNavigationTransition), push, pop and tab"
    /// `duration`: seconds 0...10, default 0.3.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: PushBack3D.defaultDuration, range: 0...10,
        source: "PushBackNavigationTransition's 0.3 s")
    /// `angle`: degrees 0...80, default 10.
    public static let angleParameter = EffectParameter.number(
        "angle", summary: "rotation of the pushed-back view about the y axis at the end", unit: "degrees", default: PushBack3D.defaultAngle,
        range: 0...80, source: "PushBackNavigationTransition's 10°")
    /// `perspective`: eye distance in points 50...100000, default 300.
    public static let perspectiveParameter = EffectParameter.number(
        "perspective", summary: "eye distance d of the perspective m34 = -1/d", unit: "points",
        default: PushBack3D.defaultPerspectiveDistance, range: 50...100_000, source: "PushBackNavigationTransition's m34 = -1/300")
    /// `scale`: factor 0.1...1.5, default 1 (none).
    public static let scaleParameter = EffectParameter.number(
        "scale", summary: "scale of the pushed-back view at the end (1 = none)", unit: "factor", default: 1, range: 0.1...1.5,
        source: "TransitionKit addition, off by default")
    /// `dimming`: opacity 0...1, default 0 (none).
    public static let dimmingParameter = EffectParameter.number(
        "dimming", summary: "opacity of a black overlay on the pushed-back view at the end (0 = none)", unit: "opacity", default: 0,
        range: 0...1, source: "TransitionKit addition, off by default")
    public static let parameters = [
        AnyEffectParameter(durationParameter), AnyEffectParameter(angleParameter), AnyEffectParameter(perspectiveParameter),
        AnyEffectParameter(scaleParameter), AnyEffectParameter(dimmingParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .tab]

    /// Default duration: 0.3 s (PushBackNavigationTransition).
    public static let defaultDuration: TimeInterval = 0.3
    /// Default final angle: 10 degrees (PushBackNavigationTransition).
    public static let defaultAngle: CGFloat = 10
    /// Default perspective eye distance: 300 points, m34 = −1/300 (PushBackNavigationTransition).
    public static let defaultPerspectiveDistance: CGFloat = 300

    /// Seconds, finite and >= 0 (default 0.3).
    public var duration: TimeInterval
    /// Final rotation in degrees, 0...80 (default 10).
    public var angle: CGFloat
    /// Perspective eye distance in points, > 0 (default 300: m34 = −1/300).
    public var perspectiveDistance: CGFloat
    /// Final scale of the pushed-back view, > 0 (default 1 = none), about its anchor (1, 0.5).
    public var scale: CGFloat
    /// Final opacity 0...1 of the black overlay on the pushed-back view (default 0 = none).
    public var dimming: CGFloat
    /// Time → progress (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0.
    ///   - angle: degrees, finite, 0...80.
    ///   - perspectiveDistance: points, finite and > 0.
    ///   - scale: factor, finite and > 0.
    ///   - dimming: opacity, 0...1.
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: the values are in those ranges.
    public init(
        duration: TimeInterval = PushBack3D.defaultDuration, angle: CGFloat = PushBack3D.defaultAngle,
        perspectiveDistance: CGFloat = PushBack3D.defaultPerspectiveDistance, scale: CGFloat = 1, dimming: CGFloat = 0,
        timingCurve: TimingCurve = .easeInEaseOut
    ) {
        precondition(duration.isFinite && duration >= 0, "pushback3d duration must be finite and >= 0 seconds, got \(duration)")
        precondition(angle.isFinite && (0...80).contains(angle), "pushback3d angle must be 0...80 degrees, got \(angle)")
        precondition(
            perspectiveDistance.isFinite && perspectiveDistance > 0,
            "pushback3d perspectiveDistance must be finite and > 0 points, got \(perspectiveDistance)")
        precondition(scale.isFinite && scale > 0, "pushback3d scale must be finite and > 0, got \(scale)")
        precondition(dimming.isFinite && (0...1).contains(dimming), "pushback3d dimming must be 0...1, got \(dimming)")
        self.duration = duration
        self.angle = angle
        self.perspectiveDistance = perspectiveDistance
        self.scale = scale
        self.dimming = dimming
        self.timingCurve = timingCurve
    }

    /// From validated registry parameters.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            duration: parameters[Self.durationParameter], angle: parameters[Self.angleParameter],
            perspectiveDistance: parameters[Self.perspectiveParameter], scale: parameters[Self.scaleParameter],
            dimming: parameters[Self.dimmingParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        PushBack3DAnimator(self)
    }
}

extension PushBack3D {
    /// The anchor point of the pushed-back view while it is pushed back: the right-edge
    /// midpoint (1, 0.5), unit coordinates.
    public static let pushedBackAnchorPoint = CGPoint(x: 1, y: 0.5)

    /// The pushed-back view's transform at push progress `b` (0 = untouched, 1 = fully back;
    /// during a pop b = 1 − progress).
    ///
    /// b == 0 gives exactly the identity (the untouched view). Otherwise
    /// `S(s).concatenating(R).concatenating(P)` (scale first, `CATransform3DConcat` order) with
    /// s = 1 + (scale − 1)·b, R = `Transform3D(rotationAngle: −angle·b·π/180, x: 0, y: 1, z: 0)`
    /// and P = `.perspective(distance: perspectiveDistance)` (m34 = −1/d). The angle is negative
    /// so that, about the right-edge anchor, the left edge moves to z < 0 (away from the eye):
    /// the view is pushed *back*. Applied about the anchor point (1, 0.5).
    /// - Complexity: O(1), two matrix products.
    public func pushedBackTransform(at b: CGFloat) -> Transform3D {
        guard b != 0 else { return .identity }
        let s = 1 + (scale - 1) * b
        return Transform3D(scaleX: s, y: s)
            .concatenating(Transform3D(rotationAngle: -angle * b * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(.perspective(distance: perspectiveDistance))
    }

    /// The sliding view's x translation in points at push progress `b`: width·(1 − b)
    /// (0 → just off the right edge, 1 → in place). `width` is the container's current width (G2).
    public func slideTranslation(at b: CGFloat, containerWidth width: CGFloat) -> CGFloat {
        width * (1 - b)
    }

    /// The dimming overlay's opacity at push progress `b`: dimming·b, clamped to 0...1.
    public func dimmingOpacity(at b: CGFloat) -> CGFloat { min(1, max(0, dimming * b)) }
}
