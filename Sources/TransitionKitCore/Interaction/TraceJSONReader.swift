import Foundation

/// A JSON value as read by `TraceJSONReader`. Numbers keep their source text so that an
/// out-of-range literal (`1e400`, read as infinity) can be quoted in an error.
enum TraceJSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double, text: String)
    case string(String)
    case array([TraceJSONValue])
    case object([String: TraceJSONValue])

    /// The JSON type name, for error messages ("number 3", "string", "object"...).
    var typeName: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return "boolean \(b)"
        case let .number(_, text): return "number \(text)"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// A strict RFC 8259 JSON reader for gesture traces (see `GestureTrace.init(jsonData:)` for
/// why not Foundation's). Numbers are converted with `Double(_:)`, so literals beyond the
/// double range become ±infinity (and are then rejected with their sample index) instead
/// of failing the whole document. Nesting is limited to 64 levels.
struct TraceJSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private static let maxDepth = 64

    private init(_ data: Data) { bytes = Array(data) }

    /// Parses a whole document.
    /// - Throws: `GestureTraceError.invalidJSON` with the byte offset of the first problem.
    static func parse(_ data: Data) throws(GestureTraceError) -> TraceJSONValue {
        var r = TraceJSONReader(data)
        if r.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }  // UTF-8 byte-order mark
        let value = try r.value(depth: 0)
        r.skipSpace()
        guard r.i == r.bytes.count else { throw r.error("unexpected data after the top-level value") }
        return value
    }

    private func error(_ reason: String) -> GestureTraceError { .invalidJSON(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func expect(_ literal: String, _ value: TraceJSONValue) throws(GestureTraceError) -> TraceJSONValue {
        let l = Array(literal.utf8)
        guard bytes.count - i >= l.count, Array(bytes[i..<i + l.count]) == l else { throw error("invalid literal") }
        i += l.count
        return value
    }

    private mutating func value(depth: Int) throws(GestureTraceError) -> TraceJSONValue {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of data") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func object(depth: Int) throws(GestureTraceError) -> TraceJSONValue {
        i += 1
        var members: [String: TraceJSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            members[key] = try value(depth: depth + 1)
            skipSpace()
            guard i < bytes.count else { throw error("unterminated object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(GestureTraceError) -> TraceJSONValue {
        i += 1
        var items: [TraceJSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw error("unterminated array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func number() throws(GestureTraceError) -> TraceJSONValue {
        let start = i
        func digits(_ r: inout TraceJSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) { r.i += 1 }
            return r.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw error("incomplete number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        // The grammar was checked above, so `Double(_:)` parses it; out-of-range gives ±inf.
        return .number(Double(text) ?? .nan, text: text)
    }

    private mutating func hex4() throws(GestureTraceError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func string() throws(GestureTraceError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(bytes: out, encoding: .utf8) else { throw error("string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard bytes.count - i >= 2, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw error("invalid escape")
                }
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                out.append(c)
                i += 1
            }
        }
    }
}
