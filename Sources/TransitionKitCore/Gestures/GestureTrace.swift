import Foundation

/// A recorded sequence of touch samples of one finger, validated: the input of
/// `effect-bench play --gesture` and of `Window.replay(_:on:maxFrames:)`.
///
/// JSON format, time in seconds, location in points (window coordinates):
///
/// ```json
/// {"samples":[{"t":0.0,"x":1.0,"y":420.0,"phase":"began"},
///             {"t":0.016,"x":9.0,"y":420.0,"phase":"moved"},
///             {"t":0.032,"x":17.0,"y":420.0,"phase":"ended"}]}
/// ```
///
/// A valid trace is non-empty; every number is finite; times never decrease; it starts with
/// `began`; each touch is `began`, `moved`*, then `ended` or `cancelled`, and a new touch
/// starts with `began`. See `GestureTraceError` for every rejection.
public struct GestureTrace: Sendable, Hashable {
    /// The samples in order; valid by construction.
    public let samples: [Touch]

    /// A trace from samples built in code.
    /// - Throws: `GestureTraceError` for an empty list, a non-finite number
    ///   (`.nonFiniteValue`), decreasing time, a bad phase sequence or an unterminated touch.
    public init(samples: [Touch]) throws(GestureTraceError) {
        for (i, s) in samples.enumerated() {
            if !s.timestamp.isFinite { throw .nonFiniteValue(index: i, field: "t", value: "\(s.timestamp)") }
            if !s.location.x.isFinite { throw .nonFiniteValue(index: i, field: "x", value: "\(s.location.x)") }
            if !s.location.y.isFinite { throw .nonFiniteValue(index: i, field: "y", value: "\(s.location.y)") }
        }
        try Self.validateSequence(samples)
        self.samples = samples
    }

    /// Parses and validates a trace in the JSON format.
    ///
    /// The JSON is parsed by Foundation's `JSONDecoder`; a number beyond the double range
    /// (`1e400`) makes the whole document invalid there, so it is reported as `.invalidJSON`
    /// with Foundation's reason rather than with its sample index.
    ///
    /// - Parameter jsonData: UTF-8 JSON.
    /// - Throws: `GestureTraceError`: `.invalidJSON`, `.missingSamples`, `.emptyTrace`,
    ///   `.sampleNotObject`, `.missingField`, `.wrongType`, `.nonFiniteValue`,
    ///   `.unknownPhase`, `.nonMonotonicTime`, `.firstSampleNotBegan`, `.sampleAfterEnd`,
    ///   `.beganWhileTouchDown`, `.unterminatedTouch` — the first problem in sample order.
    public init(jsonData: Data) throws(GestureTraceError) {
        let root = try TraceJSONValue.parse(jsonData)
        guard case let .object(members) = root, let value = members["samples"] else {
            throw .missingSamples(found: root.typeName)
        }
        guard case let .array(items) = value else { throw .missingSamples(found: "\"samples\" of type \(value.typeName)") }
        var samples: [Touch] = []
        samples.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case let .object(fields) = item else { throw .sampleNotObject(index: i, found: item.typeName) }
            let t = try Self.number(fields, "t", i)
            let x = try Self.number(fields, "x", i)
            let y = try Self.number(fields, "y", i)
            guard let p = fields["phase"] else { throw .missingField(index: i, field: "phase") }
            guard case let .string(name) = p else {
                throw .wrongType(index: i, field: "phase", expected: "a string (began, moved, ended, cancelled)", found: p.typeName)
            }
            guard let phase = TouchPhase(rawValue: name) else { throw .unknownPhase(index: i, value: name) }
            let touch = Touch(timestamp: t, location: CGPoint(x: x, y: y), phase: phase)
            try Self.validate(touch, at: i, after: samples)
            samples.append(touch)
        }
        try Self.validateEnd(samples)
        self.samples = samples
    }

    /// The largest trace file accepted, in bytes (64 MiB, over a million samples).
    public static let maximumFileSize = 64 << 20

    /// Reads and parses a trace file.
    /// - Parameter path: a file path.
    /// - Throws: `.unreadableFile` if the file cannot be read, else as `init(jsonData:)`.
    public init(contentsOf path: String) throws(GestureTraceError) {
        // Only regular files of a sane size: a FIFO would block, a device never end.
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadableFile(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read its attributes" : "no such file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadableFile(path: path, reason: "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize else {
            throw .unreadableFile(path: path, reason: "\(size) bytes; at most \(Self.maximumFileSize) accepted")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        try self.init(jsonData: data)
    }

    /// Reads and parses a trace file at a file URL (see `init(contentsOf:)` for a path).
    /// - Throws: `.unreadableFile`, else as `init(jsonData:)`.
    public init(contentsOf url: URL) throws(GestureTraceError) {
        try self.init(contentsOf: url.path)
    }

    /// Seconds from the first to the last sample.
    public var duration: TimeInterval { (samples.last?.timestamp ?? 0) - (samples.first?.timestamp ?? 0) }

    /// The trace in its JSON format, one sample per line (numbers printed in Swift's
    /// shortest round-trip form, so parsing the output gives the same trace).
    public func jsonData() -> Data {
        var out = "{\"samples\":[\n"
        for (i, s) in samples.enumerated() {
            out += "{\"t\":\(s.timestamp),\"x\":\(Double(s.location.x)),\"y\":\(Double(s.location.y)),\"phase\":\"\(s.phase.rawValue)\"}"
            out += i + 1 < samples.count ? ",\n" : "\n"
        }
        out += "]}\n"
        return Data(out.utf8)
    }

    // MARK: Validation

    private static func number(_ fields: [String: TraceJSONValue], _ name: String, _ i: Int) throws(GestureTraceError) -> Double {
        guard let v = fields[name] else { throw .missingField(index: i, field: name) }
        switch v {
        case let .number(d, text):
            guard d.isFinite else { throw .nonFiniteValue(index: i, field: name, value: text) }
            return d
        case let .string(s):
            // "NaN", "Infinity", "-inf"…: a non-finite value written as a string.
            if let d = Double(s.trimmingCharacters(in: .whitespaces)), !d.isFinite {
                throw .nonFiniteValue(index: i, field: name, value: s)
            }
            throw .wrongType(index: i, field: name, expected: "a number", found: "string \"\(s)\"")
        default:
            throw .wrongType(index: i, field: name, expected: "a number", found: v.typeName)
        }
    }

    private static func validateSequence(_ samples: [Touch]) throws(GestureTraceError) {
        var checked: [Touch] = []
        checked.reserveCapacity(samples.count)
        for (i, s) in samples.enumerated() {
            try validate(s, at: i, after: checked)
            checked.append(s)
        }
        try validateEnd(samples)
    }

    /// Checks sample `i` against the samples before it (time order, phase sequence).
    private static func validate(_ s: Touch, at i: Int, after previous: [Touch]) throws(GestureTraceError) {
        guard let last = previous.last else {
            if s.phase != .began { throw .firstSampleNotBegan(phase: s.phase) }
            return
        }
        if s.timestamp < last.timestamp {
            throw .nonMonotonicTime(index: i, time: s.timestamp, previousTime: last.timestamp)
        }
        let touchDown = !last.phase.isTerminal
        switch s.phase {
        case .began:
            if touchDown {
                let beganIndex = previous.lastIndex { $0.phase == .began } ?? 0
                throw .beganWhileTouchDown(index: i, beganIndex: beganIndex)
            }
        case .moved, .ended, .cancelled:
            if !touchDown { throw .sampleAfterEnd(index: i, phase: s.phase, endIndex: i - 1) }
        }
    }

    private static func validateEnd(_ samples: [Touch]) throws(GestureTraceError) {
        guard let last = samples.last else { throw .emptyTrace }
        if !last.phase.isTerminal {
            throw .unterminatedTouch(beganIndex: samples.lastIndex { $0.phase == .began } ?? 0)
        }
    }
}
