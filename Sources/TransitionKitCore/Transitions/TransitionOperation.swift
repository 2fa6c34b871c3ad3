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

    /// Whether the incoming view is drawn above the outgoing one by default
    /// (push and present reveal something new on top; pop and dismiss uncover what is below).
    public var insertsIncomingAbove: Bool { self == .push || self == .present }
}

/// Keys of a transition context (`UITransitionContextViewControllerKey` / `ViewKey`).
public enum TransitionContextKey: Sendable, Hashable {
    /// The view controller (or view) on screen when the transition starts.
    case from
    /// The view controller (or view) on screen when it finishes.
    case to
}
