import Foundation
import TransitionKitCore

/// The iris, registered as `iris`: a circle centred in the container closes on the outgoing
/// screen, then opens on the incoming one (the film iris-out, iris-in), for push and pop.
///
/// At progress p (0...1) with R = half the container's diagonal + √2 pt (the circle then covers
/// every pixel's anti-aliased edge at p = 0 and p = 1), the outgoing view shows through a circle
/// of radius R·max(0, 1 − 2p) and the incoming one, above it, through a circle of radius
/// R·max(0, 2p − 1); between them the window's background shows. `radii(at:in:)` is that formula.
///
/// ```swift
/// nav.irisPush(detail)           // 0.5 s, ease in-ease out
/// nav.enableIrisSwipe()          // a left-edge pan pops through the iris
/// try registry.register(Iris.self)
/// ```
public struct Iris: TransitionEffect, Hashable {
    public static let name = "iris"
    public static let summary = "a circle closes on the outgoing screen, then opens on the incoming one; push and pop"

    /// `duration`: seconds, 0...10, default 0.5 (half a second reads as one gesture: the
    /// close and the open take a quarter second each).
    public static let durationParameter = EffectParameter.number(
        "duration", summary: "length of the close and the open together", unit: "seconds", default: 0.5, range: 0...10,
        source: "a quarter second to close and a quarter to open")
    public static let parameters = [AnyEffectParameter(durationParameter)]
    public static let supportedOperations: [TransitionOperation] = [.push, .pop]

    /// Seconds, finite and >= 0 (default 0.5).
    public var duration: TimeInterval

    /// - Parameter duration: seconds, finite and >= 0 (default 0.5).
    /// - Precondition: `duration` is finite and >= 0.
    public init(duration: TimeInterval = 0.5) {
        precondition(duration.isFinite && duration >= 0, "iris duration must be finite and >= 0 seconds, got \(duration)")
        self.duration = duration
    }

    public init(parameters: EffectParameters) throws(TransitionKitError) {
        self.init(duration: parameters[Self.durationParameter])
    }

    /// A left-edge pan pops through the iris.
    public var interactions: [EffectInteraction] { [.leftEdgePanPop] }

    /// At progress 0.5 both circles are closed: that frame is all black by design (the laws'
    /// continuity check would otherwise report it as a blank frame).
    public var frameTraits: EffectFrameTraits { EffectFrameTraits(blankRanges: [0.5...0.5]) }

    /// The two circles' radii in points at `progress` (0...1) in a container of `bounds`.
    /// - Complexity: O(1), no allocation.
    public static func radii(at progress: CGFloat, in bounds: CGRect) -> (outgoing: CGFloat, incoming: CGFloat) {
        let r = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot() / 2 + 2.0.squareRoot()
        return (r * max(0, 1 - 2 * progress), r * max(0, 2 * progress - 1))
    }

    @MainActor
    public func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        let outgoing = Layer(name: "iris out"), incoming = Layer(name: "iris in")
        return ClosureAnimator(
            duration: duration,
            prepare: { context throws(TransitionKitError) in
                let (from, to) = try context.viewsInContainer(effect: Self.name)
                context.containerView.insertSubview(to, aboveSubview: from)
                from.layer.mask = outgoing
                to.layer.mask = incoming
            },
            update: { progress, context in
                let bounds = context.containerView.bounds
                let (rOut, rIn) = Self.radii(at: progress, in: bounds)
                Self.shape(outgoing, of: context.view(forKey: .from), radius: rOut, centre: CGPoint(x: bounds.midX, y: bounds.midY))
                Self.shape(incoming, of: context.view(forKey: .to), radius: rIn, centre: CGPoint(x: bounds.midX, y: bounds.midY))
            })
    }

    /// Makes `mask` the circle of `radius` around `centre` (container points) in `view`'s coordinates.
    @MainActor
    private static func shape(_ mask: Layer, of view: View?, radius: CGFloat, centre: CGPoint) {
        guard let view else { return }
        let x = centre.x - view.frame.minX + view.bounds.minX, y = centre.y - view.frame.minY + view.bounds.minY
        mask.bounds = view.bounds
        mask.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        mask.path = .ellipse(in: CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius))
    }
}

extension NavigationController {
    private static let irisSwipeKey = ExtensionKey<EdgePanPopController>("IrisEffect.swipe")

    /// Pushes `viewController` through the iris; `completion` gets `true` if the push happened.
    /// - Parameter duration: seconds, finite and >= 0.
    public func irisPush(_ viewController: ViewController, duration: TimeInterval = 0.5, completion: (@MainActor (Bool) -> Void)? = nil) {
        let animator = Iris(duration: duration).makeAnimator(for: .push)
        perform(.push(viewController), animated: true, transition: TransitionOverride(animator: animator), completion: completion)
    }

    /// Pops the top view controller through the iris; `completion` gets `false` on the root.
    /// - Parameter duration: seconds, finite and >= 0.
    public func irisPop(duration: TimeInterval = 0.5, completion: (@MainActor (Bool) -> Void)? = nil) {
        let animator = Iris(duration: duration).makeAnimator(for: .pop)
        perform(.pop, animated: true, transition: TransitionOverride(animator: animator), completion: completion)
    }

    /// A left-edge pan pops through the iris, progress following the finger; `policy` decides
    /// on release. It is this controller's one interactive pop (it replaces any other).
    @discardableResult
    public func enableIrisSwipe(policy: InteractionPolicy = .default, duration: TimeInterval = 0.5) -> EdgePanPopController {
        let iris = Iris(duration: duration)
        return installEdgePanPop(key: Self.irisSwipeKey, policy: policy, mode: .percentDriven) { touchDown, _ in
            iris.makeInteractiveAnimation(for: .pop, touchDown: touchDown)
        }
    }

    /// Removes the iris swipe; does nothing when it is not enabled.
    public func disableIrisSwipe() { removeEdgePanPop(key: Self.irisSwipeKey) }
}
