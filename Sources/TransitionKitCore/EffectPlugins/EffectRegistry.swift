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
        let name = E.name
        let composed = E.self is any ComposedEffect.Type
        guard composed ? name.isComposedEffectName : name.isLowercaseName else {
            throw .invalidOperation(
                "effect name '\(name)' must be lowercase letters and digits"
                    + (composed ? " joined by '+' and '>', with balanced parentheses" : ""))
        }
        guard entry(named: name) == nil else { throw .invalidOperation("an effect named '\(name)' is already registered") }
        let operations = E.supportedOperations.map(\.rawValue)
        guard !operations.isEmpty, Set(operations).count == operations.count else {
            throw .invalidOperation(
                "effect '\(name)' must declare each supported operation once, at least one; declares [\(operations.joined(separator: ", "))]")
        }
        let parameterNames = E.parameters.map(\.name)
        guard Set(parameterNames).count == parameterNames.count else {
            throw .invalidOperation("effect '\(name)' declares parameter names more than once: \(parameterNames.joined(separator: ", "))")
        }
        entries.append(
            Entry(
                name: name, summary: E.summary, parameters: E.parameters, supportedOperations: E.supportedOperations,
                modalPresentationStyle: E.modalPresentationStyle
            ) {
                (p: EffectParameters) throws(TransitionKitError) -> any TransitionEffect in try E(parameters: p)
            })
    }

    /// Registered names in registration order.
    public var names: [String] { entries.map(\.name) }

    /// All entries in registration order.
    public var allEntries: [Entry] { entries }

    /// The entry called `name`, if registered.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The effect called `name` with text `settings` (parameter name → text, as
    /// `--param name=value` gives them) applied over its defaults.
    /// - Throws: `TransitionKitError.unknownName` for an unknown effect (listing the
    ///   registered names: `unknown effect 'irs'; registered: radial, fade, …`) or an unknown
    ///   parameter (`kind` "radial parameter", listing its parameters);
    ///   `TransitionKitError.invalidText` for a value the parameter does not accept (listing
    ///   what it accepts).
    /// - Complexity: O(registered effects + settings · parameters).
    public func makeEffect(named name: String, settings: [String: String] = [:]) throws(TransitionKitError) -> any TransitionEffect {
        guard let e = entry(named: name) else { throw .unknownName(kind: "effect", name: name, accepted: names) }
        let parameters: EffectParameters
        do {
            parameters = try EffectParameters(e.parameters, text: settings)
        } catch .unknownName(_, let parameter, let accepted) {
            throw .unknownName(kind: "\(name) parameter", name: parameter, accepted: accepted)
        }
        return try e.make(parameters)
    }
}
