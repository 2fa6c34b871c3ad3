/// Per-column tables for one layer at a time, kept by a band renderer and reused across layers
/// and frames (grown, never shrunk): per device column (index X − `ContentsSampling.tableX0`)
/// the x taps `x0`, `x1` and weight `wx` (`invalid` where the column is behind the eye),
/// `quad` (flags of the column and the next three: `pairs` when each reads two neighbouring
/// image columns, `contiguous` when they also read four consecutive ones) and, for the `columns` mode, v = `a` + Y·`b` in 32.32
/// fixed point, with `v` holding it for device row `vRow`. The band's deferred copies and a
/// scratch row live here too.
final class SamplingTables {
    /// `wx` of a column the map does not reach (behind the eye).
    static let invalid = UInt32.max
    /// `quad` flag: columns k...k + 3 each have x1 = x0 + 1 (two adjacent pixels, one 8-byte load).
    static let pairs: UInt8 = 1
    /// `quad` flag: also x0 steps by one across them (four 16-byte loads cover all taps).
    static let contiguous: UInt8 = 2
    private(set) var capacity = 0
    /// Columns filled for the current layer.
    private(set) var count = 0
    private(set) var x0 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var x1 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var wx = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var quad = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var a = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var b = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var v = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    /// The device row `v` holds (`Int.min`: none yet).
    private(set) var vRow = Int.min

    /// Deferred 1:1 copies of the band (fused with a fade drawn over them).
    let pending = PendingCopies()
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

    /// Makes room for `n` columns (contents are not kept) and starts a layer of `n` columns.
    func reserve(_ n: Int) {
        count = n
        vRow = Int.min
        guard n > capacity else { return }
        free()
        x0 = .allocate(capacity: n); x1 = .allocate(capacity: n); wx = .allocate(capacity: n)
        quad = .allocate(capacity: n)
        a = .allocate(capacity: n); b = .allocate(capacity: n); v = .allocate(capacity: n)
        capacity = n
    }

    /// Fills `quad` from the x taps of the `count` columns.
    /// - Complexity: O(columns), once per layer.
    func findQuads() {
        var k = 0
        while k &+ 4 <= count {
            let c = x0[k]
            var pairs = true, consecutive = true
            for j in 0..<4 {
                let kj = k &+ j
                pairs = pairs && wx[kj] != SamplingTables.invalid && x1[kj] == x0[kj] &+ 1
                consecutive = consecutive && x0[kj] == c &+ Int32(j)
            }
            quad[k] = pairs ? (consecutive ? SamplingTables.pairs | SamplingTables.contiguous : SamplingTables.pairs) : 0
            k &+= 1
        }
        while k < count { quad[k] = 0; k &+= 1 }
    }

    /// Makes `v` hold a + y·b for every column: one add a column when y follows `vRow` (rows
    /// come top to bottom within a band), a multiply-add otherwise; nothing for the same row.
    /// Exactly a + y·b either way (wrapping 64-bit integers).
    /// - Complexity: O(columns) per new row.
    @inline(__always)
    func advance(to y: Int) {
        guard y != vRow else { return }
        let n = count
        if y == vRow &+ 1 {
            for k in 0..<n { v[k] &+= b[k] }
        } else {
            let Y = Int64(y)
            for k in 0..<n { v[k] = a[k] &+ Y &* b[k] }
        }
        vRow = y
    }

    private func free() {
        x0.deallocate(); x1.deallocate(); wx.deallocate(); quad.deallocate()
        a.deallocate(); b.deallocate(); v.deallocate()
    }

    deinit { free(); row.deallocate() }
}
