import Foundation

/// The set of effects an app or tool knows, built explicitly (no global registration).
///
/// ```swift
/// var registry = EffectRegistry()
/// try registry.register(Radial.self)
/// let effect = try registry.makeEffect(named: "radial", parameters: ["duration": 0.5])
/// ```
public struct EffectRegistry: Sendable {
    /// What the registry knows about one effect.
    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        public let parameters: [EffectParameter]
        public let supportedOperations: [TransitionOperation]
        public let modalPresentationStyle: ModalPresentationStyle
        let make: @Sendable (EffectParameters) throws(TransitionKitError) -> any TransitionEffect
    }

    private var entries: [Entry] = []

    public init() {}

    /// Adds an effect type.
    /// - Throws: `TransitionKitError.invalidOperation` if the name is taken or not lowercase
    ///   letters and digits.
    public mutating func register<E: TransitionEffect>(_ type: E.Type) throws(TransitionKitError) {
        let name = E.name
        guard !name.isEmpty, name.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0.isNumber }) else {
            throw .invalidOperation("effect name '\(name)' must be lowercase letters and digits")
        }
        guard entry(named: name) == nil else { throw .invalidOperation("an effect named '\(name)' is already registered") }
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

    /// An effect instance with `parameters` applied over the defaults.
    /// - Throws: `TransitionKitError.invalidValue` for an unknown effect (listing the names),
    ///   an unknown parameter or a value out of range.
    public func makeEffect(named name: String, parameters: [String: Double] = [:]) throws(TransitionKitError) -> any TransitionEffect {
        guard let e = entry(named: name) else {
            throw .invalidValue(
                name: "effect '\(name)'", value: .nan, accepted: names.isEmpty ? "no effects registered" : names.joined(separator: ", "))
        }
        return try e.make(EffectParameters(e.parameters, overrides: parameters))
    }
}
