import CAllocationCounter

/// Whether heap allocations are being counted (the `CAllocationCounter` wrappers replaced the
/// C library's malloc in this process).
enum AllocationCounter {
    static var isActive: Bool { tk_allocation_counter_active() != 0 }
}
