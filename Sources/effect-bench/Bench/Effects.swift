import DragDismissEffect
import FadeEffect
import PushBack3DEffect
import RadialEffect
import TransitionKitCore

/// The effects effect-bench knows, registered explicitly (no global registration).
enum BenchEffects {
    static func registry() -> EffectRegistry {
        var registry = EffectRegistry()
        do {
            try registry.register(Radial.self)
            try registry.register(Fade.self)
            try registry.register(PushBack3D.self)
            try registry.register(DragDismiss.self)
        } catch {
            preconditionFailure("built-in effects must register: \(error)")
        }
        return registry
    }

    /// The entry named `name`, or a usage error listing the registered names
    /// (`TransitionKitError.unknownName`'s message).
    static func entry(_ name: String, in registry: EffectRegistry) throws(BenchError) -> EffectRegistry.Entry {
        guard let e = registry.entry(named: name) else {
            throw BenchError(TransitionKitError.unknownName(kind: "effect", name: name, accepted: registry.names))
        }
        return e
    }
}
