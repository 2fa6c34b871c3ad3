import Foundation
import TransitionKitCore

/// The circular reveal (RadialTransition) as a configuration and a registered effect
/// (`radial`), push, pop and tab switches.
///
/// Push reveals the incoming view through a circle growing from `startFrame` (default the
/// container's right-edge midpoint); pop does the same from the left-edge midpoint
/// (`.reveal`, the original's look) or shrinks the outgoing view's circle into the start
/// frame (`.conceal`). A tab switch reveals the incoming tab from its bar item (by default;
/// `tabBarController.radialSelect(_:)`), in either direction, as the original revealed a
/// push from a button's frame. The mask's geometry is `RadialGeometry`; `RadialAnimator` applies it.
///
/// ```swift
/// nc.radialPush(detail)                                           // 0.33 s from the right edge
/// let conceal = Radial(duration: 0.5, popStyle: .conceal)
/// nc.perform(.pop, animated: true, transition: TransitionOverride(animator: RadialAnimator(conceal, operation: .pop)))
/// ```
public struct Radial: TransitionEffect, Hashable {
    /// How a pop moves the circle.
    public enum PopStyle: String, Sendable, Hashable, CaseIterable {
        /// The incoming view, above, shows through a growing circle (RadialTransition's pop).
        case reveal
        /// The outgoing view stays on top and its circle shrinks into the start frame.
        case conceal
    }

    public static let name = "radial"
    public static let summary = "circular reveal from a start frame (RadialTransition), push, pop and tab (from the tab's bar item)"

    /// `duration`: seconds, 0...10, default 0.33 (RadialTransition's).
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: Radial.defaultDuration, range: 0...10,
        source: "RadialTransition's 0.33 s")
    /// `popstyle`: `reveal` (default, RadialTransition's pop) or `conceal`.
    public static let popStyleParameter = EffectParameter<PopStyle>.choice(
        "popstyle", summary: "pop: reveal the previous view through a growing circle, or conceal the outgoing one in a shrinking one",
        default: .reveal, source: "RadialTransition reveals on pop")
    public static let parameters = [AnyEffectParameter(durationParameter), AnyEffectParameter(popStyleParameter)]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .tab]

    /// Default duration of RadialTransition: 0.33 s.
    public static let defaultDuration: TimeInterval = 0.33

    /// Seconds, finite and >= 0 (default 0.33).
    public var duration: TimeInterval
    /// The frame the circle starts from (push, `.reveal` pop) or ends in (`.conceal` pop), in
    /// container coordinates (points, finite, standardized); nil → the edge midpoint of
    /// `RadialGeometry.defaultStartFrame(for:in:)`, computed from the container at each frame
    /// (for a tab switch, the incoming tab's bar item, see `RadialAnimator`).
    public var startFrame: CGRect?
    /// How a pop moves the circle (default `.reveal`); push always reveals.
    public var popStyle: PopStyle
    /// Time → progress (default Core Animation's `easeIn`, RadialTransition's curve).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.33).
    ///   - startFrame: points in container coordinates, finite; nil for the edge midpoint.
    ///   - popStyle: default `.reveal`.
    ///   - timingCurve: default `.easeIn`.
    /// - Precondition: `duration` and `startFrame` are finite, `duration` >= 0.
    public init(
        duration: TimeInterval = Radial.defaultDuration, startFrame: CGRect? = nil, popStyle: PopStyle = .reveal,
        timingCurve: TimingCurve = .easeIn
    ) {
        precondition(duration.isFinite && duration >= 0, "radial duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
        self.startFrame = Self.checkedStartFrame(startFrame)
        self.popStyle = popStyle
        self.timingCurve = timingCurve
    }

    /// From validated registry parameters (`duration`, `popstyle`).
    /// - Throws: nothing beyond the registry's own validation.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(duration: parameters[Self.durationParameter], popStyle: parameters[Self.popStyleParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        RadialAnimator(self, operation: operation)
    }
}

extension Radial {
    /// The style of `operation`: `.reveal` for push, present and tab switches, `popStyle` for
    /// pop and dismiss.
    public func style(for operation: TransitionOperation) -> PopStyle {
        operation.insertsIncomingAbove ? .reveal : popStyle
    }

    /// `frame` standardized (non-negative size), nil stays nil.
    /// - Precondition: `frame`'s origin and size are finite.
    static func checkedStartFrame(_ frame: CGRect?) -> CGRect? {
        guard let f = frame else { return nil }
        precondition(
            f.origin.x.isFinite && f.origin.y.isFinite && f.width.isFinite && f.height.isFinite, "radial startFrame must be finite, got \(f)")
        return f.standardized
    }
}
