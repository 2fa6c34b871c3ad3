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
}
