import Foundation
import SheetEffect
import TransitionKitCore
import TransitionKitRender

/// `effect-bench play`: an interactive pop (left-edge pan), dismiss (drag-to-dismiss) or tab
/// switch (horizontal pan in the content area) driven by a recorded touch trace, frame by
/// frame on a 60 Hz manual clock.
///
/// The trace's locations are window points. For pop and dismiss the gesture is the one the
/// effect declares in `interactions` (`enableInteractivePop` for pop,
/// `EffectTransitioningDelegate` for dismiss), with the animation it makes for the
/// touch-down (radial follows the finger's y, as RadialTransition); an effect declaring none
/// for the operation is a usage error. For tab, every effect supporting `.tab` is played by
/// the tab bar controller's neighbour pan (`enableInteractiveSwitch`) on tabs [outgoing,
/// incoming], the outgoing one selected: a pan to the left switches. The default
/// `InteractionPolicy` decides the release. `--out` gets every frame as an APNG;
/// `--json`, or no `--out`, prints one summary line:
/// `{"effect","operation","outcome":"finished"|"cancelled"|"none","depth_before","depth_after","frames","duration","samples"}`
/// (depth: navigation stack depth for pop, presentation depth for dismiss, the selected tab's
/// index for tab; duration in seconds). The sheet's dismiss is its own drag between detents
/// (`presentSheet(_:stage:)`; `outcome` is `cancelled` when the drag began and the sheet
/// stayed), and its line adds `"detent"`, the detent it rests at, when it is not dismissed.
@MainActor
enum PlayCommand {
    struct Summary: Codable, Equatable {
        var effect: String
        var operation: String
        var outcome: String
        var depthBefore: Int
        var depthAfter: Int
        var frames: Int
        var duration: Double
        var samples: Int
        /// The sheet's detent at the end (`sheet` only; absent when dismissed).
        var detent: String?

        enum CodingKeys: String, CodingKey {
            case effect, operation, outcome, frames, duration, samples, detent
            case depthBefore = "depth_before"
            case depthAfter = "depth_after"
        }
    }

    static func run(_ request: PlayRequest, registry: EffectRegistry) throws(BenchError) -> String {
        let entry = try EffectBench.entry(request.effect, in: registry)
        let op = request.operation
        guard entry.supportedOperations.contains(op) else {
            throw .usage(
                "\(entry.name) does not support --operation \(op.rawValue); accepted: \(entry.supportedOperations.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let effect: any TransitionEffect
        do { effect = try registry.makeEffect(named: entry.name, settings: request.parameters) } catch { throw BenchError(error) }
        let trace: GestureTrace
        do { trace = try GestureTrace(contentsOf: request.gesturePath) } catch { throw .failure(error.description) }
        if let out = request.outPath { try OutputPath.check(out) }
        let images = try SceneImages.load(request.scene, for: op)
        let stage: TransitionStage
        do {
            try TransitionStage.check(size: request.scene.size, scale: request.scene.scale)
            stage = TransitionStage(
                operation: op, size: request.scene.size, scale: request.scene.scale,
                modalPresentationStyle: entry.modalPresentationStyle, fromImage: images.from, toImage: images.to)
        } catch { throw BenchError(error) }

        // Install the gesture the effect declares; keep what the views hold weakly alive.
        var keepAlive: [AnyObject] = []
        var sheet: SheetPresentationController?
        let depth: () -> Int
        switch op {
        case .pop:
            let nav = stage.navigationController!
            do { _ = try NavigationController.popGesture(of: effect) } catch { throw .usage(error.description + Self.playableHint(registry)) }
            nav.enableInteractivePop(effect)
            depth = { nav.viewControllers.count }
        case .tab:
            let tabs = stage.tabBarController!
            do { try TabBarController.checkSwitchable(type(of: effect)) } catch { throw .usage(error.description) }
            tabs.enableInteractiveSwitch(effect)
            depth = { tabs.selectedIndex }
        default:
            guard effect.interaction(for: .dismiss) != nil else {
                throw .usage("invalid operation: effect '\(entry.name)' declares no interactive dismiss gesture" + Self.playableHint(registry))
            }
            sheet = Self.presentSheet(effect, stage: stage)
            if sheet == nil { keepAlive.append(Self.installDragToDismiss(effect, on: stage.fromViewController)) }
            depth = {
                var n = 0, vc: ViewController? = stage.toViewController
                while let p = vc?.presentedViewController { n += 1; vc = p }
                return n
            }
        }
        let before = depth()
        var snapshots: [LayerSnapshot] = []
        var started = false
        let result = stage.window.replay(trace, on: stage.clock, maxFrames: 60 * 60) {
            started = started || !stage.window.transitionQueue.isIdle || sheet?.panGestureRecognizer?.state.isActive == true
            snapshots.append(stage.snapshot())
        }
        withExtendedLifetime(keepAlive) {}
        guard result.reachedIdle else { throw .failure("the transition did not settle within 60 s of frames") }
        let after = depth()
        let summary = Summary(
            effect: entry.name, operation: op.rawValue,
            outcome: after != before ? "finished" : started ? "cancelled" : "none",
            depthBefore: before, depthAfter: after, frames: result.framesStepped,
            duration: Double(result.framesStepped) * stage.clock.frameInterval, samples: result.samplesDelivered, detent: Self.detent(of: sheet))
        if let out = request.outPath {
            try BenchError.mapping {
                let compositor = Compositor(options: RenderOptions(scale: request.scene.scale, background: .black))
                var first = try compositor.render(snapshots.first ?? stage.snapshot(), size: request.scene.size)
                var apng = APNGEncoder(width: first.width, height: first.height)
                try apng.append(first, delay: stage.clock.frameInterval)
                for s in snapshots.dropFirst() {
                    compositor.render(s, into: &first)
                    try apng.append(first, delay: stage.clock.frameInterval)
                }
                try apng.write(to: out)
            }
        }
        if request.json || request.outPath == nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let line = try? encoder.encode(summary), let text = String(data: line, encoding: .utf8) else {
                throw .failure("could not encode the summary")
            }
            return text
        }
        let what = op == .tab ? "selected tab" : "stack depth"
        return "\(summary.outcome): \(entry.name) \(op.rawValue), \(what) \(before) → \(after), \(summary.frames) frames"
            + (request.outPath.map { ", wrote \($0)" } ?? "")
    }

    /// The effect's drag-to-dismiss delegate on `modal` (the effect's concrete type opened
    /// from the existential), with the gesture enabled; returned to be kept alive.
    private static func installDragToDismiss(_ effect: any TransitionEffect, on modal: ViewController) -> AnyObject {
        func install<E: TransitionEffect>(_ effect: E) -> AnyObject {
            let delegate = EffectTransitioningDelegate(effect: effect, modalViewController: modal)
            delegate.enableDragToDismiss()
            return delegate
        }
        return install(effect)
    }

    /// "; playable: …" listing the registered effects that declare a pop or dismiss gesture.
    private static func playableHint(_ registry: EffectRegistry) -> String {
        var names: [String] = []
        for entry in registry.allEntries {
            guard let effect = try? registry.makeEffect(named: entry.name) else { continue }
            let ops = effect.interactions.map(\.operation.rawValue)
            if !ops.isEmpty { names.append("\(entry.name) (\(ops.joined(separator: ", ")))") }
        }
        return "; playable: " + (names.isEmpty ? "none" : names.joined(separator: ", "))
    }
}
