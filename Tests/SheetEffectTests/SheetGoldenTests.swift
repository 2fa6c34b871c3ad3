import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

@testable import SheetEffect

/// Goldens of the present on a 196x426 pt scene at scale 1 (the stage's two patterns), each
/// looked at when recorded: large at p 0.5 (sheet top at 426 − 0.5·357 = 247.5, the screen
/// behind half pushed back) and 1 (sheet top at 69 with 10 pt rounded top corners, the
/// screen behind scaled by 1 − 32/196, its top at 59, rounded and dimmed by 0.1, black
/// around it); medium at 1 (top at 426 − 178.5 = 247.5, nothing pushed back, dimmed 0.1).
@MainActor
@Suite struct SheetGoldenTests {
    let scene = EffectScene(size: CGSize(width: 196, height: 426), scale: 1)

    @Test(arguments: [0.5, 1] as [CGFloat])
    func presentLarge(_ p: CGFloat) throws {
        expectGolden(try scene.frame(Sheet(), .present, progress: p), named: "SheetGoldenTests/present.large.p\(p)")
    }

    @Test func presentMedium() throws {
        expectGolden(try scene.frame(Sheet(detent: .medium), .present, progress: 1), named: "SheetGoldenTests/present.medium.p1.0")
    }

    /// The grabber (`prefersGrabberVisible`) on the medium sheet at scale 2, looked at when
    /// recorded: a 36x5 pt capsule (72x10 px, radius 2.5 pt), centred (x 80...116 pt of 196),
    /// 5 pt below the sheet's top at 247.5 (y 252.5...257.5 pt). Checked independently of the
    /// golden against the same frame without the grabber: identical outside the capsule's box,
    /// and at its centre source-over of (0.24, 0.24, 0.26) at 0.3 (UIKit's light
    /// `tertiaryLabel`, #3C3C43 at 30 %) over the pixel there.
    @Test func presentMediumWithGrabber() throws {
        let scene2 = EffectScene(size: CGSize(width: 196, height: 426), scale: 2)
        let sheetVC = ViewController(title: "sheet")
        let controller = SheetPresentationController(presentedViewController: sheetVC)
        controller.detents = [.medium()]
        controller.prefersGrabberVisible = true
        let frame = try scene2.frame(
            animator: SheetAnimator(Sheet(), controller: controller), .present, progress: 1, modalPresentationStyle: .overFullScreen)
        expectGolden(frame, named: "SheetGoldenTests/present.medium.grabber.p1.0")
        let plain = try scene2.frame(Sheet(detent: .medium), .present, progress: 1)
        let box = (x: 160..<232, y: 505..<515)  // the capsule's pixels
        var outside = 0, differing = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where !(box.x.contains(x) && box.y.contains(y)) {
                outside += 1
                if frame.pixel(x: x, y: y) != plain.pixel(x: x, y: y) { differing += 1 }
            }
        }
        #expect(outside == 392 * 852 - 72 * 10 && differing == 0)
        let under = try #require(plain.pixel(x: 196, y: 510)), grabber = try #require(frame.pixel(x: 196, y: 510))
        for (shown, below, tint) in [(grabber.r, under.r, 0.24), (grabber.g, under.g, 0.24), (grabber.b, under.b, 0.26)] {
            let expected = 0.3 * tint * 255 + 0.7 * Double(below)
            #expect(abs(Double(shown) - expected) <= 1.5, "\(shown) vs \(expected)")
        }
        withExtendedLifetime(sheetVC) {}
    }
}
