import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

@testable import TransitionKitCore

/// A weak reference to one object that must be gone at the end, with what it was.
struct Tracked {
    weak var object: AnyObject?
    let what: String
}

/// One kind of transition of the lifetime test: an effect, an operation and how it is driven.
enum LifetimeTransition: String, CaseIterable {
    case radialPush, radialPop, radialSwipe
    case fadePush, fadePopInteractive, fadePresent, fadeDismissInteractive
    case pushBackPush, pushBackPopInteractive, pushBackSwipe
    case dragDismissPresent, dragDismissDismiss, dragDismissDrag
    case zoomPush, zoomPopInteractive, zoomPresent
    case parallelPush, sequencePopInteractive, staggerPush
}

/// A 320x480 window on a manual 60 Hz clock with a navigation controller, running
/// transitions of every effect (radial, fade, pushback3d, dragdismiss, zoom) and of the
/// compositions (radial+fade, pushback3d>fade, staggered fade), interactive and not,
/// finished and cancelled, and keeping only weak references to everything they create:
/// animators, interaction controllers, drivers, edge-pan and drag controllers, transitioning
/// delegates and the view controllers they remove.
@MainActor
final class LifetimeWorld {
    let clock = ManualFrameClock(framesPerSecond: 60)
    let window: Window
    let navigation: NavigationController
    /// Everything created along the way, weakly.
    private(set) var tracked: [Tracked] = []
    /// Transitions run, and how many of them finished or were cancelled, per kind.
    private(set) var counts: [LifetimeTransition: (finished: Int, cancelled: Int)] = [:]
    private(set) var issues: [String] = []
    /// The drag-dismiss delegate of the presented card (an app keeps it while presented).
    private var cardDelegate: DragDismissTransitioningDelegate?
    private var serial = 0

    init() {
        window = Window(size: CGSize(width: 320, height: 480), frameClock: clock)
        navigation = NavigationController(rootViewController: ViewController(title: "root"))
        window.rootViewController = navigation
    }

    var transitionsRun: Int { counts.values.reduce(0) { $0 + $1.finished + $1.cancelled } }

    /// The tracked objects still alive, described.
    var survivors: [String] { tracked.filter { $0.object != nil }.map(\.what) }

    private func track(_ object: AnyObject?, _ what: String) {
        guard let object else { return }
        tracked.append(Tracked(object: object, what: "\(what) #\(serial)"))
    }

    /// Tracks the running transition's driver, animator and interaction controller.
    private func trackRunning(_ label: String) {
        guard let driver = window.transitionQueue.current else {
            issues.append("\(label) #\(serial): no transition started")
            return
        }
        track(driver, "\(label) driver")
        track(driver.animator, "\(label) animator")
        track(driver.interactionController, "\(label) interaction controller")
    }

    private func newViewController() -> ViewController {
        serial += 1
        let vc = ViewController(title: "vc\(serial)")
        track(vc, "view controller")
        return vc
    }

    /// The transitions possible now (a push or present needs nothing presented, a pop two
    /// view controllers, a dismiss the card or a fade-presented modal).
    func possible() -> [LifetimeTransition] {
        if let presented = navigation.presentedViewController {
            return presented === cardDelegate?.modalViewController
                ? [.dragDismissDismiss, .dragDismissDrag] : [.fadeDismissInteractive]
        }
        var out: [LifetimeTransition] = [.fadePresent, .dragDismissPresent, .zoomPresent]
        if navigation.viewControllers.count < 6 { out += [.radialPush, .fadePush, .pushBackPush, .zoomPush, .parallelPush, .staggerPush] }
        if navigation.viewControllers.count > 1 {
            out += [
                .radialPop, .radialSwipe, .fadePopInteractive, .pushBackPopInteractive, .pushBackSwipe, .zoomPopInteractive, .sequencePopInteractive,
            ]
        }
        return out
    }

    /// Runs one transition of `kind` to its end; `finish` chooses the outcome of the
    /// interactive ones (time-based ones always finish).
    func run(_ kind: LifetimeTransition, finish: Bool, duration: TimeInterval) {
        let depth = navigation.viewControllers.count
        let presented = navigation.presentedViewController != nil
        var completed: Bool?
        let completion: @MainActor (Bool) -> Void = { completed = $0 }
        var interactive = true
        switch kind {
        case .radialPush:
            navigation.radialPush(newViewController(), duration: duration, completion: completion)
            interactive = false
        case .radialPop:
            trackTop()
            navigation.radialPop(duration: duration, style: finish ? .reveal : .conceal, completion: completion)
            interactive = false
        case .fadePush:
            navigation.perform(
                .push(newViewController()), animated: true, transition: TransitionOverride(animator: fade(duration)), completion: completion)
            interactive = false
        case .pushBackPush:
            navigation.pushBack3DPush(newViewController(), completion: completion)
            interactive = false
        case .fadePopInteractive:
            trackTop()
            let interaction = PercentDrivenInteractiveTransition()
            navigation.perform(
                .pop, animated: true, transition: TransitionOverride(animator: FadeAnimator(), interactionController: interaction),
                completion: completion)
            drive(interaction, finish: finish)
        case .pushBackPopInteractive:
            trackTop()
            let interaction = PercentDrivenInteractiveTransition()
            navigation.pushBack3DPop(interactionController: interaction, completion: completion)
            drive(interaction, finish: finish)
        case .fadePresent:
            navigation.present(newViewController(), animated: true, transition: TransitionOverride(animator: fade(duration)), completion: completion)
            interactive = false
        case .fadeDismissInteractive:
            track(navigation.presentedViewController, "presented view controller")
            let interaction = PercentDrivenInteractiveTransition()
            navigation.presentedViewController?.dismiss(
                animated: true, transition: TransitionOverride(animator: FadeAnimator(), interactionController: interaction), completion: completion)
            drive(interaction, finish: finish)
        case .zoomPush, .parallelPush, .staggerPush:
            let animator: any AnimatedTransitioning =
                switch kind {
                case .zoomPush: effectAnimator(Zoom(), .push)
                case .parallelPush: effectAnimator(ParallelEffect(Radial(duration: duration), Fade(duration: duration)), .push)
                default: effectAnimator(StaggeredEffect(Fade(duration: duration)), .push)
                }
            navigation.perform(.push(newViewController()), animated: true, transition: TransitionOverride(animator: animator), completion: completion)
            interactive = false
        case .zoomPresent:
            let animator = effectAnimator(Zoom(), .present)
            navigation.present(newViewController(), animated: true, transition: TransitionOverride(animator: animator), completion: completion)
            interactive = false
        case .zoomPopInteractive, .sequencePopInteractive:
            trackTop()
            let interaction = PercentDrivenInteractiveTransition()
            let animator =
                kind == .zoomPopInteractive
                ? effectAnimator(Zoom(), .pop) : effectAnimator(SequentialEffect(PushBack3D(), Fade(), split: 0.4), .pop)
            navigation.perform(
                .pop, animated: true, transition: TransitionOverride(animator: animator, interactionController: interaction), completion: completion)
            drive(interaction, finish: finish)
        case .radialSwipe, .pushBackSwipe:
            trackTop()
            swipe(radial: kind == .radialSwipe, finish: finish)
        case .dragDismissPresent:
            let card = newViewController()
            let delegate = DragDismissTransitioningDelegate(modalViewController: card, effect: DragDismiss(duration: max(0.05, duration)))
            track(delegate, "drag-dismiss delegate")
            track(delegate.enableDragToDismiss(), "drag-to-dismiss controller")
            cardDelegate = delegate
            navigation.present(card, animated: true, completion: completion)
            interactive = false
        case .dragDismissDismiss:
            track(navigation.presentedViewController, "card")
            navigation.presentedViewController?.dismiss(animated: true, completion: completion)
            interactive = false
        case .dragDismissDrag:
            track(navigation.presentedViewController, "card")
            let end = CGPoint(x: 160, y: finish ? 420 : 160)
            replay(SyntheticTrace.drag(from: CGPoint(x: 160, y: 100), to: end, speed: 600), label: "drag to dismiss")
        }
        // Interactive kinds tracked their transition while driving it; the others run now.
        if !interactive {
            if window.transitionQueue.current != nil {
                trackRunning(kind.rawValue)
            } else if completed == nil || duration > 0 {
                issues.append("\(kind) #\(serial): did not start")  // only a 0 s transition ends within the call
            }
        }
        let frames = clock.runUntilIdle()
        if frames == 100_000 || !window.transitionQueue.isIdle { issues.append("\(kind) #\(serial): never ended") }
        let expectFinished = !interactive || finish
        if let completed, completed != expectFinished { issues.append("\(kind) #\(serial): completion(\(completed)), expected \(expectFinished)") }
        let changed = navigation.viewControllers.count != depth || (navigation.presentedViewController != nil) != presented
        if changed != expectFinished { issues.append("\(kind) #\(serial): state changed \(changed), expected \(expectFinished)") }
        if expectFinished && kind.rawValue.hasPrefix("dragDismiss") && navigation.presentedViewController == nil { cardDelegate = nil }
        var c = counts[kind] ?? (0, 0)
        if expectFinished { c.finished += 1 } else { c.cancelled += 1 }
        counts[kind] = c
    }

    /// A fade animator of `duration` seconds, tracked (a 0 s transition ends within the call,
    /// before its driver could be looked at).
    private func fade(_ duration: TimeInterval) -> FadeAnimator {
        let animator = FadeAnimator(Fade(duration: duration))
        track(animator, "fade animator")
        return animator
    }

    /// `effect`'s animator for `operation`, tracked.
    private func effectAnimator<Effect: TransitionEffect>(_ effect: Effect, _ operation: TransitionOperation) -> any AnimatedTransitioning {
        let animator = effect.makeAnimator(for: operation)
        track(animator, "\(Effect.name) animator")
        return animator
    }

    private func trackTop() { track(navigation.topViewController, "popped view controller") }

    /// Drags the interaction to 0.6 (finish) or 0.3 (cancel) over a few frames and releases.
    private func drive(_ interaction: PercentDrivenInteractiveTransition, finish: Bool) {
        trackRunning("interactive")
        for k in 1...6 {
            interaction.update(CGFloat(k) * (finish ? 0.1 : 0.05))
            clock.step()
        }
        finish ? interaction.finish() : interaction.cancel()
    }

    /// An edge swipe installed for this one gesture (radial or push-back), dragged to 220 pt
    /// (finishes, past half of 320) or 60 pt (cancels), then removed again.
    private func swipe(radial: Bool, finish: Bool) {
        let controller = radial ? navigation.enableRadialSwipe() : navigation.enablePushBack3DSwipe()
        track(controller, "edge-pan controller")
        track(controller.recognizer, "edge-pan recognizer")
        let trace = SyntheticTrace.drag(from: CGPoint(x: 2, y: 240), to: CGPoint(x: finish ? 220 : 60, y: 240), speed: 600)
        replay(trace, label: radial ? "radial swipe" : "push-back swipe")
        radial ? navigation.disableRadialSwipe() : navigation.disablePushBack3DSwipe()
    }

    /// Replays `trace`, tracking the transition it starts (an issue if it starts none).
    private func replay(_ trace: GestureTrace, label: String) {
        var started = false
        window.replay(trace, on: clock) {
            guard !started, self.window.transitionQueue.current != nil else { return }
            started = true
            self.trackRunning(label)
        }
        if !started { issues.append("\(label) #\(serial): the gesture started no transition") }
    }

    /// Back to the root with nothing presented, without animation, and the card's delegate
    /// released: after this nothing created by the transitions may be alive.
    func tearDown() {
        navigation.presentedViewController?.dismiss(animated: false)
        navigation.popToRoot(animated: false)
        cardDelegate = nil
        clock.runUntilIdle()
    }
}
