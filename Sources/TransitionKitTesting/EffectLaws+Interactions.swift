import Foundation
import TransitionKitCore

extension EffectLaws {
    /// The interaction modes `Law.interactions` runs every gesture in.
    static let interactionModes: [InteractionMode] = [.percentDriven, .displayLinkDriven()]
    /// How far the cancelling gesture goes (a fraction of the container along its direction):
    /// short of half-way, released at rest, so `InteractionPolicy.default` cancels.
    static let cancelFraction: CGFloat = 0.2
    /// How far the finishing gesture goes: past half-way, released at rest.
    static let finishFraction: CGFloat = 0.7

    /// `Law.interactions` for one declared gesture, in every mode of `interactionModes`.
    @MainActor
    static func checkInteraction<Effect: TransitionEffect>(
        _ effect: Effect, _ interaction: EffectInteraction, _ scene: EffectScene, _ log: inout ViolationLog
    ) {
        for mode in interactionModes {
            let label = "\(interactionName(interaction)), \(mode == .percentDriven ? "percent-driven" : "display-link driven")"
            let watch = LeakWatch()
            var window: Window?
            do {
                switch interaction.operation {
                case .pop: window = try checkInteractivePop(effect, interaction, mode, scene, label, watch, &log)
                case .dismiss: window = try checkInteractiveDismiss(effect, interaction, mode, scene, label, watch, &log)
                case .push, .present, .tab: log.add("\(label): a gesture must drive .pop or .dismiss")
                }
            } catch {
                log.add("\(label): \(error)")
            }
            for name in watch.alive { log.add("\(label): \(name) is still allocated once the scene is gone") }
            withExtendedLifetime(window) {}
        }
    }

    /// Cancel then finish an interactive pop from `[to, from]`.
    /// Adds the popped view controller to `watch` (checked once the stage is gone).
    /// - Returns: the window, kept alive by the caller while `watch` is checked.
    @MainActor
    static func checkInteractivePop<Effect: TransitionEffect>(
        _ effect: Effect, _ interaction: EffectInteraction, _ mode: InteractionMode, _ scene: EffectScene, _ label: String,
        _ watch: LeakWatch, _ log: inout ViolationLog
    ) throws(TransitionKitError) -> Window {
        let stage = try scene.makeStage(.pop)
        let nav = stage.navigationController!
        let (root, top) = (stage.toViewController, stage.fromViewController)
        _ = try NavigationController.popGesture(of: effect)  // an effect under test is reported, not trapped on
        let controller = nav.enableInteractivePop(effect, mode: mode).interaction
        let before = layerRecords(root, top) + [layerRecord(stage.window.rootView.layer)]
        let rootState = layerState(root.view.layer)
        let container = top.view.superview

        if !stage.window.replay(trace(interaction, scene.size, cancelFraction), on: stage.clock, maxFrames: 10_000).reachedIdle {
            log.add("\(label): the cancelling gesture never went idle")
        }
        checkSession(controller, started: 1, label, &log)
        if nav.viewControllers.map(ObjectIdentifier.init) != [root, top].map(ObjectIdentifier.init) {
            log.add("\(label): the cancelled gesture changed the stack")
        }
        if top.view.superview !== container { log.add("\(label): after a cancel the top view is not back in the container") }
        let after = layerRecords(root, top) + [layerRecord(stage.window.rootView.layer)]
        for (i, what) in ["revealed view's", "top view's", "window's"].enumerated() {
            log.compare(before[i], after[i], "\(label): after a cancel the \(what) layers differ")
        }

        if !stage.window.replay(trace(interaction, scene.size, finishFraction), on: stage.clock, maxFrames: 10_000).reachedIdle {
            log.add("\(label): the second gesture never went idle")
        }
        checkSession(controller, started: 2, label, &log)
        if nav.viewControllers.map(ObjectIdentifier.init) != [ObjectIdentifier(root)] {
            log.add("\(label): the second gesture did not pop (stack of \(nav.viewControllers.count))")
        }
        if root.view.superview !== container { log.add("\(label): after the pop the revealed view is not in the container") }
        if top.view.superview != nil { log.add("\(label): after the pop the popped view is still in the container") }
        log.compare(rootState, layerState(root.view.layer), "\(label): after the pop the revealed view's layers differ from before")
        watch.add(top, "the popped view controller")
        return stage.window
    }

    /// Cancel then finish an interactive dismiss of a view controller the effect presented.
    /// Adds the dismissed view controller, the transitioning delegate, its pan controller and
    /// recognizer to `watch` (the delegate is let go when this returns, as an app would).
    /// - Returns: the window, as `checkInteractivePop`.
    @MainActor
    static func checkInteractiveDismiss<Effect: TransitionEffect>(
        _ effect: Effect, _ interaction: EffectInteraction, _ mode: InteractionMode, _ scene: EffectScene, _ label: String,
        _ watch: LeakWatch, _ log: inout ViolationLog
    ) throws(TransitionKitError) -> Window? {
        let stage = try scene.makeStage(.present, modalPresentationStyle: Effect.modalPresentationStyle)
        let (presenter, modal) = (stage.fromViewController, stage.toViewController)
        let presenterState = layerState(presenter.view.layer)
        let delegate = EffectTransitioningDelegate(effect: effect, modalViewController: modal)
        defer { withExtendedLifetime(delegate) {} }  // an app keeps its transitioning delegate
        var presented: Bool?
        presenter.present(modal) { presented = $0 }
        stage.clock.runUntilIdle()
        guard presented == true else {
            log.add("\(label): presenting with the effect completed with \(String(describing: presented))")
            return nil
        }
        guard let controller = delegate.enableDragToDismiss(mode: mode) else {
            log.add("\(label): enableDragToDismiss installed nothing")
            return nil
        }
        let before = [layerRecord(stage.window.rootView.layer), layerRecord(modal.view.layer), layerRecord(presenter.view.layer)]

        if !stage.window.replay(trace(interaction, scene.size, cancelFraction), on: stage.clock, maxFrames: 10_000).reachedIdle {
            log.add("\(label): the cancelling gesture never went idle")
        }
        checkSession(controller, started: 1, label, &log)
        if delegate.dismissalInteractionController != nil { log.add("\(label): the delegate still holds gesture 1's interaction controller") }
        if presenter.presentedViewController !== modal { log.add("\(label): the cancelled gesture dismissed") }
        let after = [layerRecord(stage.window.rootView.layer), layerRecord(modal.view.layer), layerRecord(presenter.view.layer)]
        for (i, what) in ["window's", "presented view's", "presenting view's"].enumerated() {
            log.compare(before[i], after[i], "\(label): after a cancel the \(what) layers differ")
        }

        if !stage.window.replay(trace(interaction, scene.size, finishFraction), on: stage.clock, maxFrames: 10_000).reachedIdle {
            log.add("\(label): the second gesture never went idle")
        }
        checkSession(controller, started: 2, label, &log)
        if delegate.dismissalInteractionController != nil { log.add("\(label): the delegate still holds gesture 2's interaction controller") }
        if presenter.presentedViewController != nil { log.add("\(label): the second gesture did not dismiss") }
        if modal.view.superview != nil { log.add("\(label): after the dismiss the presented view is still in the window") }
        log.compare(presenterState, layerState(presenter.view.layer), "\(label): after the dismiss the presenting view's layers differ from before")
        watch.add(modal, "the dismissed view controller")
        watch.add(delegate, "the transitioning delegate")
        watch.add(controller, "the drag's pan interaction controller")
        watch.add(controller.recognizer, "the drag's recognizer")
        return stage.window
    }

    /// After a gesture ended: it started transition number `started`, and its interaction
    /// controller (held weakly by `controller`) is gone with the transition.
    @MainActor
    static func checkSession(_ controller: PanInteractionController, started: Int, _ label: String, _ log: inout ViolationLog) {
        if controller.transitionsStarted != started {
            log.add("\(label): gesture \(started) started \(controller.transitionsStarted - started + 1) transitions, not 1")
        }
        if controller.interactionController != nil { log.add("\(label): gesture \(started)'s interaction controller is still allocated") }
    }

    /// A drag of `fraction` of the container along the gesture's direction, released at rest:
    /// from the left edge for `.leftEdgePanPop`, otherwise from 10 % inside the edge the
    /// finger leaves, half-way along the other axis.
    static func trace(_ interaction: EffectInteraction, _ size: CGSize, _ fraction: CGFloat) -> GestureTrace {
        let direction: PanInteractionController.Direction
        switch interaction {
        case .leftEdgePanPop: return SyntheticTrace.edgeSwipe(in: size, to: fraction)
        case .dragToDismiss(let d): direction = d
        case .custom(let gesture): direction = gesture.direction
        }
        let (w, h) = (size.width, size.height)
        let start: CGPoint, end: CGPoint
        switch direction {
        case .right: (start, end) = (CGPoint(x: 0.1 * w, y: h / 2), CGPoint(x: (0.1 + fraction) * w, y: h / 2))
        case .left: (start, end) = (CGPoint(x: 0.9 * w, y: h / 2), CGPoint(x: (0.9 - fraction) * w, y: h / 2))
        case .down: (start, end) = (CGPoint(x: w / 2, y: 0.1 * h), CGPoint(x: w / 2, y: (0.1 + fraction) * h))
        case .up: (start, end) = (CGPoint(x: w / 2, y: 0.9 * h), CGPoint(x: w / 2, y: (0.9 - fraction) * h))
        }
        return SyntheticTrace.drag(from: start, to: end, speed: 300)
    }

    /// "left-edge pan pop", "drag-to-dismiss down", "custom gesture 'name'".
    static func interactionName(_ interaction: EffectInteraction) -> String {
        switch interaction {
        case .leftEdgePanPop: return "left-edge pan pop"
        case .dragToDismiss(let d): return "drag-to-dismiss \(d)"
        case .custom(let gesture): return "custom gesture '\(gesture.name)'"
        }
    }
}

/// Objects that must be deallocated later, held weakly with a name for the message.
@MainActor
final class LeakWatch {
    private var entries: [(name: String, object: () -> AnyObject?)] = []

    /// Watches `object` under `name`.
    func add(_ object: AnyObject, _ name: String) { entries.append((name, { [weak object] in object })) }

    /// The names of the watched objects still allocated.
    var alive: [String] { entries.filter { $0.object() != nil }.map(\.name) }
}
