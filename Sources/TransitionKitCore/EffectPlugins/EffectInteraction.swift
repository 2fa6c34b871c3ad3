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

/// An interactive gesture: a recognizer factory, the finger movement toward completion and
/// the operations it drives. The one gesture type: an effect's `.custom` interaction, and each
/// gesture of a view controller's `preferredTransition` (where one pan may pop or dismiss,
/// whichever the view controller's place allows).
///
/// ```swift
/// // Pop by panning anywhere (not only from the edge) to the right.
/// .custom(CustomGestureInteraction(operation: .pop, direction: .right) { PanGestureRecognizer(axis: .horizontal) })
/// ```
public struct CustomGestureInteraction: Sendable, Hashable {
    /// `.pop` or `.dismiss`: the operation an effect's interaction drives (for a gesture that
    /// drives both, `.pop`).
    public var operation: TransitionOperation { operations.contains(.pop) ? .pop : .dismiss }
    /// The operations the gesture may drive: `.pop`, `.dismiss` or both (never empty).
    public var operations: Set<TransitionOperation> {
        didSet { Self.check(operations) }
    }
    /// The finger movement toward completion; progress = translation along it / the
    /// container's width (horizontal) or height (vertical), clamped to 0...1.
    public var direction: PanInteractionController.Direction
    /// A name telling gestures apart (equality compares it, not the closure).
    public var name: String
    /// Makes a fresh recognizer each time the gesture is installed.
    public var makeRecognizer: @MainActor @Sendable () -> PanGestureRecognizer

    /// A gesture for one operation.
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
        self.init(direction: direction, operations: [operation], name: name, makeRecognizer: makeRecognizer)
    }

    /// A gesture for one or both of `.pop` and `.dismiss` (a preferred transition's pan).
    /// - Parameters:
    ///   - direction: the finger movement toward completion.
    ///   - operations: `.pop`, `.dismiss` or both (default both).
    ///   - name: tells gestures apart (default "custom").
    ///   - makeRecognizer: a new, unattached recognizer.
    /// - Precondition: `operations` is a non-empty subset of [.pop, .dismiss].
    public init(
        direction: PanInteractionController.Direction, operations: Set<TransitionOperation> = [.pop, .dismiss], name: String = "custom",
        makeRecognizer: @escaping @MainActor @Sendable () -> PanGestureRecognizer
    ) {
        Self.check(operations)
        self.operations = operations
        self.direction = direction
        self.name = name
        self.makeRecognizer = makeRecognizer
    }

    private static func check(_ operations: Set<TransitionOperation>) {
        precondition(
            !operations.isEmpty && operations.isSubset(of: [.pop, .dismiss]),
            "a gesture drives .pop or .dismiss, not \(operations.map { "." + $0.rawValue }.sorted())")
    }

    /// The left-edge screen pan that pops (`EffectInteraction.leftEdgePanPop`).
    public static let leftEdgePanPop = CustomGestureInteraction(operation: .pop, direction: .right, name: "leftEdgePanPop") {
        ScreenEdgePanGestureRecognizer(edges: .left)
    }

    /// The plain pan that dismisses toward `direction` (`EffectInteraction.dragToDismiss`):
    /// vertical for `.down`/`.up`, horizontal for `.left`/`.right`.
    public static func dragToDismiss(_ direction: PanInteractionController.Direction) -> Self {
        CustomGestureInteraction(operation: .dismiss, direction: direction, name: "dragToDismiss") {
            PanGestureRecognizer(axis: direction.isHorizontal ? .horizontal : .vertical)
        }
    }

    public static func == (a: Self, b: Self) -> Bool { a.operations == b.operations && a.direction == b.direction && a.name == b.name }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(operations)
        hasher.combine(direction)
        hasher.combine(name)
    }
}

extension EffectInteraction {
    /// The gesture this interaction installs, as the one gesture type.
    public var gesture: CustomGestureInteraction {
        switch self {
        case .leftEdgePanPop: return .leftEdgePanPop
        case .dragToDismiss(let direction): return .dragToDismiss(direction)
        case .custom(let gesture): return gesture
        }
    }
}

/// The animation of one interactive run, made when the finger touches down: the one session
/// type. An effect returns it from `makeInteractiveAnimation(for:touchDown:)`, a gesture
/// owner's `PanInteractionController.Begin` returns it for the transition it started, and
/// the interaction controller keeps its `fingerMoved` and `completionCurve` (never the
/// animator) while the finger drives.
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
        interactions.first { $0.gesture.operations.contains(operation) }
    }
}
