import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport

/// The code of README.md's "A first transition" section, verbatim but for the output path and
/// `print` (collected in `log`), so the README
/// cannot drift from the API. Expected pixels from the radial formula: at 0.2 s of the
/// 0.33 s easeIn reveal from the right-edge midpoint, the circle covers the right edge's
/// middle and not the left edge.
@MainActor
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleRunsAndDrawsTheReveal() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-frame-\(getpid()).png").path
        var log: [String] = []
        // --- README begins
        let clock = ManualFrameClock(framesPerSecond: 60)  // or RealTimeFrameClock
        let window = Window(size: CGSize(width: 393, height: 852), scale: 3, frameClock: clock)
        let inbox = ViewController(title: "Inbox")
        inbox.view.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
        let nav = NavigationController(rootViewController: inbox)
        window.rootViewController = nav

        let message = ViewController(title: "Message")
        message.view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
        nav.radialPush(message) { finished in log.append("pushed: \(finished)") }
        clock.advance(by: 0.2)  // part-way through the 0.33 s reveal

        let compositor = Compositor(options: RenderOptions(scale: window.scale))
        let frame = try compositor.render(window.snapshot(), size: window.size)
        try PNGEncoder.write(frame, to: path)  // a blue circle growing from the right edge
        clock.runUntilIdle()  // play it to the end: "pushed: true"
        // --- README ends
        #expect(clock.activeLinkCount == 0)  // runUntilIdle reached idle
        #expect(log == ["pushed: true"])
        #expect(frame.width == 1179 && frame.height == 2556)
        let blue = Color(red: 0.2, green: 0.45, blue: 0.9).premultipliedRGBA8, grey = Color(red: 0.95, green: 0.95, blue: 0.97).premultipliedRGBA8
        #expect(frame.pixel(x: 1170, y: 1278) == blue && frame.pixel(x: 5, y: 1278) == grey)
        #expect(try PNGDecoder.read(contentsOf: path) == frame)
    }
}
