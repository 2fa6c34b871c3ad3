import Foundation
import TransitionKitCore

/// A cross-dissolve (or a fade through a colour) as a configuration and a registered effect
/// (`fade`), for push, pop, present, dismiss and tab switches.
///
/// ```swift
/// let dissolve = Fade()                                    // 0.3 s cross-dissolve
/// let dip = Fade(duration: 0.5, style: .through)           // out to black, then in
/// nc.perform(.push(vc), animated: true, transition: TransitionOverride(animator: FadeAnimator(dip)))
/// ```
///
/// Registry parameters: `duration` (seconds), `style` (`crossdissolve` or `through`),
/// `color` (the fade-through colour, default black; used only by `through`).
public struct Fade: TransitionEffect, Hashable {
    /// How the incoming view replaces the outgoing one.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// The incoming view, above the outgoing one, goes from opacity 0 to 1 with eased
        /// progress p; the outgoing view is untouched. Blend: p·in + (1 − p)·out.
        case crossDissolve = "crossdissolve"
        /// The outgoing view is covered by `color` during the first half (colour opacity
        /// min(1, 2p)), then the incoming view fades in above it during the second half
        /// (opacity max(0, 2p − 1)). See `FadeAnimator` for where the colour layer lives.
        case through
    }

    public static let name = "fade"
    public static let summary = "cross-dissolve, or fade through a colour, for push, pop, present, dismiss and tab"

    /// `duration`: seconds, 0...10, default 0.3.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: Fade.defaultDuration, range: 0...10,
        source: "TransitionKit's choice: 0.3 s, the same length as the push-back effect")
    /// `style`: `crossdissolve` (default) or `through`.
    public static let styleParameter = EffectParameter<Style>.choice(
        "style", summary: "crossdissolve blends the views; through fades the outgoing view to the colour and the incoming one in from it",
        default: .crossDissolve, source: "cross-dissolve is the plain fade")
    /// `color`: the fade-through colour, default black.
    public static let colorParameter = EffectParameter.color(
        "color", summary: "colour the through style fades to and from", default: Fade.defaultColor, source: "black, the usual dip-to-black")
    public static let parameters = [AnyEffectParameter(durationParameter), AnyEffectParameter(styleParameter), AnyEffectParameter(colorParameter)]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss, .tab]

    /// Default duration: 0.3 s.
    public static let defaultDuration: TimeInterval = 0.3
    /// Default fade-through colour: opaque black (the usual dip-to-black).
    public static let defaultColor = Color.black

    /// Duration in seconds, finite and >= 0 (default 0.3 s).
    public var duration: TimeInterval
    /// Cross-dissolve (default) or fade through `color`.
    public var style: Style
    /// The colour of `.through`, components 0...1 (default black); unused by `.crossDissolve`.
    public var color: Color
    /// Time → progress (default Core Animation's `easeInEaseOut`, control points 0.42, 0, 0.58, 1).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.3).
    ///   - style: `.crossDissolve` (default) or `.through`.
    ///   - color: the `.through` colour (default black).
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: `duration` is finite and >= 0.
    public init(
        duration: TimeInterval = Fade.defaultDuration, style: Style = .crossDissolve, color: Color = Fade.defaultColor,
        timingCurve: TimingCurve = .easeInEaseOut
    ) {
        precondition(duration.isFinite && duration >= 0, "fade duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
        self.style = style
        self.color = color
        self.timingCurve = timingCurve
    }

    /// The fade through `color` (default black).
    public static func through(_ color: Color = Fade.defaultColor, duration: TimeInterval = Fade.defaultDuration) -> Fade {
        Fade(duration: duration, style: .through, color: color)
    }

    /// From validated registry parameters (`duration`, `style`, `color`).
    /// - Throws: nothing beyond the registry's own validation.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(duration: parameters[Self.durationParameter], style: parameters[Self.styleParameter], color: parameters[Self.colorParameter])
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        FadeAnimator(self)
    }
}
