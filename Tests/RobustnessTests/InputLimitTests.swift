import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport

/// Inputs at and beyond their documented limits: every effect parameter of every registered
/// effect (its kind's range, cases, text forms), oversized trace and PNG files, animation
/// sizes. Beyond a limit: a typed error. At a limit: the effect runs every operation to its
/// end, interactive and timed, with finite layers and a valid render.
@MainActor
@Suite struct InputLimitTests {
    /// Text just beyond what `p` accepts, from its declared kind: non-finite numbers, the
    /// neighbours of a range's bounds, a fraction for whole numbers, unknown cases, malformed
    /// points and colours.
    static func badTexts(_ p: AnyEffectParameter) -> [String] {
        switch p.kind {
        case let .number(range, whole):
            let outside = ["nan", "inf", "-inf", "", "1x", "\(range.lowerBound.nextDown)", "\(range.upperBound.nextUp)"]
            return outside + (whole ? ["\(range.lowerBound + 0.5)"] : [])
        case let .choice(cases): return ["", "nosuch", cases[0] + "x", "0"]
        case .flag: return ["", "maybe", "2", "truee"]
        case .point: return ["", "1", "1,2,3", "nan,0", "0,inf", "a,b"]
        case .color: return ["", "#12345", "#gggggg", "#1234567", "1.5,0,0", "0,0", "nan,0,0", "0,0,0,-0.1"]
        }
    }

    /// Texts at the limits of what `p` accepts: a range's bounds, every case, both flags,
    /// extreme points and colours.
    static func limitTexts(_ p: AnyEffectParameter) -> [String] {
        switch p.kind {
        case let .number(range, _): return ["\(range.lowerBound)", "\(range.upperBound)"]
        case let .choice(cases): return cases
        case .flag: return ["false", "true"]
        case .point: return ["-100000,-100000", "100000,100000"]
        case .color: return ["#00000000", "#ffffff", "1,1,1,1"]
        }
    }

    @Test func everyParameterBeyondItsRangeIsATypedError() throws {
        let registry = try ExtremeSizeTests.registry()
        var rejected = 0
        for entry in try ExtremeSizeTests.entries(registry) {
            for p in entry.parameters {
                for text in Self.badTexts(p) {
                    #expect(throws: TransitionKitError.invalidText(name: p.name, text: text, accepted: p.kind.expectation(unit: p.unit))) {
                        try registry.makeEffect(named: entry.name, settings: [p.name: text])
                    }
                    rejected += 1
                }
            }
            #expect(throws: TransitionKitError.unknownName(kind: "\(entry.name) parameter", name: "nosuch", accepted: entry.parameters.map(\.name))) {
                try registry.makeEffect(named: entry.name, settings: ["nosuch": "1"])
            }
        }
        #expect(try ExtremeSizeTests.entries(registry).count == 10 && rejected >= 10 * 5)
    }

    /// Every parameter at its limits (the others at their defaults).
    @Test func everyParameterAtItsBoundsRunsEveryOperation() throws {
        let registry = try ExtremeSizeTests.registry()
        var issues: [String] = []
        var runs = 0
        for entry in try ExtremeSizeTests.entries(registry) {
            for p in entry.parameters {
                let limits = Self.limitTexts(p)
                for (index, text) in limits.enumerated() {
                    let effect = try registry.makeEffect(named: entry.name, settings: [p.name: text])
                    for operation in entry.supportedOperations {
                        for interactive in [true, false] {
                            let label = "\(entry.name) \(p.name)=\(text) \(operation) \(interactive ? "interactive" : "timed")"
                            let stage = TransitionStage(
                                operation: operation, size: CGSize(width: 40, height: 60), modalPresentationStyle: entry.modalPresentationStyle,
                                fromImage: nil, toImage: nil)
                            stage.begin(animator: effect.makeAnimator(for: operation), interactive: interactive)
                            if interactive {
                                for progress in [0.4, 1] as [CGFloat] { stage.setProgress(progress) }
                            } else {
                                stage.clock.advance(frames: 3)
                            }
                            if let bad = ExtremeSizeTests.nonFinite(stage.window.rootView.layer) { issues.append("\(label): \(bad)") }
                            if let bad = ExtremeSizeTests.renderIssue(stage, side: 60) { issues.append("\(label): \(bad)") }
                            stage.end(finish: !interactive || index == limits.count - 1)
                            if stage.completed == nil { issues.append("\(label): never ended") }
                            runs += 1
                        }
                    }
                }
            }
        }
        #expect(issues.isEmpty, "\(issues.prefix(5))")
        #expect(runs >= 40)
    }

    /// A sparse file of `bytes` bytes (no disk space used), removed by the caller.
    static func sparseFile(_ name: String, bytes: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tk-limits-\(getpid())-\(name)").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    @Test func oversizedFilesAreRefusedUnread() throws {
        let trace = try Self.sparseFile("trace.json", bytes: GestureTrace.maximumFileSize + 1)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        #expect(
            throws: GestureTraceError.unreadableFile(
                path: trace, reason: "\(GestureTrace.maximumFileSize + 1) bytes; at most \(GestureTrace.maximumFileSize) accepted")
        ) {
            try GestureTrace(contentsOf: trace)
        }
        let png = try Self.sparseFile("image.png", bytes: (1 << 31) + 1)
        defer { try? FileManager.default.removeItem(atPath: png) }
        #expect(throws: ImageFileError.unreadableFile(path: png, reason: "file larger than \(1 << 31) bytes")) {
            try PNGDecoder.read(contentsOf: png)
        }
    }

    /// An APNG's size is a bitmap's (any bitmap's is valid), so one outside the bitmap
    /// limits is a programmer error and traps.
    @Test func animationSizesOutsideTheBitmapLimitsTrap() async {
        await #expect(processExitsWith: .failure) { _ = APNGEncoder(width: 0, height: 1) }
        await #expect(processExitsWith: .failure) { _ = APNGEncoder(width: Bitmap.maximumDimension + 1, height: 1) }
    }
}
