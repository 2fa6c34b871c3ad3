import CAllocationCounter
let before = tk_allocation_count()
let a = [Int](repeating: 1, count: 1000)
print("active:", tk_allocation_counter_active(), "delta:", tk_allocation_count() - before, a.count)
