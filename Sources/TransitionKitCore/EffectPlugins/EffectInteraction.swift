import Foundation

/// A gesture that drives one operation of an effect interactively, as the effect declares it
/// in `TransitionEffect.interactions`. Apps and tools ask the effect instead of knowing its
/// type: `NavigationController.enableInteractivePop(_:policy:mode:)` installs the pop one,
/// `EffectTransitioningDelegate.enableDragToDismiss(policy:mode:)` the dismiss one.
///
/// Every gesture shares `PanInteractionController`'s rules: progress = translation along the
/// gesture's direction / container length (width for horizontal directions, height for
/// vertical ones, points), clamped to 0...1; the release decided by an `InteractionPolicy`.
public enum EffectInteraction: Sendable, Hashable {
    /// A pan from the left screen edge pops the top view controller (UIKit's interactive pop).
    case leftEdgePanPop
    /// A pan on the presented view controller's view dismisses it; the finger moves in the
    /// given direction toward completion (`.down` for a card leaving through the bottom).
    case dragToDismiss(PanInteractionController.Direction)
    /// A pan of the effect's own making drives `.pop` or `.dismiss`.
    case custom(CustomGestureInteraction)

    /// The operation the gesture drives: `.pop`, `.dismiss`, or the custom gesture's.
    public var operation: TransitionOperation {
        switch self {
        case .leftEdgePanPop: return .pop
        case .dragToDismiss: return .dismiss
        case .custom(let gesture): return gesture.operation
        }
    }
}

/// A custom interactive gesture: a recognizer factory and the progress mapping (the finger
/// movement toward completion), for a pop (recognizer on the navigation controller's view)
/// or a dismiss (recognizer on the presented view controller's view).
///
/// ```swift
/// // Pop by panning anywhere (not only from the edge) to the right.
/// .custom(CustomGestureInteraction(operation: .pop, direction: .right) { PanGestureRecognizer(axis: .horizontal) })
/// ```
public struct CustomGestureInteraction: Sendable, Hashable {
    /// `.pop` or `.dismiss`.
    public let operation: TransitionOperation
    /// The finger movement toward completion; progress = translation along it / the
    /// container's width (horizontal) or height (vertical), clamped to 0...1.
    public let direction: PanInteractionController.Direction
    /// A name telling gestures apart (equality compares it, not the closure).
    public let name: String
    /// Makes a fresh recognizer each time the gesture is installed.
    public let makeRecognizer: @MainActor @Sendable () -> PanGestureRecognizer

    /// - Parameters:
    ///   - operation: `.pop` or `.dismiss`.
    ///   - direction: the finger movement toward completion.
    ///   - name: tells gestures apart (default "custom").
    ///   - makeRecognizer: a new, unattached recognizer.
    /// - Precondition: `operation` is `.pop` or `.dismiss` (only those run interactively).
    public init(
        operation: TransitionOperation, direction: PanInteractionController.Direction, name: String = "custom",
        makeRecognizer: @escaping @MainActor @Sendable () -> PanGestureRecognizer
    ) {
        precondition(operation == .pop || operation == .dismiss, "a custom gesture drives .pop or .dismiss, not .\(operation.rawValue)")
        self.operation = operation
        self.direction = direction
        self.name = name
        self.makeRecognizer = makeRecognizer
    }

    public static func == (a: Self, b: Self) -> Bool { a.operation == b.operation && a.direction == b.direction && a.name == b.name }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(operation)
        hasher.combine(direction)
        hasher.combine(name)
    }
}

/// The animation of one interactive run, made when the finger touches down.
public struct InteractiveAnimation {
    /// The animator of the transition.
    public var animator: any AnimatedTransitioning
    /// Called with the finger's location in the container (points) on every change while
    /// the finger drives; capture the animator weakly (nothing may outlive its transition).
    public var fingerMoved: (@MainActor (CGPoint) -> Void)?
    /// The run-out curve after release when the run is percent-driven (a `.spring` starts at
    /// the finger's velocity); nil: the interaction controller's (`.easeInEaseOut` by default).
    public var completionCurve: TimingCurve?

    /// - Parameters:
    ///   - animator: the transition's animator.
    ///   - fingerMoved: see `fingerMoved` (default none).
    ///   - completionCurve: see `completionCurve` (default nil).
    public init(
        animator: any AnimatedTransitioning, fingerMoved: (@MainActor (CGPoint) -> Void)? = nil, completionCurve: TimingCurve? = nil
    ) {
        self.animator = animator
        self.fingerMoved = fingerMoved
        self.completionCurve = completionCurve
    }
}

extension TransitionEffect {
    /// Default: no interactive gesture.
    public var interactions: [EffectInteraction] { [] }

    /// Default: the plain animator (`makeAnimator(for:)`), nothing following the finger, the
    /// controller's run-out curve.
    @MainActor
    public func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation {
        InteractiveAnimation(animator: makeAnimator(for: operation))
    }

    /// The first declared interaction driving `operation`, if any.
    public func interaction(for operation: TransitionOperation) -> EffectInteraction? {
        interactions.first { $0.operation == operation }
    }
}
