import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import DragDismissEffect

/// DragDismiss at the model level. Expected values by closed form (documented on
/// `DragDismiss`): with b the presented fraction, the modal is translated by (0, h·(1 − b))
/// from the bottom, (∓w·(1 − b), 0) from the left/right; the behind view is scaled by
/// 1 + (behindViewScale − 1)·b with opacity 1 + (behindViewAlpha − 1)·b. Time-based progress
/// is `Spring.value(at:)` (the tested primitive) of the spring `DragDismiss.spring` maps from
/// UIKit's (0.8 s, damping 0.8, velocity 0.1). Scenarios G3 and C1/C3.
@MainActor
@Suite struct DragDismissModelTests {
    private func record(_ l: Layer) -> [String] {
        var out = [
            "\(l.name ?? "") \(l.properties) mask:\(l.mask.map { ObjectIdentifier($0).hashValue } ?? 0) "
                + "super:\(l.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0) index:\(l.indexInSuperlayer ?? -1)"
        ]
        for s in l.sublayers { out += record(s) }
        return out
    }

    /// The spring mapping: damping ratio and initial velocity as given, settling (|x − 1| <=
    /// 0.001, |x'| <= 0.01/s) exactly at 0.8 s, an overshoot, and the response pinned.
    @Test func springMapping() {
        let spring = DragDismiss().spring
        #expect(isApproximatelyEqual(spring.dampingRatio, 0.8, absolute: 1e-12))
        #expect(spring.initialVelocity == 0.1 && spring.mass == 1)
        #expect(isApproximatelyEqual(spring.settlingDuration, 0.8, absolute: 1e-9))
        #expect(abs(spring.value(at: 0.8) - 1) <= 0.001)
        let peak = stride(from: 0.0, through: 0.8, by: 0.001).map(spring.value(at:)).max()!
        #expect(peak > 1.01 && peak < 1.03)  // ζ = 0.8: overshoot e^(−πζ/√(1−ζ²)) ≈ 1.5 %, a little more with v0 = 0.1
        // Pinned value of the bisection (regression guard for the documented mapping).
        #expect(isApproximatelyEqual(spring.response, DragDismissModelTests.pinnedResponse, absolute: 1e-6))
    }

    /// The response the mapping gives for (0.8 s, 0.8, 0.1), computed once and recorded.
    static let pinnedResponse = 0.555070297

    /// A scene with a modal under an interactive present at fraction `p`.
    private func presentInteractively(_ effect: DragDismiss, size: CGSize = CGSize(width: 390, height: 844))
        -> (TestScene, ViewController, PercentDrivenInteractiveTransition)
    {
        let scene = TestScene(size: size)
        let modal = scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        let interaction = PercentDrivenInteractiveTransition()
        scene.navigationController.present(
            modal, animated: true,
            transition: TransitionOverride(animator: DragDismissAnimator(effect), interactionController: interaction))
        return (scene, modal, interaction)
    }

    /// Present geometry for every direction at progress 0 (untouched behind view, modal just
    /// off its edge), in between and 1.
    @Test(arguments: DragDismiss.Direction.allCases)
    func presentGeometry(direction: DragDismiss.Direction) {
        let effect = DragDismiss(direction: direction, behindViewAlpha: 0.6)
        let (scene, modal, interaction) = presentInteractively(effect)
        let behind = scene.navigationController.view
        let w = 390.0, h = 844.0
        for p in [0.0, 0.3, 0.5, 1.0] {
            interaction.update(p)
            let dx: Double = direction == .left ? -w * (1 - p) : direction == .right ? w * (1 - p) : 0
            let dy: Double = direction == .bottom ? h * (1 - p) : 0
            #expect(
                isApproximatelyEqual(modal.view.transform3D.m41, dx, absolute: 1e-9)
                    && isApproximatelyEqual(modal.view.transform3D.m42, dy, absolute: 1e-9))
            #expect(modal.view.transform3D.isAffine && modal.view.frame == CGRect(x: 0, y: 0, width: w, height: h))
            let s = 1 - 0.1 * p
            #expect(behind.transform3D == Transform3D(scaleX: s, y: s))
            #expect(isApproximatelyEqual(Double(behind.alpha), 1 - 0.4 * p, absolute: 1e-7))
            #expect(modal.view.layer.indexInSuperlayer! > behind.layer.indexInSuperlayer!)
        }
        interaction.update(0)
        #expect(behind.transform3D == .identity && behind.alpha == 1 && behind.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        interaction.update(1)
        #expect(modal.view.transform3D == .identity)
    }

    /// Time-based present through the transitioning delegate: progress follows the mapped
    /// spring at every frame, overshoots past 1 with `bounces` (the modal passes its final
    /// position, the behind view dips under 0.9) and never without.
    @Test(arguments: [true, false])
    func springOvershoot(bounces: Bool) {
        let scene = TestScene(size: CGSize(width: 390, height: 844))
        let modal = scene.makeViewController("M")
        let effect = DragDismiss(bounces: bounces)
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: effect)
        #expect(modal.modalPresentationStyle == .overFullScreen && modal.transitioningDelegate === delegate)
        let spring = effect.spring
        var done: Bool?
        scene.navigationController.present(modal) { done = $0 }
        var frames = 0, maxProgress = -Double.infinity, minScale = Double.infinity
        while done == nil {
            scene.clock.step()
            frames += 1
            guard done == nil else { break }
            let raw = spring.value(at: Double(frames) / 60)
            let p = bounces ? raw : min(1, max(0, raw))
            #expect(isApproximatelyEqual(modal.view.transform3D.m42, 844 * (1 - p), absolute: 1e-6), "frame \(frames)")
            #expect(isApproximatelyEqual(scene.navigationController.view.transform3D.m11, 1 - 0.1 * p, absolute: 1e-9))
            maxProgress = max(maxProgress, Double(scene.window.transitionQueue.current!.animatorProgress))
            minScale = min(minScale, scene.navigationController.view.transform3D.m11)
        }
        #expect(frames == 48)  // 0.8 s at 60 Hz
        #expect(done == true)
        if bounces {
            #expect(maxProgress > 1.01)
            #expect(minScale < 0.9 - 0.001)
        } else {
            #expect(minScale >= 0.9)
        }
        withExtendedLifetime(delegate) {}
    }

    /// After a finished present the behind view stays scaled and faded; after a finished
    /// dismiss it is back at identity, opacity 1, frame = container bounds.
    @Test func behindViewScaledAfterPresentRestoredAfterDismiss() {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(behindViewAlpha: 0.5))
        let nc = scene.navigationController
        nc.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.presentedViewController === modal)
        #expect(nc.view.transform3D == Transform3D(scaleX: 0.9, y: 0.9) && nc.view.alpha == 0.5)
        #expect(nc.view.superview === scene.window.rootView && modal.view.transform3D == .identity)
        #expect(scene.window.rootView.subviews.map(\.layer.name) == ["navigation.view", "M.view"])
        modal.dismiss()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.presentedViewController == nil && modal.view.superview == nil)
        #expect(nc.view.transform3D == .identity && nc.view.alpha == 1 && nc.view.frame == scene.window.rootView.bounds)
        withExtendedLifetime(delegate) {}
    }

    /// G3: resize the window while the modal is presented, then dismiss: the dismiss uses the
    /// new size and the behind view ends at identity, opacity 1, frame = the new bounds.
    @Test(arguments: DragDismiss.Direction.allCases)
    func G3_resizeWhilePresentedThenDismiss(direction: DragDismiss.Direction) throws {
        let scene = TestScene(size: CGSize(width: 390, height: 844))
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal, effect: DragDismiss(direction: direction, behindViewAlpha: 0.8))
        let nc = scene.navigationController
        nc.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        scene.window.resize(to: CGSize(width: 844, height: 390))
        #expect(nc.view.transform3D == Transform3D(scaleX: 0.9, y: 0.9))  // still shrunk behind the modal
        let interaction = PercentDrivenInteractiveTransition()
        delegate.dismissalInteractionController = interaction
        var done: Bool?
        modal.dismiss { done = $0 }
        #expect(delegate.dismissalInteractionController == nil)  // handed out once
        interaction.update(0.5)
        let expected = DragDismiss(direction: direction).modalTranslation(at: 0.5, containerSize: CGSize(width: 844, height: 390))
        #expect(modal.view.transform3D.m41 == expected.x && modal.view.transform3D.m42 == expected.y)
        #expect(isApproximatelyEqual(nc.view.transform3D.m11, 0.95, absolute: 1e-12))
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == true)
        #expect(nc.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
        #expect(nc.view.transform3D == .identity && nc.view.alpha == 1)
    }

    /// C1: a cancelled present leaves the behind view (and every layer under it) untouched
    /// and the window as it was.
    @Test func C1_cancelledPresentLeavesBehindViewUntouched() {
        let scene = TestScene()
        let nc = scene.navigationController
        let rootViewsBefore = scene.window.rootView.subviews.map(ObjectIdentifier.init)
        let behindBefore = record(nc.view.layer)
        let modal = scene.makeViewController("M")
        modal.modalPresentationStyle = .overFullScreen
        let modalBefore = record(modal.view.layer)
        let interaction = PercentDrivenInteractiveTransition()
        var done: Bool?
        nc.present(modal, animated: true, transition: TransitionOverride(animator: DragDismissAnimator(), interactionController: interaction)) {
            done = $0
        }
        interaction.update(0.7)
        scene.clock.advance(frames: 2)
        #expect(nc.view.transform3D != .identity)
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == false && nc.presentedViewController == nil)
        #expect(record(nc.view.layer) == behindBefore)
        #expect(Array(record(modal.view.layer).dropFirst()) == Array(modalBefore.dropFirst()))
        #expect(scene.window.rootView.subviews.map(ObjectIdentifier.init) == rootViewsBefore)
    }

    /// C3-like: a dismiss drag cancelled midway puts the modal back at identity and leaves the
    /// behind view shrunk (it is still behind the modal); the next dismiss works.
    @Test func cancelledDismissReturnsModalAndKeepsBehindScaled() {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        let delegate = DragDismissTransitioningDelegate(modalViewController: modal)
        let nc = scene.navigationController
        nc.present(modal)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        let behindPresented = record(nc.view.layer)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.dismissalInteractionController = interaction
        var log: [Bool] = []
        modal.dismiss { log.append($0) }
        interaction.update(0.4)
        #expect(isApproximatelyEqual(modal.view.transform3D.m42, 480 * 0.4, absolute: 1e-9))
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(modal.view.transform3D == .identity && nc.presentedViewController === modal)
        #expect(record(nc.view.layer) == behindPresented)
        modal.dismiss { log.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == [false, true] && nc.view.transform3D == .identity)
    }

    /// Presenting a modal that is not `.overFullScreen` is refused with a clear error: the
    /// view behind would vanish at the end.
    @Test func presentRequiresOverFullScreen() {
        let scene = TestScene()
        let modal = scene.makeViewController("M")
        var done: Bool?
        scene.navigationController.present(modal, animated: true, transition: TransitionOverride(animator: DragDismissAnimator())) { done = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == false && scene.navigationController.presentedViewController == nil && modal.view.superview == nil)
        #expect(scene.navigationController.view.transform3D == .identity)
    }

    /// `.effect(DragDismiss())` as the modal's preferred transition presents it
    /// `.overFullScreen` (the effect's `modalPresentationStyle`, as `EffectTransitioningDelegate`
    /// sets it): the present finishes, the presenter's view stays in the window behind the
    /// modal at the effect's presented scale (`behindViewTransform(at: 1)`), and the dismiss
    /// brings it back to identity. Before, the modal kept `.fullScreen` and the animator refused.
    @Test func preferredTransitionEffectPresentsOverFullScreen() {
        let scene = TestScene()
        let nc = scene.navigationController
        let modal = scene.makeViewController("M")
        modal.preferredTransition = .effect(DragDismiss())
        #expect(modal.modalPresentationStyle == .overFullScreen)
        var log: [Bool] = []
        nc.present(modal) { log.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == [true] && nc.presentedViewController === modal)
        #expect(scene.window.rootView.subviews.map(ObjectIdentifier.init) == [nc.view, modal.view].map(ObjectIdentifier.init))
        #expect(nc.view.transform3D == DragDismiss().behindViewTransform(at: 1))
        modal.dismiss { log.append($0) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(log == [true, true] && nc.presentedViewController == nil && nc.view.transform3D == .identity)
    }

    @Test func registry() throws {
        var registry = EffectRegistry()
        try registry.register(DragDismiss.self)
        #expect(registry.names == ["dragdismiss"])
        #expect(registry.entry(named: "dragdismiss")?.supportedOperations == [.present, .dismiss])
        let d = try registry.makeEffect(named: "dragdismiss") as! DragDismiss
        #expect(d == DragDismiss() && d.direction == .bottom && d.behindViewScale == 0.9 && d.behindViewAlpha == 1)
        #expect(d.duration == 0.8 && d.dampingRatio == 0.8 && d.initialSpringVelocity == 0.1 && d.bounces)
        let e = try registry.makeEffect(named: "dragdismiss", settings: ["direction": "right", "bounces": "no", "behindviewscale": "0.8"])
        #expect(e as? DragDismiss == DragDismiss(direction: .right, behindViewScale: 0.8, bounces: false))
        for bad: [String: String] in [
            ["direction": "2"], ["direction": "up"], ["bounces": "0.5"], ["behindviewscale": "0"], ["behindviewalpha": "2"],
            ["duration": "0"], ["dampingratio": "nan"],
        ] {
            #expect(throws: TransitionKitError.self, "\(bad)") { try registry.makeEffect(named: "dragdismiss", settings: bad) }
        }
        #expect(throws: TransitionKitError.invalidText(name: "direction", text: "up", accepted: "one of bottom, left, right")) {
            try registry.makeEffect(named: "dragdismiss", settings: ["direction": "up"])
        }
        #expect(throws: TransitionKitError.invalidText(name: "bounces", text: "0.5", accepted: "one of true, false, yes, no, 1, 0")) {
            try registry.makeEffect(named: "dragdismiss", settings: ["bounces": "0.5"])
        }
        let animator = d.makeAnimator(for: .present) as! DragDismissAnimator
        #expect(animator.timingCurve == .spring(d.spring))
    }
}
