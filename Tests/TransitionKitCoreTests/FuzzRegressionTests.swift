import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

/// The gesture-trace inputs libFuzzer found (`Tests/Fixtures/fuzz-regressions/fuzz-trace-*`):
/// each is a typed `GestureTraceError` with a one-line message, never a trap.
@Suite struct FuzzRegressionTests {
    static let directory = Fixtures.url("fuzz-regressions")

    @Test func everyTraceFindingIsATypedOneLineError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasPrefix("fuzz-trace-") }.sorted()
        #expect(names.count >= 1)
        for name in names {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
            #expect(throws: GestureTraceError.self, "\(name)") { try GestureTrace(jsonData: data) }
            do {
                _ = try GestureTrace(jsonData: data)
            } catch {
                #expect(!error.description.contains("\n") && !error.description.contains("\r"), "\(name): \(error.description)")
            }
        }
    }

    /// A line break inside a phase name: `unknownPhase` keeps the value as given and escapes
    /// it in the message.
    @Test func newlineInPhaseIsEscapedInTheMessage() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("fuzz-trace-newline-in-phase.json"))
        #expect(throws: GestureTraceError.unknownPhase(index: 1, value: "bega\n")) { try GestureTrace(jsonData: data) }
        let message = GestureTraceError.unknownPhase(index: 1, value: "bega\n").description
        #expect(message == #"sample 1: unknown phase "bega\n"; accepted: began, moved, ended, cancelled"#)
    }
}
