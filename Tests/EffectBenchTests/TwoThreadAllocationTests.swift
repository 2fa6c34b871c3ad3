import CAllocationCounter
import EffectBenchKit
import Foundation
import Testing

/// Rendering in two bands allocates nothing per frame: the band after the first runs on the
/// compositor's kept worker thread (`BandWorkers`), woken per frame, not on a dispatch per
/// frame (which made 3 allocations a frame). The built `effect-bench` sweeps push-back
/// (resampled over most of the frame, so two bands) with `--threads 2` in a process of its own,
/// where the allocation counter counts every thread and no other test allocates, and reads each
/// operation's steady-state render allocations per frame from its JSON report.
///
/// The bound is fewer than 1 a frame, the fewest over up to three runs, not 0: a per-frame
/// allocation shows as 1 or more in every run, but while other work loads the machine (such as
/// the rest of the test suite) an occasional sweep still shows a few allocations that are not
/// per frame (0.2–0.4 a frame over 10 frames), which depend on how the two threads interleave
/// and are not explained yet. Run alone, `effect-bench run --threads 2` reports 0. Only
/// optimised builds: a debug build allocates in generic code of its own (see
/// `DamageAllocationTests`); elsewhere, and where the counter is not malloc (not glibc), the
/// test is reported as skipped.
@Suite struct TwoThreadAllocationTests {
    @Test(
        .enabled(
            if: MachineInfo.isOptimized && tk_allocation_counter_active() != 0, "counts only in optimised builds over glibc malloc"))
    func twoBandFramesAllocateNothing() throws {
        let binary = BadInputProcessTests.binary
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "build effect-bench first (swift build --build-tests)")
        var fewest: [String: Double] = [:]
        for _ in 0..<3 where fewest.isEmpty || fewest.values.contains(where: { $0 > 0 }) {
            for (operation, calls) in try Self.renderAllocations(binary) { fewest[operation] = min(fewest[operation] ?? .infinity, calls) }
        }
        #expect(Set(fewest.keys) == ["push", "pop", "tab"])
        for (operation, calls) in fewest.sorted(by: { $0.key < $1.key }) {
            #expect(calls < 1, "\(operation): \(calls) allocations per frame with two bands")
        }
    }

    /// One `effect-bench run` of push-back with two threads in its own process: each
    /// operation's mean render allocations per frame in steady state.
    static func renderAllocations(_ binary: URL) throws -> [String: Double] {
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
        guard report?["allocation_counting"] as? Bool == true, report?["threads"] as? Int == 2,
            let results = report?["results"] as? [[String: Any]]
        else {
            Issue.record("no two-thread allocation figures in \(json.path)")
            return [:]
        }
        var out: [String: Double] = [:]
        for r in results {
            guard let operation = r["operation"] as? String, let calls = (r["steady_state"] as? [String: Any])?["render_allocations"] as? Double
            else { continue }
            out[operation] = calls
        }
        return out
    }
}
