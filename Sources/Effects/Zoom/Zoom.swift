import Foundation
import TransitionKitCore

/// The zoom, registered as `zoom`: a source view (a tapped thumbnail) grows into the pushed or
/// presented screen, and the screen shrinks back into it when popped or dismissed (UIKit's
/// `preferredTransition = .zoom(options:sourceViewProvider:)`).
///
/// At zoom fraction z (0 at the source, 1 full screen; z = progress for push and present,
/// 1 − progress for pop and dismiss), in the container's points:
/// - the zoomed view shows through V(z) = lerp(source frame, container bounds, z), rounded by
///   r(z) = r_source·(1 − z), r_source the source layer's `cornerRadius`;
/// - its content is scaled uniformly so its alignment rect (`ZoomOptions.alignmentRectProvider`,
///   default its bounds) fills V like `.scaleAspectFill`, centred;
/// - the source view is hidden while the zoom runs, and shown again at the end, finished or
///   cancelled;
/// - for pop and dismiss (and a drag's finishing run-out) the source frame is the view
///   source's frame in the container read again on every frame, so the zoom follows a list
///   that scrolls meanwhile; a source that leaves the window keeps its last frame;
/// - the view behind is dimmed by `ZoomOptions.dimmingColor` at opacity z.
///
/// A source that is nil, not in the container's window, zero-size or off-screen falls back to
/// a centred shrink-and-fade (`ZoomGeometry.fallbackScale`); the transition still runs.
/// Timing: `ZoomOptions.spring`, a critically damped spring settling in 0.5 s by default.
/// The formulas are `ZoomGeometry`'s.
///
/// Interactive dismissal: a downward pan anywhere on the zoomed screen (and, through
/// `preferredTransition`, a pan from the left screen edge for a pop) shrinks the view around
/// the finger (`ZoomGeometry.fingerFactor`); the default `InteractionPolicy` decides on
/// release, and the spring run-out starts at the finger's velocity.
///
/// ```swift
/// detail.preferredTransition = .zoom { _ in cell }    // push and pop, present and dismiss
/// nav.push(detail)
/// ```
///
/// As a registered effect (effect-bench, `EffectTransitioningDelegate`) it zooms from a
/// `Thumbnail` by default: 120x120 points with a 12 pt corner radius, centred.
public struct Zoom: TransitionEffect {
    public static let name = "zoom"
    public static let summary = "a thumbnail grows into the screen and shrinks back, drag down to dismiss (UIKit's zoom); push, pop, present, dismiss"

    /// `duration`: seconds the spring takes to settle, 0.05...10, default 0.5.
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "settling duration of the critically damped spring", unit: "seconds", default: ZoomOptions.defaultSettlingDuration,
        range: 0.05...10, source: "the zoom specification's 0.5 s spring (Apple publishes no value for UIKit's zoom)")
    /// `dimming`: colour over the view behind at full screen, default black at alpha 0.2.
    public static let dimmingParameter = EffectParameter.color(
        "dimming", summary: "colour laid over the view behind, scaled by the zoom fraction", default: ZoomOptions.defaultDimmingColor,
        source: "the zoom specification's black at alpha 0.2")
    /// `sourcewidth`: points 0...4096, default 120 (0 falls back).
    public static let sourceWidthParameter = EffectParameter.number(
        "sourcewidth", summary: "width of the thumbnail zoomed from (0: the fallback)", unit: "points", default: 120, range: 0...4096,
        source: "a 120 pt photo-grid thumbnail")
    /// `sourceheight`: points 0...4096, default 120 (0 falls back).
    public static let sourceHeightParameter = EffectParameter.number(
        "sourceheight", summary: "height of the thumbnail zoomed from (0: the fallback)", unit: "points", default: 120, range: 0...4096,
        source: "a 120 pt photo-grid thumbnail")
    /// `sourceradius`: points 0...2048, default 12.
    public static let sourceRadiusParameter = EffectParameter.number(
        "sourceradius", summary: "corner radius of the thumbnail", unit: "points", default: 12, range: 0...2048,
        source: "a 12 pt rounded thumbnail")
    /// `sourceoffset`: points, default 0,0 (the thumbnail centred in the source screen).
    public static let sourceOffsetParameter = EffectParameter.point(
        "sourceoffset", summary: "thumbnail centre minus the container's centre", default: .zero, source: "centred in the source screen")
    public static let parameters = [
        AnyEffectParameter(durationParameter), AnyEffectParameter(dimmingParameter), AnyEffectParameter(sourceWidthParameter),
        AnyEffectParameter(sourceHeightParameter), AnyEffectParameter(sourceRadiusParameter), AnyEffectParameter(sourceOffsetParameter),
    ]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop, .present, .dismiss]

    /// The look and timing.
    public var options: ZoomOptions
    /// What the zoom grows out of and shrinks back into.
    public var source: Source

    /// - Parameters:
    ///   - options: default `ZoomOptions()`.
    ///   - source: default the 120x120 pt, 12 pt-radius thumbnail centred in the container.
    public init(options: ZoomOptions = ZoomOptions(), source: Source = .thumbnail(Thumbnail())) {
        self.options = options
        self.source = source
    }

    /// From validated registry parameters: a thumbnail source and a spring settling in
    /// `duration` seconds.
    /// - Throws: nothing beyond the registry's own validation (every declared range is valid).
    public init(parameters: EffectParameters) throws(TransitionKitError) {
        let spring = Spring(settlingDuration: parameters[Self.durationParameter], dampingRatio: 1)
        self.init(
            options: ZoomOptions(dimmingColor: parameters[Self.dimmingParameter], spring: spring),
            source: .thumbnail(
                Thumbnail(
                    size: CGSize(width: parameters[Self.sourceWidthParameter], height: parameters[Self.sourceHeightParameter]),
                    offset: parameters[Self.sourceOffsetParameter], cornerRadius: parameters[Self.sourceRadiusParameter])))
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        ZoomAnimator(self)
    }

    /// The pan anywhere that goes down: on the navigation controller's view for a pop
    /// (`enableInteractivePop`), on the presented view for a dismiss (`enableDragToDismiss`).
    public var interactions: [EffectInteraction] {
        [.custom(Self.popPan), .dragToDismiss(.down)]
    }

    /// The pop gesture `interactions` declares: a vertical pan, toward `.down`.
    public static let popPan = CustomGestureInteraction(operation: .pop, direction: .down, name: "zoom.pan") {
        PanGestureRecognizer(axis: .vertical)
    }

    /// The animator, following the finger, with the effect's spring as the run-out (starting
    /// at the finger's velocity).
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        interactiveAnimation(dragDirection: .down)
    }

    /// One interactive run whose drag goes toward `dragDirection`.
    @MainActor
    func interactiveAnimation(dragDirection: PanInteractionController.Direction) -> InteractiveAnimation {
        let animator = ZoomAnimator(self, dragDirection: dragDirection)
        return InteractiveAnimation(
            animator: animator, fingerMoved: { [weak animator] point in animator?.fingerMoved(to: point) },
            completionCurve: .spring(options.spring))
    }
}
