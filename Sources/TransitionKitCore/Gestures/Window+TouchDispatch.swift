import Foundation

extension Window {
    /// Delivers one touch sample to the gesture recognizers (UIKit's touch dispatch).
    ///
    /// On `began` the window hit-tests `touch.location` (window coordinates) with
    /// `View.hitTest(_:)` and routes the touch to the enabled recognizers of the hit view
    /// and of each of its ancestors, deepest view first and, per view, in the order added
    /// (UIKit: recognizers on superviews receive the touches of their subviews). Later
    /// phases of the same touch go to that same list, even if a view left the hierarchy
    /// meanwhile; a recognizer disabled or removed since is skipped.
    ///
    /// A recognizer whose `delegate` answers false to `gestureRecognizer(_:shouldReceive:)` is
    /// left out of the list. Each recipient's failure requirements for this touch (see
    /// `GestureRecognizer.require(toFail:)`) are the other recipients it waits for.
    ///
    /// Exclusivity (UIKit's default without a delegate allowing simultaneous recognition):
    /// once one recognizer of the list has begun, the others still `possible` fail.
    ///
    /// One touch at a time: a `began` while a touch is down first ends the previous touch as
    /// `cancelled` for its recognizers. `moved`, `ended` and `cancelled` with no touch down
    /// are ignored. A recognizer keeps its final state until the next `began`.
    ///
    /// - Parameter touch: the sample; location in window points, timestamp in seconds.
    /// - Complexity: O(views hit-tested) on `began`, O(recipients) otherwise.
    public func send(_ touch: Touch) {
        switch touch.phase {
        case .began:
            if rootView.interaction.touchRecipients != nil {
                deliver(Touch(timestamp: touch.timestamp, location: touch.location, phase: .cancelled))
            }
            var recipients: [GestureRecognizer] = []
            var node = rootView.hitTest(touch.location)
            while let v = node {
                recipients += v.interaction.recognizers.filter { $0.isEnabled && ($0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true) }
                node = v.superview
            }
            for r in recipients { r.reset() }
            for r in recipients { r.touchFailureRequirements = recipients.filter { r.waitsForFailure(of: $0) } }
            rootView.interaction.touchRecipients = recipients
            deliver(touch)
        case .moved, .ended, .cancelled:
            guard rootView.interaction.touchRecipients != nil else { return }
            deliver(touch)
        }
        if touch.phase.isTerminal { rootView.interaction.touchRecipients = nil }
    }

    /// Whether a touch is down (between a `began` and its `ended` or `cancelled`).
    public var isTouchDown: Bool { rootView.interaction.touchRecipients != nil }

    private func deliver(_ touch: Touch) {
        guard let recipients = rootView.interaction.touchRecipients else { return }
        var winner = recipients.first { $0.state.isActive && $0.view != nil && $0.isEnabled }
        for r in recipients
        where r.view != nil && r.isEnabled && !r.state.isFinal
            && (touch.phase == .began || r.isTrackingTouch)
        {
            if let w = winner, w !== r, r.state == .possible {
                r.abandonTouch()
                continue
            }
            switch touch.phase {
            case .began: r.touchBegan(touch, in: self)
            case .moved: r.touchMoved(touch)
            case .ended: r.touchEnded(touch)
            case .cancelled: r.touchCancelled(touch)
            }
            if winner == nil && r.state.isActive { winner = r }
        }
        if touch.phase.isTerminal {
            for r in recipients {
                r.isTrackingTouch = false
                r.touchFailureRequirements = []
            }
        }
    }
}
