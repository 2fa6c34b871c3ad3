import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// A 320x480 window (the fixtures' size) with one full-size content view.
@MainActor
struct GestureHarness {
    let clock: ManualFrameClock
    let window: Window
    let content: View

    init(size: CGSize = CGSize(width: 320, height: 480)) {
        clock = ManualFrameClock(framesPerSecond: 60)
        window = Window(size: size, frameClock: clock)
        content = View(frame: CGRect(origin: .zero, size: size), name: "content")
        window.rootView.addSubview(content)
    }

    /// Sends a touch at (x, y) at time t.
    func touch(_ phase: TouchPhase, _ x: CGFloat, _ y: CGFloat, t: TimeInterval) {
        window.send(Touch(timestamp: t, location: CGPoint(x: x, y: y), phase: phase))
    }
}

@MainActor
@Suite struct GestureRecognizerTests {
    @Test func panBeginsAfterHysteresisThenChangesAndEnds() {
        let h = GestureHarness()
        var log: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { log.append($0.state) }
        h.content.addGestureRecognizer(pan)
        #expect(pan.view === h.content)
        #expect(h.content.gestureRecognizers.count == 1)

        h.touch(.began, 100, 100, t: 0)
        #expect(pan.state == .possible)
        h.touch(.moved, 105, 100, t: 0.01)
        h.touch(.moved, 109.9, 100, t: 0.02)
        #expect(pan.state == .possible, "9.9 pt is inside the 10 pt hysteresis")
        h.touch(.moved, 106, 108, t: 0.03)  // distance √(36+64) = 10
        #expect(pan.state == .began)
        // Translation is measured from touch-down, hysteresis included (UIKit behaviour).
        #expect(pan.translation(in: nil) == CGPoint(x: 6, y: 8))
        h.touch(.moved, 150, 120, t: 0.04)
        #expect(pan.state == .changed)
        h.touch(.moved, 160, 120, t: 0.05)
        h.touch(.ended, 160, 120, t: 0.06)
        #expect(pan.state == .ended)
        #expect(log == [.began, .changed, .changed, .ended])
        #expect(pan.translation(in: nil) == CGPoint(x: 60, y: 20))
        #expect(pan.location(in: nil) == CGPoint(x: 160, y: 120))
        #expect(!h.window.isTouchDown)
    }

    @Test func hysteresisIsAParameter() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(minimumDistance: 30)
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 100, 100, t: 0)
        h.touch(.moved, 129, 100, t: 0.1)
        #expect(pan.state == .possible)
        h.touch(.moved, 130, 100, t: 0.2)
        #expect(pan.state == .began)
        #expect(PanGestureRecognizer.defaultMinimumDistance == 10)
    }

    @Test func panLiftedBeforeHysteresisFailsWithoutAction() {
        let h = GestureHarness()
        var calls = 0
        let pan = PanGestureRecognizer { _ in calls += 1 }
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 100, 100, t: 0)
        h.touch(.moved, 103, 100, t: 0.01)
        h.touch(.ended, 103, 100, t: 0.02)
        #expect(pan.state == .failed)
        #expect(calls == 0)
        // The next touch resets it to possible.
        h.touch(.began, 100, 100, t: 1)
        #expect(pan.state == .possible)
    }

    @Test func systemCancelCancelsAnActivePan() {
        let h = GestureHarness()
        var log: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { log.append($0.state) }
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 100, t: 0)
        h.touch(.moved, 40, 100, t: 0.05)
        h.touch(.cancelled, 40, 100, t: 0.1)
        #expect(pan.state == .cancelled)
        #expect(log == [.began, .cancelled])
    }

    @Test func verticalPanFailsOnHorizontalMotionAndBeginsOnVertical() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(axis: .vertical)
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 160, 240, t: 0)
        h.touch(.moved, 172, 245, t: 0.05)
        #expect(pan.state == .failed)
        h.touch(.moved, 172, 300, t: 0.1)
        #expect(pan.state == .failed, "a failed recognizer ignores the rest of the touch")
        h.touch(.ended, 172, 300, t: 0.15)

        h.touch(.began, 160, 240, t: 1)
        h.touch(.moved, 163, 252, t: 1.05)
        #expect(pan.state == .began)

        // A tie (|dy| == |dx|) fails.
        h.touch(.began, 160, 240, t: 2)
        h.touch(.moved, 170, 250, t: 2.05)
        #expect(pan.state == .failed)
    }

    @Test func horizontalPanFailsOnVerticalMotion() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer(axis: .horizontal)
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 160, 240, t: 0)
        h.touch(.moved, 162, 260, t: 0.05)
        #expect(pan.state == .failed)
        h.touch(.began, 160, 240, t: 1)
        h.touch(.moved, 140, 245, t: 1.05)
        #expect(pan.state == .began)
    }

    @Test func edgePanFailsWhenTouchStartsOutsideTheEdgeRegion() {
        let h = GestureHarness()
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        h.content.addGestureRecognizer(edge)
        h.touch(.began, 20.5, 240, t: 0)
        #expect(edge.state == .failed)
        h.touch(.moved, 120, 240, t: 0.1)
        #expect(edge.state == .failed)
        h.touch(.ended, 120, 240, t: 0.2)

        h.touch(.began, 20, 240, t: 1)  // on the boundary of the 20 pt region: inside
        h.touch(.moved, 40, 240, t: 1.1)
        #expect(edge.state == .began)
        h.touch(.ended, 40, 240, t: 1.2)
        #expect(ScreenEdgePanGestureRecognizer.defaultEdgeRegion == 20)
    }

    @Test func edgePanMustMoveAwayFromItsEdge() {
        let h = GestureHarness()
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        h.content.addGestureRecognizer(edge)
        // Mostly vertical along the edge: fails.
        h.touch(.began, 5, 240, t: 0)
        h.touch(.moved, 9, 260, t: 0.05)
        #expect(edge.state == .failed)
        h.touch(.ended, 9, 260, t: 0.1)
        // Toward the edge (from x = 15 to x = 0... left is toward the edge): fails.
        h.touch(.began, 15, 240, t: 1)
        h.touch(.moved, 2, 240, t: 1.05)
        h.touch(.moved, 0, 240, t: 1.06)
        #expect(edge.state == .failed)
        h.touch(.ended, 0, 240, t: 1.1)
    }

    @Test func edgePanOtherEdges() {
        let h = GestureHarness()
        let edge = ScreenEdgePanGestureRecognizer(edges: [.right, .bottom], edgeRegion: 30)
        h.content.addGestureRecognizer(edge)
        h.touch(.began, 300, 240, t: 0)  // 20 pt from the right edge
        h.touch(.moved, 280, 240, t: 0.05)
        #expect(edge.state == .began)
        h.touch(.ended, 280, 240, t: 0.1)
        h.touch(.began, 160, 455, t: 1)  // 25 pt from the bottom
        h.touch(.moved, 160, 440, t: 1.05)
        #expect(edge.state == .began)
        h.touch(.ended, 160, 440, t: 1.1)
        h.touch(.began, 5, 240, t: 2)  // left edge not enabled
        #expect(edge.state == .failed)
        h.touch(.ended, 5, 240, t: 2.1)
    }

    @Test func setTranslationRebasesAndConvertsToAView() {
        let h = GestureHarness()
        let inner = View(frame: CGRect(x: 50, y: 60, width: 100, height: 100))
        h.content.addSubview(inner)
        inner.transform3D = Transform3D(scaleX: 2, y: 2, z: 1)
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 10, t: 0)
        h.touch(.moved, 30, 10, t: 0.1)
        #expect(pan.translation(in: nil) == CGPoint(x: 20, y: 0))
        // Scaled 2x: a window displacement of 20 pt is 10 pt in the inner view.
        #expect(pan.translation(in: inner) == CGPoint(x: 10, y: 0))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        h.touch(.moved, 35, 12, t: 0.2)
        #expect(pan.translation(in: nil) == CGPoint(x: 5, y: 2))
        pan.setTranslation(CGPoint(x: 100, y: 0), in: inner)
        #expect(pan.translation(in: inner) == CGPoint(x: 100, y: 0))
        #expect(pan.translation(in: nil) == CGPoint(x: 200, y: 0))
    }

    @Test func disablingOrRemovingAnActiveRecognizerCancelsIt() {
        let h = GestureHarness()
        var log: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { log.append($0.state) }
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 10, t: 0)
        h.touch(.moved, 40, 10, t: 0.1)
        pan.isEnabled = false
        #expect(pan.state == .cancelled)
        h.touch(.moved, 60, 10, t: 0.2)
        #expect(pan.state == .cancelled)
        h.touch(.ended, 60, 10, t: 0.3)
        #expect(log == [.began, .cancelled])

        pan.isEnabled = true
        h.touch(.began, 10, 10, t: 1)
        h.touch(.moved, 40, 10, t: 1.1)
        h.content.removeGestureRecognizer(pan)
        #expect(pan.state == .cancelled)
        #expect(pan.view == nil)
        #expect(h.content.gestureRecognizers.isEmpty)
        h.touch(.ended, 40, 10, t: 1.2)
        #expect(log == [.began, .cancelled, .began, .cancelled])
    }

    @Test func addingTwiceInstallsOnceAndMovingDetaches() {
        let h = GestureHarness()
        let other = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.content.addGestureRecognizer(pan)
        #expect(h.content.gestureRecognizers.count == 1)
        other.addGestureRecognizer(pan)
        #expect(h.content.gestureRecognizers.isEmpty)
        #expect(pan.view === other)
    }

    @Test func superviewRecognizersReceiveSubviewTouchesAndTheFirstToBeginWins() {
        let h = GestureHarness()
        let child = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        h.content.addSubview(child)
        let childPan = PanGestureRecognizer(axis: .vertical)
        let parentPan = PanGestureRecognizer()
        child.addGestureRecognizer(childPan)
        h.content.addGestureRecognizer(parentPan)

        // Horizontal: the child's vertical pan fails, the parent's pan begins.
        h.touch(.began, 150, 150, t: 0)
        h.touch(.moved, 170, 150, t: 0.1)
        #expect(childPan.state == .failed)
        #expect(parentPan.state == .began)
        h.touch(.ended, 170, 150, t: 0.2)
        #expect(parentPan.state == .ended)

        // Vertical: the child's pan (deepest first) begins and the parent's fails.
        h.touch(.began, 150, 150, t: 1)
        h.touch(.moved, 150, 170, t: 1.1)
        #expect(childPan.state == .began)
        #expect(parentPan.state == .failed)
        h.touch(.ended, 150, 170, t: 1.2)

        // A touch outside the child reaches only the parent's recognizer.
        h.touch(.began, 20, 20, t: 2)
        #expect(childPan.state == .ended, "not routed: keeps its state from the last touch")
        #expect(parentPan.state == .possible)
        h.touch(.ended, 20, 20, t: 2.1)
    }

    @Test func laterPhasesWithoutATouchDownAreIgnored() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.touch(.moved, 40, 10, t: 0.1)
        h.touch(.ended, 40, 10, t: 0.2)
        #expect(pan.state == .possible)
        #expect(!h.window.isTouchDown)
    }

    @Test func aNewTouchWhileOneIsDownCancelsTheFirst() {
        let h = GestureHarness()
        var log: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { log.append($0.state) }
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 10, t: 0)
        h.touch(.moved, 40, 10, t: 0.1)
        h.touch(.began, 100, 100, t: 0.2)
        #expect(log == [.began, .cancelled])
        #expect(pan.state == .possible)
        #expect(h.window.isTouchDown)
    }
}

@MainActor
@Suite struct HitTestingTests {
    @Test func hitTestRespectsFramesHiddenAlphaAndOrder() {
        let h = GestureHarness()
        let back = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200), name: "back")
        let front = View(frame: CGRect(x: 100, y: 100, width: 200, height: 200), name: "front")
        h.content.addSubview(back)
        h.content.addSubview(front)
        #expect(h.window.rootView.hitTest(CGPoint(x: 150, y: 150)) === front)
        #expect(h.window.rootView.hitTest(CGPoint(x: 50, y: 50)) === back)
        #expect(h.window.rootView.hitTest(CGPoint(x: 310, y: 400)) === h.content)
        #expect(h.window.rootView.hitTest(CGPoint(x: 320, y: 10)) == nil, "bounds are half-open")
        front.isHidden = true
        #expect(h.window.rootView.hitTest(CGPoint(x: 150, y: 150)) === back)
        front.isHidden = false
        front.alpha = 0.009
        #expect(h.window.rootView.hitTest(CGPoint(x: 150, y: 150)) === back)
        front.alpha = 0.01
        #expect(h.window.rootView.hitTest(CGPoint(x: 150, y: 150)) === front)
        // A subview sticking out of its superview is not hit outside the superview (UIKit).
        let outside = View(frame: CGRect(x: 150, y: 150, width: 100, height: 100))
        back.addSubview(outside)
        front.isHidden = true
        #expect(h.window.rootView.hitTest(CGPoint(x: 220, y: 220)) === h.content)
        #expect(h.window.rootView.hitTest(CGPoint(x: 180, y: 180)) === outside)
    }

    @Test func hitTestFollowsTranslationAndScale() {
        let h = GestureHarness()
        let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.content.addSubview(v)
        v.transform3D = Transform3D(translationX: 200, y: 0, z: 0)
        #expect(h.window.rootView.hitTest(CGPoint(x: 50, y: 50)) === h.content)
        #expect(h.window.rootView.hitTest(CGPoint(x: 250, y: 50)) === v)
        #expect(v.convert(CGPoint(x: 250, y: 50), from: nil) == CGPoint(x: 50, y: 50))
        // Scale 0.5 about the centre (50, 50): covers 25...75.
        v.transform3D = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        #expect(h.window.rootView.hitTest(CGPoint(x: 20, y: 50)) === h.content)
        #expect(h.window.rootView.hitTest(CGPoint(x: 30, y: 50)) === v)
        #expect(v.convert(CGPoint(x: 30, y: 50), from: nil) == CGPoint(x: 10, y: 50))
        #expect(v.convert(CGPoint(x: 10, y: 50), to: nil) == CGPoint(x: 30, y: 50))
        // A zero scale is never hit and does not convert.
        v.transform3D = Transform3D(scaleX: 0, y: 0, z: 1)
        #expect(h.window.rootView.hitTest(CGPoint(x: 50, y: 50)) === h.content)
        #expect(v.convert(CGPoint(x: 50, y: 50), from: nil) == nil)
    }

    @Test func touchesOnHiddenViewsDoNotReachTheirRecognizers() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.content.isHidden = true
        h.touch(.began, 10, 10, t: 0)
        h.touch(.moved, 40, 10, t: 0.1)
        #expect(pan.state == .possible)
        h.touch(.ended, 40, 10, t: 0.2)
    }
}
