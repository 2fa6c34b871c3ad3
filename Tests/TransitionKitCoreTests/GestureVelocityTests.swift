import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Velocity estimation (least squares over the last 100 ms).
@MainActor
@Suite struct GestureVelocityTests {
    /// Position of a finger moving at (vx, vy) pt/s from (x0, y0): a closed form.
    static func line(_ t: Double, x0: Double = 1, y0: Double = 240, vx: Double, vy: Double) -> CGPoint {
        CGPoint(x: x0 + vx * t, y: y0 + vy * t)
    }

    /// Uneven sample times: 3, 11, 5, 17, 2, 9 ms gaps repeating.
    static let unevenTimes: [Double] = {
        let gaps = [0.003, 0.011, 0.005, 0.017, 0.002, 0.009]
        var t = 0.0, out = [0.0]
        for k in 0..<60 { t += gaps[k % gaps.count]; out.append(t) }
        return out
    }()

    @Test func constantSpeedSampledUnevenlyGivesThatSpeed() {
        var tracker = VelocityTracker()
        for t in Self.unevenTimes { tracker.add(Self.line(t, vx: 437, vy: -123), at: t) }
        let v = tracker.velocity()
        // Expected: the generating speed (437, −123) pt/s; a least-squares line fit of exact
        // linear data is exact up to rounding.
        #expect(isApproximatelyEqual(v.x, 437, absolute: 1e-6))
        #expect(isApproximatelyEqual(v.y, -123, absolute: 1e-6))
    }

    @Test func panVelocityOfAnUnevenConstantSpeedDrag() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        let times = Self.unevenTimes
        h.window.send(Touch(timestamp: times[0], location: Self.line(times[0], x0: 50, vx: 250, vy: 40), phase: .began))
        for t in times.dropFirst() {
            h.window.send(Touch(timestamp: t, location: Self.line(t, x0: 50, vx: 250, vy: 40), phase: .moved))
            if pan.state.isActive {
                #expect(isApproximatelyEqual(pan.velocity(in: nil).x, 250, absolute: 1e-6))
            }
        }
        // Release 5 ms later where the finger is: the release sample is not fitted, the
        // window ends at the release, so the speed is still 250 pt/s.
        let tEnd = times.last! + 0.005
        h.window.send(Touch(timestamp: tEnd, location: Self.line(tEnd, x0: 50, vx: 250, vy: 40), phase: .ended))
        #expect(pan.state == .ended)
        #expect(isApproximatelyEqual(pan.velocity(in: nil).x, 250, absolute: 1e-6))
        #expect(isApproximatelyEqual(pan.velocity(in: nil).y, 40, absolute: 1e-6))
        // In a view scaled 2x the same motion is half as fast.
        let inner = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.content.addSubview(inner)
        inner.transform3D = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(isApproximatelyEqual(pan.velocity(in: inner).x, 125, absolute: 1e-6))
    }

    @Test func singleSampleHasZeroVelocity() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.add(CGPoint(x: 10, y: 10), at: 1)
        #expect(tracker.velocity() == .zero)
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 10, t: 0)
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func duplicateTimestampsStayFinite() {
        var tracker = VelocityTracker()
        tracker.add(CGPoint(x: 0, y: 0), at: 1)
        tracker.add(CGPoint(x: 50, y: 10), at: 1)
        tracker.add(CGPoint(x: 100, y: 20), at: 1)
        #expect(tracker.velocity() == .zero, "all samples at one instant: no speed")
        // Mixed: duplicates among distinct times give a finite least-squares slope.
        tracker.add(CGPoint(x: 110, y: 20), at: 1.01)
        tracker.add(CGPoint(x: 120, y: 20), at: 1.01)
        let v = tracker.velocity()
        #expect(v.x.isFinite && v.y.isFinite)
        #expect(v.x > 0)
        // Non-finite samples are ignored.
        tracker.add(CGPoint(x: CGFloat.nan, y: 0), at: 1.02)
        tracker.add(CGPoint(x: 0, y: 0), at: .infinity)
        #expect(tracker.velocity() == v)
    }

    @Test func restingBeforeReleaseGivesZeroVelocity() {
        let h = GestureHarness()
        let pan = PanGestureRecognizer()
        h.content.addGestureRecognizer(pan)
        h.touch(.began, 10, 10, t: 0)
        for k in 1...20 { h.touch(.moved, 10 + CGFloat(k) * 5, 10, t: Double(k) * 0.01) }
        #expect(isApproximatelyEqual(pan.velocity(in: nil).x, 500, absolute: 1e-6))
        // Lifts 150 ms after the last move without moving: nothing in the 100 ms window.
        h.touch(.ended, 110, 10, t: 0.35)
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func oldSamplesAreDiscarded() {
        var tracker = VelocityTracker(horizon: 0.05)
        for k in 0..<1000 { tracker.add(CGPoint(x: Double(k), y: 0), at: Double(k) * 0.001) }
        #expect(tracker.samples.count <= 102)
        #expect(isApproximatelyEqual(tracker.velocity().x, 1000, absolute: 1e-6))
    }
}
