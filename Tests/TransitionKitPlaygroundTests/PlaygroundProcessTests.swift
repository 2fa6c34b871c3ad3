import Foundation
import Testing

/// The `playground` executable without what it needs: one line on standard error saying what
/// is missing and how to get it, exit status 1, nothing written to standard output or to
/// the working directory. Runs everywhere (SDL2 installed or not).
@Suite(.serialized) struct PlaygroundProcessTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("playground")

    func run(_ arguments: [String], environment: [String: String?]) throws -> (status: Int32, stdout: String, stderr: String, files: [String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("playground-proc-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr, try FileManager.default.contentsOfDirectory(atPath: dir.path))
    }

    /// SDL's own lines (e.g. "XDG_RUNTIME_DIR is invalid") are not the playground's.
    func playgroundLines(_ stderr: String) -> [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("playground: ") } }

    @Test func withoutSDLItSaysHowToInstallIt() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the playground first (swift build --build-tests)")
        let r = try run(["radial"], environment: ["TRANSITIONKIT_SDL2": "/nonexistent/libSDL2-2.0.so.0"])
        #expect(r.status == 1 && r.stdout.isEmpty && r.files.isEmpty)
        let lines = playgroundLines(r.stderr)
        #expect(lines.count == 1 && lines.first?.contains("apt-get install libsdl2-dev") == true, "\(r.stderr)")
    }

    @Test func withoutADisplayItSaysHowToRunIt() throws {
        let r = try run(["radial"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        #expect(r.status == 1 && r.stdout.isEmpty && r.files.isEmpty)
        let lines = playgroundLines(r.stderr)
        try #require(lines.count == 1, "\(r.stderr)")
        // Without SDL2 the first missing thing is the library, with it the display.
        #expect(
            lines[0].contains("xvfb-run") && lines[0].contains("SDL_VIDEODRIVER=offscreen") || lines[0].contains("apt-get install libsdl2-dev"),
            "\(lines[0])")
    }

    @Test func badArgumentsExitWithStatus2() throws {
        let r = try run(["radial", "--size", "10x10"], environment: [:])
        #expect(r.status == 2 && r.stdout.isEmpty && r.files.isEmpty)
        #expect(playgroundLines(r.stderr).first?.contains("--size '10x10'") == true, "\(r.stderr)")
    }
}
