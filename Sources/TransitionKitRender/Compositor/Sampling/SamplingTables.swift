/// Per-column tables for one layer at a time, kept by a band renderer and reused across layers
/// and frames (grown, never shrunk).
final class SamplingTables {
    static let invalid = UInt32.max
    private(set) var capacity = 0
    private(set) var x0 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var x1 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var wx = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var a = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var b = UnsafeMutablePointer<Int64>.allocate(capacity: 1)

    /// Deferred 1:1 copies of the band (fused with a fade drawn over them).
    let pending = PendingCopies()
    /// Solid runs recorded for column-order drawing.
    let runs = RowRuns()
    /// A scratch row of `rowCapacity` pixels (samples before a blend).
    let rowCapacity = 1024
    let row: UnsafeMutablePointer<UInt32>

    init() {
        row = .allocate(capacity: rowCapacity)
    }

    func reserve(_ n: Int) {
        guard n > capacity else { return }
        free()
        x0 = .allocate(capacity: n); x1 = .allocate(capacity: n); wx = .allocate(capacity: n)
        a = .allocate(capacity: n); b = .allocate(capacity: n)
        capacity = n
    }

    private func free() {
        x0.deallocate(); x1.deallocate(); wx.deallocate(); a.deallocate(); b.deallocate()
    }

    deinit { free(); row.deallocate() }
}
