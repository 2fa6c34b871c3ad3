import Testing
import TransitionKitTesting

@testable import DragDismissEffect

/// The effect laws (`EffectLaws`) for drag-to-dismiss in every direction: the declared drag
/// (`.dragToDismiss` down, left or right) cancelled then finished in both modes, with the
/// transitioning delegate, its pan controller and recognizer and the modal deallocated.
@MainActor
@Suite struct DragDismissLawTests {
    nonisolated static let configurations: [DragDismiss] = [DragDismiss(), DragDismiss(direction: .left), DragDismiss(direction: .right)]

    @Test(arguments: configurations)
    func keepsTheLaws(_ effect: DragDismiss) {
        EffectLaws.check(effect)
    }
}
