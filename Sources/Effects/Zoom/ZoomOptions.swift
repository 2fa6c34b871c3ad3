import Foundation
import TransitionKitCore

/// Who zooms into whom, handed to the source-view provider, the alignment-rect provider and
/// `interactiveDismissShouldBegin` (UIKit's zoom transition contexts).
@MainActor
public struct ZoomContext {
    /// The view controller whose view grows out of the source (pushed or presented) and
    /// shrinks back into it (popped or dismissed).
    public let zoomedViewController: ViewController
    /// The view controller that shows the source view: the one below the zoomed one in the
    /// navigation stack, or the presenter (its presentation root, e.g. a navigation
    /// controller); nil when a gesture asks before that is known.
    public let sourceViewController: ViewController?
    /// The transition being prepared or begun.
    public let operation: TransitionOperation

    /// - Parameters:
    ///   - zoomedViewController: the view controller that zooms.
    ///   - sourceViewController: the one showing the source, if known.
    ///   - operation: the transition.
    public init(zoomedViewController: ViewController, sourceViewController: ViewController?, operation: TransitionOperation) {
        self.zoomedViewController = zoomedViewController
        self.sourceViewController = sourceViewController
        self.operation = operation
    }
}

/// How the zoom looks and behaves (UIKit's `UIViewController.Transition.ZoomOptions`).
public struct ZoomOptions: Sendable {
    /// The rect of the zoomed view, in its own coordinates (points), that lines up with the
    /// source view; nil, or a provider returning nil or an empty or non-finite rect, means
    /// the zoomed view's bounds. Asked when each transition is prepared.
    public var alignmentRectProvider: (@MainActor @Sendable (ZoomContext) -> CGRect?)?
    /// Laid over the view behind the zoomed one, its opacity scaled by the zoom fraction
    /// (0 at the source, 1 full screen). Default black at alpha 0.2 (`defaultDimmingColor`).
    public var dimmingColor: Color
    /// Asked when a pan on the zoomed view is about to pop or dismiss it through its
    /// `preferredTransition`; false lets the touch do nothing. nil (default): always begin.
    public var interactiveDismissShouldBegin: (@MainActor @Sendable (ZoomContext) -> Bool)?
    /// The timing of time-based zooms and of the run-out after a release (starting at the
    /// finger's velocity). Default `defaultSpring`.
    public var spring: Spring

    /// Black at alpha 0.2: the zoom specification's dimming of the view behind (Apple
    /// publishes no value for UIKit's).
    public static let defaultDimmingColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
    /// Seconds the default spring takes to settle: 0.5 (the zoom specification's default
    /// timing; Apple publishes no value for UIKit's zoom).
    public static let defaultSettlingDuration: Double = 0.5
    /// A critically damped spring (damping ratio 1, no overshoot) whose `settlingDuration` is
    /// `defaultSettlingDuration`, made by `Spring(settlingDuration:dampingRatio:)`.
    public static let defaultSpring = Spring(settlingDuration: defaultSettlingDuration, dampingRatio: 1)

    /// - Parameters:
    ///   - alignmentRectProvider: see `alignmentRectProvider` (default nil: the bounds).
    ///   - dimmingColor: default black at alpha 0.2.
    ///   - interactiveDismissShouldBegin: see `interactiveDismissShouldBegin` (default nil).
    ///   - spring: default `defaultSpring`.
    public init(
        alignmentRectProvider: (@MainActor @Sendable (ZoomContext) -> CGRect?)? = nil, dimmingColor: Color = ZoomOptions.defaultDimmingColor,
        interactiveDismissShouldBegin: (@MainActor @Sendable (ZoomContext) -> Bool)? = nil, spring: Spring = ZoomOptions.defaultSpring
    ) {
        self.alignmentRectProvider = alignmentRectProvider
        self.dimmingColor = dimmingColor
        self.interactiveDismissShouldBegin = interactiveDismissShouldBegin
        self.spring = spring
    }

    /// The spring's settling duration in seconds: how long a time-based zoom lasts.
    public var duration: TimeInterval { spring.settlingDuration }
}

extension Zoom {
    /// A thumbnail described by its place rather than by a view: a rect of `size` points
    /// centred at the container's centre moved by `offset`, with `cornerRadius`. What
    /// `effect-bench` zooms from (its screens are pictures, with no view to ask for).
    public struct Thumbnail: Sendable, Hashable {
        /// Width and height in points, >= 0 (default 120x120).
        public var size: CGSize
        /// The thumbnail's centre minus the container's centre, points (default 0,0).
        public var offset: CGPoint
        /// Corner radius in points, >= 0 (default 12).
        public var cornerRadius: CGFloat

        /// - Parameters:
        ///   - size: points, finite and >= 0 (default 120x120).
        ///   - offset: points from the container's centre, finite (default 0,0).
        ///   - cornerRadius: points, finite and >= 0 (default 12).
        /// - Precondition: the values are in those ranges.
        public init(size: CGSize = CGSize(width: 120, height: 120), offset: CGPoint = .zero, cornerRadius: CGFloat = 12) {
            precondition(
                size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0 && offset.x.isFinite && offset.y.isFinite
                    && cornerRadius.isFinite && cornerRadius >= 0,
                "zoom thumbnail: size must be finite and >= 0, offset finite, cornerRadius finite and >= 0; got \(size), \(offset), \(cornerRadius)")
            self.size = size
            self.offset = offset
            self.cornerRadius = cornerRadius
        }

        /// The thumbnail's frame in a container of `bounds` (points).
        /// - Complexity: O(1).
        public func frame(in bounds: CGRect) -> CGRect {
            CGRect(
                x: bounds.midX + offset.x - size.width / 2, y: bounds.midY + offset.y - size.height / 2, width: size.width,
                height: size.height)
        }
    }

    /// What the zoomed view grows out of and shrinks back into.
    public enum Source: Sendable {
        /// A view, asked for at the start of every push, present, pop and dismiss (UIKit's
        /// `sourceViewProvider`): its frame in the container and its layer's `cornerRadius`
        /// are the start (and end) of the zoom, and it is hidden while the zoom runs.
        case view(@MainActor @Sendable (ZoomContext) -> View?)
        /// A rect relative to the container (see `Thumbnail`); nothing is hidden.
        case thumbnail(Thumbnail)
        /// None: the fallback (a centred shrink-and-fade).
        case none
    }
}
