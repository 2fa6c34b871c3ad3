import Foundation
import Testing
import TransitionKitCore

/// Expects `bitmap` to match the golden reference `name`, recording it as
/// `TRANSITIONKIT_RECORD` says (see `GoldenImage`), and records an issue at the caller
/// otherwise (a mismatch, a missing reference under `never`, or a fresh recording, which
/// must be looked at before it counts).
///
/// The reference is `__Snapshots__/<name>.png` in the folder of the calling test file;
/// `name` may contain `/` for sub-folders, e.g. `"IrisTests/push.p0.5"`. Add
/// `exclude: ["__Snapshots__"]` to the test target so SwiftPM does not warn about the PNGs.
///
/// ```swift
/// @Test func halfway() throws {
///     let frame = try EffectScene().frame(Iris(), .push, progress: 0.5)
///     expectGolden(frame, named: "push.p0.5")
/// }
/// ```
/// - Parameters:
///   - bitmap: the rendered frame.
///   - name: the reference's name without `.png`: ASCII letters, digits, `.`, `_`, `-`, and `/`
///     between non-empty components other than `.` and `..`; not ending in `.` (an issue is
///     recorded otherwise).
///   - tolerance: how far pixels may differ (default `.rounding`).
///   - sourceLocation: where a failure is reported (default: the call).
/// - Returns: whether it matched.
/// - Complexity: O(w·h), plus reading or writing one PNG.
@discardableResult
public func expectGolden(
    _ bitmap: Bitmap, named name: String, tolerance: GoldenImage.Tolerance = .rounding,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // ASCII only: other characters would be rewritten (`(`, `:`) into another name's file, or
    // stored differently by different file systems (Unicode normalisation).
    let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/".contains($0)) }
    guard allowed, !name.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }), !name.hasSuffix(".") else {
        Issue.record(
            "golden name '\(name)' must be ASCII letters, digits, '.', '_', '-' in non-empty '/'-separated components, none '.' or '..', not ending in '.'",
            sourceLocation: sourceLocation)
        return false
    }
    let suite = parts.dropLast().joined(separator: "/")
    let file = parts[parts.count - 1]
    let dot = file.lastIndex(of: ".")
    let test = dot.map { String(file[..<$0]) } ?? file
    let label = dot.map { String(file[file.index(after: $0)...]) } ?? ""
    let result = GoldenImage.check(bitmap, suite: suite, test: test, label: label, tolerance: tolerance, file: sourceLocation.filePath)
    if !result.passed { Issue.record("\(result)", sourceLocation: sourceLocation) }
    return result.passed
}
