import CFuzzMain
import Foundation
import TransitionKitCore

/// libFuzzer entry point: parses `count` bytes at `data` as a gesture trace (JSON).
///
/// Every input must give a valid trace or a typed `GestureTraceError`, never a trap, a leak
/// or a memory error. A parsed trace must satisfy the documented rules (non-empty, finite,
/// non-decreasing times, starts with `began`, ends every touch) and survive a round trip
/// through `jsonData()`; anything else traps so libFuzzer keeps the input.
/// - Returns: 0 (libFuzzer's "keep going").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    do {
        let trace = try GestureTrace(jsonData: bytes)
        let s = trace.samples
        precondition(!s.isEmpty && s[0].phase == .began && s[s.count - 1].phase.isTerminal, "invalid touch sequence accepted")
        for (a, b) in zip(s, s.dropFirst()) {
            precondition(b.timestamp >= a.timestamp && b.isFinite, "decreasing or non-finite sample accepted")
            precondition((b.phase == .began) == a.phase.isTerminal, "phase \(b.phase) after \(a.phase) accepted")
        }
        let again = try GestureTrace(jsonData: trace.jsonData())
        precondition(again == trace, "jsonData() does not round-trip")
    } catch {
        precondition(!error.description.contains("\n"), "multi-line error: \(error)")
    }
    return 0
}
