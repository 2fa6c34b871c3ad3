import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

@testable import EffectBenchKit

/// `effect-bench run --damage`: a damage row after each full row, its fraction redrawn per
/// frame and per row, in the table and the JSON; reports without those keys still decode.
@MainActor
@Suite struct DamageRunTests {
    @Test func damageRowsFollowTheFullRows() throws {
        guard
            case .run(let options) = try ArgumentParser.parse([
                "run", "--size", "40x80", "--scale", "1", "--frames", "4", "--repeat", "1", "--effects", "radial,fade", "--damage",
            ])
        else { throw BenchError.usage("not a run") }
        #expect(options.damage)
        let outcome = try RunCommand.run(options, registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false))
        let results = outcome.report.results
        // radial: push, pop, tab; fade: push, pop, present, dismiss, tab; each full then damage.
        #expect(results.count == 2 * (3 + 5))
        #expect(results.map(\.operation).prefix(2) == ["push", "push (damage)"])
        for (k, r) in results.enumerated() {
            let isDamage = k % 2 == 1
            #expect((r.damagedFraction != nil) == isDamage, "\(r.effect) \(r.operation)")
            #expect(r.perFrame.allSatisfy { ($0.damagedFraction != nil) == isDamage })
            if isDamage {
                // The first frame is drawn in full; every fraction is a fraction.
                #expect(r.perFrame[0].damagedFraction == 1)
                #expect(r.perFrame.allSatisfy { (0...1).contains($0.damagedFraction ?? -1) })
            }
        }
        #expect(outcome.text.contains("damaged p50") && outcome.text.contains("push (damage)"))
        let data = try outcome.report.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"damaged_fraction\""))
        #expect(try BenchReport.decode(data, path: "run.json") == outcome.report)
        // Without --damage nothing mentions it: the table and JSON are as before.
        var plain = options
        plain.damage = false
        plain.effects = ["fade"]
        let full = try RunCommand.run(plain, registry: try EffectBench.registry(effects: []), progress: ProgressIndicator(enabled: false))
        #expect(!full.text.contains("damage"))
        #expect(!String(decoding: try full.report.encoded(), as: UTF8.self).contains("damaged_fraction"))
    }

    @Test func damageIsAFlag() throws {
        guard case .run(let options) = try ArgumentParser.parse(["run", "--damage", "--frames", "3"]) else {
            throw BenchError.usage("not a run")
        }
        #expect(options.damage && options.frames == 3)
        guard case .run(let defaults) = try ArgumentParser.parse(["run"]) else { throw BenchError.usage("not a run") }
        #expect(!defaults.damage)
    }
}
