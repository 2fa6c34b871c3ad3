import Foundation

/// The validated parameter values of one effect instance: every declared parameter has a
/// value (its default unless set), read back with the declaration itself:
///
/// ```swift
/// let p = try EffectParameters(Radial.parameters, text: ["duration": "0.5", "popstyle": "conceal"])
/// p[Radial.durationParameter]                 // 0.5
/// let q = try p.setting(Radial.popStyleParameter, to: .reveal)
/// ```
public struct EffectParameters: Sendable, Hashable {
    /// The declared parameters, in the effect's order.
    public let declared: [AnyEffectParameter]
    private var values: [String: any Sendable & Hashable]

    /// Every declared parameter at its default.
    /// - Precondition: the names are distinct.
    public init(_ declared: [AnyEffectParameter]) {
        precondition(Set(declared.map(\.name)).count == declared.count, "effect parameter names must be distinct: \(declared.map(\.name))")
        self.declared = declared
        values = Dictionary(uniqueKeysWithValues: declared.map { ($0.name, $0.defaultValue) })
    }

    /// The defaults with `text` (name → text, as on the command line) applied, in name order.
    /// - Throws: `TransitionKitError.unknownName(kind: "parameter", …)` listing the declared
    ///   names for an undeclared name; `TransitionKitError.invalidText` naming the parameter,
    ///   the text and what it accepts for a value it does not accept.
    public init(_ declared: [AnyEffectParameter], text: [String: String]) throws(TransitionKitError) {
        self.init(declared)
        for (name, text) in text.sorted(by: { $0.key < $1.key }) {
            guard let p = declared.first(where: { $0.name == name }) else {
                throw .unknownName(kind: "parameter", name: name, accepted: declared.map(\.name))
            }
            values[name] = try p.read(text)
        }
    }

    /// The value of `parameter`.
    /// - Precondition: `parameter` is one of `declared` (same name and value type); reading
    ///   another effect's parameter is a programming error.
    /// - Complexity: one dictionary lookup.
    public subscript<V>(_ parameter: EffectParameter<V>) -> V {
        guard let v = values[parameter.name] as? V else {
            preconditionFailure(
                "effect parameter '\(parameter.name)' of type \(V.self) is not declared here; declared: \(declared.map(\.name).joined(separator: ", "))"
            )
        }
        return v
    }

    /// A copy with `parameter` set to `value`.
    /// - Throws: `TransitionKitError.unknownName(kind: "parameter", …)` if `parameter` is not
    ///   declared here; `TransitionKitError.invalidText` (the value shown as text) if it does
    ///   not accept `value` (a number out of range, a non-finite point, a colour component
    ///   outside 0...1).
    public func setting<V>(_ parameter: EffectParameter<V>, to value: V) throws(TransitionKitError) -> EffectParameters {
        guard declared.contains(where: { $0.name == parameter.name && $0.defaultValue is V }) else {
            throw .unknownName(kind: "parameter", name: parameter.name, accepted: declared.map(\.name))
        }
        var copy = self
        copy.values[parameter.name] = try parameter.validated(value)
        return copy
    }

    /// The values of the parameters `declared` (one part of a composed effect) read from this
    /// composition's parameters named `prefix` + each name; a name not found keeps its default.
    /// - Complexity: O(declared).
    func part(_ declared: [AnyEffectParameter], prefix: String) -> EffectParameters {
        var part = EffectParameters(declared)
        for p in declared { part.values[p.name] = values[prefix + p.name] ?? p.defaultValue }
        return part
    }

    /// Every value as text, name → text (what `init(_:text:)` reads back to these values).
    public var textValues: [String: String] {
        var out: [String: String] = [:]
        for p in declared { out[p.name] = values[p.name].flatMap(p.write) }
        return out
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.declared == b.declared && a.declared.allSatisfy { AnyHashable(a.values[$0.name]!) == AnyHashable(b.values[$0.name]!) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(declared)
        for p in declared { hasher.combine(AnyHashable(values[p.name]!)) }
    }
}
