import Foundation
import TransitionKitCore
import TransitionKitRender

/// Golden-image comparison in the manner of pointfreeco/swift-snapshot-testing.
///
/// References live in `__Snapshots__/<Suite>/<test>.<label>.png` in the folder of the
/// calling test file (`expectGolden(_:named:tolerance:sourceLocation:)` is the one-call form
/// for Swift Testing). The record mode comes from the environment variable
/// `TRANSITIONKIT_RECORD`:
/// - `never`: only compare (CI sets this; a missing reference fails),
/// - `missing` (default): record references that do not exist yet, compare the rest,
/// - `failed`: re-record references that do not match,
/// - `all`: re-record everything.
/// A recorded reference is reported as a failure so nobody records without looking at it.
/// On a mismatch the actual, reference and difference images are written to
/// `$TMPDIR/transitionkit-goldens/` and their paths are in the message.
public enum GoldenImage {
    /// When references are written; see the type's description.
    public enum RecordMode: String, Sendable {
        /// Only compare; a missing reference fails.
        case never
        /// Record missing references, compare the rest (the default).
        case missing
        /// Re-record references that do not match.
        case failed
        /// Re-record every reference.
        case all
    }

    /// Comparison tolerance: a pixel differs when a channel differs by more than
    /// `perChannel` (0...255); the check passes when at most `maximumDifferingFraction`
    /// of the pixels differ.
    public struct Tolerance: Sendable {
        /// The largest channel difference (0...255, premultiplied RGBA) a pixel may have and
        /// still count as equal.
        public var perChannel: Int
        /// The fraction of the pixels (0...1) allowed to differ by more than `perChannel`.
        public var maximumDifferingFraction: Double
        /// - Parameters:
        ///   - perChannel: 0...255.
        ///   - maximumDifferingFraction: 0...1.
        public init(perChannel: Int, maximumDifferingFraction: Double) {
            self.perChannel = perChannel
            self.maximumDifferingFraction = maximumDifferingFraction
        }
        /// 2/255 per channel on at most 0.1 % of the pixels: rounding differences only.
        public static let rounding = Tolerance(perChannel: 2, maximumDifferingFraction: 0.001)
        /// No difference at all (0/255 on every pixel).
        public static let exact = Tolerance(perChannel: 0, maximumDifferingFraction: 0)
    }

    /// The outcome of one comparison.
    public struct Result: Sendable, CustomStringConvertible {
        /// Whether the bitmap matched an existing reference (a recording is not a pass).
        public var passed: Bool
        /// What happened: the comparison summary, or the paths of the written images.
        public var message: String
        /// `message`.
        public var description: String { message }
    }

    /// The mode `TRANSITIONKIT_RECORD` asks for; `missing` when unset or not one of the modes.
    public static var recordMode: RecordMode {
        RecordMode(rawValue: ProcessInfo.processInfo.environment["TRANSITIONKIT_RECORD"] ?? "missing") ?? .missing
    }

    /// Compares `bitmap` with the reference `__Snapshots__/<suite>/<test>.<label>.png` in the
    /// folder of `file`, recording it as the record mode says. A `test` like `name(a:b:)`
    /// becomes `name_a_b` in the file name.
    /// - Parameters:
    ///   - bitmap: the rendered frame.
    ///   - suite: the sub-folder of `__Snapshots__` (empty: none): `/`-separated non-empty
    ///     components, none `.` or `..`.
    ///   - test: the first part of the file name, without `/`.
    ///   - label: the second part (empty: none), e.g. `p0.5`, without `/`.
    ///   A suite, test or label that would put the reference outside `__Snapshots__` fails
    ///   without reading or writing anything.
    ///   - tolerance: how far pixels may differ (default `.rounding`).
    ///   - file: a path whose folder holds `__Snapshots__` (default: the calling file).
    /// - Returns: whether it matched, and a message saying what happened.
    /// - Complexity: O(w·h), plus reading or writing one PNG.
    public static func check(
        _ bitmap: Bitmap, suite: String, test: String, label: String,
        tolerance: Tolerance = .rounding, file: String = #filePath
    ) -> Result {
        let components = suite.isEmpty ? [] : suite.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), !test.contains("/"), !label.contains("/") else {
            return Result(passed: false, message: "golden suite '\(suite)', test '\(test)', label '\(label)' would leave __Snapshots__")
        }
        let snapshots = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let directory = suite.isEmpty ? snapshots : snapshots.appendingPathComponent(suite)
        let testName = test.replacingOccurrences(of: "()", with: "").replacingOccurrences(of: "(", with: "_")
            .replacingOccurrences(of: ":", with: "_").replacingOccurrences(of: ")", with: "")
        let fileName = label.isEmpty ? testName : "\(testName).\(label)"
        let reference = directory.appendingPathComponent("\(fileName).png")
        let mode = recordMode
        let exists = FileManager.default.fileExists(atPath: reference.path)
        func record(_ why: String) -> Result {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try PNGEncoder.write(bitmap, to: reference.path)
                return Result(passed: false, message: "recorded golden \(reference.path) (\(why)); look at it, then run again")
            } catch {
                return Result(passed: false, message: "could not record \(reference.path): \(error)")
            }
        }
        if mode == .all { return record("TRANSITIONKIT_RECORD=all") }
        guard exists else {
            if mode == .never { return Result(passed: false, message: "missing golden \(reference.path); record with TRANSITIONKIT_RECORD=missing") }
            return record("it was missing")
        }
        let expected: Bitmap
        do {
            expected = try PNGDecoder.read(contentsOf: reference.path)
        } catch {
            return Result(passed: false, message: "unreadable golden \(reference.path): \(error)")
        }
        let comparison = compare(bitmap, expected, tolerance: tolerance)
        if comparison.passed { return Result(passed: true, message: comparison.summary) }
        if mode == .failed { return record("it did not match: \(comparison.summary)") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("transitionkit-goldens")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let base = out.appendingPathComponent((suite.isEmpty ? fileName : "\(suite).\(fileName)").replacingOccurrences(of: "/", with: "."))
        try? PNGEncoder.write(bitmap, to: base.path + ".actual.png")
        try? PNGEncoder.write(expected, to: base.path + ".reference.png")
        if let diff = comparison.difference { try? PNGEncoder.write(diff, to: base.path + ".diff.png") }
        return Result(
            passed: false,
            message: """
                golden mismatch for \(reference.path): \(comparison.summary)
                  actual:     \(base.path).actual.png
                  reference:  \(base.path).reference.png
                  difference: \(base.path).diff.png
                  re-record with TRANSITIONKIT_RECORD=failed after looking at the actual image
                """)
    }

    /// Pixel comparison; the difference image (differing pixels red, the rest dimmed grey) is
    /// made only when the comparison fails, as only a failure writes it.
    /// - Complexity: O(w·h); rows that are byte-identical are skipped with `memcmp`.
    public static func compare(_ a: Bitmap, _ b: Bitmap, tolerance: Tolerance)
        -> (passed: Bool, summary: String, difference: Bitmap?)
    {
        guard let stats = statistics(a, b, perChannel: tolerance.perChannel) else {
            return (false, "size \(a.width)x\(a.height) differs from reference \(b.width)x\(b.height)", nil)
        }
        let fraction = Double(stats.beyondTolerance) / Double(a.width * a.height)
        let passed = fraction <= tolerance.maximumDifferingFraction
        let summary =
            "\(stats.beyondTolerance) pixels (\(String(format: "%.4f", fraction * 100)) %) differ by more than \(tolerance.perChannel)/255; max difference \(stats.maxDifference)/255"
        guard !passed else { return (true, summary, nil) }
        var diff = Bitmap(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y) ?? .transparent, q = b.pixel(x: x, y: y) ?? .transparent
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d > tolerance.perChannel {
                    diff.setPixel(RGBA8(r: 255, g: 0, b: 0, a: 255), x: x, y: y)
                } else {
                    let g = UInt8((Int(q.r) + Int(q.g) + Int(q.b)) / 12 + 32)
                    diff.setPixel(RGBA8(r: g, g: g, b: g, a: 255), x: x, y: y)
                }
            }
        }
        return (false, summary, diff)
    }

    /// Per-pixel difference statistics of two bitmaps of the same size (nil otherwise): the
    /// largest channel difference (0...255, premultiplied RGBA as stored), the number of pixels
    /// that differ at all, and the number whose largest channel difference exceeds `perChannel`.
    /// - Complexity: O(w·h); byte-identical rows cost one `memcmp`.
    public static func statistics(_ a: Bitmap, _ b: Bitmap, perChannel: Int = 0)
        -> (maxDifference: Int, differing: Int, beyondTolerance: Int)?
    {
        guard a.width == b.width, a.height == b.height else { return nil }
        let w = a.width, h = a.height, sa = a.rowStride, sb = b.rowStride
        var maxDelta = 0, differing = 0, beyond = 0
        a.withUnsafePixels { pa in
            b.withUnsafePixels { pb in
                for y in 0..<h {
                    let ra = pa + y * sa, rb = pb + y * sb
                    if memcmp(ra, rb, w * 4) == 0 { continue }
                    for x in 0..<w where ra[x] != rb[x] {
                        let u = ra[x], v = rb[x]
                        let d0 = abs(Int(u & 0xFF) - Int(v & 0xFF)), d1 = abs(Int((u >> 8) & 0xFF) - Int((v >> 8) & 0xFF))
                        let d2 = abs(Int((u >> 16) & 0xFF) - Int((v >> 16) & 0xFF)), d3 = abs(Int(u >> 24) - Int(v >> 24))
                        let d = max(max(d0, d1), max(d2, d3))
                        differing += 1
                        if d > perChannel { beyond += 1 }
                        maxDelta = max(maxDelta, d)
                    }
                }
            }
        }
        return (maxDelta, differing, beyond)
    }

    /// Three images side by side: `actual`, `reference`, and their difference (each channel
    /// |a − b| × `gain`, opaque), all the size of `actual`.
    public static func comparison(_ actual: Bitmap, _ reference: Bitmap, gain: Int = 8) throws -> Bitmap {
        let w = actual.width, h = actual.height
        var out = try Bitmap(validatingWidth: 3 * w + 20, height: h, fill: RGBA8(r: 40, g: 40, b: 40, a: 255))
        for y in 0..<h {
            for x in 0..<w {
                let a = actual.pixel(x: x, y: y) ?? .transparent
                let r = (x < reference.width && y < reference.height) ? reference.pixel(x: x, y: y) ?? .transparent : .transparent
                out.setPixel(a, x: x, y: y)
                out.setPixel(r, x: w + 10 + x, y: y)
                func d(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(min(255, abs(Int(p) - Int(q)) * gain)) }
                out.setPixel(RGBA8(r: d(a.r, r.r), g: d(a.g, r.g), b: d(a.b, r.b), a: 255), x: 2 * w + 20 + x, y: y)
            }
        }
        return out
    }
}
