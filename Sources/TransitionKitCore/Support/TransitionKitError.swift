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
        }
    }
}

extension TransitionKitError {
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
