import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import RadialEffect

/// Radial geometry and API at the model level. Expected values come from the closed form
/// documented on `RadialGeometry` (centre of the start frame; radii w₀/2 + (R − w₀/2)·p with
/// R = farthest-corner distance + √2) and from scenarios G1, G4, L2, L4.
@MainActor
@Suite struct RadialModelTests {
    /// G1: default start frames are the edge midpoints.
    @Test func G1_defaultStartFrames() {
        let b = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(RadialGeometry.defaultStartFrame(for: .push, in: b) == CGRect(x: 320, y: 240, width: 0, height: 0))
        #expect(RadialGeometry.defaultStartFrame(for: .pop, in: b) == CGRect(x: 0, y: 240, width: 0, height: 0))
    }

    /// G1: the radius at progress 1 reaches past the farthest corner: from (320, 240) the
    /// farthest corners are (0, 0) and (0, 480) at √(320² + 240²) = 400 pt.
    @Test func G1_finalRadiusCoversFarthestCorner() {
        let g = RadialGeometry(
            containerBounds: CGRect(x: 0, y: 0, width: 320, height: 480),
            startFrame: CGRect(x: 320, y: 240, width: 0, height: 0))
        #expect(isApproximatelyEqual(g.farthestCornerDistance, 400, absolute: 1e-12))
        #expect(isApproximatelyEqual(g.finalRadius, 400 + 2.0.squareRoot(), absolute: 1e-12))
        // Every container point (a 1 pt grid including the corners) is inside the final circle.
        for x in stride(from: 0.0, through: 320, by: 1) {
            for y in stride(from: 0.0, through: 480, by: 1) {
                let d = ((x - 320) * (x - 320) + (y - 240) * (y - 240)).squareRoot()
                #expect(d <= g.radii(at: 1).x - 1.0, "(\(x), \(y)) uncovered")
                if d > g.radii(at: 1).x - 1.0 { return }
            }
        }
    }

    /// Radii interpolate linearly in eased progress from the start frame's half-size.
    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func radiiFollowFormula(p: Double) {
        let start = CGRect(x: 100, y: 200, width: 40, height: 20)
        let g = RadialGeometry(containerBounds: CGRect(x: 0, y: 0, width: 390, height: 844), startFrame: start)
        // Farthest corner from (120, 210): (390, 844): √(270² + 634²).
        let r = (270.0 * 270 + 634 * 634).squareRoot() + 2.0.squareRoot()
        let (rx, ry) = g.radii(at: p)
        #expect(isApproximatelyEqual(rx, 20 + (r - 20) * p, absolute: 1e-9))
        #expect(isApproximatelyEqual(ry, 10 + (r - 10) * p, absolute: 1e-9))
        #expect(g.center == CGPoint(x: 120, y: 210))
    }

    /// The animator puts the mask on the incoming view at every progress with the formula's
    /// ellipse, and the driver removes it afterwards.
    @Test func pushMaskFollowsGeometryAndIsRemoved() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        var done: Bool?
        nc.radialPush(a) { done = $0 }
        // Closed form: from (320, 240) the farthest corners are 400 pt away, R = 400 + √2,
        // and an empty start frame gives radius R·p.
        let finalRadius = 400 + 2.0.squareRoot()
        var frames = 0, checked = 0
        while done == nil {
            scene.clock.step()
            frames += 1
            guard done == nil, let mask = a.view.layer.mask, case .ellipse(let rect)? = mask.path?.primitive else { continue }
            checked += 1
            // Progress from time: easeIn of (frames/60)/0.33.
            let t = min(1, Double(frames) / 60 / 0.33)
            let expectedWidth = 2 * finalRadius * CubicBezier.easeIn.value(at: t)
            #expect(isApproximatelyEqual(rect.midX, 320, absolute: 1e-9) && isApproximatelyEqual(rect.midY, 240, absolute: 1e-9))
            #expect(isApproximatelyEqual(rect.width, expectedWidth, absolute: 1e-9))
            // The incoming view is above the outgoing one.
            #expect(a.view.layer.indexInSuperlayer! > scene.root.view.layer.indexInSuperlayer!)
        }
        #expect(frames == 20)  // ceil(0.33·60) frames
        #expect(checked == 19)  // every frame but the last, which ends the transition
        #expect(done == true && a.view.layer.mask == nil && scene.stackTitles == ["root", "A"])
    }

    /// L2 and L4 through the category-style API.
    @Test func L2_L4_radialPushKeepsDelegateAndCallsCompletionOnce() {
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
        nc.radialPush(scene.makeViewController("A"), duration: 0.5) { _ in calls.append(scene.stackTitles) }
        nc.radialPop(startFrame: CGRect(x: 10, y: 10, width: 20, height: 20), style: .conceal) { _ in calls.append(scene.stackTitles) }
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(nc.delegate === delegate)
        #expect(delegate.log == ["will A", "did A", "will root", "did root"])
        #expect(calls == [["root", "A"], ["root"]])
    }

    /// The default duration is settable per navigation controller.
    @Test func settableDefaultDuration() {
        let scene = TestScene()
        scene.navigationController.radialDefaultDuration = 1
        scene.navigationController.radialPush(scene.makeViewController("A"))
        #expect(scene.clock.runUntilIdle() == 60)
    }

    /// Conceal: the outgoing view stays on top and its mask shrinks to the start frame.
    @Test func concealShrinksOutgoingView() {
        let scene = TestScene()
        let nc = scene.navigationController
        let a = scene.makeViewController("A")
        nc.push(a, animated: false)
        nc.radialPop(duration: 1, style: .conceal)
        scene.clock.advance(frames: 30)
        guard case .ellipse(let rect)? = a.view.layer.mask?.path?.primitive else {
            Issue.record("no mask on the outgoing view")
            return
        }
        // From (0, 240) the farthest corners are (320, 0) and (320, 480): 400 pt, R = 400 + √2;
        // conceal shrinks the radius to R·(1 − p).
        let p = CubicBezier.easeIn.value(at: 0.5)
        #expect(isApproximatelyEqual(rect.width, 2 * (400 + 2.0.squareRoot()) * (1 - p), absolute: 1e-9))
        #expect(isApproximatelyEqual(rect.midX, 0, absolute: 1e-9) && isApproximatelyEqual(rect.midY, 240, absolute: 1e-9))
        #expect(a.view.layer.indexInSuperlayer! > scene.root.view.layer.indexInSuperlayer!)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root"] && a.view.layer.mask == nil)
    }

    /// G4: a reveal whose incoming view is not in the container fails with a clear error.
    @Test func G4_incomingViewNotInContainer() throws {
        let context = LooseContext()
        let animator = RadialAnimator(operation: .push)
        #expect(throws: TransitionKitError.transitionUnavailable("radial: the incoming view is not in the transition container")) {
            try animator.prepareTransition(using: context)
        }
        #expect(context.to.view.layer.mask == nil && context.containerView.subviews.count == 1)
        // Updating without a successful prepare does nothing and does not crash.
        animator.updateTransition(progress: 0.5, using: context)
    }

    @Test func registry() throws {
        var registry = EffectRegistry()
        try registry.register(Radial.self)
        #expect(registry.names == ["radial"])
        let effect = try registry.makeEffect(named: "radial", settings: ["popstyle": "conceal", "duration": "0.5"]) as? Radial
        #expect(effect == Radial(duration: 0.5, popStyle: .conceal))
        #expect(throws: TransitionKitError.invalidText(name: "duration", text: "-1", accepted: "a number in 0...10 seconds")) {
            try registry.makeEffect(named: "radial", settings: ["duration": "-1"])
        }
        // A choice takes its case names, not numbers.
        #expect(throws: TransitionKitError.invalidText(name: "popstyle", text: "1", accepted: "one of reveal, conceal")) {
            try registry.makeEffect(named: "radial", settings: ["popstyle": "1"])
        }
        #expect(throws: TransitionKitError.self) { try registry.register(Radial.self) }
    }
}
