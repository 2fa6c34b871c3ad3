import Foundation
import TransitionKitCore

/// A cross-dissolve (or a fade through a colour) as a registered effect (`fade`), for push,
/// pop, present and dismiss.
///
/// ```swift
/// let dissolve = Fade()                                   // 0.3 s cross-dissolve
/// let dip = Fade(duration: 0.5, style: .through(.black))  // out to black, then in
/// nc.perform(.push(vc), animated: true, transition: TransitionOverride(animator: FadeAnimator(dip)))
/// ```
///
/// Registry parameters (see `parameters`): `duration` (seconds), `through` (0 cross-dissolve,
/// 1 fade through the colour), `red`, `green`, `blue` (the colour's sRGB components 0...1,
/// default black; used only when `through` is 1).
public struct Fade: TransitionEffect, Hashable {
    /// How the incoming view replaces the outgoing one.
    public enum Style: Sendable, Hashable {
        /// The incoming view, above the outgoing one, goes from opacity 0 to 1 with eased
        /// progress p; the outgoing view is untouched. Blend: p·in + (1 − p)·out.
        case crossDissolve
        /// The outgoing view is covered by `color` during the first half (colour opacity
        /// min(1, 2p)), then the incoming view fades in above it during the second half
        /// (opacity max(0, 2p − 1)). See `FadeAnimator` for where the colour layer lives.
        case through(Color)
    }

    public static let name = "fade"
    public static let summary = "cross-dissolve, or fade through a colour, for push, pop, present and dismiss"
    public static let parameters = [
        EffectParameter(
            name: "duration", summary: "length of the transition", unit: "seconds",
            defaultValue: Fade.defaultDuration, range: 0...10,
            source: "TransitionKit's choice: 0.3 s, the same length as the push-back effect"),
        EffectParameter(
            name: "through", summary: "0 cross-dissolves, 1 fades the outgoing view to the colour and the incoming one in from it",
            unit: "0 or 1", defaultValue: 0, range: 0...1, source: "cross-dissolve is the plain fade", wholeNumbers: true),
        EffectParameter(
            name: "red", summary: "red component of the fade-through colour", unit: "sRGB 0...1",
            defaultValue: 0, range: 0...1, source: "black, the usual dip-to-black"),
        EffectParameter(
            name: "green", summary: "green component of the fade-through colour", unit: "sRGB 0...1",
            defaultValue: 0, range: 0...1, source: "black, the usual dip-to-black"),
        EffectParameter(
            name: "blue", summary: "blue component of the fade-through colour", unit: "sRGB 0...1",
            defaultValue: 0, range: 0...1, source: "black, the usual dip-to-black"),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss]

    /// Default duration: 0.3 s.
    public static let defaultDuration: TimeInterval = 0.3

    /// Duration in seconds, finite and >= 0 (default 0.3 s).
    public var duration: TimeInterval
    /// Cross-dissolve (default) or fade through a colour.
    public var style: Style
    /// Time → progress (default Core Animation's `easeInEaseOut`, control points 0.42, 0, 0.58, 1).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.3).
    ///   - style: `.crossDissolve` (default) or `.through(color)`.
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: `duration` is finite and >= 0.
    public init(duration: TimeInterval = Fade.defaultDuration, style: Style = .crossDissolve, timingCurve: TimingCurve = .easeInEaseOut) {
        precondition(duration.isFinite && duration >= 0, "fade duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
        self.style = style
        self.timingCurve = timingCurve
    }

    /// The fade through `color` (default black).
    public static func through(_ color: Color = .black, duration: TimeInterval = Fade.defaultDuration) -> Fade {
        Fade(duration: duration, style: .through(color))
    }

    /// From validated registry parameters.
    /// - Throws: nothing beyond the registry's own validation (every declared range is valid).
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        let style: Style =
            parameters["through"] >= 0.5
            ? .through(Color(red: parameters["red"], green: parameters["green"], blue: parameters["blue"]))
            : .crossDissolve
        self.init(duration: parameters["duration"], style: style)
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        FadeAnimator(self)
    }
}
