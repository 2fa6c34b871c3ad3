import Foundation

/// Errors for bad input that comes from outside the program: values, files, traces,
/// command-line arguments. Each case names the offending value and what is accepted.
///
/// Programmer errors (a broken invariant inside TransitionKit or the app) trap with a
/// `precondition` whose message carries the offending values instead.
public enum TransitionKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A numeric value was NaN, infinite or outside its accepted range.
    /// - `name`: the parameter, e.g. `"duration"`; `value`: what was given;
    ///   `accepted`: a human-readable range, e.g. `"finite and >= 0 seconds"`.
    case invalidValue(name: String, value: Double, accepted: String)
    /// A size was empty, negative, non-finite or too large.
    case invalidSize(name: String, width: Double, height: Double, accepted: String)
    /// A navigation or presentation request that cannot run in the current state;
    /// the stack is left exactly as it was.
    case invalidOperation(String)
    /// A transition could not start because its context was incomplete (e.g. a view not
    /// in a container, scenario G4). Nothing was changed.
    case transitionUnavailable(String)
    /// A name given from outside (an effect, a parameter) is not one of the known ones.
    /// - `kind`: what was looked up, e.g. `"effect"`, `"parameter of radial"`; `name`: what
    ///   was given; `accepted`: every known name, in their own order.
    /// The description lists them and, when one is within two edits of `name`, suggests it:
    /// `unknown effect 'radail'; registered: radial, fade; did you mean 'radial'?`.
    case unknownName(kind: String, name: String, accepted: [String])
    /// A parameter's value, given as text (or given programmatically and shown as text), is
    /// not one it accepts.
    /// - `name`: the parameter; `text`: what was given; `accepted`: what it accepts as a
    ///   phrase, e.g. `"one of reveal, conceal"`, `"a number in 0...10 seconds"`.
    case invalidText(name: String, text: String, accepted: String)
    /// Two parts of a composed effect set the same property of the same layer and no rule
    /// combines them (see `EffectConflict`); the transition did not run.
    case effectConflict(EffectConflict)

    public var description: String {
        switch self {
        case let .invalidValue(name, value, accepted):
            return "invalid \(name): \(value); accepted: \(accepted)"
        case let .invalidSize(name, width, height, accepted):
            return "invalid \(name): \(width)x\(height); accepted: \(accepted)"
        case let .invalidOperation(message):
            return "invalid operation: \(message)"
        case let .transitionUnavailable(message):
            return "transition unavailable: \(message)"
        case let .unknownName(kind, name, accepted):
            // Effects are registered; everything else is declared and accepted.
            let label = kind == "effect" ? "registered" : "accepted"
            var text = "unknown \(kind) '\(name)'; " + (accepted.isEmpty ? "none \(label)" : "\(label): \(accepted.joined(separator: ", "))")
            if let match = name.closestMatch(in: accepted) { text += "; did you mean '\(match)'?" }
            return text
        case let .invalidText(name, text, accepted):
            return "parameter '\(name)': '\(text)' is not \(accepted)"
        case let .effectConflict(conflict):
            return "effect conflict: \(conflict)"
        }
    }
}

extension TransitionKitError {
    /// Runs `check` and traps with its error's description: the one place where an argument
    /// that is a programmer error (a literal rate, size or index) becomes a precondition
    /// failure, while the same check stays available as a throwing, validating initialiser for
    /// input from outside.
    package static func require(_ check: () throws(TransitionKitError) -> Void) {
        do throws(TransitionKitError) { try check() } catch { preconditionFailure(error.description) }
    }

    /// Validates that `value` is finite and within `range`.
    /// - Throws: `TransitionKitError.invalidValue` naming `name`, the value and the range.
    @inlinable
    public static func check(
        _ value: Double, _ name: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
        accepted: @autoclosure () -> String = "a finite number"
    ) throws(TransitionKitError) {
        guard value.isFinite, range.contains(value) else {
            throw .invalidValue(name: name, value: value, accepted: accepted())
        }
    }
}
