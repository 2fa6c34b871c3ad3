import Foundation
import TransitionKitCore

/// The sheet's present and dismiss, a pure function of progress: the sheet's top edge at
/// y(p) = H + (y₁ − H)·p for a present to the detent at y₁, y(p) = y₀ + (H − y₀)·p for a
/// dismiss from y₀ (H the container's height at that frame); the rest of the frame is
/// `Sheet.Layout.placement(sheetTop:presenterTop:)`.
///
/// Scene: the sheet's view fills the container and moves by its layer's translation; its top
/// corners round to `cornerRadius` (continuous) and clip. The screen behind clips to its
/// rounded corners and carries the dimming, a black sublayer over its bounds. After a
/// finished present all of that stays (the driver records what stays on the presenter and
/// the presentation's end undoes it); after a finished dismiss the sheet's layer is put back
/// as it was before the present.
@MainActor
public final class SheetAnimator: AnimatedTransitioning {
    /// The geometry's constants.
    public let configuration: Sheet
    /// The controller whose detents and position this transition uses; nil: `configuration.detent`.
    public private(set) weak var controller: SheetPresentationController?
    /// Where the dismiss starts (points) and its speed (points per second, downwards), from
    /// the controller's release; nil: the selected detent, at rest.
    private let release: (top: CGFloat, velocity: CGFloat)?
    /// `.spring(configuration.spring(initialVelocity:))`, the release's velocity over the
    /// distance left for a dismiss after a drag, else at rest.
    public private(set) var timingCurve: TimingCurve

    private var layout: Sheet.Layout?
    private var start: CGFloat = 0
    private var target: CGFloat?
    private var presenterTop: CGFloat = 0
    @exclusivity(unchecked) private var dimming: Layer?

    /// - Parameters:
    ///   - configuration: the constants and, without a controller, the detent.
    ///   - controller: supplies detents, the selected one and the grabber (default none).
    ///   - release: a dismiss's starting top edge and velocity (default: at rest at the detent).
    public init(_ configuration: Sheet, controller: SheetPresentationController? = nil, release: (top: CGFloat, velocity: CGFloat)? = nil) {
        self.configuration = configuration
        self.controller = controller
        self.release = release
        timingCurve = .spring(configuration.spring())
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval {
        if case .spring(let s) = timingCurve { return s.settlingDuration }
        return configuration.response
    }

    /// Resolves the layout, records what the sheet and the screen behind looked like before
    /// a present, and sets up both (corners, clipping, the dimming layer).
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   container, or a presented view controller is not `.overFullScreen` (the screen behind
    ///   would leave); nothing is changed then.
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        _ = try context.viewsInContainer(effect: Sheet.name)
        let presenting = context.operation == .present
        let sheetKey: TransitionContextKey = presenting ? .to : .from
        guard let sheetVC = context.viewController(forKey: sheetKey), let (sheet, presenter) = context.stackedViews else { return }
        if presenting, sheetVC.modalPresentationStyle != .overFullScreen {
            throw .transitionUnavailable("sheet: the presented view controller must use modalPresentationStyle = .overFullScreen")
        }
        let size = context.containerView.bounds.size
        let layout =
            controller?.layout(in: size) ?? Sheet.Layout(configuration: configuration, containerSize: size, detents: [configuration.registryDetent])
        self.layout = layout
        let state = SheetState.of(sheetVC) ?? SheetState(sheet: sheet, presenter: presenter)
        if presenting { sheetVC[extension: SheetState.key] = state }
        presenterTop = state.presenterTop
        let selected = controller?.selectedTop(in: layout) ?? layout.top(forHeight: layout.detents.last?.height ?? 0)
        start = presenting ? layout.dismissedTop : (release?.top ?? controller?.currentTop ?? selected)
        target = presenting ? selected : nil
        if !presenting, let release, layout.dismissedTop - release.top > 1 {
            timingCurve = .spring(configuration.spring(initialVelocity: Double(release.velocity / (layout.dismissedTop - release.top))))
        }
        dimming = state.setUp(sheet: sheet, presenter: presenter, configuration: configuration, grabber: controller?.prefersGrabberVisible ?? false)
        context.containerView.insertSubview(sheet, aboveSubview: presenter)
    }

    /// - Complexity: O(detents); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let layout, let (sheet, presenter) = context.stackedViews else { return }
        let h = context.containerView.bounds.height
        let y = target.map { h + ($0 - h) * progress } ?? start + (h - start) * progress
        SheetState.apply(layout.placement(sheetTop: y, presenterTop: presenterTop), sheet: sheet, presenter: presenter, dimming: dimming)
    }

    /// After a present: the sheet at its detent and the screen behind as there, to stay.
    /// After a dismiss: the sheet's layer as before the present, the state forgotten.
    public func finalizeTransition(using context: any ContextTransitioning) {
        guard let (sheet, presenter) = context.stackedViews else { return }
        let sheetVC = context.viewController(forKey: context.operation == .present ? .to : .from)
        guard let sheetVC, let state = SheetState.of(sheetVC) else { return }
        if context.operation == .present, let layout, let target {
            let dimming = state.setUp(
                sheet: sheet, presenter: presenter, configuration: configuration, grabber: controller?.prefersGrabberVisible ?? false)
            SheetState.apply(layout.placement(sheetTop: target, presenterTop: presenterTop), sheet: sheet, presenter: presenter, dimming: dimming)
            controller?.presentationDidFinish(top: target)
        } else {
            state.tearDown(sheet: sheet, presenter: presenter)
            sheetVC[extension: SheetState.key] = nil
            controller?.dismissalDidFinish()
        }
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        dimming = nil
        if !transitionCompleted { controller?.transitionWasCancelled() }
    }
}

extension Sheet {
    /// The detent a registry-made present uses (`detent`).
    var registryDetent: SheetPresentationController.Detent { detent == .medium ? .medium() : .large() }
}
