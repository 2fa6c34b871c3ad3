import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTesting
import ZoomEffect

/// The zoomed screen's anti-aliased edge lies on its mask's edge (the mask is the screen's
/// visible rect, the screen scaled to it): each edge pixel must get the exact area of the
/// visible rect inside it, not that area squared (the product of the screen's coverage and the
/// mask's, which the compositor gave before drawing the two as one shape: 0.251 for a
/// half-covered pixel). Solid screens, white over black, so a pixel's value is 255 × its
/// coverage; the visible rect is read back from the layers (`ZoomScene.visible`), and the
/// exact area of a pixel on the middle row (column) cut by a vertical (horizontal) edge is the
/// length of the pixel's side inside the rect, a closed form.
@MainActor
struct ZoomEdgeCoverageTests {
    static let size = CGSize(width: 390, height: 844)

    /// The zoomed screen white: its contents (an opaque image) or its background alone.
    static func fillWhite(_ view: View, contents: Bool) {
        if contents {
            view.layer.contents = Bitmap(width: Int(size.width), height: Int(size.height), fill: RGBA8(r: 255, g: 255, b: 255, a: 255))
        } else {
            view.backgroundColor = .white
        }
    }

    /// The fraction of pixel [i, i + 1) inside [lo, hi).
    static func overlap(_ i: Int, _ lo: CGFloat, _ hi: CGFloat) -> Double {
        Double(max(0, min(hi, CGFloat(i + 1)) - max(lo, CGFloat(i))))
    }

    @Test(arguments: [false, true], [false, true])
    func edgePixelsGetTheExactArea(contents: Bool, generalPath: Bool) throws {
        for p: CGFloat in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let stage = TransitionStage(
                operation: .push, size: Self.size, scale: 1,
                fromContent: { $0.backgroundColor = .black }, toContent: { Self.fillWhite($0, contents: contents) })
            stage.begin(animator: Zoom().makeAnimator(for: .push), interactive: true)
            stage.setProgress(p)
            let rect = try #require(ZoomScene.visible(stage.toViewController.view)).rect
            var options = RenderOptions(scale: 1)
            options.disableFastPaths = generalPath
            let frame = try Compositor(options: options).render(stage.snapshot(), size: Self.size)
            stage.end(finish: true)
            let midY = Int(rect.midY), midX = Int(rect.midX)
            // The outermost columns of the middle row, the outermost rows of the middle column.
            let samples: [(x: Int, y: Int, area: Double)] = [
                (Int(rect.minX.rounded(.down)), midY, Self.overlap(Int(rect.minX.rounded(.down)), rect.minX, rect.maxX)),
                (Int(rect.maxX.rounded(.up)) - 1, midY, Self.overlap(Int(rect.maxX.rounded(.up)) - 1, rect.minX, rect.maxX)),
                (midX, Int(rect.minY.rounded(.down)), Self.overlap(Int(rect.minY.rounded(.down)), rect.minY, rect.maxY)),
                (midX, Int(rect.maxY.rounded(.up)) - 1, Self.overlap(Int(rect.maxY.rounded(.up)) - 1, rect.minY, rect.maxY)),
            ]
            for s in samples {
                let value = try #require(frame.pixel(x: s.x, y: s.y)).r
                // 8-bit coverage rounded to nearest, then white × coverage: within 1 of 255·area.
                #expect(
                    abs(Double(value) - 255 * s.area) <= 1.01,
                    "progress \(p), pixel (\(s.x), \(s.y)) of visible rect \(rect): \(value), exact area \(s.area) → \(255 * s.area)")
            }
        }
    }
}
