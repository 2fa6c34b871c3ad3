import Foundation

/// What a transition does to the stack or the presentation chain.
public enum TransitionOperation: String, Sendable, Hashable, CaseIterable {
    /// A view controller is pushed onto a navigation stack (`UINavigationController.Operation.push`).
    case push
    /// One or more view controllers are popped (`.pop`); also `popToRoot` and a
    /// `setViewControllers` whose new top was already in the stack.
    case pop
    /// A view controller is presented modally.
    case present
    /// A presented view controller is dismissed.
    case dismiss
    /// A tab bar controller selects another tab (`TabBarController`); which way, towards a
    /// higher or a lower index, is the context's `tabDirection`.
    case tab

    /// Whether the incoming view is drawn above the outgoing one by default
    /// (push and present reveal something new on top; pop and dismiss uncover what is below).
    /// A tab switch answers for its forward direction (true); for a switch towards a lower
    /// index ask `ContextTransitioning.navigationEquivalent`, which plays it as a pop.
    public var insertsIncomingAbove: Bool { self == .push || self == .present || self == .tab }
}

/// Which way a tab switch goes (`TransitionOperation.tab`), by index in
/// `TabBarController.viewControllers`.
public enum TabDirection: String, Sendable, Hashable, CaseIterable {
    /// Towards a higher index (the tab to the right in the bar): played like a push.
    case forward
    /// Towards a lower index (the tab to the left): played like a pop.
    case reverse

    /// The direction from `fromIndex` to `toIndex`: `.forward` when `toIndex > fromIndex`,
    /// else `.reverse`.
    public init(from fromIndex: Int, to toIndex: Int) { self = toIndex > fromIndex ? .forward : .reverse }

    /// The navigation operation a tab switch in this direction plays as: `.push` forward,
    /// `.pop` reverse (the incoming tab arrives from the right, or the outgoing one leaves to it).
    public var navigationEquivalent: TransitionOperation { self == .forward ? .push : .pop }

    /// +1 forward, −1 reverse: the sign of the incoming tab's side on the x axis.
    public var sign: CGFloat { self == .forward ? 1 : -1 }
}

/// Keys of a transition context (`UITransitionContextViewControllerKey` / `ViewKey`).
public enum TransitionContextKey: Sendable, Hashable {
    /// The view controller (or view) on screen when the transition starts.
    case from
    /// The view controller (or view) on screen when it finishes.
    case to
}
