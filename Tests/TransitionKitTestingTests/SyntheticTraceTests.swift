import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

/// The trace builders against closed forms: a straight drag of d points at v points per
/// second has ⌈d / (v · 8 ms)⌉ moved samples 8 ms apart, the last on the target; a rest of r
/// seconds adds round(r / 8 ms) samples in place; the release follows 8 ms later. Release
/// velocities are read with Core's `VelocityTracker` (0.1 s horizon).
@Suite struct SyntheticTraceTests {
    /// 320 pt wide: from x = 2 to 2 + 0.5 · 320 = 162 at 300 pt/s is 0.5333 s, 67 samples
    /// (66 full 8 ms steps cover 0.528 s); 0.15 s rest is round(18.75) = 19 samples.
    @Test func edgeSwipeCountsAndEnds() {
        let trace = SyntheticTrace.edgeSwipe(in: CGSize(width: 320, height: 480), to: 0.5)
        #expect(trace.samples.count == 1 + 67 + 19 + 1)
        #expect(trace.samples.first == Touch(timestamp: 0, location: CGPoint(x: 2, y: 240), phase: .began))
        #expect(trace.samples[67].location == CGPoint(x: 162, y: 240))
        #expect(abs(trace.samples[67].timestamp - 160.0 / 300) < 1e-12)
        #expect(trace.samples.last?.phase == .ended && trace.samples.last?.location == CGPoint(x: 162, y: 240))
        #expect(velocity(trace) == .zero, "a rest longer than the 0.1 s horizon releases at rest")
    }

    /// A flick releases moving: its 1500 pt/s to the right, less the release sample 8 ms
    /// later in place, stays far past `InteractionPolicy.default`'s 500 pt/s threshold.
    @Test func flickReleasesMoving() {
        let trace = SyntheticTrace.flick(from: CGPoint(x: 10, y: 100), to: CGPoint(x: 250, y: 100))
        #expect(trace.samples.last?.location == CGPoint(x: 250, y: 100))
        let v = velocity(trace)
        #expect(v.x > 1000 && v.x <= 1500 && v.y == 0, "\(v)")
    }

    /// A reversal passes through its turning point and ends where it was told to.
    @Test func dragWithReversalTurns() {
        let trace = SyntheticTrace.dragWithReversal(from: CGPoint(x: 2, y: 50), to: CGPoint(x: 130, y: 50), back: CGPoint(x: 40, y: 50))
        let xs = trace.samples.map(\.location.x)
        #expect(xs.max() == 130 && xs.last == 40)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $1.timestamp >= $0.timestamp })
    }

    /// The release velocity a recognizer would see: the tracker fed every sample up to the release.
    func velocity(_ trace: GestureTrace) -> CGPoint {
        var tracker = VelocityTracker()
        for s in trace.samples { tracker.add(s.location, at: s.timestamp) }
        return tracker.velocity(at: trace.samples.last?.timestamp)
    }
}
