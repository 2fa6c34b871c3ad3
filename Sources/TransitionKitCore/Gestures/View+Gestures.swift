import Foundation

/// Per-view interaction storage (a stored property of `View`).
struct ViewInteraction {
    /// The view's recognizers, in the order added.
    var recognizers: [GestureRecognizer] = []
    /// On a window's root view: the recognizers the current touch was routed to at its
    /// `began`, or `nil` when no touch is down.
    var touchRecipients: [GestureRecognizer]?
}

extension View {
    /// The recognizers attached to this view, in the order added (`gestureRecognizers`).
    public var gestureRecognizers: [GestureRecognizer] { interaction.recognizers }

    /// Attaches `recognizer` to this view (`addGestureRecognizer(_:)`). The view holds it
    /// strongly; `recognizer.view` becomes this view. A recognizer attached to another view
    /// is moved here; attaching it again to the same view does nothing.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self, interaction.recognizers.contains(where: { $0 === recognizer }) { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        interaction.recognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer` (`removeGestureRecognizer(_:)`). If it was active (`began` or
    /// `changed`) it is cancelled first and its actions are called with `cancelled`, as in
    /// UIKit; it receives no further touches. Does nothing if it is not attached here.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let i = interaction.recognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizer.abandonTouch()
        interaction.recognizers.remove(at: i)
        recognizer.view = nil
    }
}
