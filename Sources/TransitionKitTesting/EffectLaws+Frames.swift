import Foundation
import TransitionKitCore

extension EffectLaws {
    /// `Law.endpoints` for one operation.
    @MainActor
    static func checkEndpoints<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog, on sceneName: String? = nil
    ) throws(TransitionKitError) {
        let suffix = sceneName.map { " (on \($0), \(scene.size.width)x\(scene.size.height) pt at scale \(scene.scale))" } ?? ""
        let start = try scene.makeStage(operation, modalPresentationStyle: style)
        start.begin(animator: effect.makeAnimator(for: operation), interactive: true)
        guard start.completed == nil else { return log.add("the transition did not start (completed \(start.completed!))") }
        start.setProgress(0)
        compare(
            try scene.render(start), try scene.untouched(operation, modalPresentationStyle: style), "progress 0 vs the untouched scene" + suffix,
            &log,
            hint: endpointHint)
        start.end(finish: false)

        let end = try scene.makeStage(operation, modalPresentationStyle: style)
        // The view that leaves is out of sight afterwards, so no render shows what the effect
        // left on it; a presenter may keep state from `finalizeTransition` until dismissed.
        let leaving = operation == .present ? nil : layerState(end.fromViewController.view.layer)
        // The incoming view before the transition is as the final scene (an untouched stage)
        // has it: what the effect set on it must not outlive the transition.
        let arriving = layerState(end.toViewController.view.layer)
        var container: (view: View, properties: String)?
        let probe = ProbeAnimator(effect.makeAnimator(for: operation)) { context in
            container = (context.containerView, "\(context.containerView.layer.properties)")
        }
        end.begin(animator: probe, interactive: true)
        end.setProgress(1)
        let atOne = try scene.render(end)
        end.end(finish: true)
        guard end.completed == true else { return log.add("finishing at progress 1 completed with \(String(describing: end.completed))") }
        compare(atOne, try scene.render(end), "progress 1 vs the finished hierarchy" + suffix, &log)
        compare(atOne, try scene.final(operation, modalPresentationStyle: style), "progress 1 vs the final scene" + suffix, &log, hint: endpointHint)
        if let leaving {
            log.compare(leaving, layerState(end.fromViewController.view.layer), "after finishing, the outgoing view's layers differ" + suffix)
        }
        log.compare(arriving, layerState(end.toViewController.view.layer), "after finishing, the incoming view's layers differ" + suffix)
        if let container, "\(container.view.layer.properties)" != container.properties {
            log.add("after finishing, the container's properties differ\(suffix): \(container.properties)\n  vs \(container.view.layer.properties)")
        }
    }

    /// What an endpoint violation most often means, added to its message.
    static let endpointHint =
        " (the frames at progress 0 and 1 must equal the scene without the transition: a look the effect adds, such as"
        + " corners, a border, a shadow or a dimming layer, must be gone there; a shadow of a view moved out of sight can"
        + " still reach into the frame)"

    /// Adds a violation when `actual` and `expected` differ in any pixel, with `hint` after the counts.
    static func compare(_ actual: Bitmap, _ expected: Bitmap, _ what: String, _ log: inout ViolationLog, hint: String = "") {
        guard let d = GoldenImage.statistics(actual, expected) else {
            return log.add("\(what): size \(actual.width)x\(actual.height) vs \(expected.width)x\(expected.height)")
        }
        if d.maxDifference != 0 { log.add("\(what): \(d.differing) pixels differ, by up to \(d.maxDifference)/255" + hint) }
    }

    /// `Law.cancelRestores` for one operation.
    @MainActor
    static func checkCancelRestores<Effect: TransitionEffect>(
        _ effect: Effect, _ operation: TransitionOperation, _ style: ModalPresentationStyle, _ scene: EffectScene,
        _ log: inout ViolationLog
    ) throws(TransitionKitError) {
        let stage = try scene.makeStage(operation, modalPresentationStyle: style)
        let before = StageState(stage)
        let snapshot = stage.snapshot()
        stage.begin(animator: effect.makeAnimator(for: operation), interactive: true)
        guard stage.completed == nil else { return log.add("the transition did not start (completed \(stage.completed!))") }
        stage.setProgress(0.5)
        stage.end(finish: false)
        if stage.completed != false { log.add("cancelling completed with \(String(describing: stage.completed)), not false") }
        StageState(stage).differences(from: before, &log)
        if stage.snapshot() != snapshot { log.add("the window's layer snapshot differs from before the transition") }
    }
}

/// What a stage looks like, to tell whether a transition left it as it found it: the layer
/// records of the window and of both screens, where the screens' views are, the navigation
/// stack and the presentations, and whether anything still runs.
@MainActor
struct StageState {
    let window: [String], from: [String], to: [String]
    let fromSuperview: ObjectIdentifier?, toSuperview: ObjectIdentifier?
    let stack: [ObjectIdentifier]
    let fromPresented: ObjectIdentifier?, toPresented: ObjectIdentifier?
    let idle: Bool

    init(_ stage: TransitionStage) {
        window = layerRecord(stage.window.rootView.layer)
        from = layerRecord(stage.fromViewController.view.layer)
        to = layerRecord(stage.toViewController.view.layer)
        fromSuperview = stage.fromViewController.view.superview.map(ObjectIdentifier.init)
        toSuperview = stage.toViewController.view.superview.map(ObjectIdentifier.init)
        stack = stage.modelIdentity
        fromPresented = stage.fromViewController.presentedViewController.map(ObjectIdentifier.init)
        toPresented = stage.toViewController.presentedViewController.map(ObjectIdentifier.init)
        idle = stage.window.transitionQueue.isIdle && stage.clock.activeLinkCount == 0
    }

    /// Adds a violation for every part that differs from `before`.
    func differences(from before: StageState, _ log: inout ViolationLog) {
        if stack != before.stack { log.add("the navigation stack or the selected tab changed") }
        if fromPresented != before.fromPresented || toPresented != before.toPresented { log.add("the presentation changed") }
        if fromSuperview != before.fromSuperview { log.add("the outgoing view is not where it was") }
        if toSuperview != before.toSuperview { log.add("the incoming view is not where it was") }
        if !idle { log.add("a transition or display link is still running") }
        log.compare(before.window, window, "the window's layers differ")
        log.compare(before.from, from, "the outgoing view's layers differ")
        log.compare(before.to, to, "the incoming view's layers differ")
    }
}

extension TransitionStage {
    /// The navigation stack, or a tab stage's selected tab, as identities: the model a
    /// cancelled or refused transition leaves as it was (empty for presentation stages).
    var modelIdentity: [ObjectIdentifier] {
        if let tabs = tabBarController { return [ObjectIdentifier(tabs.selectedViewController)] }
        return navigationController?.viewControllers.map(ObjectIdentifier.init) ?? []
    }
}
