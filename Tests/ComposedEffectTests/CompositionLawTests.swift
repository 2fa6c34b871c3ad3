import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTesting

/// Compositions keep every effect law (`EffectLaws`): endpoints, cancel restores, refusal,
/// registry round trip, no allocation per frame, no leaks, the first part's gestures; and a
/// cancelled or finished stagger leaves the incoming view's subviews as they were.
@MainActor
@Suite struct CompositionLawTests {
    @Test func parallelKeepsTheLaws() {
        EffectLaws.check(ParallelEffect(Radial(), Fade()))
        EffectLaws.check(ParallelEffect(DragDismiss(), Fade()))
    }

    @Test func sequenceKeepsTheLaws() {
        EffectLaws.check(SequentialEffect(PushBack3D(), Fade(), split: 0.4))
    }

    @Test func staggerKeepsTheLaws() {
        EffectLaws.check(StaggeredEffect(Fade()))
        EffectLaws.check(StaggeredEffect(ParallelEffect(Radial(), Fade()), delay: 0.1))
    }

    /// The stagger adds an empty view below each subview and sets each subview's layers; a
    /// cancel at 0.5 and a finish restore the incoming view's properties and its subviews (the
    /// same views, in the same order, every layer below them as recorded before).
    @Test(arguments: [false, true])
    func staggerRestoresSubviews(finish: Bool) throws {
        let stage = try makeStage(.push, rows: 3)
        let incoming = stage.toViewController.view
        let subviews = incoming.subviews.map(ObjectIdentifier.init)
        let before = incoming.subviews.map { layerRecord($0.layer) }
        let properties = incoming.layer.properties
        show(StaggeredEffect(ParallelEffect(Radial(), Fade())), .push, at: 0.5, on: stage)
        #expect(incoming.subviews.count == 6)
        #expect(incoming.subviews.compactMap(\.layer.mask).count == 3)
        stage.end(finish: finish)
        #expect(stage.completed == finish)
        #expect(incoming.subviews.map(ObjectIdentifier.init) == subviews)
        #expect(incoming.subviews.map { layerRecord($0.layer) } == before)
        #expect(incoming.layer.properties == properties)
    }
}
