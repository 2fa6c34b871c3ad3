import Foundation
import TransitionKitCore

// The spellings of the first release (1.0.0), kept as forwarding declarations; see CHANGELOG.md.
extension RadialAnimator {
    /// How the circle moves (1.0.0's name of `Radial.PopStyle`).
    @available(*, deprecated, renamed: "Radial.PopStyle")
    public typealias Style = Radial.PopStyle

    /// Duration in seconds (1.0.0's property; now the configuration's).
    @available(*, deprecated, renamed: "configuration.duration")
    public var duration: TimeInterval { configuration.duration }

    /// Default duration of RadialTransition: 0.33 s (moved to `Radial.defaultDuration`).
    @available(*, deprecated, renamed: "Radial.defaultDuration")
    nonisolated public static var defaultDuration: TimeInterval { Radial.defaultDuration }

    /// 1.0.0's animator with its style given directly: forwards to `init(_:operation:)` with a
    /// `Radial` of the same values and the operation that has that style (`.push` reveals;
    /// `.pop` with `popStyle` `.conceal` conceals), so it animates every operation as before.
    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.33).
    ///   - startFrame: points in container coordinates, finite; nil for the edge midpoint.
    ///   - style: `.reveal` (default) or `.conceal`.
    ///   - timingCurve: default `.easeIn`.
    @available(
        *, deprecated,
        message: "use RadialAnimator(Radial(duration:startFrame:popStyle:timingCurve:), operation:); the operation decides the style"
    )
    public convenience init(
        duration: TimeInterval = Radial.defaultDuration, startFrame: CGRect? = nil, style: Radial.PopStyle = .reveal,
        timingCurve: TimingCurve = .easeIn
    ) {
        self.init(
            Radial(duration: duration, startFrame: startFrame, popStyle: style, timingCurve: timingCurve),
            operation: style == .reveal ? .push : .pop)
    }
}

extension Radial {
    /// Whether a pop conceals (1.0.0's flag; now `popStyle == .conceal`).
    @available(*, deprecated, message: "use popStyle == .conceal")
    public var conceal: Bool { popStyle == .conceal }
}
