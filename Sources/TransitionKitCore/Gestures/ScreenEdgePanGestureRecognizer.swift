import Foundation

/// A pan that starts at an edge of the window (`UIScreenEdgePanGestureRecognizer`), the
/// gesture of the interactive pop.
///
/// It behaves as `PanGestureRecognizer` (translation, velocity, hysteresis, states) with two
/// more rules:
/// - touch-down: the finger must go down within `edgeRegion` points of one of `edges` of the
///   window (distance <= `edgeRegion`); otherwise the recognizer fails at once;
/// - begin: when the movement reaches `minimumDistance`, it must point away from such an
///   edge more than along it (left edge: dx > |dy|; right: −dx > |dy|; top: dy > |dx|;
///   bottom: −dy > |dx|; ties fail); otherwise it fails.
/// The inherited `axis` (default `.any`) applies in addition if set.
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Width of the band along an edge where the touch must go down, points: 20. UIKit does
    /// not document its value; 20 pt is the commonly measured width of the system's
    /// back-swipe region and the value TransitionKit uses.
    public static let defaultEdgeRegion: CGFloat = 20

    /// The edges the gesture may start from. Empty: the recognizer never begins (UIKit's
    /// default is also empty; this initializer defaults to `.left`).
    public var edges: RectEdge
    /// The band width along each edge, points, finite and >= 0 (default 20).
    public var edgeRegion: CGFloat {
        didSet {
            precondition(edgeRegion.isFinite && edgeRegion >= 0, "edgeRegion must be finite and >= 0 points, got \(edgeRegion)")
        }
    }

    /// Edges the current touch went down near.
    private var touchEdges: RectEdge = []

    /// - Parameters:
    ///   - edges: where the gesture may start (default `.left`, the back swipe).
    ///   - edgeRegion: band width in points, finite and >= 0 (default 20).
    ///   - minimumDistance: hysteresis in points (default 10, see `PanGestureRecognizer`).
    ///   - velocityHorizon: velocity fitting window in seconds (default 0.1).
    ///   - action: called on `began`, `changed`, `ended`, `cancelled`.
    public init(
        edges: RectEdge = .left,
        edgeRegion: CGFloat = ScreenEdgePanGestureRecognizer.defaultEdgeRegion,
        minimumDistance: CGFloat = PanGestureRecognizer.defaultMinimumDistance,
        velocityHorizon: TimeInterval = VelocityTracker.defaultHorizon,
        action: (@MainActor (GestureRecognizer) -> Void)? = nil
    ) {
        precondition(edgeRegion.isFinite && edgeRegion >= 0, "edgeRegion must be finite and >= 0 points, got \(edgeRegion)")
        self.edges = edges
        self.edgeRegion = edgeRegion
        super.init(axis: .any, minimumDistance: minimumDistance, velocityHorizon: velocityHorizon, action: action)
    }

    override func reset() {
        super.reset()
        touchEdges = []
    }

    override func acceptsTouchDown(at p: CGPoint, in window: Window) -> Bool {
        let size = window.size
        var near: RectEdge = []
        if p.x <= edgeRegion { near.insert(.left) }
        if size.width - p.x <= edgeRegion { near.insert(.right) }
        if p.y <= edgeRegion { near.insert(.top) }
        if size.height - p.y <= edgeRegion { near.insert(.bottom) }
        touchEdges = near.intersection(edges)
        return !touchEdges.isEmpty
    }

    override func acceptsMovement(_ d: CGPoint) -> Bool {
        guard super.acceptsMovement(d) else { return false }
        return (touchEdges.contains(.left) && d.x > abs(d.y))
            || (touchEdges.contains(.right) && -d.x > abs(d.y))
            || (touchEdges.contains(.top) && d.y > abs(d.x))
            || (touchEdges.contains(.bottom) && -d.y > abs(d.x))
    }
}
