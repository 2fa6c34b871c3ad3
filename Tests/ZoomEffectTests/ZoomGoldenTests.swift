import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// Goldens of `ZoomScene` (the screenshot zooming out of thumbnail 7 of the grid) at progress
/// 0, 0.25, 0.5, 0.75 and 1 of every operation, each looked at when recorded: the rounded
/// screenshot grows from the thumbnail's place (push, present) or shrinks into it (pop,
/// dismiss), the grid darkening under it, thumbnail 7 hidden meanwhile (its twin,
/// thumbnail 12, stays).
@MainActor
struct ZoomGoldenTests {
    @Test(arguments: [TransitionOperation.push, .pop, .present, .dismiss])
    func frames(_ operation: TransitionOperation) throws {
        for p: CGFloat in [0, 0.25, 0.5, 0.75, 1] {
            let (stage, thumbnails) = try ZoomScene.stage(operation)
            stage.begin(animator: ZoomScene.zoom(thumbnails).makeAnimator(for: operation), interactive: true)
            stage.setProgress(p)
            expectGolden(try ZoomScene.render(stage), named: "ZoomGoldenTests/\(operation.rawValue).p\(p)")
            stage.end(finish: true)
        }
    }
}
