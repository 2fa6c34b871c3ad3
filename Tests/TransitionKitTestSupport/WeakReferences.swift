import Foundation

/// Weak references to objects a test expects to be gone later (scenario L1): `add` them while
/// they live, then `alive` names those still allocated.
@MainActor
public final class WeakReferences {
    private var entries: [(label: String, seen: Bool, reference: () -> AnyObject?)] = []

    public init() {}

    /// Watches `object` under `label`; nil is recorded as "never seen" (a failure in `alive`,
    /// so a test cannot pass because it watched nothing).
    public func add(_ object: AnyObject?, _ label: String) {
        guard let object else {
            entries.append((label + " (never seen)", false, { nil }))
            return
        }
        entries.append((label, true, { [weak object] in object }))
    }

    /// The labels of the watched objects that are still allocated (or were never seen).
    public var alive: [String] { entries.filter { !$0.seen || $0.reference() != nil }.map(\.label) }

    /// How many objects are watched.
    public var count: Int { entries.count }
}
