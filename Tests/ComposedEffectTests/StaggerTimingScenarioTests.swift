import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// A test effect timed by a spring: the incoming view's opacity is its progress, 0.5 s, the
/// spring m = 1, k = 100, c = 10 (underdamped, ζ = 0.5). Push only.
struct SpringFade: TransitionEffect, Hashable {
    static let name = "springFade"
    static let summary = "test effect: a fade timed by a spring"
    static let parameters: [AnyEffectParameter] = []
    static let supportedOperations: [TransitionOperation] = [.push]
    static let duration: TimeInterval = 0.5
    static let spring = Spring(mass: 1, stiffness: 100, damping: 10)

    init() {}
    init(parameters: EffectParameters) throws(TransitionKitError) {}

    @MainActor
    func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning {
        ClosureAnimator(duration: Self.duration, timingCurve: .spring(Self.spring)) { p, context in context.view(forKey: .to)?.alpha = p }
    }
}

/// Scenario U6 of `Documentation/Scenarios.md`: a stagger keeps each item's window in time
/// whatever its part's timing curve.
@MainActor
@Suite struct StaggerTimingScenarioTests {
    /// U6: `StaggeredEffect(SpringFade(), delay: 0.5)` pushed time-based over four rows lasts
    /// 0.5 s × (1 + 4·0.5) = 1.5 s; item k (0 the screen, 1…4 the rows) runs from t = k·0.25 s
    /// for 0.5 s (window start k·0.5 ÷ 3 of 1.5 s), its opacity the spring's unit step
    /// x(t − k·0.25) (`Spring.value(at:)`, its overshoot above 1 kept, as opacity is not
    /// clamped), 0 before its window. So at 0.75 s the last row (window from 1.0 s) is still
    /// hidden, and at 1.25 s it shows x(0.25 s).
    @Test func U6_springTimedCascadeKeepsEachItemsWindow() throws {
        let scene = TestScene()
        let a = scene.makeViewController("A")
        var rows: [View] = []
        for i in 0..<4 {
            let row = View(frame: CGRect(x: 10, y: 10 + 50 * CGFloat(i), width: 300, height: 40), name: "row \(i)")
            a.view.addSubview(row)
            rows.append(row)
        }
        let animator = StaggeredEffect(SpringFade(), delay: 0.5).makeAnimator(for: .push)
        scene.navigationController.perform(.push(a), animated: true, transition: TransitionOverride(animator: animator))
        let spring = SpringFade.spring
        func expected(item k: Int, at t: Double) -> Double {
            let local = min(1, max(0, (t - Double(k) * 0.25) / 0.5))
            return local == 0 ? 0 : spring.value(at: local * 0.5)
        }
        var checked = 0
        for frame in [15, 30, 45, 54, 60, 66, 75, 84] {
            scene.clock.advance(frames: frame - Int((scene.clock.now * 60).rounded()))
            let t = Double(frame) / 60
            #expect(isApproximatelyEqual(Double(a.view.layer.opacity), expected(item: 0, at: t), absolute: 1e-5), "screen at \(t) s")
            for (i, row) in rows.enumerated() {
                let want = expected(item: i + 1, at: t)
                #expect(isApproximatelyEqual(Double(row.layer.opacity), want, absolute: 1e-5), "row \(i) at \(t) s: \(row.layer.opacity) vs \(want)")
                checked += 1
            }
        }
        #expect(checked == 32)
        #expect(scene.clock.runUntilIdle(maxFrames: 1000) < 1000)
        #expect(scene.stackTitles == ["root", "A"])
    }
}
