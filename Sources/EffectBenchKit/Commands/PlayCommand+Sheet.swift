import Foundation
import SheetEffect
import TransitionKitCore

extension PlayCommand {
    /// The sheet as an app presents it, for `play sheet --operation dismiss`: the stage's
    /// modal presented again through a `SheetPresentationController` (UIKit's
    /// `UISheetPresentationController`) whose detents are `[.large()]` for the registry's
    /// `detent=large` (the default) and `[.medium(), .large()]` for `detent=medium`, that one
    /// selected, the present run to its end before the trace starts. The trace then drives the
    /// controller's own drag: the sheet follows the finger between its detents and on release
    /// goes to the detent (or the dismissal) nearest the projected position
    /// y + v·0.998/(1 − 0.998)/1000 (`Sheet.Layout.releaseTarget(sheetTop:velocity:)`).
    /// - Returns: the controller (kept by the modal), nil when `effect` is not the sheet.
    static func presentSheet(_ effect: any TransitionEffect, stage: TransitionStage) -> SheetPresentationController? {
        guard let sheet = effect as? Sheet else { return nil }
        let modal = stage.fromViewController
        modal.dismiss(animated: false)
        let controller = SheetPresentationController(presentedViewController: modal, configuration: sheet)
        controller.detents = sheet.detent == .medium ? [.medium(), .large()] : [.large()]
        controller.selectedDetentIdentifier = sheet.detent == .medium ? .medium : .large
        stage.toViewController.present(modal, animated: true)
        _ = stage.clock.runUntilIdle(maxFrames: 60 * 60)
        return controller
    }

    /// The detent the sheet rests at (its identifier), nil once it is dismissed.
    static func detent(of controller: SheetPresentationController?) -> String? {
        guard let controller, controller.currentTop != nil else { return nil }
        return (controller.selectedDetentIdentifier ?? controller.detents.first?.identifier)?.rawValue
    }
}
