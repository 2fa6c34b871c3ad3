import Foundation

/// A typed key for per-controller extension storage (what Objective-C categories kept in
/// associated objects): a name plus the type of the value stored under it.
///
/// ```swift
/// extension NavigationController {
///     static let irisDuration = ExtensionKey<TimeInterval>("IrisEffect.duration")
///     public var irisDuration: TimeInterval {
///         get { self[extension: Self.irisDuration] ?? 0.4 }
///         set { self[extension: Self.irisDuration] = newValue }
///     }
/// }
/// ```
///
/// Two keys are the same slot when both their names and their value types are equal, so a
/// key of another type never reads a value it cannot cast. Prefix names with the module
/// ("RadialEffect.swipe") so modules do not collide.
public struct ExtensionKey<Value>: Hashable, Sendable, CustomStringConvertible {
    /// The key's name, e.g. `"RadialEffect.swipe"`.
    public let name: String

    /// - Parameter name: the slot's name, conventionally `"<Module>.<property>"`.
    public init(_ name: String) { self.name = name }

    public var description: String { "ExtensionKey<\(Value.self)>(\(name))" }

    /// The storage slot: name and value type.
    var slot: ExtensionSlot { ExtensionSlot(name: name, type: ObjectIdentifier(Value.self)) }
}

/// Where one extension value lives in a view controller's storage.
struct ExtensionSlot: Hashable {
    var name: String
    var type: ObjectIdentifier
}

extension ViewController {
    /// The value stored under `key` on this view controller, nil when none is; assigning nil
    /// removes it. Values live as long as the view controller (strong references).
    /// - Complexity: O(1) on average (a dictionary look-up).
    public subscript<Value>(extension key: ExtensionKey<Value>) -> Value? {
        get { extensionValues[key.slot] as? Value }
        set { extensionValues[key.slot] = newValue }
    }
}
