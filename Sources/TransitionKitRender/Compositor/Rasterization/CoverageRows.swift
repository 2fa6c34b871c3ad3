import Foundation

// The rasteriser's row bookkeeping and output (`CoverageRasterizer`): which accumulation cells
// each row of a band had written, and the span of coverage a row hands to its caller.

/// An inclusive run of accumulation cells some edge wrote in one row.
struct CellRange {
    var lo: Int, hi: Int
}

/// Per band row, up to `CoverageRasterizer.rangesPerRow` disjoint written cell ranges (more are
/// merged with the nearest), so a row's interior between two edges is never summed cell by cell.
struct RowCells {
    let ranges: UnsafeMutablePointer<CellRange>
    let counts: UnsafeMutablePointer<Int>

    @inline(__always)
    func add(_ row: Int, lo: Int, hi: Int) {
        let slots = CoverageRasterizer.rangesPerRow
        let base = ranges + row &* slots
        let n = counts[row]
        var k = 0
        while k < n {
            if lo <= base[k].hi &+ 1 && hi &+ 1 >= base[k].lo {
                base[k].lo = min(base[k].lo, lo); base[k].hi = max(base[k].hi, hi)
                return
            }
            k &+= 1
        }
        if n < slots {
            base[n] = CellRange(lo: lo, hi: hi)
            counts[row] = n &+ 1
            return
        }
        // Full: widen the nearest range over the gap (the gap's cells are 0, summing them is exact).
        var best = 0, bestGap = Int.max
        k = 0
        while k < n {
            let gap = lo > base[k].hi ? lo &- base[k].hi : base[k].lo &- hi
            if gap < bestGap { bestGap = gap; best = k }
            k &+= 1
        }
        base[best].lo = min(base[best].lo, lo); base[best].hi = max(base[best].hi, hi)
    }

    /// Sorts row `row`'s ranges by start and merges touching ones; returns how many remain.
    func sorted(_ row: Int) -> Int {
        let base = ranges + row &* CoverageRasterizer.rangesPerRow
        let n = counts[row]
        guard n > 1 else { return n }
        for i in 1..<n {
            let r = base[i]
            var j = i
            while j > 0 && base[j - 1].lo > r.lo { base[j] = base[j - 1]; j -= 1 }
            base[j] = r
        }
        var m = 0
        for i in 1..<n {
            if base[i].lo <= base[m].hi &+ 1 {
                base[m].hi = max(base[m].hi, base[i].hi)
            } else {
                m += 1
                base[m] = base[i]
            }
        }
        counts[row] = m + 1
        return m + 1
    }
}

/// One row of a shape's coverage: `count` pixels of per-pixel coverage starting at (`x`, `y`)
/// (`coverage[i]` for pixel x + i), then `solidCount` pixels of constant `solidCoverage`
/// (0...255) starting at x + count. Valid only during the callback.
struct CoverageSpan {
    let y: Int
    let x: Int
    let count: Int
    let coverage: UnsafePointer<UInt8>
    let solidCount: Int
    let solidCoverage: UInt32
}

extension CoverageSpan {
    /// The same span on row `y` (a repeated row, `CoverageRasterizer.fill`'s `repeating`).
    @inline(__always)
    func moved(to y: Int) -> CoverageSpan {
        CoverageSpan(y: y, x: x, count: count, coverage: coverage, solidCount: solidCount, solidCoverage: solidCoverage)
    }

    /// Calls `body` with each of `spans` moved to each row of `rows`, row by row: a run of
    /// repeated rows handed out span by span (`CoverageRasterizer.fill`'s `repeating`). Inlined
    /// so the loop runs in the caller's frame: called through another closure layer, the
    /// release build copied a drawing span function's captured state (a retain and release)
    /// for every span.
    /// - Complexity: O(rows · spans) calls of `body`.
    @inline(__always)
    static func forEach(in rows: Range<Int>, of spans: UnsafeBufferPointer<CoverageSpan>, _ body: (CoverageSpan) -> Void) {
        for y in rows {
            for s in spans { body(s.moved(to: y)) }
        }
    }
}
