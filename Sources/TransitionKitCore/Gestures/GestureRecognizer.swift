import Foundation

/// Turns a sequence of touches into a gesture with a state (`UIGestureRecognizer`).
///
/// Attach it to a view with `View.addGestureRecognizer(_:)`; `Window.send(_:)` delivers
/// touches that begin on that view or its subviews. The actions are called with the
/// recognizer on every change to `began`, on every move while `changed`, and on `ended` and
/// `cancelled` (never on `failed` or `possible`), as UIKit calls its targets.
///
/// This class is not `open`: the concrete recognizers are `PanGestureRecognizer` and
/// `ScreenEdgePanGestureRecognizer`, subclasses inside TransitionKitCore.
///
/// ```swift
/// let pan = PanGestureRecognizer { g in
///     let pan = g as! PanGestureRecognizer
///     print(pan.state, pan.translation(in: nil), pan.velocity(in: nil))
/// }
/// view.addGestureRecognizer(pan)
/// ```
@MainActor
public class GestureRecognizer {
    /// The recognizer's state; see `GestureRecognizerState` for the transitions.
    public internal(set) var state: GestureRecognizerState = .possible
    /// The view the recognizer is attached to (weak, as in UIKit: the view owns its
    /// recognizers).
    public internal(set) weak var view: View?
    /// A disabled recognizer receives no touches. Disabling it while it is active (`began`
    /// or `changed`) moves it to `cancelled` and calls the actions, as UIKit does; disabling
    /// it while `possible` with a touch down moves it to `failed`.
    public var isEnabled = true {
        didSet {
            if !isEnabled && oldValue { abandonTouch() }
        }
    }

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    /// Location of the latest touch delivered, window coordinates (points).
    var lastLocation: CGPoint?
    /// Whether a touch sequence is being tracked (between its `began` and its end).
    var isTrackingTouch = false
    /// Called when the recognizer accepts a new touch (touch-down, before it has recognized
    /// anything): an interaction controller pauses a running-out transition here so the
    /// finger catches it (re-grab). Inside Core only (`PanInteractionController`).
    var touchDownObserver: (@MainActor (GestureRecognizer) -> Void)?
    /// Called when the recognizer moves to `failed` (the actions are not called for it):
    /// a paused run-out resumes. Inside Core only.
    var failureObserver: (@MainActor (GestureRecognizer) -> Void)?

    /// - Parameter action: called with the recognizer on `began`, `changed`, `ended` and
    ///   `cancelled`; more can be added with `addAction(_:)`.
    public init(action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Adds an action, called after the ones already added (`addTarget(_:action:)`).
    public func addAction(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Where the current (or last) touch is, in `view`'s coordinates (`location(in:)`).
    ///
    /// - Parameter view: the coordinate space; `nil` for window coordinates.
    /// - Returns: points; `.zero` before any touch or when `view`'s transform chain is
    ///   singular (never NaN).
    public func location(in view: View?) -> CGPoint {
        guard let p = lastLocation else { return .zero }
        return Self.convert(windowPoint: p, to: view) ?? .zero
    }

    /// `p` (window coordinates) in `view`'s coordinates; `nil` if not representable.
    static func convert(windowPoint p: CGPoint, to view: View?) -> CGPoint? {
        guard let view else { return p }
        return view.convert(p, from: nil)
    }

    /// `p` (in `view`'s coordinates) in window coordinates.
    static func convert(_ p: CGPoint, from view: View?) -> CGPoint? {
        guard let view else { return p }
        return view.convert(p, to: nil)
    }

    // MARK: Touch delivery (called by `Window.send(_:)`; overridden inside Core)

    /// Prepares for a new touch sequence: back to `possible`, all per-touch data cleared.
    /// Subclasses call `super`.
    func reset() {
        state = .possible
        lastLocation = nil
        isTrackingTouch = false
    }

    /// A touch began on the recognizer's view or a subview. Subclasses call `super` first.
    func touchBegan(_ touch: Touch, in window: Window) {
        isTrackingTouch = true
        lastLocation = touch.location
    }

    /// The touch moved. Subclasses call `super` first.
    func touchMoved(_ touch: Touch) { lastLocation = touch.location }

    /// The finger lifted. Default: an active gesture ends, a possible one fails.
    /// Subclasses call `super` last (after recording the sample).
    func touchEnded(_ touch: Touch) {
        lastLocation = touch.location
        isTrackingTouch = false
        if state.isActive { setState(.ended) } else if state == .possible { setState(.failed) }
    }

    /// The system took the touch. Default: an active gesture is cancelled, a possible one
    /// fails. Subclasses call `super` last.
    func touchCancelled(_ touch: Touch) {
        lastLocation = touch.location
        isTrackingTouch = false
        if state.isActive { setState(.cancelled) } else if state == .possible { setState(.failed) }
    }

    /// Ends the current touch sequence without a touch (disabled, removed from its view, or
    /// beaten by another recognizer): active → `cancelled`, possible → `failed`.
    func abandonTouch() {
        guard isTrackingTouch || state.isActive else { return }
        isTrackingTouch = false
        if state.isActive { setState(.cancelled) } else if state == .possible { setState(.failed) }
    }

    /// Gives up on the current touch: `failed`, no more touches until the next `began`.
    func fail() {
        isTrackingTouch = false
        if state == .possible { setState(.failed) }
    }

    /// Moves to `newState` and calls the actions for `began`, `changed`, `ended` and
    /// `cancelled`. Traps on a transition UIKit does not allow for continuous gestures.
    func setState(_ newState: GestureRecognizerState) {
        let allowed: Bool
        switch (state, newState) {
        case (.possible, .began), (.possible, .failed),
            (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            allowed = true
        default:
            allowed = false
        }
        precondition(allowed, "invalid gesture recognizer transition \(state) -> \(newState)")
        state = newState
        guard newState != .failed else {
            failureObserver?(self)
            return
        }
        for action in actions { action(self) }
    }
}
