import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport
import TransitionKitTesting
import ZoomEffect

/// Scenarios U3, U7 and U8 of `Documentation/Scenarios.md` for the zoom: it follows a source
/// that moves while it shrinks back, a cascade of zooms shows the source again, and a window
/// released mid-zoom shows it again. Expected values: `ZoomGeometry.visibleRect` (the module's
/// closed form) at the source's frame of each frame, and the module's rule that the source is
/// hidden exactly while a zoom runs.
@MainActor
@Suite struct ZoomAppScenarioTests {
    /// The list scrolling under the zoomed screen: the thumbnail `step` points further up on
    /// each call until it moved `distance` points.
    @MainActor
    final class Scroller {
        let thumbnail: View
        let distance: CGFloat
        let step: CGFloat
        private(set) var moved: CGFloat = 0
        init(_ thumbnail: View, distance: CGFloat = 60, step: CGFloat = 1) {
            self.thumbnail = thumbnail
            self.distance = distance
            self.step = step
        }
        func scroll() {
            guard moved < distance else { return }
            thumbnail.frame = thumbnail.frame.offsetBy(dx: 0, dy: -step)
            moved += step
        }
    }

    /// U3, time-based: during the pop (0.5 s, 30 frames) the list scrolls 60 pt, 3 pt a frame
    /// from the first frame on; every frame shows `ZoomGeometry.visibleRect(at: 1 − p,
    /// source:)` at the thumbnail's frame of that frame (p the driver's eased progress), so the
    /// zoom lands on the thumbnail where it is, 60 pt above where it was when the pop started.
    @Test func U3_popFollowsTheSourceWhileItMoves() throws {
        let app = try ZoomApp()
        app.show()
        let thumbnail = try #require(app.current)
        let scroller = Scroller(thumbnail, step: 3)
        app.nav?.pop()
        var checked = 0
        while !app.window.transitionQueue.isIdle, checked < 1000 {
            scroller.scroll()
            app.clock.step()
            guard let driver = app.window.transitionQueue.current, let rect = ZoomScene.visible(app.detail.view)?.rect else { break }
            let expected = ZoomGeometry.visibleRect(at: 1 - driver.animatorProgress, source: thumbnail.frame, bounds: ZoomScene.bounds)
            #expect(close(rect, expected, 1e-6), "frame \(checked): \(rect) vs \(expected)")
            checked += 1
        }
        #expect(checked >= 25 && scroller.moved == 60, "\(checked) frames, moved \(scroller.moved)")
        #expect(app.window.transitionQueue.isIdle && app.nav?.viewControllers.count == 1)
    }

    /// U3, a source that leaves: the list scrolls 3 pt a frame for 5 frames of the pop, then
    /// the thumbnail leaves the window (a cell reused); from then on every frame is
    /// `visibleRect` at the last frame it had, and the pop ends normally.
    @Test func U3_aSourceThatLeavesKeepsItsLastFrame() throws {
        let app = try ZoomApp()
        app.show()
        let thumbnail = try #require(app.current)
        let scroller = Scroller(thumbnail, distance: 15, step: 3)
        app.nav?.pop()
        for _ in 0..<5 {
            scroller.scroll()
            app.clock.step()
        }
        let lastFrame = thumbnail.frame
        #expect(lastFrame == ZoomScene.thumbnailFrame(ZoomScene.sourceIndex).offsetBy(dx: 0, dy: -15))
        thumbnail.removeFromSuperview()
        var checked = 0
        while let driver = app.window.transitionQueue.current, checked < 1000 {
            app.clock.step()
            guard app.window.transitionQueue.current === driver, let rect = ZoomScene.visible(app.detail.view)?.rect else { break }
            let expected = ZoomGeometry.visibleRect(at: 1 - driver.animatorProgress, source: lastFrame, bounds: ZoomScene.bounds)
            #expect(close(rect, expected, 1e-6), "frame \(checked): \(rect) vs \(expected)")
            checked += 1
        }
        #expect(checked >= 20, "\(checked) frames after the source left")
        #expect(app.window.transitionQueue.isIdle && app.nav?.viewControllers.count == 1)
        #expect(!thumbnail.isHidden, "shown again at the end")
    }

    /// U3, after a drag: released past half-way, the run-out lands on the thumbnail's frame
    /// as it is at the end of the run-out (the list scrolls 60 pt during the run-out), not
    /// where it was at the release.
    @Test func U3_dragRunOutFollowsTheSourceWhileItMoves() throws {
        let app = try ZoomApp()
        app.show()
        let thumbnail = try #require(app.current)
        let scroller = Scroller(thumbnail, distance: 60)
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 40))
        finger.move(to: CGPoint(x: 100, y: 52))
        finger.move(to: CGPoint(x: 100, y: 352))
        finger.rest(for: 0.15)
        finger.lift()
        var frames: [CGRect] = []
        while !app.window.transitionQueue.isIdle, frames.count < 1000 {
            scroller.scroll()
            app.clock.step()
            if !app.window.transitionQueue.isIdle, let r = ZoomScene.visible(app.detail.view)?.rect { frames.append(r) }
        }
        #expect(app.nav?.viewControllers.count == 1)
        let end = ZoomScene.thumbnailFrame(ZoomScene.sourceIndex).offsetBy(dx: 0, dy: -scroller.moved)
        #expect(scroller.moved >= 20, "the list scrolled \(scroller.moved) pt during the run-out")
        let last = try #require(frames.last)
        #expect(close(last, end, 2), "the run-out ends on the moved thumbnail: \(last) vs \(end)")
    }

    /// U7: `StaggeredEffect(Zoom)` over a detail screen with two rows, pushed (finished) or
    /// pushed interactively and cancelled at 30 %: the thumbnail is hidden while it runs and
    /// shown again at the end (each item's zoom hides the same source; the records compose).
    @Test(arguments: [true, false])
    func U7_cascadeOfZoomsShowsTheSourceAgain(finish: Bool) throws {
        let app = try ZoomApp()
        let nav = try #require(app.nav)
        let source = try #require(app.current)
        for i in 0..<2 {
            app.detail.view.addSubview(View(frame: CGRect(x: 20, y: 40 + 60 * CGFloat(i), width: 160, height: 40), name: "row \(i)"))
        }
        let zoom = Zoom(source: .view { _ in source })
        let interaction = PercentDrivenInteractiveTransition()
        var completions: [Bool] = []
        nav.perform(
            .push(app.detail), animated: true,
            transition: TransitionOverride(
                animator: StaggeredEffect(zoom, delay: 0.25).makeAnimator(for: .push), interactionController: finish ? nil : interaction)
        ) { completions.append($0) }
        app.clock.advance(frames: 3)
        #expect(source.isHidden, "hidden while the cascade runs")
        if !finish {
            interaction.update(0.3)
            interaction.cancel()
        }
        #expect(app.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(completions == [finish])
        #expect(!source.isHidden, "the source is shown again (finish \(finish))")
    }

    /// U8 for the zoom: the window released while the zoom push runs ends it: the thumbnail is
    /// shown again, the completion says false, no display link is left.
    @Test func U8_releasingTheWindowShowsTheZoomSourceAgain() throws {
        var app: ZoomApp? = try ZoomApp()
        let clock = try #require(app?.clock)
        let nav = try #require(app?.nav)
        let detail = try #require(app?.detail)
        let source = try #require(app?.current)
        weak let window = app?.window
        var completions: [Bool] = []
        nav.push(detail) { completions.append($0) }
        clock.advance(frames: 5)
        #expect(source.isHidden)
        app = nil
        #expect(window == nil, "nothing else keeps the window")
        clock.advance(frames: 60)
        #expect(completions == [false])
        #expect(!source.isHidden)
        #expect(clock.activeLinkCount == 0)
        #expect(nav.viewControllers.count == 1 && detail.view.layer.mask == nil && detail.view.layer.transform.isIdentity)
    }
}
