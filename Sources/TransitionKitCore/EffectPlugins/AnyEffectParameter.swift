import Foundation

/// An `EffectParameter` of any value type, for listing and for reading command-line text:
/// name, kind, unit, default and accepted values as text. An effect lists its parameters as
/// `[AnyEffectParameter]` (`TransitionEffect.parameters`).
public struct AnyEffectParameter: Sendable, Hashable {
    /// Lowercase key on the command line.
    public let name: String
    /// What it controls.
    public let summary: String
    /// Unit of a number or point; empty where there is none.
    public let unit: String
    /// The kind with its range or cases.
    public let kind: EffectParameterKind
    /// Where the default comes from.
    public let source: String
    /// The default as text (`0.33`, `reveal`, `true`, `#000000`).
    public let defaultText: String
    /// The default value (an instance of the declared parameter's `Value`).
    let defaultValue: any Sendable & Hashable
    /// Text → validated value.
    let read: @Sendable (String) throws(TransitionKitError) -> any Sendable & Hashable
    /// A stored value → text, or nil when it is not of the declared type.
    let write: @Sendable (any Sendable & Hashable) -> String?

    /// The type-erased form of `parameter`.
    public init<V>(_ parameter: EffectParameter<V>) {
        name = parameter.name
        summary = parameter.summary
        unit = parameter.unit
        kind = parameter.kind
        source = parameter.source
        defaultText = parameter.text(for: parameter.defaultValue)
        defaultValue = parameter.defaultValue
        read = { (text: String) throws(TransitionKitError) -> any Sendable & Hashable in try parameter.value(fromText: text) }
        write = { ($0 as? V).map(parameter.text(for:)) }
    }

    /// The value `text` stands for, validated as the declared parameter's
    /// `value(fromText:)` does: a `Double`, a choice's enum case, a `Bool`, a `CGPoint` or a
    /// `Color` (cast it to the kind's type).
    /// - Throws: `TransitionKitError.invalidText` naming the parameter, the text and what is accepted.
    /// - Complexity: O(length of `text`).
    public func value(fromText text: String) throws(TransitionKitError) -> any Sendable & Hashable { try read(text) }

    /// `value` as text the parameter reads back (`0.33`, `reveal`, `true`, `10,20`,
    /// `#ff8000`), or nil when `value` is not of the declared parameter's type. Does not
    /// validate: pass what `value(fromText:)` accepts.
    public func text(for value: any Sendable & Hashable) -> String? { write(value) }

    /// The accepted values as text: `0...10 seconds`, `reveal | conceal`, `true | false`,
    /// `x,y points`, `#rrggbb | #rrggbbaa | r,g,b[,a]`.
    public var acceptedText: String { kind.acceptedText(unit: unit) }

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.summary == b.summary && a.unit == b.unit && a.kind == b.kind && a.source == b.source
            && a.defaultText == b.defaultText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(defaultText)
    }
}
