import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// `GestureRecognizer.require(toFail:)` and `GestureRecognizerDelegate` on a 320x480
/// `GestureHarness`. Expected values: UIKit's documented semantics (a recognizer that requires
/// another to fail waits while the other is possible, begins once it failed, fails if it
/// began) and the pans' 10 pt and 30 pt hysteresis distances.
@MainActor
@Suite struct GestureFailureRequirementTests {
    /// `b` requires `a` (vertical, 30 pt hysteresis) to fail. A horizontal drag: `b`'s own rule
    /// holds at 10 pt, but it waits until `a` fails at 30 pt (a comes first on the view, so `b`
    /// begins on that same sample, at dx = 30). A vertical drag: `a` begins at 30 pt, `b` fails.
    @Test func waitsForTheOtherToFail() {
        let h = GestureHarness()
        let a = PanGestureRecognizer(axis: .vertical, minimumDistance: 30)
        let b = PanGestureRecognizer(axis: .horizontal)
        h.content.addGestureRecognizer(a)
        h.content.addGestureRecognizer(b)
        b.require(toFail: a)
        h.touch(.began, 100, 240, t: 0)
        for dx in stride(from: 5.0, through: 25, by: 5) {
            h.touch(.moved, 100 + dx, 240, t: dx / 1000)
            #expect(b.state == .possible && a.state == .possible, "dx = \(dx)")
        }
        h.touch(.moved, 130, 240, t: 0.03)
        #expect(a.state == .failed && b.state == .began && b.translation(in: nil) == CGPoint(x: 30, y: 0))
        h.touch(.ended, 130, 240, t: 0.04)
        #expect(b.state == .ended)

        h.touch(.began, 100, 100, t: 1)
        h.touch(.moved, 100, 115, t: 1.01)
        #expect(b.state == .failed, "b's own rule (horizontal) refuses at 10 pt")
        h.touch(.moved, 100, 140, t: 1.02)
        #expect(a.state == .began)
        h.touch(.ended, 100, 140, t: 1.03)
        // Without the requirement b would have begun at 10 pt, before a.
        let c = PanGestureRecognizer(axis: .horizontal)
        h.content.addGestureRecognizer(c)
        h.touch(.began, 100, 240, t: 2)
        h.touch(.moved, 112, 240, t: 2.01)
        #expect(c.state == .began && b.state == .possible)
        h.touch(.ended, 112, 240, t: 2.02)
    }

    /// The delegate: `shouldReceive` false keeps the recognizer out of the touch (its state is
    /// not even reset), `shouldBegin` false fails it, `shouldRequireFailureOf` makes it wait.
    @Test func theDelegateDecides() {
        final class Rules: GestureRecognizerDelegate {
            var receive = true, begin = true
            weak var waitFor: GestureRecognizer?
            func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                other === waitFor
            }
        }
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        let rules = Rules()
        pan.delegate = rules
        h.content.addGestureRecognizer(pan)
        rules.begin = false
        h.touch(.began, 100, 100, t: 0)
        h.touch(.moved, 120, 100, t: 0.01)
        #expect(pan.state == .failed)
        h.touch(.ended, 120, 100, t: 0.02)
        rules.begin = true
        rules.receive = false
        h.touch(.began, 100, 100, t: 1)
        h.touch(.moved, 120, 100, t: 1.01)
        #expect(pan.state == .failed, "not received: the last touch's state stays")
        h.touch(.ended, 120, 100, t: 1.02)
        rules.receive = true
        let slow = PanGestureRecognizer(minimumDistance: 30)
        h.window.rootView.addGestureRecognizer(slow)
        rules.waitFor = slow
        h.touch(.began, 100, 100, t: 2)
        h.touch(.moved, 120, 100, t: 2.01)
        #expect(pan.state == .possible && slow.state == .possible)
        h.touch(.moved, 140, 100, t: 2.02)
        #expect(slow.state == .began)
        h.touch(.moved, 150, 100, t: 2.03)  // the next sample: the winner's rule fails the waiting one
        #expect(pan.state == .failed && slow.state == .changed)
        h.touch(.ended, 150, 100, t: 2.04)
    }
}
