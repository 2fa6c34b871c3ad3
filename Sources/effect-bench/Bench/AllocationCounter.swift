import CAllocationCounter
import Foundation

/// Whether heap allocations are being counted (the `CAllocationCounter` wrappers replaced the
/// C library's malloc in this process). Probed with one malloc/free pair.
enum AllocationCounter {
    static var isActive: Bool {
        let before = tk_allocation_count()
        let p = malloc(16)
        free(p)
        return tk_allocation_count() > before
    }
}
