import Foundation

/// One tunable setting of an effect, declared once with its type and read back by the same
/// symbol:
///
/// ```swift
/// public static let durationParameter = EffectParameter.number(
///     "duration", summary: "length of the transition", unit: "seconds",
///     default: 0.33, range: 0...10, source: "RadialTransition's 0.33 s")
/// let duration = parameters[Radial.durationParameter]       // a Double, validated
/// ```
///
/// Kinds (see the factories in `EffectParameter+Kinds.swift`): a number (`Double`, closed
/// range, unit, optionally whole numbers only), a choice among the cases of a
/// `CaseIterable & RawRepresentable<String>` enum (text = the case's raw value), a flag
/// (`Bool`), a point (`CGPoint`, points) and a colour (`Color`). Each carries its name,
/// summary, unit, default and the source of the default, which `effect-bench list` shows.
/// Equality compares the declaration (name, summary, unit, kind, source, default), not the
/// parsing closures.
public struct EffectParameter<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Lowercase key on the command line (`--param name=value`), letters and digits.
    public let name: String
    /// What it controls, one line.
    public let summary: String
    /// Unit of a number or point ("seconds", "points", "degrees"); empty where there is none.
    public let unit: String
    /// What kind of value it takes, with the accepted range or cases.
    public let kind: EffectParameterKind
    /// The value when none is given.
    public let defaultValue: Value
    /// Where the default comes from ("RadialTransition's 0.33 s").
    public let source: String
    /// Reads a value from command-line text; nil when the text is not one.
    let parse: @Sendable (String) -> Value?
    /// Whether a value is accepted (a number in range, finite coordinates, components 0...1).
    let accepts: @Sendable (Value) -> Bool
    /// A value as text that `parse` reads back to the same value.
    let format: @Sendable (Value) -> String

    /// The general form behind the kind factories (`number`, `choice`, `flag`, `point`,
    /// `color`); use those.
    /// - Precondition: `name` is non-empty lowercase letters and digits, and `accepts(defaultValue)`.
    init(
        name: String, summary: String, unit: String, kind: EffectParameterKind, defaultValue: Value, source: String,
        parse: @escaping @Sendable (String) -> Value?, accepts: @escaping @Sendable (Value) -> Bool,
        format: @escaping @Sendable (Value) -> String
    ) {
        precondition(
            name.isLowercaseName,
            "effect parameter name '\(name)' must be lowercase letters and digits")
        precondition(accepts(defaultValue), "default \(format(defaultValue)) of effect parameter '\(name)' is not \(kind.expectation(unit: unit))")
        self.name = name
        self.summary = summary
        self.unit = unit
        self.kind = kind
        self.defaultValue = defaultValue
        self.source = source
        self.parse = parse
        self.accepts = accepts
        self.format = format
    }

    /// The value `text` stands for.
    /// - Throws: `TransitionKitError.invalidText` naming the parameter, the text and what is
    ///   accepted (`parameter 'popstyle': 'foo' is not one of reveal, conceal`).
    /// - Complexity: O(length of `text`).
    public func value(fromText text: String) throws(TransitionKitError) -> Value {
        guard let v = parse(text), accepts(v) else { throw invalid(text) }
        return v
    }

    /// `value` itself when accepted.
    /// - Throws: `TransitionKitError.invalidText` with the value as text, for a number out of
    ///   range or not whole, a point with a non-finite coordinate, a colour component outside 0...1.
    public func validated(_ value: Value) throws(TransitionKitError) -> Value {
        guard accepts(value) else { throw invalid(format(value)) }
        return value
    }

    /// `value` as text that `value(fromText:)` reads back (`0.33`, `reveal`, `true`, `10,20`, `#ff8000`).
    public func text(for value: Value) -> String { format(value) }

    private func invalid(_ text: String) -> TransitionKitError {
        .invalidText(name: name, text: text, accepted: kind.expectation(unit: unit))
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.summary == b.summary && a.unit == b.unit && a.kind == b.kind && a.defaultValue == b.defaultValue
            && a.source == b.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(defaultValue)
    }
}

/// The kind of an effect parameter and what it accepts.
public enum EffectParameterKind: Sendable, Hashable {
    /// A `Double` in `range` (finite), only whole numbers when `wholeNumbers`; text as Swift's
    /// `Double(_:)` reads it (`0.5`, `1e-3`).
    case number(range: ClosedRange<Double>, wholeNumbers: Bool)
    /// One of `cases`, the raw values of an enum's cases, in declaration order.
    case choice(cases: [String])
    /// A `Bool`; text `true`, `false`, `yes`, `no`, `1`, `0` (any letter case).
    case flag
    /// A `CGPoint` with finite coordinates in points; text `x,y`.
    case point
    /// A `Color` with components 0...1; text `#rrggbb`, `#rrggbbaa` (hexadecimal) or
    /// `r,g,b` / `r,g,b,a` (components 0...1).
    case color

    /// The kind's name as `effect-bench list` shows it: number, choice, flag, point, color.
    public var name: String {
        switch self {
        case .number: return "number"
        case .choice: return "choice"
        case .flag: return "flag"
        case .point: return "point"
        case .color: return "color"
        }
    }

    /// The accepted values as a listing shows them: `0...10 seconds`, `1...8 whole`,
    /// `reveal | conceal`, `true | false`, `x,y points`, `#rrggbb | #rrggbbaa | r,g,b[,a]`.
    public func acceptedText(unit: String) -> String {
        switch self {
        case let .number(range, whole):
            return [Self.text(range), whole ? "whole" : "", unit].filter { !$0.isEmpty }.joined(separator: " ")
        case let .choice(cases): return cases.joined(separator: " | ")
        case .flag: return "true | false"
        case .point: return unit.isEmpty ? "x,y" : "x,y \(unit)"
        case .color: return "#rrggbb | #rrggbbaa | r,g,b[,a]"
        }
    }

    /// What is accepted, as the end of an error message ("… is not one of reveal, conceal").
    public func expectation(unit: String) -> String {
        switch self {
        case let .number(range, whole):
            return "\(whole ? "a whole number" : "a number") in \(Self.text(range))\(unit.isEmpty ? "" : " \(unit)")"
        case let .choice(cases): return "one of " + cases.joined(separator: ", ")
        case .flag: return "one of true, false, yes, no, 1, 0"
        case .point: return "a point x,y (two finite numbers\(unit.isEmpty ? "" : ", \(unit)"))"
        case .color: return "a colour #rrggbb, #rrggbbaa or r,g,b[,a] with components 0...1"
        }
    }

    /// A number as listings and messages show it: whole numbers without a fraction (`10`),
    /// others as Swift prints them (`0.33`).
    static func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }

    /// A range as `0...10`.
    static func text(_ range: ClosedRange<Double>) -> String { "\(text(range.lowerBound))...\(text(range.upperBound))" }
}
