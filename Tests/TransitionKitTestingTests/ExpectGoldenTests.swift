import Foundation
import RadialEffect
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTesting

/// `expectGolden` and `EffectScene`: a golden beside this file (looked at: the default scene's
/// striped incoming screen revealed through a circle centred on the right edge, half-way, over
/// the checkerboard), and a mismatch reported as an issue at the caller.
@MainActor
@Suite struct ExpectGoldenTests {
    @Test func radialPushHalfwayOnTheDefaultScene() throws {
        let frame = try EffectScene().frame(Radial(), .push, progress: 0.5)
        #expect(frame.width == 240 && frame.height == 400, "120x200 points at scale 2")
        expectGolden(frame, named: "ExpectGoldenTests/radial-push.p0.5")
    }

    /// A reference that differs in one pixel by 3/255 fails the exact tolerance: the issue
    /// is recorded (known here). The reference lives in a temporary folder: the source
    /// location passed in decides where references are, so no recording mode can touch ours.
    @Test func aMismatchIsAnIssue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expectgolden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__Snapshots__"), withIntermediateDirectories: true)
        let reference = Bitmap(width: 4, height: 4, fill: RGBA8(r: 10, g: 20, b: 30, a: 255))
        try PNGEncoder.write(reference, to: folder.appendingPathComponent("__Snapshots__/tiny.png").path)
        var actual = reference
        actual.setPixel(RGBA8(r: 13, g: 20, b: 30, a: 255), x: 1, y: 2)
        let location = SourceLocation(fileID: "X/X.swift", filePath: folder.appendingPathComponent("X.swift").path, line: 1, column: 1)
        #expect(expectGolden(reference, named: "tiny", tolerance: .exact, sourceLocation: location))
        withKnownIssue {
            #expect(!expectGolden(actual, named: "tiny", tolerance: .exact, sourceLocation: location))
        } matching: { issue in
            issue.sourceLocation == location && issue.comments.contains { $0.rawValue.contains("max difference 3/255") }
        }
    }

    /// Names that would escape `__Snapshots__`, or land in another name's file (`a(b)` and
    /// `a_b`, `push.` and `push`), or depend on the file system (`é`), are refused with an
    /// issue and write nothing.
    @Test(arguments: ["../escape", "/tmp/abs", "a/../b", "a(b)", "a:b", "push.", "caf\u{E9}", "a b"])
    func aBadNameIsAnIssueAndWritesNothing(name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expectgolden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let location = SourceLocation(fileID: "X/X.swift", filePath: folder.appendingPathComponent("sub/X.swift").path, line: 1, column: 1)
        let bitmap = Bitmap(width: 2, height: 2)
        withKnownIssue {
            #expect(!expectGolden(bitmap, named: name, sourceLocation: location))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("golden name '\(name)' must be ASCII") }
        }
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) == ["sub"])
    }

    /// `GoldenImage.check` itself refuses a suite, test or label that leaves `__Snapshots__`.
    @Test func checkRefusesPathsOutsideTheSnapshots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldencheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("sub/X.swift").path
        let bitmap = Bitmap(width: 2, height: 2)
        for (suite, test, label) in [("../..", "x", ""), ("", "../x", ""), ("", "x", "y/../../z"), ("/abs", "x", "")] {
            let result = GoldenImage.check(bitmap, suite: suite, test: test, label: label, file: file)
            #expect(!result.passed && result.message.hasSuffix("would leave __Snapshots__"), "\(result)")
        }
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) == ["sub"])
    }
}
