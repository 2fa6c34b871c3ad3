import Foundation

extension ContextTransitioning {
    /// The outgoing and incoming views, both checked to be in `containerView`: what every
    /// animator needs before it touches a layer (scenario G4).
    /// - Parameter effect: the effect's registry name, for the message.
    /// - Throws: `TransitionKitError.transitionUnavailable("<effect>: the incoming view is not
    ///   in the transition container")` (or outgoing); nothing has been changed then.
    public func viewsInContainer(effect: String) throws(TransitionKitError) -> (from: View, to: View) {
        let container = containerView
        guard let to = view(forKey: .to), to.superview === container else {
            throw .transitionUnavailable("\(effect): the incoming view is not in the transition container")
        }
        guard let from = view(forKey: .from), from.superview === container else {
            throw .transitionUnavailable("\(effect): the outgoing view is not in the transition container")
        }
        return (from, to)
    }

    /// The operation an effect plays: `operation` itself, except a tab switch, which plays as
    /// `tabDirection.navigationEquivalent` (`.push` towards a higher index, `.pop` towards a
    /// lower one; `.push` if a context reports no direction).
    public var navigationEquivalent: TransitionOperation {
        operation == .tab ? (tabDirection ?? .forward).navigationEquivalent : operation
    }

    /// The two views in drawing order for this operation: for push and present (and a tab
    /// switch forward) the incoming view is `upper` (it arrives on top), for pop and dismiss
    /// (and a tab switch in reverse) the outgoing one is (it leaves from the top, uncovering
    /// what is below). `nil` when either view is missing.
    public var stackedViews: (upper: View, lower: View)? {
        guard let from = view(forKey: .from), let to = view(forKey: .to) else { return nil }
        return navigationEquivalent.insertsIncomingAbove ? (to, from) : (from, to)
    }

    /// How far the upper view has come in, 0...1 for `progress` 0...1: `progress` for push and
    /// present (tab forward), `1 − progress` for pop and dismiss (tab reverse), so a pop or
    /// dismiss plays the push or present backwards (the original push-back and
    /// drag-to-dismiss libraries' rule).
    public func upperViewProgress(_ progress: CGFloat) -> CGFloat {
        navigationEquivalent.insertsIncomingAbove ? progress : 1 - progress
    }
}
