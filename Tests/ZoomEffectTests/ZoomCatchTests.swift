import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// Scenario I1 with the zoom: a touch on the screen that is zooming in (push or present,
/// time-based) holds it at its progress on screen, a pan down drives it back from there
/// (progress = the progress at the catch − d / H, H = 400 pt the container's height, d the
/// drag since the pan began), and the release decides with the default policy (finish the
/// gesture's pop or dismiss past half-way): finishing it cancels the push, otherwise the push
/// runs on to its end.
@MainActor
struct ZoomCatchTests {
    /// The zoom's running driver (nil when none runs).
    static func runningDriver(_ app: ZoomApp) -> TransitionDriver? { app.window.transitionQueue.current }

    /// Starts the push (or present) and plays `frames` frames of it, then touches down at the
    /// centre of the zoomed view's visible rect; returns the progress on screen at the touch.
    static func catchRunningZoom(_ app: ZoomApp, after frames: Int, finger: Finger) throws -> CGFloat {
        if let nav = app.nav { nav.push(app.detail) } else { app.grid.present(app.detail) }
        app.clock.advance(frames: frames)
        let driver = try #require(runningDriver(app))
        #expect(driver.state == .animating)
        let onScreen = driver.animatorProgress
        let visible = try #require(ZoomScene.visible(app.detail.view))
        finger.down(at: CGPoint(x: visible.rect.midX, y: visible.rect.midY))
        return onScreen
    }

    /// Caught, held for 10 frames without a jump, dragged 100 pt down past the pan's 12 pt
    /// start: the progress is p − 100/400 at every step of the way; released at rest with the
    /// gesture's progress 1 − (p − 0.25) > 0.5 the pop "finishes", so the push is cancelled:
    /// the stack stays the grid, the completion says false, the thumbnail shows again.
    @Test(arguments: [true, false])
    func I1_aTouchCatchesARunningZoomAndADragCancelsIt(navigation: Bool) throws {
        let app = try ZoomApp(navigation: navigation)
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completed: Bool?
        let p = try Self.catchRunningZoom(app, after: 3, finger: finger)
        let driver = try #require(Self.runningDriver(app))
        // The scenario needs a release past half-way for the pop: p − 0.25 < 0.5.
        try #require(p > 0.25 && p < 0.75, "progress at the catch \(p)")
        driver.coordinator.animate(alongsideTransition: nil) { completed = !$0.isCancelled }
        #expect(driver.state == .interacting, "the touch holds the transition")
        app.clock.advance(frames: 10)
        #expect(driver.animatorProgress == p, "held where it was: \(driver.animatorProgress) vs \(p)")
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 12))  // the pan begins here
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(p), absolute: 1e-9), "no jump when the pan begins")
        finger.move(to: CGPoint(x: start.x, y: start.y + 62))
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(p - 50.0 / 400), absolute: 1e-9))
        finger.move(to: CGPoint(x: start.x, y: start.y + 112))
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(p - 100.0 / 400), absolute: 1e-9))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completed == false && !app.isShowingDetail)
        #expect(navigation ? app.nav?.viewControllers.count == 1 : app.grid.presentedViewController == nil)
        #expect(!app.thumbnails[ZoomScene.sourceIndex].isHidden && app.detailRestored)
    }

    /// Caught and dragged only 20 pt past the pan's start, released at rest: the gesture's
    /// progress 1 − (p − 0.05) < 0.5 does not finish the pop, so the push runs on to its end
    /// from where the finger left it (never back below it, R4).
    @Test func I1_aCaughtZoomReleasedEarlyRunsOnToItsEnd() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        let p = try Self.catchRunningZoom(app, after: 9, finger: finger)
        let driver = try #require(Self.runningDriver(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 32))
        let released = driver.animatorProgress
        #expect(isApproximatelyEqual(Double(released), Double(p - 20.0 / 400), absolute: 1e-9))
        #expect(1 - released < 0.5, "the test's release must be short of half-way for the pop")
        finger.rest(for: 0.15)
        finger.lift()
        var lowest = CGFloat.infinity
        while !app.window.transitionQueue.isIdle {
            app.clock.step()
            if let d = Self.runningDriver(app) { lowest = min(lowest, d.animatorProgress) }
        }
        #expect(lowest >= released - 1e-9, "a finish never goes back below its release point")
        #expect(app.isShowingDetail && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
    }

    /// A touch that never becomes a pan (down, still, up) holds the zoom while it is down and
    /// then lets it run on to its end: the push finishes.
    @Test func I1_aTapOnARunningZoomHoldsItThenLetsItFinish() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        let p = try Self.catchRunningZoom(app, after: 9, finger: finger)
        let driver = try #require(Self.runningDriver(app))
        app.clock.advance(frames: 5)
        #expect(driver.animatorProgress == p)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(app.isShowingDetail && app.detailRestored)
    }
}

/// `.effect(Zoom())` as a preferred transition: the zoom declares a downward pan for the pop
/// and a downward drag to dismiss; they become one recognizer that pops or dismisses
/// (two pans in one direction would compete for one touch).
@MainActor
struct ZoomPreferredEffectTests {
    @Test func theZoomsPopPanAndDismissDragShareOneGesture() {
        let transition = ViewController.Transition.effect(Zoom())
        #expect(transition.name == "zoom")
        #expect(transition.gestures.count == 1)
        #expect(transition.gestures.first?.direction == .down && transition.gestures.first?.operations == [.pop, .dismiss])
    }
}
