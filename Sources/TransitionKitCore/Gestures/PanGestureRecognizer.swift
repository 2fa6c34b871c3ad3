import Foundation

/// Recognizes a dragging finger and reports its translation and velocity
/// (`UIPanGestureRecognizer`).
///
/// States: `possible` at touch-down; `began` at the first move that takes the finger at least
/// `minimumDistance` points from where it touched down (and, with an `axis`, more along that
/// axis than across it; otherwise `failed`); `changed` on every later move; `ended` when the
/// finger lifts, `cancelled` when the system takes the touch. A finger that lifts before
/// moving far enough fails.
///
/// Translation is measured from the touch-down point, so the hysteresis distance is part of
/// it (as in UIKit, where the translation is already non-zero at `began`).
/// Velocity: see `VelocityTracker` — a least-squares line fit over the last `velocityHorizon`
/// seconds of samples. At `ended`/`cancelled` the fit ends at the release time and uses only
/// the samples before the release, so a finger that rested more than `velocityHorizon`
/// before lifting reports zero velocity.
///
/// The class is not `open`; its subclasses are `ScreenEdgePanGestureRecognizer` and the
/// navigation controller's full-width back swipe (`NavigationController.interactiveContentPopGestureRecognizer`).
/// When the movement qualifies, the begin still goes through the `delegate` and the
/// recognizers it requires to fail (see `GestureRecognizer`).
@MainActor
public class PanGestureRecognizer: GestureRecognizer {
    /// UIKit's pan hysteresis, points: 10. Apple does not document the value; 10 pt is what
    /// `UIPanGestureRecognizer` is commonly measured to need before it begins (Android's
    /// comparable `ViewConfiguration` touch slop is 8 dp).
    public static let defaultMinimumDistance: CGFloat = 10

    /// The direction the movement must favour when the recognizer decides to begin.
    public var axis: PanAxis
    /// Movement from the touch-down point, points (window coordinates), needed before the
    /// gesture begins: finite and >= 0 (default `defaultMinimumDistance`, 10 pt).
    public var minimumDistance: CGFloat {
        didSet {
            precondition(minimumDistance.isFinite && minimumDistance >= 0, "minimumDistance must be finite and >= 0 points, got \(minimumDistance)")
        }
    }

    /// Where the current touch went down, window coordinates.
    private(set) var touchDownLocation: CGPoint?
    /// The window point the translation is measured from (moved by `setTranslation`).
    private var translationOrigin: CGPoint?
    /// Release time of the last touch, seconds; ends the velocity window after the release.
    private var releaseTime: TimeInterval?
    private var tracker: VelocityTracker

    /// - Parameters:
    ///   - axis: the direction the movement must favour to begin (default `.any`).
    ///   - minimumDistance: hysteresis in points, finite and >= 0 (default 10).
    ///   - velocityHorizon: velocity fitting window in seconds, finite and > 0
    ///     (default 0.1, see `VelocityTracker`).
    ///   - action: called on `began`, `changed`, `ended`, `cancelled`.
    public init(
        axis: PanAxis = .any,
        minimumDistance: CGFloat = PanGestureRecognizer.defaultMinimumDistance,
        velocityHorizon: TimeInterval = VelocityTracker.defaultHorizon,
        action: (@MainActor (GestureRecognizer) -> Void)? = nil
    ) {
        precondition(minimumDistance.isFinite && minimumDistance >= 0, "minimumDistance must be finite and >= 0 points, got \(minimumDistance)")
        self.axis = axis
        self.minimumDistance = minimumDistance
        self.tracker = VelocityTracker(horizon: velocityHorizon)
        super.init(action: action)
    }

    /// The velocity fitting window, seconds.
    public var velocityHorizon: TimeInterval { tracker.horizon }

    /// The finger's displacement since touch-down (or since the last `setTranslation`), in
    /// `view`'s coordinates (`translation(in:)`).
    ///
    /// - Parameter view: the coordinate space; `nil` for window coordinates.
    /// - Returns: points; `.zero` before any touch or for a view with a singular transform.
    public func translation(in view: View?) -> CGPoint {
        guard let current = lastLocation, let origin = translationOrigin,
            let a = Self.convert(windowPoint: current, to: view),
            let b = Self.convert(windowPoint: origin, to: view)
        else { return .zero }
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Makes the current translation equal `translation` in `view`'s coordinates
    /// (`setTranslation(_:in:)`); later movement adds to it.
    /// - Parameters:
    ///   - translation: points, finite.
    ///   - view: the coordinate space; `nil` for window coordinates.
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        precondition(translation.x.isFinite && translation.y.isFinite, "setTranslation: translation must be finite, got \(translation)")
        guard let current = lastLocation, let c = Self.convert(windowPoint: current, to: view),
            let origin = Self.convert(CGPoint(x: c.x - translation.x, y: c.y - translation.y), from: view)
        else { return }
        translationOrigin = origin
    }

    /// The finger's velocity in `view`'s coordinates, points per second (`velocity(in:)`).
    ///
    /// Least-squares slope of position against time over the samples of the last
    /// `velocityHorizon` seconds before the latest sample (while down) or before the release
    /// (after `ended`/`cancelled`); see `VelocityTracker` for the degenerate cases, which
    /// all give 0.
    /// - Parameter view: the coordinate space; `nil` for window coordinates.
    /// - Returns: points per second, always finite.
    /// - Complexity: O(samples in the window).
    public func velocity(in view: View?) -> CGPoint {
        tracker.velocity(at: releaseTime) { Self.convert(windowPoint: $0, to: view) }
    }

    // MARK: Recognition rules (overridden by the edge pan)

    /// Whether a touch going down at `location` (window coordinates) may become this gesture.
    func acceptsTouchDown(at location: CGPoint, in window: Window) -> Bool { true }

    /// Whether movement `delta` from the touch-down point (window coordinates), which has
    /// just reached `minimumDistance`, may begin the gesture. Ties fail.
    func acceptsMovement(_ delta: CGPoint) -> Bool {
        switch axis {
        case .any: return true
        case .horizontal: return abs(delta.x) > abs(delta.y)
        case .vertical: return abs(delta.y) > abs(delta.x)
        }
    }

    // MARK: Touch delivery

    override func reset() {
        super.reset()
        touchDownLocation = nil
        translationOrigin = nil
        releaseTime = nil
        tracker.reset()
    }

    override func touchBegan(_ touch: Touch, in window: Window) {
        super.touchBegan(touch, in: window)
        touchDownLocation = touch.location
        translationOrigin = touch.location
        tracker.add(touch.location, at: touch.timestamp)
        if acceptsTouchDown(at: touch.location, in: window) { touchDownObserver?(self) } else { fail() }
    }

    override func touchMoved(_ touch: Touch) {
        super.touchMoved(touch)
        tracker.add(touch.location, at: touch.timestamp)
        switch state {
        case .possible:
            // Recognized already, waiting for a recognizer it requires to fail: ask again.
            if isWaitingForFailure { return beginIfAllowed() }
            guard let start = touchDownLocation else { return }
            let delta = CGPoint(x: touch.location.x - start.x, y: touch.location.y - start.y)
            guard (delta.x * delta.x + delta.y * delta.y).squareRoot() >= minimumDistance else { return }
            if acceptsMovement(delta) { beginIfAllowed() } else { fail() }
        case .began, .changed:
            setState(.changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    override func touchEnded(_ touch: Touch) {
        releaseTime = touch.timestamp
        super.touchEnded(touch)
    }

    override func touchCancelled(_ touch: Touch) {
        releaseTime = touch.timestamp
        super.touchCancelled(touch)
    }
}
