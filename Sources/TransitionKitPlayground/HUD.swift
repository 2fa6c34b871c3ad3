import Foundation
import TransitionKitCore

/// What the heads-up display shows for one frame.
struct HUDState {
    var lines: [(text: String, color: RGBA8)] = []
    /// Progress of the running or last transition, 0...1.
    var progress: Double = 0
    /// Whether the timeline is being scrubbed.
    var scrubbing = false
    /// Recent frame times in seconds (model + render + upload), oldest first.
    var frameTimes: [Double] = []
}

/// Draws the heads-up display into its own panel bitmap, right of the scene, so the scene's
/// pixels stay the compositor's: lines of text in the playground's dot font, a plot of recent
/// frame times against the 60 Hz (16.7 ms) and 120 Hz (8.3 ms) budgets, and the timeline the
/// pointer scrubs.
enum HUD {
    /// The panel's width in points.
    static let width: CGFloat = 330
    /// The timeline's height in points, at the panel's bottom.
    static let timelineHeight: CGFloat = 44
    /// The plot's height in points, above the timeline.
    static let plotHeight: CGFloat = 90

    static let text = RGBA8(r: 230, g: 230, b: 235, a: 255)
    static let dim = RGBA8(r: 140, g: 140, b: 150, a: 255)
    static let accent = RGBA8(r: 255, g: 196, b: 60, a: 255)
    static let bad = RGBA8(r: 255, g: 90, b: 80, a: 255)
    static let good = RGBA8(r: 110, g: 220, b: 120, a: 255)
    private static let background = RGBA8(r: 24, g: 24, b: 28, a: 255)
    private static let budget60 = RGBA8(r: 255, g: 196, b: 60, a: 255)
    private static let budget120 = RGBA8(r: 90, g: 160, b: 255, a: 255)

    /// The progress (0...1) a pointer at panel x `x` points sets on the timeline.
    static func progress(atPanelX x: CGFloat) -> Double {
        let left: CGFloat = 10, right = width - 10
        return Double(min(1, max(0, (x - left) / (right - left))))
    }

    /// Whether a point in panel points lies on the timeline of a panel `height` points tall.
    static func isOnTimeline(_ point: CGPoint, height: CGFloat) -> Bool { point.y >= height - timelineHeight - 8 }

    /// Draws `state` over all of `panel` (its size in pixels; `scale` pixels per point).
    /// - Complexity: O(panel pixels).
    static func draw(_ state: HUDState, into panel: inout Bitmap, scale: CGFloat) {
        panel.fill(background)
        let dot = max(1, Int(scale.rounded()))
        let lineHeight = 11 * dot
        var y = 8 * dot
        for line in state.lines {
            BitmapFont.draw(line.text, in: &panel, x: 8 * dot, y: y, dot: dot, color: line.color)
            y += lineHeight
        }
        let px = { (v: CGFloat) in Int((v * scale).rounded()) }
        let height = CGFloat(panel.height) / scale
        // The plot: one bar per frame, 16.7 ms at 3/4 of its height.
        let plotTop = height - timelineHeight - plotHeight - 20
        let plotBottom = plotTop + plotHeight
        let msPerPoint = 16.7 / 1000 / (plotHeight * 0.75)
        fill(&panel, x0: px(8), y0: px(plotTop), x1: px(width - 8), y1: px(plotBottom), RGBA8(r: 36, g: 36, b: 42, a: 255))
        let bars = state.frameTimes.suffix(Int(width - 16))
        for (i, t) in bars.enumerated() {
            let h = min(plotHeight, CGFloat(t / msPerPoint))
            let x = 8 + CGFloat(i)
            fill(&panel, x0: px(x), y0: px(plotBottom - h), x1: px(x + 1), y1: px(plotBottom), t > 1.0 / 60 ? bad : good)
        }
        for (seconds, color) in [(1.0 / 60, budget60), (1.0 / 120, budget120)] {
            let ly = plotBottom - CGFloat(seconds / msPerPoint)
            fill(&panel, x0: px(8), y0: px(ly), x1: px(width - 8), y1: px(ly) + dot, color)
        }
        BitmapFont.draw("FRAME TIME  - 60 HZ 16.7 MS  - 120 HZ 8.3 MS", in: &panel, x: px(8), y: px(plotTop - 12), dot: dot, color: dim)
        // The timeline.
        let top = height - timelineHeight
        BitmapFont.draw(
            state.scrubbing ? "TIMELINE (SCRUBBING, ESC ENDS)" : "TIMELINE (CLICK OR [ ] TO SCRUB)", in: &panel,
            x: px(10), y: px(top - 2), dot: dot, color: state.scrubbing ? accent : dim)
        let barY0 = px(top + 14), barY1 = px(top + 30)
        fill(&panel, x0: px(10), y0: barY0, x1: px(width - 10), y1: barY1, RGBA8(r: 60, g: 60, b: 68, a: 255))
        let filled = 10 + (width - 20) * CGFloat(min(1, max(0, state.progress)))
        fill(&panel, x0: px(10), y0: barY0, x1: px(filled), y1: barY1, state.scrubbing ? accent : budget120)
    }

    private static func fill(_ b: inout Bitmap, x0: Int, y0: Int, x1: Int, y1: Int, _ color: RGBA8) {
        let value = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        let xa = max(0, x0), xb = min(b.width, x1), ya = max(0, y0), yb = min(b.height, y1)
        guard xa < xb, ya < yb else { return }
        let stride = b.rowStride
        b.withUnsafeMutablePixels { p in
            for y in ya..<yb { (p + y * stride + xa).update(repeating: value, count: xb - xa) }
        }
    }
}
