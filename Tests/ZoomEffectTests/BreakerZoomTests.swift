import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// Breaker attacks on scenario I1 (catching a running zoom), U3, U7 and U8 with the zoom.
@MainActor
@Suite struct BreakerZoomTests {
    static func driver(_ app: ZoomApp) -> TransitionDriver? { app.window.transitionQueue.current }

    /// The centre of the zoomed view's visible rect now (window points).
    static func visibleCentre(_ app: ZoomApp) throws -> CGPoint {
        let visible = try #require(ZoomScene.visible(app.detail.view))
        return CGPoint(x: visible.rect.midX, y: visible.rect.midY)
    }

    /// Frames of the time-based push at 60 Hz: the driver's duration.
    static func pushFrames(_ app: ZoomApp) throws -> Int {
        let d = try #require(driver(app))
        return Int((d.duration * 60).rounded(.up))
    }

    /// Catch in the very first frame (no frame played, progress 0) then a tap: the push runs
    /// on to its end (I1: "a touch that never becomes a pan lets it run on"), completion once.
    @Test func catchInTheFirstFrameThenTapFinishesThePush() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        let driver = try #require(Self.driver(app))
        #expect(driver.state == .animating)
        finger.down(at: try Self.visibleCentre(app))
        #expect(driver.state == .interacting, "a touch on the moving screen in frame 0 catches it")
        #expect(driver.animatorProgress == 0)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [true])
        #expect(app.isShowingDetail && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// Catch in frame 0 and drag down: the progress cannot go below 0; released, the pop
    /// "finishes" (progress 1 − 0 > 0.5) so the push is cancelled, stack as it was.
    @Test func catchInTheFirstFrameThenDragCancelsThePush() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        let driver = try #require(Self.driver(app))
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 80))
        #expect(driver.animatorProgress == 0)
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [false])
        #expect(app.nav?.viewControllers.count == 1 && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// Catch in the last frame before the end: held there; a tap lets it finish; completion
    /// exactly once with true.
    @Test func catchInTheLastFrameThenTapFinishes() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        let frames = try Self.pushFrames(app)
        app.clock.advance(frames: frames - 1)
        let driver = try #require(Self.driver(app))
        try #require(driver.state == .animating, "one frame before the end (\(frames) frames)")
        let p = driver.animatorProgress
        finger.down(at: try Self.visibleCentre(app))
        #expect(driver.state == .interacting)
        app.clock.advance(frames: 5)
        #expect(driver.animatorProgress == p, "held")
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [true] && app.isShowingDetail && app.detailRestored)
        #expect(app.clock.activeLinkCount == 0 && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
    }

    /// A second finger during a caught and panning transition: the window cancels the first
    /// touch (one touch at a time), which cancels the gesture (C2: the pop does not finish, so
    /// the push runs on); the second touch re-grabs the run-out, drags down past half-way and
    /// releases: the push is cancelled. One completion, false; stack and layers restored.
    @Test func aSecondFingerDuringACaughtTransition() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        app.clock.advance(frames: 6)
        let driver = try #require(Self.driver(app))
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 40))
        #expect(driver.state == .interacting)
        // The second finger: a `began` while a touch is down.
        finger.down(at: CGPoint(x: start.x + 10, y: start.y + 40))
        #expect(driver.state == .interacting, "the second finger holds the run-out (re-grab): \(driver.state)")
        let held = driver.animatorProgress
        let second = finger.location
        finger.move(to: CGPoint(x: second.x, y: second.y + 12))
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(held), absolute: 1e-9), "no jump on the second pan's start")
        finger.move(to: CGPoint(x: second.x, y: second.y + 312))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [false])
        #expect(app.nav?.viewControllers.count == 1 && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// A second finger before the first touch became a pan: the first touch fails (the push is
    /// let run on), the second catches or re-grabs; a tap with it lets the push finish.
    @Test func aSecondFingerBeforeThePanBegan() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        app.clock.advance(frames: 6)
        let driver = try #require(Self.driver(app))
        let centre = try Self.visibleCentre(app)
        finger.down(at: centre)
        let p = driver.animatorProgress
        finger.down(at: CGPoint(x: centre.x + 5, y: centre.y))
        #expect(driver.state == .interacting, "the second touch holds it too: \(driver.state)")
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(p), absolute: 1e-9))
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [true] && app.isShowingDetail && app.detailRestored)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// A programmatic pop while the push is caught (finger down): queued (S2); the finger lets
    /// go without a pan, the push finishes, then the pop runs: back at the grid, each
    /// completion once, in request order.
    @Test func aProgrammaticPopDuringACaughtPush() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var log: [String] = []
        app.nav?.push(app.detail) { log.append("push \($0)") }
        app.clock.advance(frames: 6)
        finger.down(at: try Self.visibleCentre(app))
        app.nav?.pop { log.append("pop \($0)") }
        #expect(log.isEmpty)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(log == ["push true", "pop true"])
        #expect(app.nav?.viewControllers.count == 1 && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// A programmatic pop while the caught push is dragged back and released past half-way:
    /// the push is cancelled, then the pop, evaluated against the stack [grid] when it runs,
    /// has nothing to pop: the stack stays [grid], each completion once.
    @Test func aProgrammaticPopDuringACaughtPushThatIsCancelled() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var log: [String] = []
        app.nav?.push(app.detail) { log.append("push \($0)") }
        app.clock.advance(frames: 6)
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 40))
        app.nav?.pop { log.append("pop \($0)") }
        finger.move(to: CGPoint(x: start.x, y: start.y + 300))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(log.count == 2 && log.first == "push false", "\(log)")
        #expect(app.nav?.viewControllers.count == 1 && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// A programmatic dismiss during a caught present: queued; the caught present finishes on
    /// a tap, then the dismiss runs: nothing presented, each completion once.
    @Test func aProgrammaticDismissDuringACaughtPresent() throws {
        let app = try ZoomApp(navigation: false)
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var log: [String] = []
        app.grid.present(app.detail) { log.append("present \($0)") }
        app.clock.advance(frames: 6)
        finger.down(at: try Self.visibleCentre(app))
        #expect(Self.driver(app)?.state == .interacting)
        app.detail.dismiss { log.append("dismiss \($0)") }
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(log == ["present true", "dismiss true"])
        #expect(app.grid.presentedViewController == nil && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.activeLinkCount == 0)
    }

    /// Caught, then a fast flick down (toward the pop) of 30 pt: the velocity finishes the pop
    /// (D1), so the push is cancelled, and the run-out never goes above the release point (R4).
    /// A fast flick up instead: the push finishes, never below its release point.
    @Test(arguments: [true, false])
    func catchThenFlick(down: Bool) throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        app.clock.advance(frames: 8)
        let driver = try #require(Self.driver(app))
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        let sign: CGFloat = down ? 1 : -1
        finger.move(to: CGPoint(x: start.x, y: start.y + sign * 12))
        finger.move(to: CGPoint(x: start.x, y: start.y + sign * 42), speed: 3000)
        let released = driver.animatorProgress
        finger.lift()
        var lowest = CGFloat.infinity, highest = -CGFloat.infinity, frames = 0
        while !app.window.transitionQueue.isIdle, frames < 10_000 {
            app.clock.step()
            frames += 1
            if let d = Self.driver(app) {
                lowest = min(lowest, d.animatorProgress)
                highest = max(highest, d.animatorProgress)
            }
        }
        #expect(frames < 10_000 && frames > 0)
        #expect(completions == [!down], "flick down \(down): \(completions)")
        if down {
            #expect(highest <= released + 1e-9, "a cancel never goes beyond its release point: \(highest) > \(released)")
        } else {
            #expect(lowest >= released - 1e-9, "a finish never goes back below its release point: \(lowest) < \(released)")
        }
        #expect(app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden && app.clock.activeLinkCount == 0)
        #expect(app.nav?.viewControllers.count == (down ? 1 : 2))
    }

    /// The window released while a finger holds a caught zoom (U8): ends at once, completion
    /// false once, no display link, thumbnail shown, detail restored, nothing keeps the
    /// window, the driver or the animator.
    @Test func windowReleasedDuringACatch() throws {
        var app: ZoomApp? = try ZoomApp()
        let clock = try #require(app?.clock)
        let nav = try #require(app?.nav)
        let detail = try #require(app?.detail)
        let source = try #require(app?.current)
        var completions: [Bool] = []
        nav.push(detail) { completions.append($0) }
        clock.advance(frames: 6)
        let refs = WeakReferences()
        do {
            let a = try #require(app)
            refs.add(a.window, "window")
            refs.add(Self.driver(a), "driver")
            refs.add(a.runningZoom, "animator")
            let centre = try Self.visibleCentre(a)
            a.window.send(Touch(timestamp: 0, location: centre, phase: .began))
            a.window.send(Touch(timestamp: 0.008, location: CGPoint(x: centre.x, y: centre.y + 30), phase: .moved))
            a.window.send(Touch(timestamp: 0.016, location: CGPoint(x: centre.x, y: centre.y + 60), phase: .moved))
            #expect(Self.driver(a)?.state == .interacting)
        }
        app = nil
        clock.advance(frames: 60)
        #expect(completions == [false])
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
        #expect(clock.activeLinkCount == 0 && !source.isHidden)
        #expect(nav.viewControllers.count == 1 && detail.view.layer.mask == nil && detail.view.layer.transform.isIdentity)
    }

    /// The window released during the spring run-out after a caught release (U8).
    @Test func windowReleasedDuringACaughtRunOut() throws {
        var app: ZoomApp? = try ZoomApp()
        let clock = try #require(app?.clock)
        let nav = try #require(app?.nav)
        let detail = try #require(app?.detail)
        let source = try #require(app?.current)
        var completions: [Bool] = []
        nav.push(detail) { completions.append($0) }
        clock.advance(frames: 6)
        let refs = WeakReferences()
        do {
            let a = try #require(app)
            refs.add(a.window, "window")
            refs.add(Self.driver(a), "driver")
            let centre = try Self.visibleCentre(a)
            var t = 0.0
            a.window.send(Touch(timestamp: t, location: centre, phase: .began))
            for k in 1...30 {
                t += 0.008
                a.window.send(Touch(timestamp: t, location: CGPoint(x: centre.x, y: centre.y + CGFloat(k) * 8), phase: .moved))
            }
            a.window.send(Touch(timestamp: t + 0.008, location: CGPoint(x: centre.x, y: centre.y + 240), phase: .ended))
            clock.advance(frames: 3)
            let state = Self.driver(a)?.state
            #expect(state == .cancelling || state == .finishing, "running out: \(String(describing: state))")
        }
        app = nil
        clock.advance(frames: 120)
        #expect(completions == [false])
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
        #expect(clock.activeLinkCount == 0 && !source.isHidden)
        #expect(nav.viewControllers.count == 1 && detail.view.layer.mask == nil && detail.view.layer.transform.isIdentity)
    }

    /// After a window went away while a finger held a caught zoom, the navigation controller
    /// in a new window: the detail pushed without animation, the first pan down pops it.
    @Test func U8_theFirstPanAfterAWindowReleasedDuringACatchWorks() throws {
        var app: ZoomApp? = try ZoomApp()
        let clock = try #require(app?.clock)
        let nav = try #require(app?.nav)
        let detail = try #require(app?.detail)
        nav.push(detail)
        clock.advance(frames: 6)
        do {
            let a = try #require(app)
            let centre = try Self.visibleCentre(a)
            a.window.send(Touch(timestamp: 0, location: centre, phase: .began))
            #expect(Self.driver(a)?.state == .interacting)
        }
        app = nil
        clock.advance(frames: 60)
        #expect(nav.viewControllers.count == 1)
        // Guard: setting an `.appeared` root into a new window traps (unbalanced viewWillAppear).
        try #require(nav.appearanceState == .disappeared, "the window went away: nav is \(nav.appearanceState)")
        let window = Window(size: ZoomScene.size, frameClock: clock)
        window.rootViewController = nav
        var pushed: Bool?
        nav.push(detail, animated: false) { pushed = $0 }
        #expect(clock.runUntilIdle(maxFrames: 100) < 100 && pushed == true)
        let finger = Finger(window: window, clock: clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 150))
        finger.move(to: CGPoint(x: 100, y: 170))
        #expect(window.transitionQueue.current?.state == .interacting, "the first pan after the window went away starts the pop")
        finger.move(to: CGPoint(x: 100, y: 370))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(nav.viewControllers.count == 1 && clock.activeLinkCount == 0)
    }

    /// `StaggeredEffect(Zoom)` as the preferred transition, its push caught mid-way (I1 with a
    /// composition): held with no jump, dragged back and released past half-way: the push is
    /// cancelled, the tapped thumbnail shown (U7), the detail restored, no link left, and the
    /// stagger's animator and driver gone.
    @Test func aStaggeredZoomCaughtMidWay() throws {
        let app = try ZoomApp()
        let zoom = ZoomScene.zoom(app.thumbnails)
        app.detail.preferredTransition = .effect(StaggeredEffect(zoom, delay: 0.2))
        // Subviews to stagger.
        for i in 0..<3 {
            let row = View(frame: CGRect(x: 10, y: 20 + CGFloat(i) * 60, width: 180, height: 50), name: "row \(i)")
            row.backgroundColor = .white
            app.detail.view.addSubview(row)
        }
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        let frames = try Self.pushFrames(app)
        app.clock.advance(frames: frames / 2)
        let refs = WeakReferences()
        do {
            let driver = try #require(Self.driver(app))
            refs.add(driver, "driver")
            refs.add(driver.animator as AnyObject, "stagger animator")
            #expect(driver.state == .animating)
            let p = driver.animatorProgress
            let rowsBefore = app.detail.view.subviews.map { $0.layer.opacity }
            finger.down(at: CGPoint(x: 100, y: 200))
            #expect(driver.state == .interacting, "a touch catches the staggered zoom")
            #expect(driver.animatorProgress == p)
            #expect(app.detail.view.subviews.map { $0.layer.opacity } == rowsBefore, "no jump at the catch")
        }
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 12))
        finger.move(to: CGPoint(x: start.x, y: start.y + 332))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [false])
        #expect(app.nav?.viewControllers.count == 1 && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.detailRestored && app.detail.view.subviews.count == 3, "rows: \(app.detail.view.subviews.map { $0.layer.name ?? "?" })")
        #expect(app.clock.activeLinkCount == 0)
        #expect(refs.alive.isEmpty, "still alive: \(refs.alive)")
    }

    /// U3 with a catch: the caught zoom push dragged back and released; during the
    /// cancelling run-out the grid scrolls 40 pt up: the zoom's last frame lands on the
    /// thumbnail's new frame (the zoom back reads its source on every frame).
    @Test func aCaughtPushCancelledWhileTheSourceMovesLandsOnTheSource() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        app.nav?.push(app.detail)
        app.clock.advance(frames: 8)
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 12))
        finger.move(to: CGPoint(x: start.x, y: start.y + 300))
        finger.rest(for: 0.15)
        finger.lift()
        let thumbnail = app.thumbnails[ZoomScene.sourceIndex]
        var last: CGRect?
        var n = 0
        while !app.window.transitionQueue.isIdle, n < 10_000 {
            thumbnail.frame.origin.y -= 1
            app.clock.step()
            n += 1
            if !app.window.transitionQueue.isIdle { last = ZoomScene.visible(app.detail.view)?.rect }
        }
        let final = try #require(last)
        // The last frame before the end is close to the thumbnail's frame then (spring run-out).
        #expect(abs(final.midY - thumbnail.frame.midY) < 6, "zoom back at \(final), thumbnail at \(thumbnail.frame)")
    }

    /// R1 during a catch: the window grows to 400x800 while the finger holds the zoom; a drag
    /// of 100 pt past the pan's start moves the progress by 100/800 (L read at each change).
    @Test func aResizeDuringACatch() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        app.clock.advance(frames: 8)
        let driver = try #require(Self.driver(app))
        finger.down(at: try Self.visibleCentre(app))
        app.window.resize(to: CGSize(width: 400, height: 800))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 12))
        let began = driver.animatorProgress
        finger.move(to: CGPoint(x: start.x, y: start.y + 112))
        #expect(isApproximatelyEqual(Double(driver.animatorProgress), Double(began - 100.0 / 800), absolute: 1e-9))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions.count == 1 && app.clock.activeLinkCount == 0 && app.detailRestored)
        #expect(!app.thumbnails[ZoomScene.sourceIndex].isHidden)
    }

    /// U3 during a catch: the thumbnail leaves the window while the finger drags the caught
    /// zoom back; the push is cancelled: no crash, the detail restored, the thumbnail (out of
    /// the window) not left hidden, completion once.
    @Test func theSourceLeavesTheWindowDuringACatch() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var completions: [Bool] = []
        app.nav?.push(app.detail) { completions.append($0) }
        app.clock.advance(frames: 8)
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 60))
        let thumbnail = app.thumbnails[ZoomScene.sourceIndex]
        thumbnail.removeFromSuperview()
        finger.move(to: CGPoint(x: start.x, y: start.y + 300))
        finger.rest(for: 0.15)
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(completions == [false] && app.detailRestored && !thumbnail.isHidden && app.clock.activeLinkCount == 0)
    }

    /// The completion of a caught and cancelled push pushes the detail again (animated): it
    /// runs and shows the detail, each completion once, and the new push can be caught too.
    @Test func pushingAgainFromACancelledCatchsCompletion() throws {
        let app = try ZoomApp()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        var log: [String] = []
        let nav = try #require(app.nav)
        nav.push(app.detail) { [detail = app.detail] in
            log.append("push \($0)")
            nav.push(detail) { log.append("again \($0)") }
        }
        app.clock.advance(frames: 8)
        finger.down(at: try Self.visibleCentre(app))
        let start = finger.location
        finger.move(to: CGPoint(x: start.x, y: start.y + 12))
        finger.move(to: CGPoint(x: start.x, y: start.y + 300))
        finger.rest(for: 0.15)
        finger.lift()
        var n = 0
        while log.count < 1, n < 10_000 {
            app.clock.step()
            n += 1
        }
        app.clock.advance(frames: 6)
        let driver = try #require(Self.driver(app))
        #expect(driver.state == .animating)
        finger.down(at: try Self.visibleCentre(app))
        #expect(driver.state == .interacting, "the second push is caught too")
        finger.lift()
        #expect(app.runOut() < 10_000)
        #expect(log == ["push false", "again true"])
        #expect(app.isShowingDetail && app.detailRestored && app.clock.activeLinkCount == 0)
    }
}
