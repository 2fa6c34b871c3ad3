import Foundation
import TransitionKitCore
import TransitionKitRender
import TransitionKitTesting

/// Two flat colours with exact 8-bit values, to tell the screens of a transition apart in a
/// render (R1's pixel checks): the incoming view in `incoming`, the outgoing one in `outgoing`.
public enum ScreenColors {
    /// Pure red (255, 0, 0).
    public static let incoming = Color(red: 1, green: 0, blue: 0)
    /// Pure blue (0, 0, 255).
    public static let outgoing = Color(red: 0, green: 0, blue: 1)
    /// `incoming` as the compositor writes it (opaque).
    public static let incomingPixel = RGBA8(r: 255, g: 0, b: 0, a: 255)

    /// The number of pixels of `window` rendered at scale 1 that differ from `pixel`.
    /// - Complexity: one compositor pass over the window.
    @MainActor
    public static func pixels(of window: Window, differingFrom pixel: RGBA8) throws -> Int {
        let bitmap = try Compositor(options: RenderOptions(scale: 1)).render(window.snapshot(), size: window.size)
        var n = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != pixel { n += 1 }
        }
        return n
    }
}

/// Scenario R1 for time-based playback, for any effect.
public enum TimedResize {
    /// A window whose transition has just been started (by the caller), its clock, and
    /// anything that must stay alive while it runs (a transitioning delegate).
    public typealias Started = (window: Window, clock: ManualFrameClock, keepAlive: Any?)

    /// Starts the same transition on a `small` and on a `large` window (`start` builds the
    /// scene at the size given and starts it), plays both for `resizeAt` seconds, resizes
    /// the small one to `large`, and compares their layers (`layerState`) right after the
    /// resize and after `resizeAt` more seconds; then plays both to the end.
    /// - Returns: the differences, each line labelled (empty when every compared frame of the
    ///   resized transition is the fresh one's), and whether both reached idle within
    ///   1000 frames.
    @MainActor
    public static func differences(
        small: CGSize = CGSize(width: 320, height: 480), large: CGSize = CGSize(width: 768, height: 1024),
        resizeAt: TimeInterval = 0.1, start: (CGSize) throws -> Started
    ) throws -> (differences: [String], reachedIdle: Bool) {
        let resized = try start(small), fresh = try start(large)
        resized.clock.advance(by: resizeAt)
        fresh.clock.advance(by: resizeAt)
        resized.window.resize(to: large)
        var out = layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
            .map { "right after the resize: \($0)" }
        resized.clock.advance(by: resizeAt)
        fresh.clock.advance(by: resizeAt)
        out += layerStateDifferences(layerState(resized.window.rootView.layer), layerState(fresh.window.rootView.layer))
            .map { "\(resizeAt) s after the resize: \($0)" }
        let idle = resized.clock.runUntilIdle(maxFrames: 1000) < 1000 && fresh.clock.runUntilIdle(maxFrames: 1000) < 1000
        withExtendedLifetime((resized.keepAlive, fresh.keepAlive)) {}
        return (out, idle)
    }
}
