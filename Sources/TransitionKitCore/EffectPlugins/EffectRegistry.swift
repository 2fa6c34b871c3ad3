import Foundation

/// The set of effects an app or tool knows, built explicitly (no global registration).
///
/// ```swift
/// var registry = EffectRegistry()
/// try registry.register(Radial.self)
/// let effect = try registry.makeEffect(named: "radial", settings: ["duration": "0.5", "popstyle": "conceal"])
/// ```
public struct EffectRegistry: Sendable {
    /// What the registry knows about one effect.
    public struct Entry: Sendable {
        /// The effect's registry name (`TransitionEffect.name`).
        public let name: String
        /// One line describing it.
        public let summary: String
        /// Its parameters, for listing and for reading text settings.
        public let parameters: [AnyEffectParameter]
        /// The operations it animates.
        public let supportedOperations: [TransitionOperation]
        /// How its presented view controllers cover the presenter.
        public let modalPresentationStyle: ModalPresentationStyle
        /// The effect type (compositions of registered effects are built from it).
        let type: any TransitionEffect.Type
        let make: @Sendable (EffectParameters) throws(TransitionKitError) -> any TransitionEffect
    }

    private var entries: [Entry] = []

    public init() {}

    /// Adds an effect type.
    /// - Throws: `TransitionKitError.invalidOperation` if the name is taken or not lowercase
    ///   letters and digits (a `ComposedEffect`'s: such names joined by `+` and `>`, with
    ///   balanced parentheses, e.g. `(radial+fade)>pushback3d`), if the effect declares no operation or one operation twice, or
    ///   if two of its parameters share a name (tools index operations and parameters by
    ///   these, so such a declaration cannot be listed, rendered or set from text).
    public mutating func register<E: TransitionEffect>(_ type: E.Type) throws(TransitionKitError) {
        let e = try Self.checkedEntry(type)
        guard entry(named: e.name) == nil else { throw .invalidOperation("an effect named '\(e.name)' is already registered") }
        entries.append(e)
    }

    /// The entry of `E`, its declaration checked as `register(_:)` documents (but for the
    /// name being taken).
    static func checkedEntry<E: TransitionEffect>(_: E.Type) throws(TransitionKitError) -> Entry {
        let name = E.name
        let composed = E.self is any ComposedEffect.Type
        guard composed ? name.isComposedEffectName : name.isLowercaseName else {
            throw .invalidOperation(
                "effect name '\(name)' must be lowercase letters and digits"
                    + (composed ? " joined by '+' and '>', with balanced parentheses" : ""))
        }
        let operations = E.supportedOperations.map(\.rawValue)
        if composed, operations.isEmpty { throw .invalidOperation("the parts of '\(name)' have no operation in common") }
        guard !operations.isEmpty, Set(operations).count == operations.count else {
            throw .invalidOperation(
                "effect '\(name)' must declare each supported operation once, at least one; declares [\(operations.joined(separator: ", "))]")
        }
        let parameterNames = E.parameters.map(\.name)
        guard Set(parameterNames).count == parameterNames.count else {
            throw .invalidOperation("effect '\(name)' declares parameter names more than once: \(parameterNames.joined(separator: ", "))")
        }
        return Entry(
            name: name, summary: E.summary, parameters: E.parameters, supportedOperations: E.supportedOperations,
            modalPresentationStyle: E.modalPresentationStyle, type: E.self
        ) {
            (p: EffectParameters) throws(TransitionKitError) -> any TransitionEffect in try E(parameters: p)
        }
    }

    /// Registered names in registration order.
    public var names: [String] { entries.map(\.name) }

    /// All entries in registration order.
    public var allEntries: [Entry] { entries }

    /// The entry called `name`, if registered.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The effect called `name` (registered, or a composition of registered effects: see
    /// `resolvedEntry(named:)`) with text `settings` (parameter name → text, as
    /// `--param name=value` gives them) applied over its defaults.
    /// - Throws: `TransitionKitError.unknownName` for an unknown effect (listing the
    ///   registered names: `unknown effect 'irs'; registered: radial, fade, …`) or an unknown
    ///   parameter (`kind` "radial parameter", listing its parameters);
    ///   `TransitionKitError.invalidText` for a value the parameter does not accept (listing
    ///   what it accepts).
    ///   A composition of registered effects that cannot be registered (no operation in
    ///   common, parameter names repeated) throws as `register(_:)` documents.
    /// - Complexity: O(registered effects + settings · parameters), plus parsing a composition.
    public func makeEffect(named name: String, settings: [String: String] = [:]) throws(TransitionKitError) -> any TransitionEffect {
        let e = try resolvedEntry(named: name)
        let parameters: EffectParameters
        do {
            parameters = try EffectParameters(e.parameters, text: settings)
        } catch .unknownName(_, let parameter, let accepted) {
            throw .unknownName(kind: "\(name) parameter", name: parameter, accepted: accepted)
        }
        return try e.make(parameters)
    }
}
