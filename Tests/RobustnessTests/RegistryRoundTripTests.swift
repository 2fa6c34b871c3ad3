import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore

/// Registry round trip for every registered effect: its parameters at their defaults make
/// the configuration its struct's own initialiser makes with no arguments (the two places
/// that state each default must agree), also when every default is given back as the text
/// the listing shows; and a non-default setting changes the configuration.
@MainActor
@Suite struct RegistryRoundTripTests {
    /// The default configuration of each built-in effect, from its own initialiser.
    static let structDefaults: [String: any TransitionEffect] = [
        Radial.name: Radial(), Fade.name: Fade(), PushBack3D.name: PushBack3D(), DragDismiss.name: DragDismiss(),
    ]

    static func same(_ a: any TransitionEffect, _ b: any TransitionEffect) -> Bool {
        guard let a = a as? any Hashable, let b = b as? any Hashable else { return false }
        return AnyHashable(a) == AnyHashable(b)
    }

    @Test func defaultsMakeTheStructDefaults() throws {
        let registry = try ExtremeSizeTests.registry()
        #expect(Set(registry.names) == Set(Self.structDefaults.keys))
        for entry in registry.allEntries {
            let expected = try #require(Self.structDefaults[entry.name])
            #expect(Self.same(try registry.makeEffect(named: entry.name), expected), "\(entry.name)")
            let defaultTexts = Dictionary(uniqueKeysWithValues: entry.parameters.map { ($0.name, $0.defaultText) })
            #expect(Self.same(try registry.makeEffect(named: entry.name, settings: defaultTexts), expected), "\(entry.name) from default texts")
            #expect(EffectParameters(entry.parameters).textValues == defaultTexts)
        }
    }

    /// Each parameter set to an accepted value other than its default changes the effect.
    @Test func everyParameterReachesTheConfiguration() throws {
        let registry = try ExtremeSizeTests.registry()
        var checked = 0
        for entry in registry.allEntries {
            let defaults = try registry.makeEffect(named: entry.name)
            for p in entry.parameters {
                let defaultValues = EffectParameters(entry.parameters)
                guard
                    let other = try InputLimitTests.limitTexts(p).first(where: {
                        try EffectParameters(entry.parameters, text: [p.name: $0]) != defaultValues
                    })
                else { continue }
                let changed = try registry.makeEffect(named: entry.name, settings: [p.name: other])
                #expect(!Self.same(changed, defaults), "\(entry.name) \(p.name)=\(other) made the default configuration")
                checked += 1
            }
        }
        #expect(checked == registry.allEntries.map(\.parameters.count).reduce(0, +))
    }
}
