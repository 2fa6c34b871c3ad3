import Foundation
import TransitionKitCore

extension NavigationController {
    private static let durationKey = ExtensionKey<TimeInterval>("RadialEffect.defaultDuration")

    /// The duration `radialPush`/`radialPop` use when none is given, in seconds (default
    /// 0.33 s as RadialTransition). Setting a non-finite or negative value traps.
    public var radialDefaultDuration: TimeInterval {
        get { self[extension: Self.durationKey] ?? Radial.defaultDuration }
        set {
            precondition(newValue.isFinite && newValue >= 0, "radialDefaultDuration must be finite and >= 0 seconds, got \(newValue)")
            self[extension: Self.durationKey] = newValue
        }
    }

    /// Pushes `viewController` with a circular reveal (RadialTransition's
    /// `radialPushViewController:withDuration:withStartFrame:comlititionBlock:`).
    ///
    /// The app's delegate stays the delegate and receives `willShow`/`didShow` (L2); the
    /// completion runs exactly once, after the stack changed (L4; the original never called it).
    /// - Parameters:
    ///   - viewController: the view controller to push; not already in a navigation stack.
    ///   - duration: seconds (>= 0); nil → `radialDefaultDuration`.
    ///   - startFrame: container coordinates in points; nil → right-edge midpoint (w, h/2, 0, 0).
    ///   - completion: `true` if the push happened.
    public func radialPush(
        _ viewController: ViewController, duration: TimeInterval? = nil, startFrame: CGRect? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let animator = RadialAnimator(Radial(duration: duration ?? radialDefaultDuration, startFrame: startFrame), operation: .push)
        perform(.push(viewController), animated: true, transition: TransitionOverride(animator: animator), completion: completion)
    }

    /// Pops the top view controller with a circular reveal (`.reveal`, the original's look) or
    /// a shrinking circle (`.conceal`).
    /// - Parameters:
    ///   - duration: seconds (>= 0); nil → `radialDefaultDuration`.
    ///   - startFrame: container coordinates in points; nil → left-edge midpoint (0, h/2, 0, 0).
    ///   - style: `.reveal` (default: the previous view is revealed by a growing circle) or
    ///     `.conceal` (the outgoing view shrinks into the start frame).
    ///   - completion: `true` if the pop happened, `false` on the root.
    public func radialPop(
        duration: TimeInterval? = nil, startFrame: CGRect? = nil, style: Radial.PopStyle = .reveal,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let effect = Radial(duration: duration ?? radialDefaultDuration, startFrame: startFrame, popStyle: style)
        let animator = RadialAnimator(effect, operation: .pop)
        perform(.pop, animated: true, transition: TransitionOverride(animator: animator), completion: completion)
    }
}
