import Foundation

/// What the numbers were measured on.
struct MachineInfo: Equatable, Codable {
    var cores: Int
    var cpu: String
    var os: String
    var toolchain: String
    var configuration: String
    var optimized: Bool

    static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown" } ?? "unknown"
        return MachineInfo(
            cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model,
            os: ProcessInfo.processInfo.operatingSystemVersionString, toolchain: toolchain,
            configuration: isOptimized ? "release" : "debug", optimized: isOptimized)
    }

    /// Whether this binary was built with optimisation (`-c release`).
    static var isOptimized: Bool {
        #if DEBUG
            return false
        #else
            return true
        #endif
    }

    static var toolchain: String {
        #if compiler(>=6.4)
            return "Swift 6.4 or later"
        #elseif compiler(>=6.3)
            return "Swift 6.3"
        #elseif compiler(>=6.2)
            return "Swift 6.2"
        #else
            return "Swift 6.1 or earlier"
        #endif
    }
}
