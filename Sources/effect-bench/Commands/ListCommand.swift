import Foundation
import TransitionKitCore

/// `effect-bench list`: every effect with its operations and parameters.
enum ListCommand {
    static func output(_ registry: EffectRegistry) -> String {
        var lines: [String] = []
        for e in registry.allEntries {
            lines.append("\(e.name): \(e.summary)")
            lines.append("  operations: \(e.supportedOperations.map(\.rawValue).joined(separator: ", "))")
            for p in e.parameters {
                lines.append(
                    "  --param \(p.name)=\(trim(p.defaultValue))  \(p.summary) [\(trim(p.range.lowerBound))...\(trim(p.range.upperBound)) \(p.unit)] (default from \(p.source))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    static func trim(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
