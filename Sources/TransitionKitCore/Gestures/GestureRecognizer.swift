import Foundation

/// Turns a sequence of touches into a gesture with a state (`UIGestureRecognizer`).
///
/// Attach it to a view with `View.addGestureRecognizer(_:)`; `Window.send(_:)` delivers
/// touches that begin on that view or its subviews. The actions are called with the
/// recognizer on every change to `began`, on every move while `changed`, and on `ended` and
/// `cancelled` (never on `failed` or `possible`), as UIKit calls its targets.
///
/// This class is not `open`: the concrete recognizers are `PanGestureRecognizer` and
/// `ScreenEdgePanGestureRecognizer` (and the navigation controller's full-width back swipe,
/// `NavigationController.interactiveContentPopGestureRecognizer`), subclasses inside
/// TransitionKitCore.
///
/// Precedence (UIKit's): a `delegate` may keep a touch from the recognizer
/// (`gestureRecognizer(_:shouldReceive:)`) or refuse its begin (`gestureRecognizerShouldBegin(_:)`);
/// `require(toFail:)` (and the delegate's `gestureRecognizer(_:shouldRequireFailureOf:)`) makes it
/// wait while another recipient of the same touch is still `possible`: it begins only once that
/// one has failed, and fails if that one begins.
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

    /// Decides whether the recognizer receives a touch, may begin, and what it waits for
    /// (`UIGestureRecognizerDelegate`); held weakly. Nil: receive every touch, begin by the
    /// recognizer's own rules.
    public weak var delegate: (any GestureRecognizerDelegate)?

    private var actions: [@MainActor (GestureRecognizer) -> Void] = []
    /// The recognizers `require(toFail:)` named (weakly held).
    private var failureRequirements: [WeakGestureRecognizer] = []
    /// For the current touch: the other recipients this one waits for (set at touch-down by
    /// `Window.send(_:)`, emptied when the touch ends).
    var touchFailureRequirements: [GestureRecognizer] = []
    /// The recognizer's own rules would begin it, but a recognizer it waits for is still `possible`.
    private(set) var isWaitingForFailure = false
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

    /// Makes this recognizer wait, on every touch both receive, until `otherGestureRecognizer`
    /// has failed (`require(toFail:)`): while the other is `possible` this one stays `possible`
    /// even when its own rules would begin it; once the other has failed this one begins, at
    /// the first touch sample it receives after that failure, or at the same sample when the
    /// other comes first in the touch's recipients (see `Window.send(_:)`); when the other
    /// begins, this one fails.
    /// `otherGestureRecognizer` is held weakly; naming it twice, or naming this recognizer, does
    /// nothing.
    public func require(toFail otherGestureRecognizer: GestureRecognizer) {
        guard otherGestureRecognizer !== self, !failureRequirements.contains(where: { $0.value === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakGestureRecognizer(value: otherGestureRecognizer))
    }

    /// Whether this recognizer waits for `other` on the touch now going down: named by
    /// `require(toFail:)`, by the delegate, or by the recognizer's own rule.
    func waitsForFailure(of other: GestureRecognizer) -> Bool {
        other !== self
            && (failureRequirements.contains { $0.value === other } || shouldRequireFailure(of: other)
                || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true)
    }

    /// A subclass's own precedence rule (inside Core: the content pop waits for the edge pan
    /// and for horizontal pans of the views it covers). Default false.
    func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// A subclass's own last word before `began` (inside Core: the content pop begins only
    /// when it can pop). Default true.
    func canBegin() -> Bool { true }

    /// Called by a subclass when its own rules would begin the gesture: waits while a
    /// recognizer it requires to fail is still `possible` on this touch, fails if one of them
    /// has begun or the delegate or `canBegin()` refuses, and otherwise moves to `began`.
    func beginIfAllowed() {
        let others = touchFailureRequirements.filter { $0.view != nil && $0.isEnabled }
        if others.contains(where: { $0.state == .possible && $0.isTrackingTouch }) {
            isWaitingForFailure = true
            return
        }
        isWaitingForFailure = false
        guard !others.contains(where: { $0.state.isActive }), delegate?.gestureRecognizerShouldBegin(self) ?? true, canBegin() else {
            fail()
            return
        }
        setState(.began)
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
        isWaitingForFailure = false
        touchFailureRequirements = []
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

/// A weak reference to a recognizer (`require(toFail:)` does not keep the other alive).
private struct WeakGestureRecognizer {
    weak var value: GestureRecognizer?
}
