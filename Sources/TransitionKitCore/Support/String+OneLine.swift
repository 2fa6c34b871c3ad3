import Foundation

extension String {
    /// This text on one line: line and paragraph breaks, tabs and the other control
    /// characters (C0, DEL, C1) written as Swift escapes (`\n`, `\r`, `\t`, `\u{1B}`), so an
    /// error message that quotes outside input (a trace's phase, a path, an argument) stays
    /// one line.
    /// - Complexity: O(length).
    package var escapingControlCharacters: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
