import Foundation
import Testing
import TransitionKitCore
import TransitionKitTesting

@testable import FadeEffect
@testable import PushBack3DEffect
@testable import RadialEffect

/// Conflicts between the parts of a composition: typed, naming both effects, the layer's
/// role and the property; found by `validate()` and, at the latest, when the transition
/// prepares (refused, stack and layers unchanged).
@MainActor
@Suite struct CompositionConflictTests {
    /// The conflict `validate()` throws, or nil.
    static func conflict(_ validate: () throws(TransitionKitError) -> Void) -> EffectConflict? {
        do throws(TransitionKitError) {
            try validate()
        } catch {
            if case .effectConflict(let c) = error { return c }
            Issue.record("validate threw \(error), not effectConflict")
        }
        return nil
    }

    /// Two radial reveals both set the incoming view's mask: no rule combines masks.
    @Test func twoMasksConflict() {
        let c = Self.conflict { () throws(TransitionKitError) in try ParallelEffect(Radial(), Radial()).validate() }
        #expect(c == EffectConflict(first: "radial", second: "radial", role: .toView, property: .mask, operation: .push))
        #expect(
            TransitionKitError.effectConflict(c!).description
                == "effect conflict: radial and radial both set the mask of the to view (push)")
    }

    /// Fade puts the incoming view on top for a pop; radial's conceal puts the outgoing one on
    /// top: both set the container's sublayer order (the views' z-order). Push agrees.
    @Test func zOrderConflictOnPopOnly() {
        let c = Self.conflict { () throws(TransitionKitError) in try ParallelEffect(Fade(), Radial(popStyle: .conceal)).validate() }
        #expect(c?.first == "fade")
        #expect(c?.second == "radial")
        #expect(c?.role == .container)
        #expect(c?.property == .sublayers)
        #expect(c?.operation == .pop)
    }

    /// Opacity and transform set by both parts are combined, not conflicts; nor are
    /// properties only one part sets.
    @Test func combinedPropertiesAreNoConflict() throws {
        try ParallelEffect(Radial(), Fade()).validate()
        try ParallelEffect(Fade(), Fade()).validate()
        try ParallelEffect(PushBack3D(), Grow()).validate()
        try SequentialEffect(PushBack3D(), Fade()).validate()
        try StaggeredEffect(ParallelEffect(Radial(), Fade())).validate()
    }

    /// A transition with a conflicting composition is refused at prepare: completion false,
    /// the stack and every layer of both screens as before.
    @Test func conflictRefusesTheTransition() throws {
        let stage = try makeStage(.push, rows: 2)
        let before = layerRecords(stage.fromViewController, stage.toViewController)
        let stack = stage.navigationController!.viewControllers.map(ObjectIdentifier.init)
        stage.begin(animator: ParallelEffect(Radial(), Radial()).makeAnimator(for: .push), interactive: false)
        #expect(stage.clock.runUntilIdle(maxFrames: 10_000) < 10_000)
        #expect(stage.completed == false)
        #expect(stage.navigationController!.viewControllers.map(ObjectIdentifier.init) == stack)
        #expect(layerRecords(stage.fromViewController, stage.toViewController) == before)
    }
}
