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
}
