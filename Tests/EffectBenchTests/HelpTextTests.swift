import Foundation
import Testing

@testable import EffectBenchKit

/// `--help` and README.md show the same grammar, generated from `CommandGrammar`.
@Suite struct HelpTextTests {
    /// README.md's first fenced block under "## effect-bench", read from the repository.
    private static func readmeGrammarBlock() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let section = try #require(lines.firstIndex(of: "## effect-bench"))
        let open = try #require(lines[section...].firstIndex(of: "```"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        return Array(lines[(open + 1)..<close])
    }

    @Test func readmeGrammarIsTheGeneratedOne() throws {
        let readme = try Self.readmeGrammarBlock()
        let generated = CommandGrammar.usageLines
        #expect(
            readme == generated,
            "README.md's effect-bench block differs from CommandGrammar; replace it with:\n\(generated.joined(separator: "\n"))")
    }

    @Test func helpShowsEveryFormWithTheParserDefaults() {
        let help = HelpText.text
        for line in CommandGrammar.usageLines { #expect(help.contains("  " + line)) }
        #expect(CommandGrammar.forms.count == 5)
        // The run defaults come from RunOptions (README: 393x852 pt, scale 3, 120 frames, threshold 0.1).
        #expect(help.contains("[--threshold 0.1]"))
        #expect(help.contains("[--size 393x852] [--scale 3] [--frames 120]"))
    }

    /// A user's own bench program (`EffectBench.main` in an executable named `iris-bench`)
    /// shows its own name in `--help`, the usage lines included.
    @Test @MainActor func helpNamesTheProgramItRunsAs() throws {
        var text = ""
        let registry = try EffectBench.registry(effects: [])
        let status = EffectBench.run(arguments: ["--help"], registry: registry, program: "iris-bench", output: { text += $0 })
        #expect(status == 0)
        #expect(text.contains("  iris-bench run "))
        #expect(text.hasPrefix("iris-bench: per-frame cost"))
        #expect(!text.contains("effect-bench"))
    }
}
