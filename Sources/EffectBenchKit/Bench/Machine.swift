import Foundation

/// What the numbers were measured on.
public struct MachineInfo: Equatable, Codable, Sendable {
    /// Active processor cores.
    public var cores: Int
    /// The CPU's model name (`/proc/cpuinfo`), or "unknown".
    public var cpu: String
    /// The operating system's version string.
    public var os: String
    /// The Swift compiler that built the bench, e.g. "Swift 6.3".
    public var toolchain: String
    /// "release" or "debug".
    public var configuration: String
    /// Whether the bench was built with optimisation.
    public var optimized: Bool

    /// Describes a machine (for reports read from elsewhere or made in tests).
    public init(cores: Int, cpu: String, os: String, toolchain: String, configuration: String, optimized: Bool) {
        self.cores = cores
        self.cpu = cpu
        self.os = os
        self.toolchain = toolchain
        self.configuration = configuration
        self.optimized = optimized
    }

    /// This machine and this build of EffectBenchKit.
    public static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown" } ?? "unknown"
        return MachineInfo(
            cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model,
            os: ProcessInfo.processInfo.operatingSystemVersionString, toolchain: toolchain,
            configuration: isOptimized ? "release" : "debug", optimized: isOptimized)
    }

    /// Whether EffectBenchKit was built with optimisation (`-c release`).
    public static var isOptimized: Bool {
        #if DEBUG
            return false
        #else
            return true
        #endif
    }

    /// The compiler that built EffectBenchKit, to the minor version.
    public static var toolchain: String {
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
