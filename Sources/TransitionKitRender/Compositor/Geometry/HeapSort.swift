/// Sorting without allocating: the standard library's `sort()` allocates a scratch buffer for
/// more than about 20 elements (it is a merge sort), which a per-frame plan must not do.
extension Array where Element == Double {
    /// Sorts ascending in place by heapsort (Williams 1964, Floyd's bottom-up build), with no
    /// allocation. Not stable, which does not matter for values equal under `<`. NaN must not
    /// occur.
    /// - Complexity: O(n log n) comparisons, O(1) extra space.
    mutating func sortInPlaceWithoutAllocating() {
        let n = count
        guard n > 1 else { return }
        withUnsafeMutableBufferPointer { a in
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end, a[child] < a[child + 1] { child += 1 }
                    guard a[root] < a[child] else { return }
                    a.swapAt(root, child)
                    root = child
                }
            }
            var start = n / 2 - 1
            while start >= 0 {
                siftDown(start, n)
                start -= 1
            }
            var end = n - 1
            while end > 0 {
                a.swapAt(0, end)
                siftDown(0, end)
                end -= 1
            }
        }
    }
}
