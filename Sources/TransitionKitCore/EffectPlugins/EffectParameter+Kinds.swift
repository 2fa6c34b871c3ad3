import Foundation

extension EffectParameter where Value == Double {
    /// A number in `range` (finite bounds), in `unit`.
    /// - Parameters:
    ///   - name: the command-line key, lowercase letters and digits.
    ///   - summary: what it controls, one line.
    ///   - unit: the unit shown with the value, e.g. "seconds", "points".
    ///   - defaultValue: the value when none is given; inside `range`.
    ///   - range: the accepted closed range, finite bounds.
    ///   - wholeNumbers: accept only whole numbers (a count, a level); default false.
    ///   - source: where the default comes from.
    /// - Precondition: `name` is lowercase letters and digits; the range's bounds are finite;
    ///   `defaultValue` is in `range` (and whole when `wholeNumbers`).
    public static func number(
        _ name: String, summary: String, unit: String, default defaultValue: Double, range: ClosedRange<Double>,
        wholeNumbers: Bool = false, source: String
    ) -> Self {
        precondition(range.lowerBound.isFinite && range.upperBound.isFinite, "range of effect parameter '\(name)' must be finite, got \(range)")
        return Self(
            name: name, summary: summary, unit: unit, kind: .number(range: range, wholeNumbers: wholeNumbers), defaultValue: defaultValue,
            source: source,
            parse: { Double($0.trimmingCharacters(in: .whitespaces)) },
            accepts: { $0.isFinite && range.contains($0) && (!wholeNumbers || $0 == $0.rounded()) },
            format: EffectParameterKind.text)
    }
}

extension EffectParameter where Value: CaseIterable & RawRepresentable<String> {
    /// A choice among the cases of `Value` (an enum with lowercase `String` raw values); the
    /// text is the raw value, compared ignoring letter case. Accepted values listed in the
    /// enum's declaration order.
    /// - Precondition: `name` and every raw value are lowercase letters and digits (a raw
    ///   value of `""` cannot be given as `--param name=`, one with a space or comma cannot be
    ///   told apart in the list of accepted values), the raw values distinct.
    public static func choice(_ name: String, summary: String, default defaultValue: Value, source: String) -> Self {
        let cases = Value.allCases.map(\.rawValue)
        precondition(
            cases.allSatisfy(\.isLowercaseName) && Set(cases).count == cases.count,
            "choices of effect parameter '\(name)' must be distinct, lowercase letters and digits, got \(cases)")
        return Self(
            name: name, summary: summary, unit: "", kind: .choice(cases: cases), defaultValue: defaultValue,
            source: source,
            parse: { text in Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() } },
            accepts: { _ in true },
            format: \.rawValue)
    }
}

extension EffectParameter where Value == Bool {
    /// A flag: text `true`, `yes`, `1` or `false`, `no`, `0` (any letter case); shown as
    /// `true`/`false`.
    /// - Precondition: `name` is lowercase letters and digits.
    public static func flag(_ name: String, summary: String, default defaultValue: Bool, source: String) -> Self {
        Self(
            name: name, summary: summary, unit: "", kind: .flag, defaultValue: defaultValue, source: source,
            parse: { text in
                switch text.lowercased() {
                case "true", "yes", "1": return true
                case "false", "no", "0": return false
                default: return nil
                }
            },
            accepts: { _ in true },
            format: { $0 ? "true" : "false" })
    }
}

extension EffectParameter where Value == CGPoint {
    /// A point with finite coordinates in points; text `x,y` (`12.5,40`).
    /// - Precondition: `name` is lowercase letters and digits; `defaultValue` is finite.
    public static func point(_ name: String, summary: String, default defaultValue: CGPoint, source: String) -> Self {
        Self(
            name: name, summary: summary, unit: "points", kind: .point, defaultValue: defaultValue, source: source,
            parse: { text in
                guard let c = EffectParameterKind.components(text), c.count == 2 else { return nil }
                return CGPoint(x: c[0], y: c[1])
            },
            accepts: { $0.x.isFinite && $0.y.isFinite },
            format: { "\(EffectParameterKind.text(Double($0.x))),\(EffectParameterKind.text(Double($0.y)))" })
    }
}

extension EffectParameter where Value == Color {
    /// A colour with components 0...1; text `#rrggbb` or `#rrggbbaa` (hexadecimal, 8 bits a
    /// component, read as n/255), or `r,g,b` / `r,g,b,a` (components 0...1; alpha 1 when
    /// left out). Shown as `#rrggbb` (or `#rrggbbaa` when not opaque) when every component
    /// is a multiple of 1/255, otherwise as components.
    /// - Precondition: `name` is lowercase letters and digits; `defaultValue`'s components are in 0...1.
    public static func color(_ name: String, summary: String, default defaultValue: Color, source: String) -> Self {
        Self(
            name: name, summary: summary, unit: "", kind: .color, defaultValue: defaultValue, source: source,
            parse: EffectParameterKind.color,
            accepts: { c in [c.red, c.green, c.blue, c.alpha].allSatisfy { $0.isFinite && (0...1).contains($0) } },
            format: EffectParameterKind.text)
    }
}

extension EffectParameterKind {
    /// Comma-separated numbers (`1,0.5,0`), each as `Double(_:)` reads it after trimming
    /// spaces; nil if one is not a number.
    static func components(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return values.count == parts.count ? values : nil
    }

    /// `#rrggbb`, `#rrggbbaa` or `r,g,b[,a]` as a colour (components not yet range-checked).
    static func color(_ text: String) -> Color? {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            let rgba = hex.count == 8 ? v : v << 8 | 0xFF
            func byte(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: rgba >> shift) }
            return Color(red8: byte(24), green8: byte(16), blue8: byte(8), alpha8: byte(0))
        }
        guard let c = components(text), c.count == 3 || c.count == 4 else { return nil }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
    }

    /// A colour as text: `#rrggbb` (opaque) or `#rrggbbaa` when every component is exactly
    /// n/255 for a whole n in 0...255 (what `Color(red8:…)` makes), else `r,g,b,a`; either
    /// reads back to the same colour.
    static func text(_ c: Color) -> String {
        let components = [c.red, c.green, c.blue, c.alpha].map(Double.init)
        let bytes = components.map { ($0 * 255).rounded() }
        guard zip(components, bytes).allSatisfy({ (0...255).contains($1) && $1 / 255 == $0 }) else {
            return components.map(text).joined(separator: ",")
        }
        return "#" + bytes.prefix(c.alpha == 1 ? 3 : 4).map { String(format: "%02x", Int($0)) }.joined()
    }
}
