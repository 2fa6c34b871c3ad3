import Foundation
import TransitionKitCore
import TransitionKitTestSupport

/// A navigation-bar-like view for the coordinator tests: a 320x44 pt bar at the top of the
/// window, above the navigation controller's view (outside the transition's container), with
/// two text-ish layers: the old title, shown, and the new one, hidden and transparent until a
/// transition cross-fades them (so progress 0 of the cross-fade differs from the bar at rest,
/// and only a restore brings the rest state back).
@MainActor
final class TitleBar {
    let view = View(frame: CGRect(x: 0, y: 0, width: 320, height: 44), name: "bar")
    let oldTitle = Layer(name: "title.old")
    let newTitle = Layer(name: "title.new")

    init(in window: Window) {
        view.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.98)
        for (layer, x) in [(oldTitle, 100.0), (newTitle, 110.0)] {
            layer.frame = CGRect(x: x, y: 12, width: 120, height: 20)
            layer.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.1)
            view.layer.addSublayer(layer)
        }
        newTitle.opacity = 0
        newTitle.isHidden = true
        window.rootView.addSubview(view)
    }

    /// The cross-fade, a closed form of the context's progress p: old title 1 − p, new title
    /// p, and the new title, shown, slides in from 10 pt right of its rest (x 110 → 100).
    func crossFade(_ context: any TransitionCoordinatorContext) {
        let p = context.progress
        newTitle.isHidden = false
        oldTitle.opacity = Float(1 - p)
        newTitle.opacity = Float(p)
        newTitle.position.x = 170 - 10 * p
    }
}

/// A navigation delegate that hands every transition's coordinator, read from the navigation
/// controller in `willShow` (the documented way to reach a gesture-started pop), to `onWillShow`.
@MainActor
final class CoordinatorObserver: NavigationControllerDelegate {
    var onWillShow: (@MainActor (TransitionCoordinator?) -> Void)?
    /// Whether `navigationController.transitionCoordinator` was there, at each `willShow`.
    var seen: [Bool] = []
    /// The last one seen (weak: the observer must not keep it alive).
    weak var last: TransitionCoordinator?

    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
        let coordinator = navigationController.transitionCoordinator
        seen.append(coordinator != nil)
        last = coordinator
        onWillShow?(coordinator)
    }
}

/// A `TestScene` with `[root, A]`, a title bar, an observing delegate and the left-edge pop
/// installed with a `RecordingAnimator` (linear, 0.3 s) for every pop.
@MainActor
final class CoordinatorScene {
    let scene = TestScene()
    let bar: TitleBar
    let observer = CoordinatorObserver()
    let a: ViewController
    private(set) var animators: [RecordingAnimator] = []
    static let key = ExtensionKey<EdgePanPopController>("TransitionCoordinatorTests.edgePan")

    init(pushA: Bool = true) {
        bar = TitleBar(in: scene.window)
        a = scene.makeViewController("A")
        if pushA { scene.navigationController.push(a, animated: false) }
        scene.navigationController.delegate = observer
        scene.navigationController.installEdgePanPop(key: Self.key, policy: .default, mode: .percentDriven) { [unowned self] _, _ in
            let animator = RecordingAnimator()
            self.animators.append(animator)
            return EdgePanPopController.PopAnimation(animator: animator)
        }
    }

    var nc: NavigationController { scene.navigationController }
    /// The running driver, if any.
    var driver: TransitionDriver? { nc.transitionQueue.current }

    /// Replays the fixture trace `name` (320x480 pt, Tests/Fixtures/traces/README.md).
    @discardableResult
    func replay(_ name: String) throws -> GestureReplayResult {
        scene.window.replay(try Fixtures.trace(name), on: scene.clock)
    }
}
