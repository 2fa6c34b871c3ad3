import Foundation

/// UIKit's own transitions as a registered effect (`slide`), and the default of every
/// navigation controller, tab bar controller and presentation that names no animator.
///
/// - **Push** (UIKit's navigation push): the incoming screen slides in from the trailing
///   edge over the outgoing one, which moves `parallax` of the width the other way and dims
///   under a black overlay rising to `dimming`; the incoming screen casts a soft shadow from
///   its leading edge onto it. **Pop** is the push played backwards.
/// - **Present** and **dismiss** (UIKit's default modal, `coverVertical`): the presented
///   screen slides up from the bottom edge and back down; a pan down on it dismisses
///   interactively.
/// - **Tab**: both screens slide side by side by the whole width, like a paged scroll.
///
/// A right-to-left layout mirrors every horizontal movement: set the navigation controller's
/// `view.semanticContentAttribute = .forceRightToLeft` (the container's
/// `effectiveUserInterfaceLayoutDirection` is read when each transition starts).
///
/// ```swift
/// nc.perform(.push(detail), animated: true)                 // no animator given: this push
/// nc.slidePush(detail, effect: Slide(dimming: 0.2))         // the same, tuned
/// nc.enableInteractivePop(Slide())                          // the back swipe from the edge
/// ```
///
/// Sources of the defaults: the 0.35 s length, the third-of-the-width parallax, the 0.1 black
/// overlay and the shadow (black, opacity 0.5, radius 5 pt, no offset) are how Hero, the
/// transition library, encodes UIKit's push (its `push` default animation); 0.35 s is also the
/// length commonly measured for UIKit's push. The curve is `easeInEaseOut`, the curve
/// `UIView.animate(withDuration:)` uses when given none (`UIView.AnimationOptions.curveEaseInOut`).
public struct Slide: TransitionEffect, Hashable {
    public static let name = "slide"
    public static let summary = "UIKit's push and pop (parallax, dimming, edge shadow), cover-vertical modal, paged tab slide"

    /// `duration`: seconds, 0...10, default 0.35.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the transition", unit: "seconds", default: Slide.defaultDuration, range: 0...10,
        source: "UIKit's push: 0.35 s, Hero's encoding of it and the commonly measured length")
    /// `parallax`: fraction of the width, 0...1, default 1/3.
    public static let parallaxParameter = EffectParameter.number(
        "parallax", summary: "fraction of the width the covered screen moves the other way", unit: "fraction of the width",
        default: Slide.defaultParallax, range: 0...1, source: "UIKit's push: a third of the width (Hero's push)")
    /// `dimming`: opacity 0...1 of the black overlay on the covered screen, default 0.1.
    public static let dimmingParameter = EffectParameter.number(
        "dimming", summary: "opacity of the black overlay on the covered screen when fully covered", unit: "opacity",
        default: Slide.defaultDimming, range: 0...1, source: "UIKit's push: black at 0.1 (Hero's overlay)")
    /// `shadowopacity`: 0...1, default 0.5.
    public static let shadowOpacityParameter = EffectParameter.number(
        "shadowopacity", summary: "opacity of the covering screen's edge shadow when fully in", unit: "opacity",
        default: Double(Slide.defaultShadowOpacity), range: 0...1, source: "UIKit's push: 0.5 (Hero's shadow)")
    /// `shadowradius`: points, 0...50, default 5.
    public static let shadowRadiusParameter = EffectParameter.number(
        "shadowradius", summary: "blur radius of the edge shadow (Layer.shadowRadius)", unit: "points",
        default: Double(Slide.defaultShadowRadius), range: 0...50, source: "UIKit's push: 5 pt (Hero's shadow)")
    public static let parameters = [
        AnyEffectParameter(durationParameter), AnyEffectParameter(parallaxParameter), AnyEffectParameter(dimmingParameter),
        AnyEffectParameter(shadowOpacityParameter), AnyEffectParameter(shadowRadiusParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss, .tab]

    /// 0.35 s.
    public static let defaultDuration: TimeInterval = 0.35
    /// A third of the width.
    public static let defaultParallax: CGFloat = 1.0 / 3.0
    /// Black at opacity 0.1.
    public static let defaultDimming: CGFloat = 0.1
    /// 0.5.
    public static let defaultShadowOpacity: Float = 0.5
    /// 5 points.
    public static let defaultShadowRadius: CGFloat = 5

    /// Seconds, finite and >= 0 (default 0.35).
    public var duration: TimeInterval
    /// Fraction 0...1 of the width the covered screen moves away (default 1/3).
    public var parallax: CGFloat
    /// Opacity 0...1 of the black overlay on the fully covered screen (default 0.1).
    public var dimming: CGFloat
    /// Opacity 0...1 of the covering screen's edge shadow when it is fully in (default 0.5).
    public var shadowOpacity: Float
    /// The edge shadow's `Layer.shadowRadius`, points >= 0 (default 5).
    public var shadowRadius: CGFloat
    /// Time → progress (default `.easeInEaseOut`).
    public var timingCurve: TimingCurve

    /// - Parameters:
    ///   - duration: seconds, finite and >= 0 (default 0.35).
    ///   - parallax: 0...1 of the width (default 1/3).
    ///   - dimming: overlay opacity 0...1 (default 0.1).
    ///   - shadowOpacity: 0...1 (default 0.5).
    ///   - shadowRadius: points, finite and >= 0 (default 5).
    ///   - timingCurve: default `.easeInEaseOut`.
    /// - Precondition: every value finite and in its range; a value out of range traps with
    ///   its name (values read from text go through the registry, which throws instead).
    public init(
        duration: TimeInterval = Slide.defaultDuration, parallax: CGFloat = Slide.defaultParallax, dimming: CGFloat = Slide.defaultDimming,
        shadowOpacity: Float = Slide.defaultShadowOpacity, shadowRadius: CGFloat = Slide.defaultShadowRadius,
        timingCurve: TimingCurve = .easeInEaseOut
    ) {
        precondition(duration.isFinite && duration >= 0, "slide duration must be finite and >= 0 seconds, got \(duration)")
        precondition(parallax.isFinite && (0...1).contains(parallax), "slide parallax must be in 0...1, got \(parallax)")
        precondition(dimming.isFinite && (0...1).contains(dimming), "slide dimming must be in 0...1, got \(dimming)")
        precondition(shadowOpacity.isFinite && (0...1).contains(shadowOpacity), "slide shadowOpacity must be in 0...1, got \(shadowOpacity)")
        precondition(shadowRadius.isFinite && shadowRadius >= 0, "slide shadowRadius must be finite and >= 0 points, got \(shadowRadius)")
        self.duration = duration
        self.parallax = parallax
        self.dimming = dimming
        self.shadowOpacity = shadowOpacity
        self.shadowRadius = shadowRadius
        self.timingCurve = timingCurve
    }

    /// From validated registry parameters.
    /// - Throws: nothing beyond the registry's own validation.
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(
            duration: parameters[Self.durationParameter], parallax: CGFloat(parameters[Self.parallaxParameter]),
            dimming: CGFloat(parameters[Self.dimmingParameter]), shadowOpacity: Float(parameters[Self.shadowOpacityParameter]),
            shadowRadius: CGFloat(parameters[Self.shadowRadiusParameter]))
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        SlideAnimator(self)
    }

    /// The back swipe from the leading edge pops (`NavigationController.enableInteractivePop`),
    /// a pan down on a presented screen dismisses (`EffectTransitioningDelegate.enableDragToDismiss`).
    public var interactions: [EffectInteraction] { [.leftEdgePanPop, .dragToDismiss(.down)] }

    /// Pop and dismiss are the push and present played backwards (see `placement`).
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(mirroredOperations: [.pop, .dismiss]) }
}
