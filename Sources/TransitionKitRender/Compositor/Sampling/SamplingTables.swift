/// Per-column tables for one layer at a time, kept by a band renderer and reused across layers
/// and frames (grown, never shrunk): per device column (index X − `ContentsSampling.tableX0`)
/// the x taps `x0`, `x1` and weight `wx` (`invalid` where the column is behind the eye) and,
/// for the `columns` mode, v = `a` + Y·`b` in 32.32 fixed point. The band's deferred copies,
/// recorded runs and a scratch row live here too.
final class SamplingTables {
    /// `wx` of a column the map does not reach (behind the eye).
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

    /// Column `k`'s x taps (`BilinearSampler.tap`).
    @inline(__always)
    func setX(_ k: Int, _ t: (i0: Int, i1: Int, weight: UInt32)) {
        x0[k] = Int32(truncatingIfNeeded: t.i0); x1[k] = Int32(truncatingIfNeeded: t.i1); wx[k] = t.weight
    }

    /// Makes room for `n` columns (contents are not kept).
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
