import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting

@testable import SheetEffect

/// A sheet presented through `SheetPresentationController` on a 393x852 pt window: detents
/// [medium (top 460.5), large (top 69)] (`SheetGeometryTests`), the drag driven by `Finger`.
@MainActor
@Suite struct SheetControllerTests {
    final class Recorder: SheetPresentationControllerDelegate {
        var changes: [SheetPresentationController.Detent.Identifier?] = []
        var attempts = 0
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ c: SheetPresentationController) {
            changes.append(c.selectedDetentIdentifier)
        }
        func presentationControllerDidAttemptToDismiss(_ c: SheetPresentationController) { attempts += 1 }
    }

    let scene = TestScene(size: CGSize(width: 393, height: 852))
    let recorder = Recorder()

    func presentMedium(_ title: String = "S") -> (ViewController, SheetPresentationController) {
        let vc = scene.makeViewController(title)
        var done: Bool?
        let sheet = scene.navigationController.presentSheet(vc, configure: { $0.detents = [.medium(), .large()] }, completion: { done = $0 })
        sheet.delegate = recorder
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(done == true && scene.navigationController.presentedViewController === vc)
        #expect(vc.sheetPresentationController === sheet)
        return (vc, sheet)
    }

    /// The top edge of a view whose layer is scaled about its centre (426) and translated.
    func top(_ view: View) -> CGFloat { 426 + view.transform3D.m42 - view.transform3D.m22 * 426 }

    @Test func presentsAtTheSmallestDetent() {
        scene.clearLog()
        let (vc, sheet) = presentMedium()
        #expect(sheet.currentTop == 460.5 && vc.view.transform3D == Transform3D(translationX: 0, y: 460.5))
        #expect(vc.view.layer.cornerRadius == 10 && vc.view.layer.cornerCurve == .continuous)
        #expect(scene.navigationController.view.transform3D == .identity)
        let log = scene.appearanceLog.filter { $0.0 == "S" }.map(\.1)
        #expect(log == [.viewWillAppear(animated: true), .viewDidAppear(animated: true)])
        #expect(!scene.appearanceLog.contains { $0.0 == "root" }, "over full screen: the presenter gets no callbacks")
    }

    /// A slow drag up past large (rubber-banded) and a release at rest settles at large,
    /// selects it, tells the delegate once, and pushes the screen behind back (scale
    /// 1 − 32/393, top at 59).
    @Test func dragUpToLarge() {
        let (vc, sheet) = presentMedium()
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 200, y: 500))
        // The pan begins 12 pt up (samples 2.4 pt apart, 10 pt hysteresis) without moving the
        // sheet, so the finger's last 438 pt put it at 460.5 − 438 = 22.5, 46.5 pt past large.
        finger.move(to: CGPoint(x: 200, y: 50))
        let expected = 69 - Sheet.rubberBand(46.5, dimension: 852)
        #expect(abs((sheet.currentTop ?? 0) - expected) < 1e-9)
        finger.rest(for: 0.2)
        finger.lift()
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(sheet.currentTop == 69 && sheet.selectedDetentIdentifier == .large && recorder.changes == [.large])
        let nav = scene.navigationController.view
        #expect(abs(nav.transform3D.m11 - (1 - 32.0 / 393)) < 1e-12 && abs(top(nav) - 59) < 1e-9)
        #expect(vc.view.transform3D == Transform3D(translationX: 0, y: 69))
    }

    /// A flick down from medium (1500 pt/s, projected 748 pt further) dismisses through an
    /// ordinary dismiss: disappearance callbacks, and everything on the screen behind undone.
    @Test func flickDownDismisses() {
        let nav = scene.navigationController.view
        let before = layerRecord(nav.layer)
        let (vc, _) = presentMedium()
        scene.clearLog()
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 200, y: 600))
        finger.move(to: CGPoint(x: 200, y: 700), speed: 1500)
        finger.lift()
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(scene.navigationController.presentedViewController == nil && vc.view.superview == nil)
        #expect(scene.appearanceLog.map(\.1) == [.viewWillDisappear(animated: true), .viewDidDisappear(animated: true)])
        #expect(layerRecord(nav.layer) == before)
        #expect(vc.view.transform3D == .identity && vc.view.layer.cornerRadius == 0 && !vc.view.layer.masksToBounds)
    }

    /// isModalInPresentation: the same flick is refused: the sheet rubber-bands, settles back
    /// at medium, the presentation is unchanged and the delegate hears one attempt.
    @Test func modalRefusesTheDismiss() {
        let (vc, sheet) = presentMedium()
        vc.isModalInPresentation = true
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 200, y: 600))
        finger.move(to: CGPoint(x: 200, y: 700), speed: 1500)
        // Begun 12 pt down (samples 12 pt apart): 88 pt past medium, rubber-banded.
        #expect(abs((sheet.currentTop ?? 0) - (460.5 + Sheet.rubberBand(88, dimension: 852))) < 1e-9, "rubber-banded below medium")
        finger.lift()
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(recorder.attempts == 1 && recorder.changes.isEmpty)
        #expect(scene.navigationController.presentedViewController === vc && vc.presentingViewController === scene.navigationController)
        #expect(sheet.currentTop == 460.5 && scene.window.transitionQueue.isIdle)
    }

    /// A drag that starts while the sheet settles (animateChanges to large, 6 frames in)
    /// catches it where it is: no jump at the catch, then it follows the finger point for point.
    @Test func grabWhileSettlingHasNoJump() throws {
        let (_, sheet) = presentMedium()
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        scene.clock.advance(frames: 6)
        #expect(sheet.isSettling)
        let caught = try #require(sheet.currentTop)
        #expect(caught < 460.5 && caught > 69)
        let finger = Finger(window: scene.window, clock: scene.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 200, y: caught + 100))
        finger.move(to: CGPoint(x: 200, y: caught + 112))  // begins at 12 pt
        #expect(!sheet.isSettling && sheet.currentTop == caught)
        finger.move(to: CGPoint(x: 200, y: caught + 132))
        #expect(abs((sheet.currentTop ?? 0) - (caught + 20)) < 1e-9)
    }

    /// A second sheet on a large sheet pushes the first back (its top from 69 to 59, scale
    /// 1 − 32/393); dismissing it puts the first back at 69.
    @Test func stackedSheetPushesTheFirstBack() {
        let (first, sheet) = presentMedium("A")
        sheet.selectedDetentIdentifier = .large
        #expect(first.view.transform3D == Transform3D(translationX: 0, y: 69))
        let second = scene.makeViewController("B")
        var done: Bool?
        first.presentSheet(second, completion: { done = $0 })
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(done == true && first.presentedViewController === second)
        #expect(abs(top(first.view) - 59) < 1e-9 && abs(first.view.transform3D.m11 - (1 - 32.0 / 393)) < 1e-12)
        second.dismiss()
        scene.clock.runUntilIdle(maxFrames: 1000)
        #expect(first.presentedViewController == nil && first.view.transform3D == Transform3D(translationX: 0, y: 69))
    }
}
