import Foundation
import TransitionKitCore

/// `effect-bench list`: every effect with its operations and parameters; for each parameter
/// its kind, default, accepted values (with the unit), summary and the source of the default:
///
/// ```
/// radial: circular reveal from a start frame (RadialTransition), push and pop
///   operations: push, pop
///   --param duration=0.33  number, accepted 0...10 seconds: length of the transition (default from RadialTransition's 0.33 s)
/// ```
enum ListCommand {
    static func output(_ registry: EffectRegistry) -> String {
        var lines: [String] = []
        for e in registry.allEntries {
            lines.append("\(e.name): \(e.summary)")
            lines.append("  operations: \(e.supportedOperations.map(\.rawValue).joined(separator: ", "))")
            for p in e.parameters {
                lines.append(
                    "  --param \(p.name)=\(p.defaultText)  \(p.kind.name), accepted \(p.acceptedText): \(p.summary) (default from \(p.source))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
