import Foundation

/// One interactive transition a gesture asks for, worked out by its owner (the edge-pan pop,
/// the tab switch pan, drag to dismiss, a preferred transition's pan) and carried out by
/// `TransitionRunner.startInteractive(_:driving:touchDown:catchOnly:)`, which checks whether
/// it can run, converts the finger's coordinates, issues the request and says whether a
/// transition started.
///
/// A plan whose request is the reverse of a time-based transition running now (a pop while
/// the push of the same screen plays, a dismiss while its present plays) catches that
/// transition instead of starting one (issue 37 behaviour 4, scenario I1).
@MainActor
struct InteractiveTransitionPlan {
    /// What the gesture drives.
    enum Request {
        /// Pop the top view controller of `navigationController`; caught: a push on it.
        case pop(NavigationController)
        /// Dismiss `viewController`, presented and presenting nothing; caught: its present.
        case dismiss(ViewController)
        /// Pop `viewController` when it is the top of a navigation stack of two or more, or
        /// dismiss it when it is itself presented (outside a navigation controller) and
        /// presents nothing, whichever holds and `operations` allows; caught: its push or
        /// present (the preferred transition's gestures).
        case popOrDismiss(ViewController, operations: Set<TransitionOperation>)
        /// Switch `tabBarController` to its neighbour in the direction of the pan (`.left`:
        /// the next tab, `.right`: the previous one); never catches.
        case tab(TabBarController, direction: PanInteractionController.Direction)
    }

    /// What the gesture drives.
    var request: Request
    /// The view the recognizer reports touch locations in (points).
    var gestureView: View
    /// The animation of the run, given the touch-down in the container's coordinates
    /// (points), the operation and the view controller that goes away (the tab switch: the
    /// tab it goes to is `tabIndex`); nil refuses (`InteractiveStartRefusal.declined`).
    var makeAnimation: @MainActor (_ touchDown: CGPoint, _ operation: TransitionOperation, _ target: Target) -> InteractiveAnimation?

    /// Who the run is about, for `makeAnimation`.
    struct Target {
        /// The view controller leaving (pop, dismiss) or, for a tab switch, the one selected.
        var leaving: ViewController
        /// For a tab switch, the index it moves to; nil otherwise.
        var tabIndex: Int?
    }
}

/// Why `TransitionRunner.startInteractive` started nothing.
enum InteractiveStartRefusal: Error, Hashable {
    /// The owner is not on screen (not loaded, not in a window, not appeared).
    case notOnScreen
    /// Another transition runs or waits in the window's queue and cannot be caught.
    case busy
    /// A pop on a stack of one, a dismiss of a view controller that is not presented or
    /// presents another, or no tab in the pan's direction.
    case nothingToDo
    /// `makeAnimation` returned nil (an effect's should-begin refused).
    case declined
    /// The request did not start a transition driven by the gesture (a delegate's
    /// `shouldSelect` said no).
    case requestRefused
}

/// What `TransitionRunner.startInteractive` did.
enum InteractiveStartOutcome {
    /// A new transition runs, driven by the interaction controller; the session's
    /// `fingerMoved` takes the recognizer view's coordinates.
    case started(InteractiveAnimation)
    /// The running time-based transition, the reverse of the request, is now driven by the
    /// interaction controller from `progress` (its progress on screen, 0...1): the finger's
    /// progress toward the request is 1 − the transition's.
    case caught(InteractiveAnimation, progress: CGFloat)
    /// Nothing started, and why.
    case refused(InteractiveStartRefusal)
}
