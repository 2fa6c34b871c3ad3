import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport

/// Inputs at and beyond their documented limits: every effect parameter of every registered
/// effect (`EffectParameter.range`, whole numbers), oversized trace and PNG files, animation
/// sizes. Beyond a limit: a typed error. At a limit: the effect runs every operation to its
/// end, interactive and timed, with finite layers and a valid render.
@MainActor
@Suite struct InputLimitTests {
    @Test func everyParameterBeyondItsRangeIsATypedError() throws {
        let registry = try ExtremeSizeTests.registry()
        var rejected = 0
        for entry in registry.allEntries {
            for p in entry.parameters {
                var bad: [Double] = [.nan, .infinity, -.infinity, p.range.lowerBound.nextDown, p.range.upperBound.nextUp]
                if p.wholeNumbers { bad.append(p.range.lowerBound + 0.5) }
                for value in bad {
                    #expect(throws: TransitionKitError.self, "\(entry.name) \(p.name)=\(value)") {
                        try registry.makeEffect(named: entry.name, parameters: [p.name: value])
                    }
                    rejected += 1
                }
            }
            #expect(throws: TransitionKitError.self) { try registry.makeEffect(named: entry.name, parameters: ["nosuch": 1]) }
        }
        #expect(registry.allEntries.count == 4 && rejected >= 4 * 5)
    }

    /// Every parameter at its lower and at its upper bound (the others at their defaults).
    @Test func everyParameterAtItsBoundsRunsEveryOperation() throws {
        let registry = try ExtremeSizeTests.registry()
        var issues: [String] = []
        var runs = 0
        for entry in registry.allEntries {
            for p in entry.parameters {
                for value in [p.range.lowerBound, p.range.upperBound] {
                    let effect = try registry.makeEffect(named: entry.name, parameters: [p.name: value])
                    for operation in entry.supportedOperations {
                        for interactive in [true, false] {
                            let label = "\(entry.name) \(p.name)=\(value) \(operation) \(interactive ? "interactive" : "timed")"
                            let stage = try TransitionStage(
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
                            stage.end(finish: !interactive || value == p.range.upperBound)
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

    @Test func animationSizesOutsideTheBitmapLimitsAreTypedErrors() {
        for (w, h) in [(0, 1), (1, 0), (Bitmap.maximumDimension + 1, 1), (-1, -1)] {
            #expect(throws: TransitionKitError.self, "\(w)x\(h)") { try APNGEncoder(width: w, height: h) }
        }
    }
}
