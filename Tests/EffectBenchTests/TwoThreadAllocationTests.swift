import Foundation
import Testing

/// Rendering in two bands allocates nothing per frame: the band after the first runs on the
/// compositor's kept worker thread (`BandWorkers`), woken per frame, not on a dispatch per
/// frame. The built `effect-bench` sweeps push-back (resampled over most of the frame, so two
/// bands) with `--threads 2` in a process of its own, where the allocation counter counts every
/// thread and no other test allocates; its JSON report's steady-state render allocations must
/// be 0. Only optimised builds: a debug build allocates in generic code of its own (see
/// `DamageAllocationTests`); elsewhere the test is reported as skipped.
@Suite struct TwoThreadAllocationTests {
    @Test(.enabled(if: DamageAllocationTests.isOptimised(), "counts only in optimised builds"))
    func twoBandFramesAllocateNothing() throws {
        let binary = BadInputProcessTests.binary
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "build effect-bench first (swift build --build-tests)")
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("two-threads-\(getpid())-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "run", "--effects", "pushback3d", "--threads", "2", "--frames", "12", "--repeat", "1", "--size", "130x284", "--scale", "3",
            "--json", json.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        guard report?["allocation_counting"] as? Bool == true, let results = report?["results"] as? [[String: Any]] else {
            Issue.record("no allocation figures in \(json.path)")
            return
        }
        #expect(report?["threads"] as? Int == 2)
        #expect(results.count == 3, "push, pop and tab")
        for r in results {
            let steady = r["steady_state"] as? [String: Any]
            let calls = steady?["render_allocations"] as? Double
            #expect(calls == 0, "\(r["operation"] ?? "?"): \(calls.map { "\($0)" } ?? "no figure") allocations per frame")
        }
    }
}
