import Foundation
import TransitionKitCore

/// The zoom's animator: the zoomed view (the upper one: pushed or presented, or the one
/// popped or dismissed) is transformed and clipped by `ZoomGeometry`, a dimming view lies
/// between it and the view behind, and the source view is hidden while it runs.
///
/// Three phases:
/// - **Progress** (time-based, or progress given by an interaction controller without a
///   finger): the closed form of `ZoomGeometry` at z = `upperViewProgress(progress)`.
/// - **Finger** (`fingerMoved(to:)` called while the transition is interactive): the rect
///   under the finger (`ZoomGeometry.fingerRect`), from the rect on screen when the finger
///   took hold (a re-grab during the run-out continues from where the view is, no jump).
/// - **Run-out** (released after a finger): from the rect at release to the source's frame
///   (finish) or to full screen (cancel), linearly in the run-out's progress, so the spring
///   run-out's starting velocity (the finger's) moves the view.
///
/// A zoom back (pop or dismiss, and a finishing run-out) reads its source view's frame in the
/// container on every frame, so it lands where the source is, not where it was when it
/// started (a list that scrolls or relayouts meanwhile; UIKit asks the source view provider
/// again to use up-to-date visuals). When the source leaves the window or becomes unusable,
/// it goes on to the last frame it had (scenario U3).
///
/// Dimming opacity is z clamped to 0...1 in every phase, z taken from progress.
@MainActor
public final class ZoomAnimator: AnimatedTransitioning {
    /// The effect's configuration.
    public let configuration: Zoom
    /// `.spring(configuration.options.spring)`.
    public let timingCurve: TimingCurve
    /// The finger movement a drag of this animator's interactive run goes toward completion
    /// (`.down` for the pan anywhere, `.right` for the left-edge pan); the scale follows the
    /// drag along it.
    public let dragDirection: PanInteractionController.Direction

    /// What the zoom goes into, resolved when the transition is prepared.
    private enum Target {
        case view(frame: CGRect, radius: CGFloat)
        case thumbnail(Zoom.Thumbnail)
        case fallback
    }

    private enum Phase { case progress, finger, runOut }

    /// One frame's geometry.
    private struct Look {
        var rect: CGRect
        var radius: CGFloat
        var opacity: CGFloat
    }

    @exclusivity(unchecked) private var target = Target.fallback
    private weak var zoomedView: View?
    private weak var sourceView: View?
    @exclusivity(unchecked) private var sourceWasHidden = false
    @exclusivity(unchecked) private var alignment = CGRect.zero
    private let mask = Layer(name: "zoom mask")
    @exclusivity(unchecked) private var dimming: View?
    @exclusivity(unchecked) private var phase = Phase.progress
    @exclusivity(unchecked) private var last = Look(rect: .zero, radius: 0, opacity: 1)
    @exclusivity(unchecked) private var lastProgress: CGFloat = 0
    @exclusivity(unchecked) private var grabbed = Look(rect: .zero, radius: 0, opacity: 1)
    @exclusivity(unchecked) private var grabPoint = CGPoint.zero
    @exclusivity(unchecked) private var finger = CGPoint.zero
    @exclusivity(unchecked) private var released = Look(rect: .zero, radius: 0, opacity: 1)
    @exclusivity(unchecked) private var releasedProgress: CGFloat = 0
    @exclusivity(unchecked) private var releaseTarget = Look(rect: .zero, radius: 0, opacity: 1)
    @exclusivity(unchecked) private var runOutFinishes = false

    /// - Parameters:
    ///   - configuration: the effect.
    ///   - dragDirection: the gesture's direction toward completion (default `.down`).
    public init(_ configuration: Zoom, dragDirection: PanInteractionController.Direction = .down) {
        self.configuration = configuration
        self.dragDirection = dragDirection
        timingCurve = .spring(configuration.options.spring)
    }

    /// The spring's settling duration (0.5 s by default).
    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { configuration.options.duration }

    /// Whether the zoom falls back (no usable source), once prepared.
    public var isFallback: Bool {
        if case .fallback = target { return true }
        return false
    }

    /// Asks for the source (the provider, for a view source), the alignment rect, hides the
    /// source view, adds the dimming view below the zoomed one and the mask to it.
    /// - Throws: `TransitionKitError.transitionUnavailable` when either view is not in the
    ///   container; nothing is changed then.
    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        _ = try context.viewsInContainer(effect: Zoom.name)
        guard let (zoomed, behind) = context.stackedViews else { return }
        let container = context.containerView
        let zoomedController = context.viewController(forKey: context.operation.insertsIncomingAbove ? .to : .from)
        let sourceController = context.viewController(forKey: context.operation.insertsIncomingAbove ? .from : .to)
        let zoomContext = zoomedController.map {
            ZoomContext(zoomedViewController: $0, sourceViewController: sourceController, operation: context.operation)
        }
        target = resolveTarget(zoomContext, in: container)
        if case .view = target, let source = sourceView {
            sourceWasHidden = source.isHidden
            source.isHidden = true
        }
        alignment = zoomed.bounds
        if let zoomContext, let rect = configuration.options.alignmentRectProvider?(zoomContext),
            rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0
        {
            alignment = rect
        }
        let dim = View(frame: container.bounds, name: "zoom dimming")
        dim.backgroundColor = configuration.options.dimmingColor
        dim.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dim.alpha = 0
        container.insertSubview(zoomed, aboveSubview: behind)
        container.insertSubview(dim, belowSubview: zoomed)
        dimming = dim
        zoomedView = zoomed
        zoomed.layer.mask = mask
    }

    private func resolveTarget(_ zoomContext: ZoomContext?, in container: View) -> Target {
        switch configuration.source {
        case .none:
            return .fallback
        case .thumbnail(let thumbnail):
            return ZoomGeometry.isUsable(thumbnail.frame(in: container.bounds), in: container.bounds) ? .thumbnail(thumbnail) : .fallback
        case .view(let provider):
            guard let zoomContext, let source = provider(zoomContext), let frame = Self.frame(of: source, in: container),
                ZoomGeometry.isUsable(frame, in: container.bounds)
            else { return .fallback }
            sourceView = source
            return .view(frame: frame, radius: max(0, source.layer.cornerRadius))
        }
    }

    /// The bounding box of `view`'s bounds in `container`'s coordinates, nil when it is not in
    /// `container`'s window (or not in one) or a transform on the way is singular.
    /// - Complexity: four point conversions up the two views' ancestors; no allocation (it runs
    ///   on every frame of a zoom back).
    private static func frame(of view: View, in container: View) -> CGRect? {
        guard let window = view.window, window === container.window else { return nil }
        let b = view.bounds
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in 0..<4 {
            let c = CGPoint(x: corner & 1 == 0 ? b.minX : b.maxX, y: corner < 2 ? b.minY : b.maxY)
            guard let p = view.convert(c, to: container) else { return nil }
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A view source's frame read again in `container` (U3): kept when the source is no longer
    /// in the window or its frame is unusable, so the zoom goes on to the last frame it had.
    /// - Complexity: O(depth of the source and the container); no allocation.
    private func followSource(in container: View) {
        guard case .view(_, let radius) = target, let source = sourceView, let frame = Self.frame(of: source, in: container),
            ZoomGeometry.isUsable(frame, in: container.bounds)
        else { return }
        target = .view(frame: frame, radius: radius)
    }

    /// The source's look (rect, radius, opacity of the zoomed view) in a container of `bounds`.
    private func sourceLook(in bounds: CGRect) -> Look {
        switch target {
        case .view(let frame, let radius): return Look(rect: frame, radius: radius, opacity: 1)
        case .thumbnail(let t): return Look(rect: t.frame(in: bounds), radius: t.cornerRadius, opacity: 1)
        case .fallback: return Look(rect: ZoomGeometry.fallbackRect(in: bounds), radius: 0, opacity: 0)
        }
    }

    /// The finger's location in the container (points), while a finger drives the transition.
    /// The first call of a grab (or re-grab) takes hold of the view where it is.
    public func fingerMoved(to point: CGPoint) {
        if phase != .finger {
            phase = .finger
            grabbed = last
            grabPoint = point
        }
        finger = point
    }

    /// Sets the zoomed view's transform, mask and opacity and the dimming for `progress`.
    /// - Complexity: O(1); no allocation.
    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        guard let zoomed = zoomedView else { return }
        let bounds = context.containerView.bounds
        let z = context.upperViewProgress(progress)
        if phase == .finger, !context.isInteractive { beginRunOut(context, bounds: bounds) }
        let look: Look
        switch phase {
        case .progress:
            if !context.operation.insertsIncomingAbove { followSource(in: context.containerView) }
            let s = sourceLook(in: bounds)
            look = Look(
                rect: ZoomGeometry.visibleRect(at: z, source: s.rect, bounds: bounds), radius: ZoomGeometry.cornerRadius(at: z, source: s.radius),
                opacity: s.opacity + (1 - s.opacity) * min(1, max(0, z)))
        case .finger:
            let t = CGPoint(x: finger.x - grabPoint.x, y: finger.y - grabPoint.y)
            let grabScale = bounds.width > 0 ? grabbed.rect.width / bounds.width : 1
            let factor = ZoomGeometry.fingerFactor(drag: dragDirection.component(of: t), grabScale: grabScale, containerHeight: bounds.height)
            look = Look(
                rect: ZoomGeometry.fingerRect(grabbed: grabbed.rect, factor: factor, translation: t), radius: grabbed.radius * factor,
                opacity: grabbed.opacity)
        case .runOut:
            if runOutFinishes {
                followSource(in: context.containerView)
                releaseTarget = sourceLook(in: bounds)
            }
            let span = runOutFinishes ? 1 - releasedProgress : releasedProgress
            let travelled = runOutFinishes ? progress - releasedProgress : releasedProgress - progress
            let f = span > 0 ? max(0, travelled / span) : 1
            look =
                context.isInteractive
                ? last
                : Look(
                    rect: ZoomGeometry.lerp(released.rect, releaseTarget.rect, f),
                    radius: max(0, released.radius + (releaseTarget.radius - released.radius) * f),
                    opacity: min(1, max(0, released.opacity + (releaseTarget.opacity - released.opacity) * f)))
        }
        apply(look, to: zoomed)
        dimming?.alpha = min(1, max(0, z))
        last = look
        lastProgress = progress
    }

    /// The finger let go: the run-out goes from the rect on screen to the source's frame
    /// (read again on every frame: it may move) or back to full screen.
    private func beginRunOut(_ context: any ContextTransitioning, bounds: CGRect) {
        phase = .runOut
        released = last
        releasedProgress = lastProgress
        runOutFinishes = !context.transitionWasCancelled
        if !runOutFinishes {
            releaseTarget = Look(rect: bounds, radius: 0, opacity: 1)
            return
        }
        followSource(in: context.containerView)
        releaseTarget = sourceLook(in: bounds)
    }

    private func apply(_ look: Look, to zoomed: View) {
        let layer = zoomed.layer
        let anchor = CGPoint(
            x: layer.bounds.minX + layer.anchorPoint.x * layer.bounds.width, y: layer.bounds.minY + layer.anchorPoint.y * layer.bounds.height)
        layer.transform = ZoomGeometry.contentTransform(alignment: alignment, visible: look.rect, position: layer.position, anchor: anchor)
        let k = ZoomGeometry.contentScale(alignment: alignment.size, visible: look.rect.size)
        mask.bounds = layer.bounds
        mask.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
        mask.path = .roundedRect(ZoomGeometry.maskRect(alignment: alignment, visible: look.rect), cornerRadius: look.radius / k)
        zoomed.alpha = look.opacity
    }

    /// Shows the source view again (finished or cancelled) and removes the dimming view.
    public func animationEnded(_ transitionCompleted: Bool) {
        sourceView?.isHidden = sourceWasHidden
        dimming?.removeFromSuperview()
        dimming = nil
    }
}
