import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// Finish-or-cancel decisions (Documentation/Scenarios.md D1–D3, C2).
@Suite struct InteractionPolicyTests {
    @Test func D1_defaultPolicy() {
        let p = InteractionPolicy.default
        #expect(p.completionThreshold == 0.5 && p.flickVelocity == 500 && p.directionAware && p.positionCounts)
        // Slow drag to 95 %, released with zero velocity: finishes.
        #expect(p.shouldFinish(progress: 0.95, velocity: 0, endState: .ended))
        // Quick 15 % flick toward completion above the flick velocity: finishes.
        #expect(p.shouldFinish(progress: 0.15, velocity: 800, endState: .ended))
        #expect(p.shouldFinish(progress: 0.15, velocity: 500, endState: .ended), "500 pt/s is a flick (>=)")
        // The same flick away from completion: cancels, even past half-way.
        #expect(!p.shouldFinish(progress: 0.15, velocity: -800, endState: .ended))
        #expect(!p.shouldFinish(progress: 0.55, velocity: -800, endState: .ended))
        // Below the flick speed the position decides.
        #expect(!p.shouldFinish(progress: 0.15, velocity: 499, endState: .ended))
        #expect(p.shouldFinish(progress: 0.55, velocity: -499, endState: .ended))
        #expect(!p.shouldFinish(progress: 0.5, velocity: 0, endState: .ended), "threshold is strict")
    }

    @Test func D2_radialOriginalThreshold() {
        let p = InteractionPolicy.radialOriginal
        let w: CGFloat = 320
        #expect(!p.shouldFinish(progress: 159.9 / w, velocity: 0, endState: .ended))
        #expect(p.shouldFinish(progress: 160.1 / w, velocity: 0, endState: .ended))
        // Velocity ignored in either direction.
        #expect(!p.shouldFinish(progress: 159.9 / w, velocity: 5000, endState: .ended))
        #expect(p.shouldFinish(progress: 160.1 / w, velocity: -5000, endState: .ended))
        #expect(p.shouldFinish(progress: 160.1 / w, velocity: .infinity, endState: .ended))
    }

    @Test func D3_dragDismissOriginalFlick() {
        let p = InteractionPolicy.dragDismissOriginal
        #expect(!p.shouldFinish(progress: 0.2, velocity: 99, endState: .ended))
        #expect(p.shouldFinish(progress: 0.2, velocity: 101, endState: .ended))
        // The original's strict `> 100`.
        #expect(!p.shouldFinish(progress: 0.2, velocity: 100, endState: .ended))
        // Position ignored.
        #expect(!p.shouldFinish(progress: 0.99, velocity: 0, endState: .ended))
        #expect(!p.shouldFinish(progress: 0.99, velocity: -300, endState: .ended))
    }

    @Test func D3_defaultAcceptsPosition() {
        // "The default policy must also accept position."
        let p = InteractionPolicy.default
        #expect(p.shouldFinish(progress: 0.8, velocity: 0, endState: .ended))
        #expect(!p.shouldFinish(progress: 0.2, velocity: 101, endState: .ended))
    }

    @Test(arguments: [InteractionPolicy.default, .radialOriginal, .dragDismissOriginal])
    func C2_cancelledAlwaysCancels(policy: InteractionPolicy) {
        #expect(!policy.shouldFinish(progress: 0.6, velocity: 0, endState: .cancelled))
        #expect(!policy.shouldFinish(progress: 0.6, velocity: 2000, endState: .cancelled))
        #expect(!policy.shouldFinish(progress: 1, velocity: 2000, endState: .cancelled))
        #expect(!policy.shouldFinish(progress: 1, velocity: 2000, endState: .failed))
        #expect(!policy.shouldFinish(progress: 1, velocity: 2000, endState: .changed))
    }

    @Test func nonFiniteInputsNeverFinishByAccident() {
        let p = InteractionPolicy.default
        #expect(!p.shouldFinish(progress: .nan, velocity: 1000, endState: .ended))
        #expect(p.shouldFinish(progress: 0.9, velocity: .nan, endState: .ended), "NaN velocity counts as 0")
        #expect(!p.shouldFinish(progress: 0.1, velocity: .nan, endState: .ended))
        #expect(p.shouldFinish(progress: 7, velocity: 0, endState: .ended), "progress clamps to 1")
    }

    @Test func everyNumberIsAParameter() {
        let p = InteractionPolicy(completionThreshold: 0.3, flickVelocity: 200, directionAware: false, positionCounts: true)
        #expect(p.shouldFinish(progress: 0.31, velocity: -1000, endState: .ended), "direction ignored")
        #expect(!p.shouldFinish(progress: 0.29, velocity: 1000, endState: .ended))
    }
}
