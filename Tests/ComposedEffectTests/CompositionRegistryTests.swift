import DragDismissEffect
import Foundation
import Testing
import TransitionKitCore

@testable import FadeEffect
@testable import PushBack3DEffect
@testable import RadialEffect

/// Compositions in the registry: composed names, prefixed parameters, the operations both
/// parts support, refusals with one clear message, and compositions of registered effects
/// resolved by name without registering them.
@MainActor
@Suite struct CompositionRegistryTests {
    /// Registration: composed names, prefixed parameters, the intersection of operations, and
    /// a clear refusal when names would repeat or no operation is shared.
    @Test func registry() throws {
        var registry = EffectRegistry()
        try registry.register(ParallelEffect<Radial, Fade>.self)
        try registry.register(SequentialEffect<ParallelEffect<Radial, Fade>, PushBack3D>.self)
        try registry.register(StaggeredEffect<Fade>.self)
        #expect(registry.names == ["radial+fade", "(radial+fade)>pushback3d", "staggered(fade)"])
        #expect(
            registry.entry(named: "radial+fade")?.parameters.map(\.name)
                == ["radial.duration", "radial.popstyle", "fade.duration", "fade.style", "fade.color"])
        #expect(registry.entry(named: "(radial+fade)>pushback3d")?.supportedOperations == [.push, .pop, .tab])
        let made = try registry.makeEffect(named: "radial+fade", settings: ["fade.duration": "0.5", "radial.popstyle": "conceal"])
        #expect(made as? ParallelEffect<Radial, Fade> == ParallelEffect(Radial(popStyle: .conceal), Fade(duration: 0.5)))
        let staggered = try registry.makeEffect(named: "staggered(fade)", settings: ["delay": "0.1"])
        #expect(staggered as? StaggeredEffect<Fade> == StaggeredEffect(Fade(), delay: 0.1))
        #expect(ParallelEffect<Fade, DragDismiss>.supportedOperations == [.present, .dismiss])
        #expect(ParallelEffect<Fade, DragDismiss>.modalPresentationStyle == .overFullScreen)

        #expect(throws: TransitionKitError.self) { try registry.register(ParallelEffect<Fade, Fade>.self) }
        #expect(throws: TransitionKitError.self) { try registry.register(ParallelEffect<Radial, DragDismiss>.self) }
    }

    static func builtIns() throws -> EffectRegistry {
        var registry = EffectRegistry()
        try registry.register(Radial.self)
        try registry.register(Fade.self)
        try registry.register(PushBack3D.self)
        try registry.register(DragDismiss.self)
        return registry
    }

    /// `resolvedEntry(named:)` reads the grammar left to right and names the result as the
    /// composition names itself; `makeEffect(named:)` builds it with settings.
    @Test func resolvesCompositionsByName() throws {
        let registry = try Self.builtIns()
        #expect(try registry.resolvedEntry(named: "radial>fade").name == "radial>fade")
        #expect(try registry.resolvedEntry(named: "radial+fade>pushback3d").name == "(radial+fade)>pushback3d")
        #expect(try registry.resolvedEntry(named: "radial+(fade>pushback3d)").name == "radial+(fade>pushback3d)")
        #expect(try registry.resolvedEntry(named: "staggered(radial+fade)").supportedOperations == [.push, .pop, .tab])
        #expect(registry.entry(named: "radial>fade") == nil)
        let made = try registry.makeEffect(named: "radial>fade", settings: ["split": "0.25", "radial.duration": "1"])
        #expect(made as? SequentialEffect<Radial, Fade> == SequentialEffect(Radial(duration: 1), Fade(), split: 0.25))
    }

    /// Bad expressions: unknown (the registered names listed), or a composition that cannot be
    /// registered (one line saying why).
    @Test func refusesBadExpressions() throws {
        let registry = try Self.builtIns()
        let registered = ["radial", "fade", "pushback3d", "dragdismiss"]
        for bad in ["radial+", "radial+irs", "(radial+fade", "staggered()", "radial fade", "+"] {
            #expect(throws: TransitionKitError.unknownName(kind: "effect", name: bad, accepted: registered), "\(bad)") {
                try registry.resolvedEntry(named: bad)
            }
        }
        #expect(throws: TransitionKitError.invalidOperation("the parts of 'radial+dragdismiss' have no operation in common")) {
            try registry.resolvedEntry(named: "radial+dragdismiss")
        }
        #expect(throws: TransitionKitError.self) { try registry.makeEffect(named: "fade+fade") }
    }
}
