import CAllocationCounter

/// Heap allocations made in this process, for checking that per-frame work allocates nothing
/// (the rule `AnimatedTransitioning.updateTransition` documents).
///
/// Linking EffectBenchKit into an executable or test bundle links the `CAllocationCounter`
/// wrappers, which replace the C library's `malloc`, `calloc`, `realloc`, `posix_memalign`,
/// `aligned_alloc`, `memalign` and `valloc` by symbol interposition (glibc only) and count
/// every call, from every thread. Where interposition is not active (macOS, musl) the counts
/// stay 0 and `isActive` is `false`.
///
/// ```swift
/// let (_, calls, _) = AllocationCounter.counting { stage.clock.step(by: 1.0 / 60) }  // one frame of a TransitionStage
/// #expect(!AllocationCounter.isActive || calls == 0)
/// ```
public enum AllocationCounter {
    /// Whether allocations are being counted (probed with one `malloc`/`free` pair).
    /// - Complexity: one allocation and one free.
    public static var isActive: Bool { tk_allocation_counter_active() != 0 }

    /// Allocation calls since the process started, all threads; 0 forever when not active.
    /// - Complexity: O(1), one atomic load, no allocation.
    public static var allocations: UInt64 { tk_allocation_count() }

    /// Bytes requested by those calls since the process started.
    /// - Complexity: O(1), one atomic load, no allocation.
    public static var bytes: UInt64 { tk_allocation_bytes() }

    /// Runs `body` and returns its value with the allocation calls and bytes made meanwhile
    /// (by every thread of the process, so run it where nothing else allocates).
    /// - Complexity: `body`'s, plus four atomic loads.
    public static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, allocations: Int, bytes: Int) {
        let c0 = allocations, b0 = bytes
        let value = try body()
        let c1 = allocations, b1 = bytes
        return (value, Int(c1 - c0), Int(b1 - b0))
    }
}
