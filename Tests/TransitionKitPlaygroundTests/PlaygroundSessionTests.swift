import EffectBenchKit
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import TransitionKitPlayground

/// The playground's model without a display: what a tap and an edge drag do, and the
/// interaction state the HUD shows.
@MainActor
@Suite struct PlaygroundSessionTests {
    static let size = CGSize(width: 200, height: 300)

    static func session(_ effect: String, _ family: PlaygroundSession.Family? = nil) throws -> PlaygroundSession {
        try PlaygroundSession(
            registry: try EffectBench.registry(effects: []), effect: effect, family: family, size: size, scale: 1,
            images: { size, _ throws(TransitionKitError) in try DemoScreens.render(size: size, scale: 1) })
    }

    /// Runs `frames` 60 Hz frames.
    static func run(_ s: PlaygroundSession, frames: Int) {
        for _ in 0..<frames { s.apply(.advance(1.0 / 60)) }
    }

    /// A horizontal drag from the left edge at y 150: `distance` points in `frames` 60 Hz frames.
    static func edgeDrag(_ s: PlaygroundSession, distance: CGFloat, frames: Int, at start: TimeInterval = 0) {
        s.apply(.touch(Touch(timestamp: start, location: CGPoint(x: 2, y: 150), phase: .began)))
        for i in 1...frames {
            let t = start + Double(i) / 60
            s.apply(.touch(Touch(timestamp: t, location: CGPoint(x: 2 + distance * CGFloat(i) / CGFloat(frames), y: 150), phase: .moved)))
            s.apply(.advance(1.0 / 60))
        }
        let end = start + Double(frames + 1) / 60
        s.apply(.touch(Touch(timestamp: end, location: CGPoint(x: 2 + distance, y: 150), phase: .ended)))
    }

    @Test func tapPushesWithTheEffectAndTheStackGrows() throws {
        let s = try Self.session("radial")
        #expect(s.family == .navigation && s.depth == 2)
        s.apply(.touch(Touch(timestamp: 0, location: CGPoint(x: 100, y: 150), phase: .began)))
        s.apply(.touch(Touch(timestamp: 0.08, location: CGPoint(x: 103, y: 151), phase: .ended)))
        #expect(!s.isIdle && s.interactionState == "animating" && s.lastOperation == .push)
        Self.run(s, frames: 120)
        #expect(s.isIdle && s.depth == 3 && s.lastOutcome == "finished" && s.progress == 1)
    }

    /// A slow drag over 80 % of the width finishes (position past half, the default policy);
    /// a drag of 10 % released slowly cancels. During the drag the state is `interacting`.
    @Test func edgeDragPopsAndAShortOneCancels() throws {
        let s = try Self.session("radial")
        Self.edgeDrag(s, distance: 160, frames: 40)
        #expect(s.interactionState.hasPrefix("run-out") || s.interactionState == "finished")
        Self.run(s, frames: 120)
        #expect(s.depth == 1 && s.lastOutcome == "finished" && s.lastOperation == .pop)

        let t = try Self.session("radial")
        t.apply(.touch(Touch(timestamp: 0, location: CGPoint(x: 2, y: 150), phase: .began)))
        var states: Set<String> = []
        for i in 1...30 {
            t.apply(.touch(Touch(timestamp: Double(i) / 60, location: CGPoint(x: 2 + 20 * CGFloat(i) / 30, y: 150), phase: .moved)))
            t.apply(.advance(1.0 / 60))
            states.insert(t.interactionState)
        }
        #expect(states.contains("interacting"))
        t.apply(.touch(Touch(timestamp: 0.6, location: CGPoint(x: 22, y: 150), phase: .ended)))
        Self.run(t, frames: 120)
        #expect(t.depth == 2 && t.lastOutcome == "cancelled" && t.transitionsEnded == 1)
    }

    @Test func familiesFollowTheEffectsOperations() throws {
        let registry = try EffectBench.registry(effects: [])
        let fade = try #require(registry.entry(named: "fade"))
        #expect(
            PlaygroundSession.families(of: fade)
                == PlaygroundSession.Family.allCases.filter { f in
                    f.operations.contains { fade.supportedOperations.contains($0) }
                })
        let modal = try Self.session("dragdismiss", .modal)
        #expect(modal.depth == 1)
        modal.apply(.reverse)
        Self.run(modal, frames: 120)
        #expect(modal.depth == 0 && modal.lastOutcome == "finished" && modal.lastOperation == .dismiss)
    }
}
