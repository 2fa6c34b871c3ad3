import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import FadeEffect

/// Fade at the model level. Expected values: incoming opacity = eased progress p, with p from
/// `CubicBezier.easeInEaseOut` (the tested curve, control points 0.42, 0, 0.58, 1) for
/// time-based playback and p = the reported fraction for percent-driven playback (linear,
/// UIKit's rule); fade-through colour opacity min(1, 2p), incoming max(0, 2p − 1) (the
/// closed form documented on `Fade.opacities(at:)`); scenario C1 for the container.
@MainActor
@Suite struct FadeModelTests {
    /// Every layer below `layer` with the values C1 names, for before/after comparisons.
    private func record(_ l: Layer) -> [String] {
        var out = [
            "\(l.name ?? "") \(l.properties) mask:\(l.mask.map { ObjectIdentifier($0).hashValue } ?? 0) "
                + "super:\(l.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0) index:\(l.indexInSuperlayer ?? -1)"
        ]
        for s in l.sublayers { out += record(s) }
        return out
    }

    private func ids(_ views: [View]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    /// Time-based push: at every frame the incoming opacity is easeInEaseOut(t / 0.3 s), the
    /// incoming view is above the outgoing one and the outgoing one is untouched.
    @Test func pushOpacityIsEasedProgressAtEveryFrame() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        var done: Bool?
        nc.perform(.push(a), animated: true, transition: TransitionOverride(animator: FadeAnimator())) { done = $0 }
        // Progress 0, before the first frame: nothing of the incoming view shows.
        #expect(a.view.alpha == 0)
        #expect(scene.root.view.alpha == 1 && scene.root.view.transform3D == .identity)
        var frames = 0
        while done == nil {
            scene.clock.step()
            frames += 1
            guard done == nil else { break }
            let t = Double(frames) / 60 / 0.3
            #expect(
                isApproximatelyEqual(Double(a.view.alpha), CubicBezier.easeInEaseOut.value(at: t), absolute: 1e-6),
                "frame \(frames)")
            #expect(a.view.layer.indexInSuperlayer! == scene.root.view.layer.indexInSuperlayer! + 1)
            #expect(scene.root.view.alpha == 1 && scene.root.view.transform3D == .identity)
        }
        #expect(frames == 18)  // 0.3 s at 60 Hz
        #expect(done == true && scene.stackTitles == ["root", "A"] && a.view.alpha == 1)
        #expect(ids(nc.view.subviews) == ids([a.view]))
    }

    /// Pop and dismiss also put the incoming view above the outgoing one and fade it in.
    @Test(arguments: [TransitionOperation.pop, .dismiss])
    func incomingAboveForPopAndDismiss(operation: TransitionOperation) {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        let container: View
        let incoming: View
        let interaction = PercentDrivenInteractiveTransition()
        let transition = TransitionOverride(animator: FadeAnimator(), interactionController: interaction)
        if operation == .pop {
            nc.push(a, animated: false)
            nc.perform(.pop, animated: true, transition: transition)
            container = nc.view
            incoming = scene.root.view
        } else {
            nc.present(a, animated: false)
            a.dismiss(animated: true, transition: transition)
            container = scene.window.rootView
            incoming = nc.view
        }
        #expect(incoming.alpha == 0)
        interaction.update(0.25)
        #expect(isApproximatelyEqual(Double(incoming.alpha), 0.25, absolute: 1e-7))
        #expect(ids(container.subviews) == ids([a.view, incoming]))
        #expect(a.view.alpha == 1 && a.view.transform3D == .identity)
        interaction.update(1)
        #expect(incoming.alpha == 1)
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(ids(container.subviews) == ids([incoming]))
    }

    /// Fade through a colour: the colour layer is the outgoing view's topmost sublayer,
    /// covers its bounds, and follows min(1, 2p); the incoming view follows max(0, 2p − 1).
    @Test(arguments: [Color.black, Color(red: 0.2, green: 0.4, blue: 0.6)])
    func fadeThroughProfile(color: Color) {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        let interaction = PercentDrivenInteractiveTransition()
        nc.perform(
            .push(a), animated: true,
            transition: TransitionOverride(animator: FadeAnimator(.through(color)), interactionController: interaction))
        for p in [0.0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1.0] {
            interaction.update(p)
            guard let layer = scene.root.view.layer.sublayers.last, layer.name == "fade through colour" else {
                Issue.record("no colour layer on the outgoing view")
                return
            }
            #expect(layer.backgroundColor == color)
            #expect(layer.frame == scene.root.view.bounds)
            #expect(isApproximatelyEqual(Double(layer.opacity), min(1, 2 * p), absolute: 1e-7), "p \(p)")
            #expect(isApproximatelyEqual(Double(a.view.alpha), max(0, 2 * p - 1), absolute: 1e-7), "p \(p)")
            #expect(scene.root.view.alpha == 1)
        }
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.root.view.layer.sublayers.isEmpty && scene.stackTitles == ["root", "A"])
    }

    /// The fade-through profile in time: colour = min(1, 2·ease(t)), incoming = max(0, 2·ease(t) − 1).
    @Test func fadeThroughTimeBased() {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        scene.navigationController.perform(.push(a), animated: true, transition: TransitionOverride(animator: FadeAnimator(.through())))
        for frame in 1...17 {
            scene.clock.step()
            let p = CubicBezier.easeInEaseOut.value(at: Double(frame) / 18)
            let colour = scene.root.view.layer.sublayers.last!
            #expect(isApproximatelyEqual(Double(colour.opacity), min(1, 2 * p), absolute: 1e-6))
            #expect(isApproximatelyEqual(Double(a.view.alpha), max(0, 2 * p - 1), absolute: 1e-6))
        }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.root.view.layer.sublayers.isEmpty)
    }

    /// C1: a cancelled push, pop, present or dismiss (full screen and over full screen, cross-
    /// dissolve and fade-through) leaves the container's subviews and every layer of both
    /// views exactly as before.
    @Test(
        arguments: [
            (TransitionOperation.push, ModalPresentationStyle.fullScreen), (.pop, .fullScreen),
            (.present, .fullScreen), (.present, .overFullScreen), (.dismiss, .fullScreen), (.dismiss, .overFullScreen),
        ],
        [false, true])
    func C1_cancelRestoresContainerAndLayers(_ c: (TransitionOperation, ModalPresentationStyle), through: Bool) {
        let (operation, style) = c
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        a.modalPresentationStyle = style
        a.view.addSubview(View(frame: CGRect(x: 10, y: 10, width: 50, height: 50), name: "badge"))
        if operation == .pop { nc.push(a, animated: false) }
        if operation == .dismiss { nc.present(a, animated: false) }
        let container = operation == .push || operation == .pop ? nc.view : scene.window.rootView
        let subviewsBefore = ids(container.subviews)
        let aBefore = record(a.view.layer), rootBefore = record(nc.view.layer)
        let interaction = PercentDrivenInteractiveTransition()
        let transition = TransitionOverride(animator: FadeAnimator(through ? .through(.white) : Fade()), interactionController: interaction)
        var done: Bool?
        switch operation {
        case .push: nc.perform(.push(a), animated: true, transition: transition) { done = $0 }
        case .pop: nc.perform(.pop, animated: true, transition: transition) { done = $0 }
        case .present: nc.present(a, animated: true, transition: transition) { done = $0 }
        case .dismiss: a.dismiss(animated: true, transition: transition) { done = $0 }
        case .tab:
            Issue.record("tab switches have their own C1 test (FadeTabTests)")
            return
        }
        interaction.update(0.6)
        scene.clock.advance(frames: 2)
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == false)
        #expect(ids(container.subviews) == subviewsBefore)
        #expect(record(a.view.layer) == aBefore)
        #expect(record(nc.view.layer) == rootBefore)
    }

    /// Registry: the effect registers as `fade`, builds from parameters and rejects bad values.
    @Test func registry() throws {
        var registry = EffectRegistry()
        try registry.register(Fade.self)
        #expect(registry.names == ["fade"])
        #expect(registry.entry(named: "fade")?.supportedOperations == [.push, .pop, .present, .dismiss, .tab])
        let plain = try registry.makeEffect(named: "fade") as! Fade
        #expect(plain == Fade() && plain.duration == 0.3 && plain.style == .crossDissolve && plain.timingCurve == .easeInEaseOut)
        let dip = try registry.makeEffect(named: "fade", settings: ["style": "through", "color": "#ff0000", "duration": "0.5"]) as? Fade
        #expect(dip == Fade(duration: 0.5, style: .through, color: Color(red: 1, green: 0, blue: 0)))
        let components = try registry.makeEffect(named: "fade", settings: ["style": "through", "color": "0.2,0.4,0.6,0.5"]) as? Fade
        #expect(components?.color == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        let colour = "a colour #rrggbb, #rrggbbaa or r,g,b[,a] with components 0...1"
        #expect(throws: TransitionKitError.invalidText(name: "duration", text: "nan", accepted: "a number in 0...10 seconds")) {
            try registry.makeEffect(named: "fade", settings: ["duration": "nan"])
        }
        #expect(throws: TransitionKitError.invalidText(name: "style", text: "1", accepted: "one of crossdissolve, through")) {
            try registry.makeEffect(named: "fade", settings: ["style": "1"])
        }
        #expect(throws: TransitionKitError.invalidText(name: "color", text: "1.5,0,0", accepted: colour)) {
            try registry.makeEffect(named: "fade", settings: ["color": "1.5,0,0"])
        }
        #expect(throws: TransitionKitError.unknownName(kind: "fade parameter", name: "red", accepted: ["duration", "style", "color"])) {
            try registry.makeEffect(named: "fade", settings: ["red": "1"])
        }
        #expect(throws: TransitionKitError.self) { try registry.register(Fade.self) }
    }

    /// The opacity formula at the ends and outside 0...1 (clamped).
    @Test func opacityFormula() {
        #expect(Fade().opacities(at: 0) == (0, 0) && Fade().opacities(at: 1) == (1, 0))
        #expect(Fade().opacities(at: 1.2) == (1, 0) && Fade().opacities(at: -0.1) == (0, 0))
        #expect(Fade.through().opacities(at: 0.5) == (0, 1) && Fade.through().opacities(at: 1) == (1, 1))
    }
}
