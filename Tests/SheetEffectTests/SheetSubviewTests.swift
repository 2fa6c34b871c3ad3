import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import SheetEffect

/// Nothing of the sheet or the screen behind is left out while the sheet is presented: both
/// are transformed and clipped as whole layers, so their subviews move, scale and clip with
/// them. A 200x400 pt scene at scale 1, the large sheet at progress 1 (`Sheet.Layout`: sheet
/// top 59 + 10 = 69; the screen behind scaled by s = 1 − 32/200 = 0.84 about its centre, its
/// top at 59, its corners rounded to 10 pt in its own points, dimmed by 0.1 black).
@MainActor
@Suite struct SheetSubviewTests {
    @Test func subviewsOfBothScreensAreDrawnAndClipped() throws {
        let size = CGSize(width: 200, height: 400)
        let stage = TransitionStage(
            operation: .present, size: size, scale: 1, modalPresentationStyle: .overFullScreen,
            fromContent: { presenter in
                presenter.backgroundColor = .white
                let strip = View(frame: CGRect(x: 0, y: 0, width: 200, height: 10), name: "red strip")
                strip.backgroundColor = Color(red: 1, green: 0, blue: 0)
                presenter.addSubview(strip)
            },
            toContent: { sheet in
                sheet.backgroundColor = Color(red: 0, green: 0, blue: 1)
                let bar = View(frame: CGRect(x: 0, y: 0, width: 200, height: 20), name: "yellow bar")
                bar.backgroundColor = Color(red: 1, green: 1, blue: 0)
                sheet.addSubview(bar)
            })
        stage.begin(animator: Sheet().makeAnimator(for: .present), interactive: true)
        stage.setProgress(1)
        let frame = try Compositor(options: RenderOptions(scale: 1)).render(stage.snapshot(), size: size)
        func rgb(_ x: Int, _ y: Int) throws -> [Int] {
            let p = try #require(frame.pixel(x: x, y: y))
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
        // The presenter's red strip: y 0...10 of it shows at 59...67.4, x 16...184, dimmed:
        // 255·0.9 = 229.5.
        let red = try rgb(100, 63)
        #expect(abs(red[0] - 229) <= 1 && red[1] == 0 && red[2] == 0, "\(red)")
        // Its top-left corner is cut by the presenter's rounded corner (8.4 px on screen):
        // the pixel at (16, 59), inside the corner's square but outside its curve, is the black
        // behind, not red.
        #expect(try rgb(16, 59) == [0, 0, 0])
        // The sheet's yellow bar at the sheet's top (69...89), cut by its own rounded corners.
        #expect(try rgb(100, 80) == [255, 255, 0])
        #expect(try rgb(0, 69) == [0, 0, 0])
    }
}
