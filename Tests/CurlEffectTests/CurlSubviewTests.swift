import CurlEffect
import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// The roll warps the page's whole subtree (Core Animation's `meshTransform` flattens a layer
/// with its sublayers): a page with a coloured subview shows that colour on the rolled part,
/// where the documented cylinder map puts it (`Curl.curledPosition`).
@MainActor
@Suite struct CurlSubviewTests {
    /// A 200x400 pt page (blue) with a red subview across it at y 330...370 pt, curled up over
    /// a green screen with `Curl(angle: 0)` (horizontal axis, n = (0, 1), r = 40) at c = 0.5:
    /// the axis is at y = 400 − 0.5·(400 + 80) = 160. The page point (100, 350), d = 190 pt past
    /// the axis (more than half a turn, π·40 = 125.7), lies flat face down on the back at
    /// y = 350 − (2·190 − 125.7) = 95.7: there the back shows the subview's red with white at
    /// `backTint` 0.6 over it, (0.6·255 + 0.4·255, 0.6·255, 0.6·255) = (255, 153, 153), not the
    /// page's blue ((153, 153, 255)).
    @Test func aSubviewShowsOnTheRoll() throws {
        let size = CGSize(width: 200, height: 400)
        let stage = TransitionStage(
            operation: .present, size: size, scale: 1, modalPresentationStyle: Curl.modalPresentationStyle,
            fromContent: { page in
                page.backgroundColor = Color(red: 0, green: 0, blue: 1)
                let band = View(frame: CGRect(x: 0, y: 330, width: 200, height: 40), name: "red band")
                band.backgroundColor = Color(red: 1, green: 0, blue: 0)
                page.addSubview(band)
            },
            toContent: { $0.backgroundColor = Color(red: 0, green: 1, blue: 0) })
        let curl = Curl(angle: 0)
        stage.begin(animator: curl.makeAnimator(for: .present), interactive: true)
        stage.setProgress(0.5)
        let frame = try Compositor(options: RenderOptions(scale: 1)).render(stage.snapshot(), size: size)
        let (axis, n, _) = curl.cylinderAxis(at: 0.5, pageSize: size)
        #expect(abs(axis.y - 160) < 1e-9)
        let shown = Curl.curledPosition(of: CGPoint(x: 100, y: 350), axisPoint: axis, normal: n, radius: 40)
        #expect(abs(shown.y - (350 - (380 - 40 * .pi))) < 1e-9 && shown.z == 80)
        let pixel = try #require(frame.pixel(x: Int(shown.x), y: Int(shown.y)))
        #expect(abs(Int(pixel.r) - 255) <= 2 && abs(Int(pixel.g) - 153) <= 2 && abs(Int(pixel.b) - 153) <= 2, "\(pixel)")
        // 30 pt further along the back (page y 320, above the band) the page's own blue shows.
        let blue = Curl.curledPosition(of: CGPoint(x: 100, y: 320), axisPoint: axis, normal: n, radius: 40)
        let page = try #require(frame.pixel(x: Int(blue.x), y: Int(blue.y)))
        #expect(abs(Int(page.r) - 153) <= 2 && abs(Int(page.g) - 153) <= 2 && abs(Int(page.b) - 255) <= 2, "\(page)")
    }
}
