import EffectBenchKit
import Foundation
import Testing
import TransitionKitCore
import TransitionKitDisplay
import TransitionKitRender

@testable import TransitionKitPlayground

/// The keys, pressed as SDL key events in an offscreen window during a push: slow motion
/// advances the model by a tenth of each display frame's vsyncs, pause stops it, `.` steps one
/// 1/60 s frame, `,` steps back to exactly the frame before (read back byte for byte), `]`
/// shows the effect at the scrubbed progress exactly as a stage set to that progress renders
/// it, and up moves the chosen parameter one twentieth of its declared range.
@MainActor
@Suite(.serialized, .enabled(if: SDLTestGate.enabled, SDLTestGate.reason))
struct PlaygroundControlsTests {
    @Test func slowMotionPauseStepScrubAndParameters() throws {
        let app = try PlaygroundOffscreenTests.app(frames: 40) { _ in }
        app.readsBack = true
        let keys: [Int: DisplayKey] = [
            3: .character("s"), 20: .character("s"), 28: .space, 30: .character("."), 32: .character("."), 34: .character(","), 36: .character("]"),
        ]
        app.beforeFrame = { i in
            if let key = keys[i] { app.display.post(key) }
            if i == 5 { app.display.post(Touch(timestamp: 0, location: CGPoint(x: 100, y: 150), phase: .began)) }
            if i == 6 { app.display.post(Touch(timestamp: 0, location: CGPoint(x: 100, y: 150), phase: .ended)) }
            if i == 38 { app.display.post(.escape) }
            if i == 39 { app.display.post(.up) }
        }
        var frames: [Int: PlaygroundFrame] = [:]
        var scrubProgress: Double?
        app.afterPresent = { frame in
            frames[frame.index] = frame
            if frame.index == 36 { scrubProgress = app.scrub?.progress }
        }
        app.run()
        app.close()
        try #require(frames.count == 40)
        func advance(_ i: Int) -> TimeInterval? {
            frames[i]!.inputs.compactMap { if case .advance(let s) = $0 { s } else { nil } }.first
        }
        // Slow motion (frames 4...19): a tenth of the vsyncs since the frame before.
        var slowChecked = 0
        for i in 4...19 {
            let elapsed = frames[i]!.timestamp - frames[i - 1]!.timestamp
            let step = try #require(advance(i))
            #expect(abs(step - elapsed * 0.1) < 1e-9, "frame \(i): advanced \(step) s for \(elapsed) s of display")
            slowChecked += 1
        }
        #expect(slowChecked == 16)
        // The click of frames 5 and 6 pushed.
        #expect(frames[6]!.inputs.contains { if case .touch(let t) = $0 { t.phase == .ended } else { false } })
        // At 1x again (frames 20...27): the vsyncs since the frame before.
        for i in 20...27 {
            let elapsed = frames[i]!.timestamp - frames[i - 1]!.timestamp
            #expect(advance(i).map { abs($0 - elapsed) < 1e-9 } == true, "frame \(i): advanced \(String(describing: advance(i))) s for \(elapsed) s")
        }
        // Paused from frame 28: no advance but the two steps.
        for i in 28...35 where i != 30 && i != 32 { #expect(advance(i) == nil, "frame \(i) advanced while paused") }
        #expect(advance(30) == 1.0 / 60 && advance(32) == 1.0 / 60)
        let a = try #require(frames[30]!.readBack), b = try #require(frames[32]!.readBack), c = try #require(frames[34]!.readBack)
        #expect(a != b, "a step moved nothing: the push runs, at about half its progress")
        #expect(c == a, "stepping back should show the frame before the last step")

        // Scrubbing: the push at the progress `]` set, as a stage set to it renders it.
        let p = try #require(scrubProgress)
        #expect(p > 0 && p < 1)
        let session = app.session
        let stage = TransitionStage(
            operation: .push, size: session.size, scale: session.scale, modalPresentationStyle: session.entry.modalPresentationStyle,
            fromImage: session.images.from, toImage: session.images.to)
        stage.begin(animator: try EffectBench.registry(effects: []).makeEffect(named: "radial").makeAnimator(for: .push), interactive: true)
        stage.setProgress(CGFloat(p))
        let expected = try Compositor(options: RenderOptions(scale: session.scale, background: .black)).render(stage.snapshot(), size: session.size)
        #expect(frames[36]!.scrubbing && frames[36]!.readBack == expected)
        #expect(frames[39]!.scrubbing == false)
        // Up: radial's duration (0...10 s, default 0.33) one twentieth of its range up.
        #expect(session.settings == ["duration": "0.83"])
        #expect(session.depth == 2 && session.isIdle && session.transitionsEnded == 0)
    }
}

/// The pointer on the HUD: on the timeline it scrubs to the point's share of the bar; above
/// it (the text) it does nothing, however it is dragged; neither reaches the scene.
@MainActor
@Suite(.serialized, .enabled(if: SDLTestGate.enabled, SDLTestGate.reason))
struct PlaygroundTimelineTests {
    @Test func theTimelineScrubsAndTheRestOfTheHUDDoesNot() throws {
        let app = try PlaygroundOffscreenTests.app(frames: 12) { _ in }
        // The bar spans panel x 10...320 (HUD.width 330 less 10 each side).
        let x0 = PlaygroundOffscreenTests.size.width
        let script: [Int: [Touch]] = [
            2: [Touch(timestamp: 0, location: CGPoint(x: x0 + 30, y: 50), phase: .began)],
            3: [Touch(timestamp: 0, location: CGPoint(x: x0 + 200, y: 280), phase: .moved)],
            4: [Touch(timestamp: 0, location: CGPoint(x: x0 + 200, y: 280), phase: .ended)],
            7: [Touch(timestamp: 0, location: CGPoint(x: x0 + 10 + 0.5 * 310, y: 280), phase: .began)],
            8: [Touch(timestamp: 0, location: CGPoint(x: x0 + 10 + 0.2 * 310, y: 285), phase: .ended)],
        ]
        var scrubbed: [Int: Double?] = [:]
        var sessionTouches = 0
        app.beforeFrame = { i in for t in script[i] ?? [] { app.display.post(t) } }
        app.afterPresent = { frame in
            scrubbed[frame.index] = .some(app.scrub?.progress)
            sessionTouches += frame.inputs.filter { if case .touch = $0 { true } else { false } }.count
        }
        app.run()
        app.close()
        try #require(scrubbed.count == 12)
        #expect(scrubbed[5]! == nil, "a drag that began above the timeline scrubbed")
        // Posted points are whole: 155 and 62 of the bar's 310 points.
        #expect(scrubbed[7]!.map { abs($0 - 0.5) < 1e-12 } == true && scrubbed[8]!.map { abs($0 - 0.2) < 1e-12 } == true, "\(scrubbed)")
        #expect(sessionTouches == 0)
    }
}
