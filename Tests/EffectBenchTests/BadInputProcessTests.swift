import Foundation
import Testing
import TransitionKitTestSupport

/// Bad input on the real command line: the built `effect-bench` binary run as a process.
/// Every case must end with its documented exit status (2 usage, 1 failure), exactly one line
/// on standard error starting with "effect-bench: " (after `run`'s debug-build warning, if
/// any), nothing on standard output, and no
/// output file (nor a temporary one) left behind — never a trap.
@Suite(.serialized) struct BadInputProcessTests {
    /// The `effect-bench` executable next to the test bundle (same build directory).
    static let binary: URL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("effect-bench")

    /// A fresh directory holding bad inputs: a bare PNG signature, a PNG cut after 300 bytes,
    /// an empty trace, a trace with a number beyond the double range, a trace whose finger
    /// lifts after 1e9 s (beyond play's 60 s of frames), a sub-directory.
    static func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("effect-bench-bad-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: dir.appendingPathComponent("signature.png"))
        try Data(try Data(contentsOf: Fixtures.url("png/adam7_rgba8.png")).prefix(300)).write(to: dir.appendingPathComponent("cut.png"))
        try Data(#"{"samples":[]}"#.utf8).write(to: dir.appendingPathComponent("empty.json"))
        try Data(#"{"samples":[{"t":0,"x":1e400,"y":0,"phase":"began"}]}"#.utf8).write(to: dir.appendingPathComponent("huge.json"))
        let long =
            #"{"samples":[{"t":0,"x":1,"y":240,"phase":"began"},{"t":0.1,"x":80,"y":240,"phase":"moved"},"#
            + #"{"t":1e9,"x":80,"y":240,"phase":"ended"}]}"#
        try Data(long.utf8).write(to: dir.appendingPathComponent("long.json"))
        return dir
    }

    /// Arguments (run in the workspace), expected exit status, a fragment of the message.
    static let cases: [([String], Int32, String)] = [
        (["render", "radial", "--out", "."], 1, "cannot write"),
        (["render", "radial", "--out", "./"], 1, "names a directory"),
        (["render", "radial", "--out", "sub/"], 1, "names a directory"),
        (["render", "radial", "--out", "sub"], 1, "not a regular file"),
        (["render", "radial", "--out", "missing/a.png"], 1, "does not exist"),
        (["run", "--frames", "2", "--size", "20x20", "--json=."], 1, "cannot write"),
        (["run", "--frames", "2", "--size", "20x20", "--html", "./"], 1, "names a directory"),
        (
            ["render", "irs", "--out", "a.png"], 2,
            "effect-bench: unknown effect 'irs'; registered: slide, radial, fade, pushback3d, dragdismiss, zoom, flip, sheet, curl, radial+fade, pushback3d>fade"
        ),
        (["render", "radail", "--out", "a.png"], 2, "dragdismiss, zoom, flip, sheet, curl, radial+fade, pushback3d>fade; did you mean 'radial'?"),
        (["render", "radial+dragdismiss", "--out", "a.png"], 2, "invalid operation: the parts of 'radial+dragdismiss' have no operation in common"),
        (["render", "radial>fade", "--param", "split=2", "--out", "a.png"], 2, "parameter 'split': '2' is not a number in 0...1 progress"),
        (["render", "radial", "--param", "nosuch=1", "--out", "a.png"], 2, "unknown radial parameter 'nosuch'; accepted: duration, popstyle"),
        (["render", "radial", "--param", "duration=1e308", "--out", "a.png"], 2, "parameter 'duration': '1e308' is not a number in 0...10 seconds"),
        (["render", "radial", "--param", "duration=inf", "--out", "a.png"], 2, "parameter 'duration': 'inf' is not a number in 0...10 seconds"),
        (["render", "radial", "--param", "popstyle=foo", "--out", "a.png"], 2, "parameter 'popstyle': 'foo' is not one of reveal, conceal"),
        (["render", "dragdismiss", "--param", "direction=1", "--out", "a.png"], 2, "parameter 'direction': '1' is not one of bottom, left, right"),
        (["render", "radial", "--size", "0.001x0.001", "--out", "a.png"], 2, "--size 0.001x0.001"),
        (["render", "radial", "--size", "16385x1", "--out", "a.png"], 2, "--size"),
        (["render", "radial", "--size", "100x100", "--scale", "200", "--out", "a.png"], 2, "--scale"),
        (["render", "radial", "--from", "signature.png", "--to", "signature.png", "--out", "a.png"], 1, "PNG"),
        (["render", "radial", "--from", "cut.png", "--to", "cut.png", "--out", "a.png"], 1, "truncated"),
        (["render", "radial", "--from", "/dev/zero", "--to", "/dev/zero", "--out", "a.png"], 1, "not a regular file"),
        (["render", "radial", "--from", "sub", "--to", "sub", "--out", "a.png"], 1, "cannot read"),
        (["play", "radial", "--operation", "pop", "--gesture", "empty.json", "--out", "a.png"], 1, "no samples"),
        (["play", "radial", "--operation", "pop", "--gesture", "huge.json", "--out", "a.png"], 1, "not valid JSON"),
        (["play", "radial", "--operation", "pop", "--gesture", "/dev/zero", "--out", "a.png"], 1, "not a regular file"),
        (["play", "radial", "--operation", "pop", "--gesture", "sub", "--out", "a.png"], 1, "cannot read"),
        (["play", "radial", "--operation", "pop", "--gesture", "long.json", "--out", "a.png"], 1, "did not settle"),
        (
            ["play", "radial", "--operation", "pop", "--gesture", Fixtures.url("fuzz-regressions/fuzz-trace-newline-in-phase.json").path, "--json"],
            1, #""bega\n""#
        ),
        (["render", "radial", "--param", "dur\nation=1", "--out", "a.png"], 2, #"dur\nation"#),
        (["run", "--effects", "radial", "--compare", "radial:fade", "--json", "a.json"], 2, "--compare radial:fade: 'fade' is not in this run"),
        (["run", "--compare", "radial:nosuch", "--json", "a.json"], 2, "unknown effect 'nosuch'"),
        (["run", "--damage", "--damage", "--frames", "2"], 2, "option --damage is given more than once"),
        (["run", "--damage=1", "--frames", "2"], 2, "option --damage takes no value, got --damage=1"),
        // Composed names are bounded (EffectRegistry.maximumComposedNameLength = 200 characters,
        // maximumComposedParts = 8): a deep nesting used to overflow the reader's stack, a long
        // chain to take minutes.
        (
            ["render", String(repeating: "(", count: 5000) + "fade" + String(repeating: ")", count: 5000), "--out", "a.png"], 2,
            "at most 8 effects and 200 characters"
        ),
        (["render", Array(repeating: "fade", count: 20000).joined(separator: "+"), "--out", "a.png"], 2, "at most 8 effects and 200 characters"),
        // A part's parameter is named as given; a composition's conflict is named, not hidden.
        (
            ["render", "radial+fade", "--param", "fade.duration=99", "--out", "a.png"], 2,
            "parameter 'fade.duration': '99' is not a number in 0...10 seconds"
        ),
        (
            ["render", "zoom+fade", "--progress", "0.5", "--size", "40x60", "--scale", "1", "--out", "a.png"], 1,
            "effect conflict: zoom and fade both set"
        ),
        (
            ["run", "--effects", "zoom+fade", "--frames", "3", "--repeat", "1", "--size", "40x60", "--scale", "1"], 1,
            "its animator refused: effect conflict"
        ),
    ]

    @Test func badInputGivesOneLineAndNoFile() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build effect-bench first (swift build --build-tests)")
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        var ran = 0
        for (arguments, status, fragment) in Self.cases {
            let process = Process()
            process.executableURL = Self.binary
            process.arguments = arguments
            process.currentDirectoryURL = dir
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // `run` warns about a debug build on a line of its own first; the error is the rest.
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("effect-bench: WARNING") }
                .joined(separator: "\n")
            process.waitUntilExit()
            ran += 1
            let label = arguments.joined(separator: " ")
            #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(label): status \(process.terminationStatus)")
            #expect(stdout.isEmpty, "\(label): stdout \(stdout)")
            #expect(stderr.hasPrefix("effect-bench: ") && stderr.hasSuffix("\n"), "\(label): \(stderr.prefix(300))")
            #expect(stderr.dropLast().contains("\n") == false, "\(label): more than one line: \(stderr.prefix(300))")
            #expect(stderr.contains(fragment), "\(label): \(stderr)")
            let after = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
            #expect(after == before, "\(label) left \(after.subtracting(before))")
        }
        #expect(ran == Self.cases.count)
    }
}
