import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// `preferredTransition = .zoom` driven as a user's finger would (`Finger`, `SyntheticTrace`):
/// the pan-down anywhere and the left-edge pan on the zoomed screen, the finger geometry
/// (scale 1 − 0.5·d/H clamped to [0.5, 1], centre following the finger, d the drag since the
/// pan began), finish into the source, cancel back, re-grab without a jump, present and
/// dismiss, `interactiveDismissShouldBegin`, and which animator wins.
@MainActor
struct ZoomInteractionTests {
    /// The rect of a full-screen view scaled by `s` about its centre, moved by `t`.
    static func fingerRect(scale s: CGFloat, translation t: CGPoint) -> CGRect {
        let b = ZoomScene.bounds
        return CGRect(x: b.midX + t.x - b.width * s / 2, y: b.midY + t.y - b.height * s / 2, width: b.width * s, height: b.height * s)
    }

    @Test func pushAndPopUseThePreferredTransitionAndAskForTheSourceEachTime() throws {
        let app = try ZoomApp()
        let nav = try #require(app.nav)
        nav.push(app.detail)
        app.clock.step()
        #expect(app.runningZoom != nil, "the push runs the zoom")
        #expect(app.thumbnails[ZoomScene.sourceIndex].isHidden)
        #expect(app.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(nav.viewControllers.count == 2 && app.detailRestored && !app.thumbnails[ZoomScene.sourceIndex].isHidden)
        nav.pop()
        app.clock.step()
        #expect(app.runningZoom != nil, "the pop runs the zoom")
        #expect(app.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(nav.viewControllers.count == 1)
        #expect(app.asked == [.push, .pop])
        #expect(app.detail.preferredTransitionInteractions.count == 2, "the pan down and the left-edge pan")
    }

    /// The navigation delegate's animator comes before the preferred transition.
    @Test func aDelegateAnimatorWins() throws {
        final class Delegate: NavigationControllerDelegate {
            func navigationController(
                _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation, from fromVC: ViewController,
                to toVC: ViewController
            ) -> (any AnimatedTransitioning)? { ClosureAnimator(duration: 0.1) { _, _ in } }
        }
        let app = try ZoomApp()
        let delegate = Delegate()
        app.nav?.delegate = delegate
        app.nav?.push(app.detail)
        app.clock.step()
        #expect(app.window.transitionQueue.current?.animator is ClosureAnimator)
        #expect(app.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(app.asked.isEmpty, "the provider is not asked when the zoom does not run")
        withExtendedLifetime(delegate) {}
    }

    /// A drag of 112 pt (12 pt of hysteresis, then 100 pt): the view under the finger is the
    /// full screen scaled by 1 − 0.5·100/400 = 0.875, its centre 100 pt lower; released at
    /// rest at 112/400 = 0.28 it cancels and springs back to full screen, the stack kept.
    @Test func dragFollowsTheFingerAndCancelSpringsBack() throws {
        let app = try ZoomApp()
        app.show()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 80))
        finger.move(to: CGPoint(x: 100, y: 92))  // the pan begins at the fifth sample, 12 pt down
        #expect(app.runningZoom != nil)
        finger.move(to: CGPoint(x: 130, y: 192))
        let visible = try #require(ZoomScene.visible(app.detail.view))
        #expect(close(visible.rect, Self.fingerRect(scale: 0.875, translation: CGPoint(x: 30, y: 100)), 1e-9), "\(visible.rect)")
        finger.move(to: CGPoint(x: 100, y: 192))
        finger.rest(for: 0.15)
        finger.lift()
        var last: CGRect?
        app.runOut { if let r = $0 { last = r } }
        #expect(app.isShowingDetail && app.detailRestored)
        #expect(!app.thumbnails[ZoomScene.sourceIndex].isHidden)
        // The last frame before the end is (nearly) full screen: it sprang back.
        #expect(close(try #require(last), ZoomScene.bounds, 1))
    }

    /// The scale stops at 0.5 however far the finger goes.
    @Test func scaleIsClampedAtOneHalf() throws {
        let app = try ZoomApp()
        app.show()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 20))
        finger.move(to: CGPoint(x: 100, y: 32))
        finger.move(to: CGPoint(x: 100, y: 392))  // 360 pt: 1 − 0.45 would be 0.55; go further
        finger.move(to: CGPoint(x: 100, y: 399))
        finger.move(to: CGPoint(x: 100, y: 32 + 400 * 1.2))
        let visible = try #require(ZoomScene.visible(app.detail.view))
        #expect(abs(visible.rect.width - 100) < 1e-9, "width \(visible.rect.width)")
        finger.lift()
        app.runOut()
    }

    /// A drag past half-way released at rest finishes: the view runs from under the finger
    /// into the thumbnail's frame (no jump at the release), the stack pops, the thumbnail shows.
    @Test func releasePastHalfWayZoomsIntoTheSource() throws {
        let app = try ZoomApp()
        app.show()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 40))
        finger.move(to: CGPoint(x: 100, y: 52))
        finger.move(to: CGPoint(x: 100, y: 352))
        finger.rest(for: 0.15)
        let atRelease = try #require(ZoomScene.visible(app.detail.view)?.rect)
        finger.lift()
        var frames: [CGRect] = []
        app.runOut { if let r = $0 { frames.append(r) } }
        #expect(app.nav?.viewControllers.count == 1)
        #expect(!app.thumbnails[ZoomScene.sourceIndex].isHidden)
        let first = try #require(frames.first), last = try #require(frames.last)
        #expect(abs(first.midY - atRelease.midY) < 20, "the run-out starts where the finger let go: \(atRelease) → \(first)")
        #expect(close(last, ZoomScene.thumbnailFrame(ZoomScene.sourceIndex), 1), "it ends on the thumbnail: \(last)")
    }

    /// A finger catching the view during a finishing run-out holds it where it is (the rect
    /// on screen does not jump), then drives it: dragged back up and released, it cancels.
    @Test func regrabDuringTheRunOutContinuesWithoutAJump() throws {
        let app = try ZoomApp()
        app.show()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 40))
        finger.move(to: CGPoint(x: 100, y: 52))
        finger.move(to: CGPoint(x: 100, y: 292))
        finger.rest(for: 0.15)
        finger.lift()
        for _ in 0..<6 { app.clock.step() }
        let caught = try #require(ZoomScene.visible(app.detail.view)?.rect)
        let grab = CGPoint(x: caught.midX, y: caught.midY)
        finger.down(at: grab)
        finger.move(to: CGPoint(x: grab.x, y: grab.y - 12))  // the pan begins here
        let held = try #require(ZoomScene.visible(app.detail.view)?.rect)
        #expect(close(held, caught, 1e-9), "re-grab moved the view: \(caught) → \(held)")
        for _ in 0..<5 { app.clock.step() }
        #expect(close(try #require(ZoomScene.visible(app.detail.view)?.rect), caught, 1e-9), "the run-out stays stopped")
        finger.move(to: CGPoint(x: grab.x, y: grab.y - 12 - 60))
        let moved = try #require(ZoomScene.visible(app.detail.view)?.rect)
        #expect(abs(moved.midY - (caught.midY - 60)) < 1e-9, "the centre follows the finger")
        #expect(moved.width > caught.width, "dragging back up grows the view")
        finger.move(to: CGPoint(x: grab.x, y: 10))
        finger.rest(for: 0.15)
        finger.lift()
        app.runOut()
        #expect(app.isShowingDetail && app.detailRestored, "dragged back up, it cancelled")
    }

    /// The left-edge pan pops too (trace: 70 % of the width, at rest).
    @Test func leftEdgePanPops() throws {
        let app = try ZoomApp()
        app.show()
        let result = app.window.replay(SyntheticTrace.edgeSwipe(in: ZoomScene.size, to: 0.7), on: app.clock)
        #expect(result.reachedIdle)
        #expect(app.nav?.viewControllers.count == 1)
        let cancelled = try ZoomApp()
        cancelled.show()
        cancelled.window.replay(SyntheticTrace.edgeSwipe(in: ZoomScene.size, to: 0.3), on: cancelled.clock)
        #expect(cancelled.nav?.viewControllers.count == 2 && cancelled.detailRestored)
    }

    /// The full-width back swipe comes with the zoom's left-edge pop
    /// (`preferredTransitionContentPopInteraction`): a horizontal pan from the middle of the
    /// 200 pt wide screen, 70 % of the width at rest, pops with the zoom (asked for the
    /// source again); 30 % at rest cancels. The zoom's own pan down fails (it is vertical).
    @Test func aContentSwipePops() throws {
        let app = try ZoomApp()
        app.show()
        let content = try #require(app.detail.preferredTransitionContentPopInteraction)
        #expect(content.recognizer.view === app.detail.view)
        let short = SyntheticTrace.drag(from: CGPoint(x: 40, y: 200), to: CGPoint(x: 100, y: 200), speed: 300)
        #expect(app.window.replay(short, on: app.clock).reachedIdle)
        #expect(app.nav?.viewControllers.count == 2 && app.detailRestored && content.transitionsStarted == 1)
        #expect(abs(content.fingerProgress - 0.3) < 1e-9)  // 60 pt / 200
        let long = SyntheticTrace.drag(from: CGPoint(x: 40, y: 200), to: CGPoint(x: 180, y: 200), speed: 300)
        #expect(app.window.replay(long, on: app.clock).reachedIdle)
        #expect(app.nav?.viewControllers.count == 1 && content.transitionsStarted == 2)
        #expect(app.asked == [.push, .pop, .pop])
    }

    /// Present and dismiss: the drag-down trace dismisses, a short one does not.
    @Test func presentedZoomDismissesByDraggingDown() throws {
        let app = try ZoomApp(navigation: false)
        app.show()
        #expect(app.isShowingDetail)
        #expect(app.asked == [.present])
        app.window.replay(SyntheticTrace.drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 130), speed: 300), on: app.clock)
        #expect(app.isShowingDetail && app.detailRestored)
        app.window.replay(SyntheticTrace.drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 330), speed: 300), on: app.clock)
        #expect(!app.isShowingDetail)
        #expect(app.asked == [.present, .dismiss, .dismiss])
        #expect(!app.thumbnails[ZoomScene.sourceIndex].isHidden)
        // A flick down past 500 pt/s dismisses from a short drag too (the default policy).
        app.show()
        app.window.replay(SyntheticTrace.flick(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 110)), on: app.clock)
        #expect(!app.isShowingDetail)
    }

    /// Through `EffectTransitioningDelegate` (the registered effect's drag-to-dismiss) the
    /// finger reaches the animator in the container's points although the recognizer sits on
    /// the moving, scaled modal view: the view under the finger is exactly the closed form.
    @Test func dragToDismissThroughTheDelegateFollowsTheFinger() throws {
        let app = try ZoomApp(navigation: false)
        app.detail.preferredTransition = nil
        let delegate = EffectTransitioningDelegate(effect: Zoom(source: .none), modalViewController: app.detail)
        delegate.enableDragToDismiss()
        app.show()
        let finger = Finger(window: app.window, clock: app.clock, stepsClock: false)
        finger.down(at: CGPoint(x: 100, y: 80))
        finger.move(to: CGPoint(x: 100, y: 92))
        finger.move(to: CGPoint(x: 120, y: 142))
        finger.move(to: CGPoint(x: 140, y: 192))
        let visible = try #require(ZoomScene.visible(app.detail.view))
        #expect(close(visible.rect, Self.fingerRect(scale: 0.875, translation: CGPoint(x: 40, y: 100)), 1e-9), "\(visible.rect)")
        finger.lift()
        app.runOut()
        // Released at 112/400 = 28 %, moving at 300 pt/s (short of the 500 pt/s flick): cancels.
        #expect(app.isShowingDetail && app.detailRestored)
        withExtendedLifetime(delegate) {}
    }

    @Test func interactiveDismissShouldBeginCanRefuse() throws {
        let app = try ZoomApp(options: ZoomOptions(interactiveDismissShouldBegin: { context in context.operation != .pop }))
        app.show()
        let result = app.window.replay(SyntheticTrace.drag(from: CGPoint(x: 100, y: 40), to: CGPoint(x: 100, y: 340), speed: 300), on: app.clock)
        #expect(result.reachedIdle && app.nav?.viewControllers.count == 2)
        #expect(app.detail.preferredTransitionInteractions.allSatisfy { $0.transitionsStarted == 0 })
    }
}
