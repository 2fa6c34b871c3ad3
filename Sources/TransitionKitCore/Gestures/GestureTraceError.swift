import Foundation

/// Why a gesture trace was rejected. Sample indices are 0-based positions in `"samples"`.
///
/// Accepted format: a JSON object with a `"samples"` array; each sample an object with
/// `"t"` (seconds, finite, non-decreasing), `"x"` and `"y"` (points, finite) and `"phase"`
/// (`"began"`, `"moved"`, `"ended"` or `"cancelled"`). Each touch runs `began`, any number
/// of `moved`, then `ended` or `cancelled`; a new `began` may follow. Other keys are ignored.
public enum GestureTraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's message.
    case unreadableFile(path: String, reason: String)
    /// The bytes are not JSON; `reason` is the JSON parser's message (it names where it failed).
    case invalidJSON(reason: String)
    /// The top level is not an object with a `"samples"` array.
    case missingSamples(found: String)
    /// `"samples"` is empty.
    case emptyTrace
    /// Sample `index` is not a JSON object.
    case sampleNotObject(index: Int, found: String)
    /// Sample `index` lacks `field` (`"t"`, `"x"`, `"y"` or `"phase"`).
    case missingField(index: Int, field: String)
    /// Sample `index` has `field` of the wrong JSON type (`found` is the type seen).
    case wrongType(index: Int, field: String, expected: String, found: String)
    /// Sample `index` has a non-finite `field`: a number too large for a double (e.g.
    /// `1e400`) or a string such as `"NaN"` or `"Infinity"`; `value` is the text given.
    case nonFiniteValue(index: Int, field: String, value: String)
    /// Sample `index` has a `"phase"` that is none of the four accepted.
    case unknownPhase(index: Int, value: String)
    /// Sample `index` has `t` below the previous sample's.
    case nonMonotonicTime(index: Int, time: Double, previousTime: Double)
    /// The first sample is not a `began`.
    case firstSampleNotBegan(phase: TouchPhase)
    /// Sample `index` (`moved`, `ended` or `cancelled`) follows the end of a touch at
    /// `endIndex` without a new `began`.
    case sampleAfterEnd(index: Int, phase: TouchPhase, endIndex: Int)
    /// Sample `index` is a `began` while the touch that began at `beganIndex` is still down
    /// (traces hold one touch at a time).
    case beganWhileTouchDown(index: Int, beganIndex: Int)
    /// The trace ends while the touch that began at `beganIndex` is still down; the last
    /// touch must end with `ended` or `cancelled`.
    case unterminatedTouch(beganIndex: Int)

    /// A one-line message naming the sample, the field and what is accepted (control
    /// characters from the input, such as a line break inside a phase, are escaped).
    public var description: String { message.escapingControlCharacters }

    private var message: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot read gesture trace \(path): \(reason)"
        case let .invalidJSON(reason):
            return "gesture trace is not valid JSON: \(reason)"
        case let .missingSamples(found):
            return "gesture trace must be an object with a \"samples\" array; found \(found)"
        case .emptyTrace:
            return "gesture trace has no samples; at least a began and an ended sample are needed"
        case let .sampleNotObject(index, found):
            return "sample \(index): expected an object {\"t\",\"x\",\"y\",\"phase\"}, found \(found)"
        case let .missingField(index, field):
            return "sample \(index): missing field \"\(field)\""
        case let .wrongType(index, field, expected, found):
            return "sample \(index): field \"\(field)\" must be \(expected), found \(found)"
        case let .nonFiniteValue(index, field, value):
            return "sample \(index): field \"\(field)\" is not a finite number (\(value)); accepted: finite numbers"
        case let .unknownPhase(index, value):
            return "sample \(index): unknown phase \"\(value)\"; accepted: began, moved, ended, cancelled"
        case let .nonMonotonicTime(index, time, previousTime):
            return "sample \(index): time \(time) s is before the previous sample's \(previousTime) s; times must not decrease"
        case let .firstSampleNotBegan(phase):
            return "sample 0: the first sample must be \"began\", found \"\(phase.rawValue)\""
        case let .sampleAfterEnd(index, phase, endIndex):
            return "sample \(index): \"\(phase.rawValue)\" after the touch ended at sample \(endIndex); start a new touch with \"began\""
        case let .beganWhileTouchDown(index, beganIndex):
            return "sample \(index): \"began\" while the touch begun at sample \(beganIndex) is down; one touch at a time"
        case let .unterminatedTouch(beganIndex):
            return "the touch begun at sample \(beganIndex) never ends; end it with \"ended\" or \"cancelled\""
        }
    }
}
