import Foundation

/// Runs transitions one at a time, in request order.
///
/// Re-entrancy policy (scenarios S1, S2): a navigation or presentation request made while a
/// transition runs, or while earlier requests wait, is queued and runs when everything
/// before it has ended. A queued request is evaluated against the stack as it is when it
/// runs (a `pop` queued behind a `push` pops the pushed view controller). The stack is
/// committed atomically when a transition finishes, so at every moment it is a valid stack.
@MainActor
public final class TransitionQueue {
    /// The transition running now.
    public private(set) var current: TransitionDriver?
    private var pending: [@MainActor () -> Void] = []
    private var draining = false

    public init() {}

    /// Requests waiting behind the current transition.
    public var pendingCount: Int { pending.count }
    /// Whether nothing runs and nothing waits.
    public var isIdle: Bool { current == nil && pending.isEmpty && !draining }

    /// Adds a request; it runs now if nothing is running, otherwise later.
    func enqueue(_ request: @escaping @MainActor () -> Void) {
        pending.append(request)
        drain()
    }

    /// Marks `driver` as the running transition (a request that animates calls this).
    func begin(_ driver: TransitionDriver) {
        precondition(current == nil, "one transition at a time")
        current = driver
        driver.queue = self
    }

    /// Called when the running transition ended; starts the next request.
    func end(_ driver: TransitionDriver) {
        if current === driver { current = nil }
        drain()
    }

    /// Ends the running transition as cancelled (its window went away, scenario U8), then
    /// runs `beforeTheRest` (the window takes its view controllers off screen), and only then
    /// the requests waiting behind it, which so run with nothing on screen.
    func abandonCurrent(beforeTheRest: () -> Void = {}) {
        let wasDraining = draining
        draining = true
        current?.abandon()
        beforeTheRest()
        draining = wasDraining
        drain()
    }

    private func drain() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while current == nil, !pending.isEmpty {
            let next = pending.removeFirst()
            next()
        }
    }
}
