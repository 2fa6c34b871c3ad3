import Foundation

/// A JSON value of a gesture trace, parsed by Foundation's `JSONDecoder` (a well-kept parser;
/// TransitionKit only maps its result to typed, per-sample errors).
enum TraceJSONValue: Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double, text: String)
    case string(String)
    case array([TraceJSONValue])
    case object([String: TraceJSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            let text = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
            self = .number(d, text: text)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else {
            // Only a type mismatch means "not an array"; errors inside (a number beyond the
            // double range) must surface.
            do {
                self = .array(try c.decode([TraceJSONValue].self))
            } catch DecodingError.typeMismatch {
                self = .object(try c.decode([String: TraceJSONValue].self))
            }
        }
    }

    /// Parses a whole document.
    /// - Throws: `GestureTraceError.invalidJSON` with Foundation's reason.
    static func parse(_ data: Data) throws(GestureTraceError) -> TraceJSONValue {
        // Syntax first with JSONSerialization, whose errors say what is wrong (e.g. "Number
        // 1e400 is not representable"); then the typed tree with JSONDecoder.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .invalidJSON(reason: reason ?? error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(TraceJSONValue.self, from: data)
        } catch {
            throw .invalidJSON(reason: "\(error)")
        }
    }

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
