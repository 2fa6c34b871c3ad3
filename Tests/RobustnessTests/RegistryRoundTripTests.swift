import DragDismissEffect
import FadeEffect
import Foundation
import PushBack3DEffect
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitTesting
import ZoomEffect

/// Registry round trip for every registered effect: its parameters at their defaults make
/// the configuration its struct's own initialiser makes with no arguments (the two places
/// that state each default must agree), also when every default is given back as the text
/// the listing shows; and a non-default setting changes the configuration.
@MainActor
@Suite struct RegistryRoundTripTests {
    /// The default configuration of each built-in effect, from its own initialiser.
    static let structDefaults: [String: any TransitionEffect] = [
        Radial.name: Radial(), Fade.name: Fade(), PushBack3D.name: PushBack3D(), DragDismiss.name: DragDismiss(), Zoom.name: Zoom(),
    ]

    /// Whether two configurations are the same: equal values when both are `Hashable`, else
    /// (zoom, whose options hold closures) the same frames (`frames(_:)`).
    static func same(_ a: any TransitionEffect, _ b: any TransitionEffect) -> Bool {
        if let a = a as? any Hashable, let b = b as? any Hashable { return AnyHashable(a) == AnyHashable(b) }
        return frames(a) == frames(b)
    }

    /// The frames of every supported operation on a 120x200 pt scene (the default scene, where
    /// zoom's 120x120 pt thumbnail leaves the dimmed presenter in sight): interactive at progress
    /// 0.3 and 0.7 (the geometry) and time-based after 6 frames of 60 Hz (the duration and
    /// timing curve, which an interactive frame does not show).
    static func frames(_ effect: any TransitionEffect) -> [Bitmap] {
        func of<E: TransitionEffect>(_ e: E) -> [Bitmap] {
            // Valid by construction: whole points at scale 1.
            let scene = EffectScene(size: CGSize(width: 120, height: 200), scale: 1)
            return E.supportedOperations.flatMap { operation in
                let interactive = [0.3, 0.7].map { try! scene.frame(e, operation, progress: $0) }
                let stage = try! scene.makeStage(operation, modalPresentationStyle: E.modalPresentationStyle)
                stage.begin(animator: e.makeAnimator(for: operation), interactive: false)
                stage.clock.advance(frames: 6)
                return interactive + [try! scene.render(stage)]
            }
        }
        return of(effect)
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
