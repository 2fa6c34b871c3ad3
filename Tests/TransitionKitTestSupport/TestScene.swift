import Foundation
import TransitionKitCore
import TransitionKitTesting

/// A window on a manual 60 Hz clock with a navigation controller, for scenario tests.
@MainActor
public final class TestScene {
    public let clock: ManualFrameClock
    public let window: Window
    public let navigationController: NavigationController
    public let root: ViewController
    /// Every appearance callback of every view controller made by `makeViewController`, in order.
    public private(set) var appearanceLog: [(String, AppearanceCallback)] = []

    /// - Parameters:
    ///   - size: window size in points (default 320x480, the original library's iPhone).
    ///   - scale: pixels per point (default 1).
    public init(size: CGSize = CGSize(width: 320, height: 480), scale: CGFloat = 1) {
        clock = ManualFrameClock(framesPerSecond: 60)
        window = Window(size: size, scale: scale, frameClock: clock)
        root = ViewController(title: "root")
        navigationController = NavigationController(rootViewController: root)
        observe(root)
        window.rootViewController = navigationController
    }

    /// A view controller whose appearance callbacks go to `appearanceLog`.
    public func makeViewController(_ title: String) -> ViewController {
        let vc = ViewController(title: title)
        observe(vc)
        return vc
    }

    private func observe(_ vc: ViewController) {
        vc.appearanceObserver = { [weak self] vc, callback in self?.appearanceLog.append((vc.title ?? "?", callback)) }
    }

    /// Titles of the navigation stack, root first.
    public var stackTitles: [String] { navigationController.viewControllers.map { $0.title ?? "?" } }

    /// Whether every view controller seen has balanced callbacks: ends appeared or
    /// disappeared, and each will/did pair alternates properly (checked by `sendAppearance`).
    public func clearLog() { appearanceLog.removeAll() }
}

/// A test animator: moves the incoming view's opacity and the outgoing view's transform
/// and anchor point with progress, records every progress it was given, and can refuse to
/// prepare. Its layer changes are the kind the original libraries forgot to undo.
@MainActor
public final class RecordingAnimator: AnimatedTransitioning {
    public var duration: TimeInterval
    public var timingCurve: TimingCurve
    public private(set) var progressLog: [CGFloat] = []
    public private(set) var endedLog: [Bool] = []
    public var failPrepare = false

    public init(duration: TimeInterval = 0.3, timingCurve: TimingCurve = .linear) {
        self.duration = duration
        self.timingCurve = timingCurve
    }

    public func transitionDuration(using context: any ContextTransitioning) -> TimeInterval { duration }

    public func prepareTransition(using context: any ContextTransitioning) throws(TransitionKitError) {
        if failPrepare { throw .transitionUnavailable("test animator refuses") }
        // Changes a real effect makes: anchor point, a mask, an extra layer in the container.
        context.view(forKey: .from)?.layer.anchorPoint = CGPoint(x: 1, y: 0.5)
        let mask = Layer(name: "test mask")
        mask.path = .circle(center: .zero, radius: 10)
        context.view(forKey: .to)?.layer.mask = mask
        context.view(forKey: .to)?.layer.addSublayer(Layer(name: "test shadow"))
    }

    public func updateTransition(progress: CGFloat, using context: any ContextTransitioning) {
        progressLog.append(progress)
        context.view(forKey: .to)?.alpha = progress
        context.view(forKey: .from)?.transform3D = Transform3D(rotationAngle: progress * .pi / 18, x: 0, y: 1, z: 0)
            .concatenating(.perspective(distance: 300))
    }

    public func animationEnded(_ transitionCompleted: Bool) { endedLog.append(transitionCompleted) }
}

extension Finger {
    /// A finger on `scene`'s window, stepping its clock for display-link driven `mode`.
    public convenience init(_ scene: TestScene, mode: InteractionMode) {
        self.init(window: scene.window, clock: scene.clock, stepsClock: mode != .percentDriven)
    }
}
