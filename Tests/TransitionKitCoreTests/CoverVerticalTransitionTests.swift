import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

/// `ViewController.Transition.coverVertical` (UIKit's, iOS 18) on a 320x480 `TestScene`.
/// Expected values: `Slide`'s documented cover-vertical closed form (incoming at
/// y = h·(1 − p), outgoing at y = h·p, p = Core Animation's `easeInEaseOut` of the linear
/// progress) and the traces' closed forms (Tests/Fixtures/traces/README.md:
/// `vertical-drag-slow-60` touches down at y = 96, so progress = (y − 96) / 480).
@MainActor
@Suite struct CoverVerticalTransitionTests {
    static let h = 480.0

    /// The eased progress the closed form takes at the driver's linear progress, and the driver.
    func midTransition(_ scene: TestScene, frames: Int = 10) throws -> (driver: TransitionDriver, eased: Double) {
        for _ in 0..<frames { scene.clock.step() }
        let driver = try #require(scene.window.transitionQueue.current)
        let linear = Double(driver.percentComplete)
        #expect(linear > 0.3 && linear < 0.7, "mid-transition: \(linear)")
        let eased = TimingCurve.easeInEaseOut.value(at: linear, duration: Slide.defaultDuration)
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), eased, absolute: 1e-9))
        return (driver, eased)
    }

    /// A push slides the view controller up from the bottom (not in from the side, as the
    /// default push does) over the root, which does not move; the pop slides it back down.
    @Test func pushAndPopCoverVertically() throws {
        let scene = TestScene()
        let detail = scene.makeViewController("A")
        detail.preferredTransition = .coverVertical
        scene.navigationController.push(detail)
        let (_, eased) = try midTransition(scene)
        #expect(detail.view.transform3D.m41 == 0 && isApproximatelyEqual(Double(detail.view.transform3D.m42), Self.h * (1 - eased), absolute: 1e-9))
        #expect(scene.root.view.transform3D == .identity)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000 && scene.stackTitles == ["root", "A"])
        scene.navigationController.pop()
        let (_, back) = try midTransition(scene)
        #expect(isApproximatelyEqual(Double(detail.view.transform3D.m42), Self.h * back, absolute: 1e-9))
        #expect(scene.root.view.transform3D == .identity)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000 && scene.stackTitles == ["root"])
    }

    /// A present is Slide's (the same closed form), and the gesture is installed: one vertical
    /// pan on the presented view, which dismisses (no transitioning delegate is needed).
    @Test func presentCoversVerticallyAndADragDownDismisses() throws {
        let scene = TestScene()
        let sheet = scene.makeViewController("sheet")
        sheet.preferredTransition = .coverVertical
        #expect(sheet.preferredTransition?.name == "coverVertical")
        scene.navigationController.present(sheet)
        let (driver, eased) = try midTransition(scene)
        #expect(driver.animator is SlideAnimator)
        #expect(isApproximatelyEqual(Double(sheet.view.transform3D.m42), Self.h * (1 - eased), absolute: 1e-9))
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000 && scene.navigationController.presentedViewController === sheet)
        let pan = try #require(sheet.preferredTransitionInteractions.first)
        #expect(sheet.preferredTransitionInteractions.count == 1 && pan.recognizer.axis == .vertical && pan.recognizer.view === sheet.view)
        var checked = 0
        for touch in try Fixtures.trace("vertical-drag-slow-60").samples {
            scene.window.send(touch)
            guard touch.phase == .moved, pan.recognizer.state.isActive else { continue }
            let expected = (Double(touch.location.y) - 96) / Self.h
            #expect(isApproximatelyEqual(Double(pan.fingerProgress), expected, absolute: 1e-9))
            // Interactive progress is not eased: the sheet follows the finger.
            #expect(isApproximatelyEqual(Double(sheet.view.transform3D.m42), Self.h * expected, absolute: 1e-9))
            checked += 1
        }
        #expect(checked > 50)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.navigationController.presentedViewController == nil && sheet.presentingViewController == nil)
    }

    /// A drag down pops a pushed view controller; a drag the system cancels at 30 % leaves the
    /// stack exactly as it was.
    @Test func aDragDownPopsAndACancelledOneLeavesTheStack() throws {
        let scene = TestScene()
        let detail = scene.makeViewController("A")
        detail.preferredTransition = .coverVertical
        scene.navigationController.push(detail)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        scene.clearLog()
        let before = layerRecords(scene.root, detail)
        #expect(scene.window.replay(try Fixtures.trace("vertical-cancel"), on: scene.clock).reachedIdle)
        #expect(scene.popCancelIssues(detail, before: before) == [])
        #expect(scene.window.replay(try Fixtures.trace("vertical-drag-slow-60"), on: scene.clock).reachedIdle)
        #expect(scene.stackTitles == ["root"] && detail.preferredTransitionInteractions.first?.transitionsStarted == 2)
    }
}
