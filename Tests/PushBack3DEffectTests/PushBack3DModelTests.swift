import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import PushBack3DEffect

/// PushBack3D at the model level. Expected values by closed form: with θ = 10°·b (radians
/// θ·π/180) the pushed-back transform is R_y(−θ)·P, whose non-trivial fields are
/// m11 = cos θ, m13 = sin θ, m31 = −sin θ, m33 = cos θ, m14 = −sin θ / 300,
/// m34 = −cos θ / 300 (Rodrigues' rotation for row vectors about (0, 1, 0), the primitive
/// tested by `TransformOracleTests`, times the perspective m34 = −1/300); with a scale s the
/// first two rows are multiplied by s. The slide is a translation by w·(1 − b), w the
/// container width (G2). Pop at p is push at 1 − p with roles swapped.
@MainActor
@Suite struct PushBack3DModelTests {
    private func makeScene(_ size: CGSize) -> TestScene { TestScene(size: size) }

    private func record(_ l: Layer) -> [String] {
        var out = [
            "\(l.name ?? "") \(l.properties) mask:\(l.mask.map { ObjectIdentifier($0).hashValue } ?? 0) "
                + "super:\(l.superlayer.map { ObjectIdentifier($0).hashValue } ?? 0) index:\(l.indexInSuperlayer ?? -1)"
        ]
        for s in l.sublayers { out += record(s) }
        return out
    }

    /// The closed-form pushed-back transform (see the suite's discussion).
    private func expectedTransform(b: Double, angleDegrees: Double = 10, d: Double = 300, scale: Double = 1) -> Transform3D {
        if b == 0 { return .identity }
        let theta = angleDegrees * b * .pi / 180
        let s = 1 + (scale - 1) * b
        let c = cos(theta), sn = sin(theta)
        return Transform3D(
            m11: s * c, m12: 0, m13: s * sn, m14: -s * sn / d,
            m21: 0, m22: s, m23: 0, m24: 0,
            m31: -sn, m32: 0, m33: c, m34: -c / d,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    private func expectClose(_ a: Transform3D, _ b: Transform3D, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        for i in 0..<16 {
            #expect(isApproximatelyEqual(x[i], y[i], absolute: 1e-12), "field \(i): \(x[i]) vs \(y[i]) \(comment)", sourceLocation: sourceLocation)
        }
    }

    /// Push at progress 0, in between and 1, on a 390- and a 768-wide window (G2: the slide is
    /// the container width, never 320). Progress 0 is the untouched scene plus the incoming
    /// view just off the right edge; the anchor-point change never moves the outgoing view.
    @Test(arguments: [CGSize(width: 390, height: 844), CGSize(width: 768, height: 1024)])
    func G2_pushGeometry(size: CGSize) {
        let scene = makeScene(size)
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        let root = scene.root.view
        let interaction = PercentDrivenInteractiveTransition()
        nc.perform(.push(a), animated: true, transition: TransitionOverride(animator: PushBack3DAnimator(), interactionController: interaction))
        let w = size.width, h = size.height
        // Progress 0: outgoing untouched, incoming translated by exactly w.
        #expect(root.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && root.layer.position == CGPoint(x: w / 2, y: h / 2))
        #expect(root.transform3D == .identity && root.alpha == 1)
        #expect(a.view.transform3D == Transform3D(translationX: w, y: 0) && a.view.frame == CGRect(x: 0, y: 0, width: w, height: h))
        #expect(a.view.layer.indexInSuperlayer! == root.layer.indexInSuperlayer! + 1)
        for p in [0.1, 0.5, 0.75, 1.0] {
            interaction.update(p)
            #expect(root.layer.anchorPoint == CGPoint(x: 1, y: 0.5))
            #expect(root.layer.position == CGPoint(x: w, y: h / 2))
            #expect(root.frame == CGRect(x: 0, y: 0, width: w, height: h))  // the anchor change did not move it
            expectClose(root.transform3D, expectedTransform(b: p), "p \(p)")
            #expect(isApproximatelyEqual(a.view.transform3D.m41, w * (1 - p), absolute: 1e-9))
            #expect(a.view.transform3D.m42 == 0 && a.view.transform3D.isAffine)
        }
        // Progress 1: incoming in place (identity), outgoing fully pushed back.
        #expect(a.view.transform3D == .identity)
        interaction.finish()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root", "A"] && root.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && root.transform3D == .identity)
    }

    /// The rotation pushes the view *back*: its left edge (far from the anchor) projects
    /// shorter than h and to the right of x = 0, the right edge stays where it was.
    @Test func leftEdgeRecedes() {
        let scene = makeScene(CGSize(width: 390, height: 844))
        let interaction = PercentDrivenInteractiveTransition()
        scene.navigationController.perform(
            .push(scene.makeViewController("A")), animated: true,
            transition: TransitionOverride(animator: PushBack3DAnimator(), interactionController: interaction))
        interaction.update(1)
        let m = scene.root.view.layer.properties.localToParent
        let top = m.project(CGPoint(x: 0, y: 0))!, bottom = m.project(CGPoint(x: 0, y: 844))!
        let rightTop = m.project(CGPoint(x: 390, y: 0))!
        #expect(top.x > 0 && bottom.y - top.y < 844)
        #expect(isApproximatelyEqual(rightTop.x, 390, absolute: 1e-9) && isApproximatelyEqual(rightTop.y, 0, absolute: 1e-9))
    }

    /// Time-based push: the slide follows w·(1 − easeInEaseOut(t / 0.3 s)) at every frame.
    @Test func pushTimeBased() {
        let scene = makeScene(CGSize(width: 390, height: 844))
        let a = scene.makeViewController("A")
        var done: Bool?
        scene.navigationController.pushBack3DPush(a) { done = $0 }
        var frames = 0
        while done == nil {
            scene.clock.step()
            frames += 1
            guard done == nil else { break }
            let p = CubicBezier.easeInEaseOut.value(at: Double(frames) / 60 / 0.3)
            #expect(isApproximatelyEqual(a.view.transform3D.m41, 390 * (1 - p), absolute: 1e-6))
            expectClose(scene.root.view.transform3D, expectedTransform(b: p), "frame \(frames)")
        }
        #expect(frames == 18 && done == true && scene.stackTitles == ["root", "A"])
    }

    /// Pop at progress p equals push at 1 − p with the roles swapped, for every layer value
    /// (scale and dimming on, so the overlay is compared too).
    @Test(arguments: [0.0, 0.2, 0.5, 0.8, 1.0])
    func popIsReverseOfPush(p: Double) {
        let effect = PushBack3D(scale: 0.9, dimming: 0.4)
        let pushScene = makeScene(CGSize(width: 390, height: 844))
        let pushed = pushScene.makeViewController("A")
        let pushInteraction = PercentDrivenInteractiveTransition()
        pushScene.navigationController.perform(
            .push(pushed), animated: true,
            transition: TransitionOverride(animator: PushBack3DAnimator(effect), interactionController: pushInteraction))
        pushInteraction.update(1 - p)

        let popScene = makeScene(CGSize(width: 390, height: 844))
        let popped = popScene.makeViewController("A")
        popScene.navigationController.push(popped, animated: false)
        let popInteraction = PercentDrivenInteractiveTransition()
        popScene.navigationController.pushBack3DPop(effect: effect, interactionController: popInteraction)
        popInteraction.update(p)

        // Same views in the same order (the slider above the pushed-back one)…
        #expect(pushScene.navigationController.view.subviews.map(\.layer.name) == ["root.view", "A.view"])
        #expect(popScene.navigationController.view.subviews.map(\.layer.name) == ["root.view", "A.view"])
        // …with the same layer values, the dimming overlay included.
        #expect(record(pushScene.root.view.layer).map(stripIdentity) == record(popScene.root.view.layer).map(stripIdentity))
        #expect(pushScene.root.view.layer.properties == popScene.root.view.layer.properties)
        #expect(pushed.view.layer.properties == popped.view.layer.properties)
        let overlay = popScene.root.view.layer.sublayers.last!
        #expect(overlay.name == "pushback3d dimming" && overlay.backgroundColor == .black)
        #expect(isApproximatelyEqual(Double(overlay.opacity), 0.4 * (1 - p), absolute: 1e-7))
        expectClose(popScene.root.view.transform3D, expectedTransform(b: 1 - p, scale: 0.9))
    }

    /// Object identities differ between two scenes; compare the values only.
    private func stripIdentity(_ line: String) -> String {
        line.replacingOccurrences(of: #"super:-?\d+"#, with: "super", options: .regularExpression)
    }

    /// C1: after a cancelled interactive push every layer of both views is restored (anchor
    /// point (0.5, 0.5), identity transform, the overlay removed) and the next push works.
    @Test func C1_cancelledPushRestoresEveryLayer() {
        let scene = makeScene(CGSize(width: 390, height: 844))
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        let card = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50), name: "card")
        card.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        scene.root.view.addSubview(card)
        let rootBefore = record(scene.root.view.layer), aBefore = record(a.view.layer)
        let interaction = PercentDrivenInteractiveTransition()
        var done: Bool?
        nc.perform(
            .push(a), animated: true,
            transition: TransitionOverride(animator: PushBack3DAnimator(PushBack3D(scale: 0.8, dimming: 0.5)), interactionController: interaction)
        ) { done = $0 }
        interaction.update(0.6)
        scene.clock.advance(frames: 3)
        #expect(scene.root.view.layer.anchorPoint == CGPoint(x: 1, y: 0.5))  // the animator did change it
        #expect(scene.root.view.layer.sublayers.count == 2)  // card + overlay
        interaction.cancel()
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == false && scene.stackTitles == ["root"])
        #expect(record(scene.root.view.layer) == rootBefore)
        #expect(Array(record(a.view.layer).dropFirst()) == Array(aBefore.dropFirst()))
        #expect(scene.root.view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && scene.root.view.transform3D == .identity)
        #expect(scene.root.view.layer.position == CGPoint(x: 195, y: 422))
        #expect(nc.view.subviews.count == 1 && a.view.superview == nil)
        // The next transition works.
        nc.pushBack3DPush(a) { done = $0 }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(done == true && scene.stackTitles == ["root", "A"])
    }

    /// Category-style API: the app's delegate stays and hears willShow/didShow (L2); each
    /// completion runs once, after the stack changed (L4).
    @Test func categoryAPIKeepsDelegateAndCallsCompletionOnce() {
        final class AppDelegate: NavigationControllerDelegate {
            var log: [String] = []
            func navigationController(_ nc: NavigationController, willShow vc: ViewController, animated: Bool) { log.append("will \(vc.title!)") }
            func navigationController(_ nc: NavigationController, didShow vc: ViewController, animated: Bool) { log.append("did \(vc.title!)") }
        }
        let scene = TestScene()
        let nc = scene.navigationController
        let delegate = AppDelegate()
        nc.delegate = delegate
        var calls: [[String]] = []
        nc.pushBack3DPush(scene.makeViewController("A")) { _ in calls.append(scene.stackTitles) }
        nc.pushBack3DPop { _ in calls.append(scene.stackTitles) }
        nc.pushBack3DPop { ok in calls.append(scene.stackTitles + ["\(ok)"]) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.delegate === delegate)
        #expect(delegate.log == ["will A", "did A", "will root", "did root"])
        #expect(calls == [["root", "A"], ["root"], ["root", "false"]])
    }

    /// A context whose incoming view is not in the container is refused with a clear error
    /// and nothing is changed (the G4 rule, applied to every effect).
    @Test func refusesViewsOutsideContainer() {
        let context = LooseContext()
        let animator = PushBack3DAnimator(PushBack3D(dimming: 0.5))
        #expect(throws: TransitionKitError.transitionUnavailable("pushback3d: the incoming view is not in the transition container")) {
            try animator.prepareTransition(using: context)
        }
        #expect(context.from.view.layer.sublayers.isEmpty && context.containerView.subviews.count == 1)
    }

    @Test func registry() throws {
        var registry = EffectRegistry()
        try registry.register(PushBack3D.self)
        #expect(registry.names == ["pushback3d"])
        #expect(registry.entry(named: "pushback3d")?.supportedOperations == [.push, .pop, .tab])
        let d = try registry.makeEffect(named: "pushback3d") as! PushBack3D
        #expect(d == PushBack3D() && d.duration == 0.3 && d.angle == 10 && d.perspectiveDistance == 300 && d.scale == 1 && d.dimming == 0)
        #expect(d.timingCurve == .easeInEaseOut)
        let e = try registry.makeEffect(named: "pushback3d", settings: ["scale": "0.9", "dimming": "0.3", "angle": "15"])
        #expect(e as? PushBack3D == PushBack3D(angle: 15, scale: 0.9, dimming: 0.3))
        for bad: [String: String] in [
            ["duration": "-1"], ["angle": "90"], ["perspective": "0"], ["scale": "0"], ["dimming": "1.5"], ["dimming": "inf"], ["tilt": "1"],
        ] {
            #expect(throws: TransitionKitError.self, "\(bad)") { try registry.makeEffect(named: "pushback3d", settings: bad) }
        }
        #expect(throws: TransitionKitError.invalidText(name: "angle", text: "90", accepted: "a number in 0...80 degrees")) {
            try registry.makeEffect(named: "pushback3d", settings: ["angle": "90"])
        }
    }
}
