import EffectBenchKit
import Foundation
import Testing
import TransitionKitCore
import TransitionKitDisplay
import TransitionKitRender

@testable import TransitionKitPlayground

/// The playground following a scale change live (the `x` key: the window as on a display of
/// 2 pixels a point, its size in points kept), scripted in an offscreen window: one container
/// change for the session, and every frame read back equals the headless render of a session
/// given the same inputs, at that session's scale.
@MainActor
@Suite(.serialized, .enabled(if: SDLTestGate.enabled, SDLTestGate.reason))
struct PlaygroundScaleTests {
    @Test func theSceneFollowsAScaleChangeLive() throws {
        var lines: [String] = []
        let app = try PlaygroundOffscreenTests.app(frames: 60) { lines.append($0) }
        let script = PlaygroundOffscreenTests.edgeDrag(start: 5)
        app.readsBack = true
        app.beforeFrame = { i in
            for t in script[i] ?? [] { app.display.post(t) }
            if i == 15 { app.display.post(.character("x")) }
        }
        var frames: [PlaygroundFrame] = []
        app.afterPresent = { frames.append($0) }
        app.run()
        app.close()
        try #require(frames.count == 60)
        let size = PlaygroundOffscreenTests.size
        let changes = frames.flatMap(\.inputs).filter {
            switch $0 {
            case .resize, .container: true
            default: false
            }
        }
        #expect(changes == [.container(size, scale: 2)], "one container change, the window's resize event after it changing nothing")
        #expect(app.session.scale == 2 && app.session.window.scale == 2 && app.session.size == size)
        let headless = try PlaygroundOffscreenTests.headless(scale: 1)
        for frame in frames {
            for input in frame.inputs { headless.apply(input) }
            let compositor = Compositor(options: RenderOptions(scale: headless.scale, background: .black))
            let expected = try compositor.render(headless.stage.snapshot(), size: headless.size)
            #expect(frame.readBack == expected, "frame \(frame.index) differs from the headless render at scale \(headless.scale)")
        }
        #expect(frames.last?.readBack?.width == 400 && frames.first?.readBack?.width == 200)
        // The drag, posted in points, still pops across the change.
        #expect(lines.contains { $0.contains("\"operation\":\"pop\",\"outcome\":\"finished\",\"depth\":1") }, "\(lines)")
    }
}

/// Every declared parameter kind steps within its range (`ParameterField`); expected values
/// from the declarations: Zoom's dimming black at alpha 0.2 (`#00000033`), steps of 17/255
/// (`0x11`) or 1/255; its source offset 0,0 in steps of 1/20 of a 200x300 container, clamped
/// to ±half of it; fade's duration 0.3 in 0...10 (steps of 0.5, 0.05 fine).
@MainActor
@Suite struct ParameterFieldTests {
    static let container = CGSize(width: 200, height: 300)

    static func parameter(_ effect: String, _ name: String) throws -> AnyEffectParameter {
        try #require(try EffectBench.registry(effects: []).entry(named: effect)?.parameters.first { $0.name == name })
    }

    func field(_ parameter: AnyEffectParameter, _ component: Int?) throws -> ParameterField {
        try #require(ParameterField.fields(of: [parameter]).first { $0.component == component })
    }

    @Test func colourComponentsStepByBytes() throws {
        let dimming = try Self.parameter("zoom", "dimming")
        #expect(ParameterField.fields(of: [dimming]).map(\.label) == ["dimming.r", "dimming.g", "dimming.b", "dimming.a"])
        #expect(dimming.defaultText == "#00000033")
        let red = try field(dimming, 0), alpha = try field(dimming, 3)
        #expect(red.stepped("#00000033", by: 1, fine: false, container: Self.container) == "#11000033")
        #expect(red.stepped("#00000033", by: 1, fine: true, container: Self.container) == "#01000033")
        #expect(red.stepped("#00000033", by: -1, fine: false, container: Self.container) == "#00000033", "clamped at 0")
        #expect(alpha.stepped("#000000ff", by: 1, fine: false, container: Self.container) == "#000000", "clamped at 1: opaque")
        #expect(red.shown("#11000033") == "0.067 of #11000033")
    }

    @Test func pointCoordinatesStepByTheContainer() throws {
        let offset = try Self.parameter("zoom", "sourceoffset")
        let x = try field(offset, 0), y = try field(offset, 1)
        #expect(x.stepped("0,0", by: 1, fine: false, container: Self.container) == "10,0")
        #expect(y.stepped("0,0", by: -1, fine: false, container: Self.container) == "0,-15")
        #expect(x.stepped("0,0", by: 1, fine: true, container: Self.container) == "1,0")
        #expect(x.stepped("95,7", by: 1, fine: false, container: Self.container) == "100,7", "clamped at half the width")
        #expect(x.stepped("100,7", by: 1, fine: false, container: Self.container) == "100,7")
        #expect(y.shown("10,-15") == "-15 points")
    }

    @Test func numbersStepByTheirRange() throws {
        let duration = try Self.parameter("fade", "duration")
        let f = try field(duration, nil)
        #expect(f.stepped("0.3", by: 1, fine: false, container: Self.container) == "0.8")
        #expect(f.stepped("0.3", by: -1, fine: true, container: Self.container) == "0.25")
        #expect(f.stepped("9.9", by: 1, fine: false, container: Self.container) == "10")
        #expect(f.shown("0.8") == "0.8 seconds")
    }
}
