/// Per-column tables for one layer at a time, kept by a band renderer and reused across layers
/// and frames (grown, never shrunk): per device column (index X − `ContentsSampling.tableX0`)
/// the x taps `x0`, `x1` and weight `wx` (`invalid` where the column is behind the eye),
/// `quad` (how the column and the next three lie in the image: flags `pairs`, `steps`,
/// `contiguous`, and in bits 4...7 lane j's offset x0[k + j] − x0[k] − j when it is 0 or 1)
/// and, for the `columns` mode, v = `a` + Y·`b` in 32.32 fixed point, with `v` holding it
/// for a recent device row, per block of `blockColumns` columns. The band's deferred copies,
/// recorded runs and a scratch row live here too, and the renderer's kernel table.
final class SamplingTables {
    /// `wx` of a column the map does not reach (behind the eye).
    static let invalid = UInt32.max
    /// `quad` flag: columns k...k + 3 each have x1 = x0 + 1 (two adjacent pixels, one 8-byte load).
    static let pairs: UInt8 = 1
    /// `quad` flag: also x0[k + j] = x0[k] + j + o_j with o_j in {0, 1} (o in bits 4...7), and
    /// x0[k] + 5 inside the image: image columns x0[k]...x0[k] + 5 hold every tap.
    static let steps: UInt8 = 2
    /// `quad` flag: `pairs`, every o_j 0 and x0[k] + 4 inside the image (four consecutive
    /// columns: image columns x0[k]...x0[k] + 4 hold every tap). Set with `steps` where that
    /// holds too (its o_j are then all 0), alone in the image's last five columns.
    static let contiguous: UInt8 = 4
    /// Columns per block of `v` (each block is brought to a row on its own): 64, so a block's
    /// `v` and `b` are 1 KB and a run's partly covered end blocks cost at most 126 extra adds.
    static let blockColumns = 64
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
    /// Per block of `blockColumns` columns, the device row its `v` holds (`Int.min`: none yet).
    private(set) var vRow = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    /// The band renderer's kernel table (AVX2 or SSE2), handed to every kernel drawn with these
    /// tables.
    let kernels: KernelTable
    /// Deferred 1:1 copies of the band (fused with a fade drawn over them).
    let pending: PendingCopies
    /// Solid runs recorded for strip-order drawing.
    let runs = RowRuns()
    /// The separable mode's two-pass runs (`SeparableRows`), prepared with the column taps.
    let separableRows: SeparableRows
    /// Blended image rows of the separable per-column warp.
    let window = BlendedRowWindow()
    /// A scratch row of `rowCapacity` pixels (samples before a blend).
    let rowCapacity = 1024
    let row: UnsafeMutablePointer<UInt32>
    /// The select masks of `steps` quads, indexed by `quad` >> 4: lane j all ones when bit j is
    /// set. In memory, so the optimiser keeps the select a vector one.
    let stepMasks: UnsafeMutablePointer<SIMD4<UInt32>>

    /// Empty tables whose kernels run on `kernels`.
    init(kernels: KernelTable) {
        self.kernels = kernels
        pending = PendingCopies(kernels: kernels)
        separableRows = SeparableRows(kernels: kernels)
        row = .allocate(capacity: rowCapacity)
        stepMasks = .allocate(capacity: 16)
        for m in 0..<16 {
            stepMasks[m] = SIMD4((0..<4).map { m & (1 << $0) != 0 ? UInt32.max : 0 })
        }
    }

    /// Column `k`'s x taps (`BilinearSampler.tap`).
    @inline(__always)
    func setX(_ k: Int, _ t: (i0: Int, i1: Int, weight: UInt32)) {
        x0[k] = Int32(truncatingIfNeeded: t.i0); x1[k] = Int32(truncatingIfNeeded: t.i1); wx[k] = t.weight
    }

    /// Makes room for `n` columns (contents are not kept) and starts a layer of `n` columns.
    func reserve(_ n: Int) {
        count = n
        if n > capacity {
            free()
            x0 = .allocate(capacity: n); x1 = .allocate(capacity: n); wx = .allocate(capacity: n)
            quad = .allocate(capacity: n)
            a = .allocate(capacity: n); b = .allocate(capacity: n); v = .allocate(capacity: n)
            vRow = .allocate(capacity: n / SamplingTables.blockColumns &+ 1)
            capacity = n
        }
        vRow.initialize(repeating: Int.min, count: n / SamplingTables.blockColumns &+ 1)
    }

    /// Fills `quad` from the x taps of the `count` columns, in an image `width` pixels wide.
    /// - Complexity: O(columns), once per layer.
    func findQuads(width: Int) {
        var k = 0
        while k &+ 4 <= count {
            let c = Int(x0[k])
            var pairs = true, steps = c &+ 5 < width, offsets: UInt8 = 0
            for j in 0..<4 {
                let kj = k &+ j
                pairs = pairs && wx[kj] != SamplingTables.invalid && x1[kj] == x0[kj] &+ 1
                let o = Int(x0[kj]) &- c &- j
                steps = steps && (o == 0 || o == 1)
                if o == 1 { offsets |= 16 &<< UInt8(j) }
            }
            var flags: UInt8 = 0
            if pairs { flags = SamplingTables.pairs }
            if pairs && steps { flags |= SamplingTables.steps | offsets }
            if pairs && (0..<4).allSatisfy({ x0[k &+ $0] == x0[k] &+ Int32($0) }) && c &+ 4 < width {
                flags |= SamplingTables.contiguous
            }
            quad[k] = flags
            k &+= 1
        }
        while k < count { quad[k] = 0; k &+= 1 }
    }

    /// Makes `v` hold a + y·b for the columns `columns` (and the rest of their blocks): per
    /// block, one add a column when y follows the block's row (rows come top to bottom within
    /// a band), a multiply-add otherwise, nothing for the same row. Exactly a + y·b either way
    /// (wrapping 64-bit integers).
    /// - Complexity: O(columns of the blocks touched) per new row.
    @inline(__always)
    func advance(to y: Int, columns: Range<Int>) {
        let size = SamplingTables.blockColumns
        var block = columns.lowerBound / size
        let lastBlock = (columns.upperBound &- 1) / size
        while block <= lastBlock {
            let row = vRow[block]
            if row != y {
                let lo = block &* size, hi = min(lo &+ size, count)
                if row == y &- 1 {
                    for k in lo..<hi { v[k] = SamplingTables.step(v[k], by: b[k]) }
                } else {
                    let Y = Int64(y)
                    for k in lo..<hi { v[k] = a[k] &+ Y &* b[k] }
                }
                vRow[block] = y
            }
            block &+= 1
        }
    }

    /// v of the next device row: v + b, both 32.32 fixed point, as a wrapping 64-bit sum (so
    /// stepping row by row equals a + Y·b exactly). The one stepping rule of the per-column
    /// modes (`advance`, `BlendedRowWindow.stepV`).
    @inline(__always)
    static func step(_ v: Int64, by b: Int64) -> Int64 { v &+ b }

    private func free() {
        x0.deallocate(); x1.deallocate(); wx.deallocate(); quad.deallocate()
        a.deallocate(); b.deallocate(); v.deallocate(); vRow.deallocate()
    }

    deinit { free(); row.deallocate(); stepMasks.deallocate() }
}
