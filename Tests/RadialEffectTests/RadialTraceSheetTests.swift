import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

@testable import RadialEffect

/// A contact sheet of an interactive radial pop driven by a recorded trace (issue: "a golden
/// contact sheet of an interactive radial pop driven by a trace has been looked at and
/// recorded"). The trace `reversal.json` (320x480 window; README: drag to 50 % then back to
/// 10 % and release) must show the circle from (0, finger.y) growing, shrinking back, and the
/// cancel restoring the outgoing screen.
@MainActor
@Suite struct RadialTraceSheetTests {
    @Test func S5_reversalContactSheet() async throws {
        let size = CGSize(width: 320, height: 480)
        let stage = TransitionStage(operation: .pop, size: size, scale: 1, fromImage: EffectFrames.fromImage, toImage: EffectFrames.toImage)
        stage.navigationController!.enableRadialSwipe()
        let trace = try GestureTrace(contentsOf: Fixtures.url("traces/reversal.json").path)
        var frames: [(LayerSnapshot, Double)] = []
        let result = stage.window.replay(trace, on: stage.clock) {
            let p = stage.window.transitionQueue.current?.percentComplete
            frames.append((stage.snapshot(), Double(p ?? 0)))
        }
        #expect(result.reachedIdle)
        #expect(stage.navigationController!.viewControllers.count == 2)  // cancelled (S5)
        // Twelve frames evenly spread over the replay, rendered and laid out 6 across.
        let picks = (0..<12).map { $0 * (frames.count - 1) / 11 }
        var cells: [(bitmap: Bitmap, progress: Double)] = []
        for i in picks {
            let bitmap = try Compositor(options: RenderOptions(scale: 1)).render(frames[i].0, size: size)
            cells.append((bitmap, frames[i].1))
        }
        let sheet = try ContactSheet.compose(frames: cells, columns: 6, cellWidth: 160, spacing: 6, background: RGBA8(r: 40, g: 40, b: 40, a: 255))
        let check = GoldenImage.check(sheet, suite: "RadialTraceSheetTests", test: "reversal", label: "sheet")
        #expect(check.passed, "\(check)")
        // The last frame is the outgoing screen again, untouched.
        let last = try Compositor(options: RenderOptions(scale: 1)).render(frames[frames.count - 1].0, size: size)
        let untouched = TransitionStage(operation: .pop, size: size, scale: 1, fromImage: EffectFrames.fromImage, toImage: EffectFrames.toImage)
        #expect(last == (try Compositor(options: RenderOptions(scale: 1)).render(untouched.snapshot(), size: size)))
    }
}
