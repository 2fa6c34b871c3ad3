import Foundation

/// Building a fill's edges: each polygon side clipped to the fill's box (`addEdge`), then the
/// edges ordered by their top (`sortEdgesByTop`), the order the rasteriser activates them in.
extension CoverageRasterizer {
    /// Sorts `edges` by `y0`, stably (equal tops keep their order: the order the standard
    /// library's stable sort gives, so coverage sums in the same order), by insertion into runs
    /// of 16 and then bottom-up merges through `edgeScratch`: no allocation once it has grown.
    /// - Complexity: O(n log n) for n edges.
    func sortEdgesByTop() {
        let n = edges.count
        guard n > 1 else { return }
        if edgeScratch.count < n {
            // Filled with copies (any values do), never sharing `edges`' storage.
            edgeScratch.reserve(atLeast: n)
            edgeScratch.append(contentsOf: edges[edgeScratch.count..<n])
        }
        edges.withUnsafeMutableBufferPointer { a in
            edgeScratch.withUnsafeMutableBufferPointer { b in
                guard var src = a.baseAddress, var dst = b.baseAddress else { return }
                let run = 16
                var lo = 0
                while lo < n {
                    let hi = min(lo + run, n)
                    var i = lo + 1
                    while i < hi {
                        let e = src[i]
                        var j = i
                        while j > lo && src[j - 1].y0 > e.y0 { src[j] = src[j - 1]; j -= 1 }
                        src[j] = e
                        i += 1
                    }
                    lo = hi
                }
                var width = run, inScratch = false
                while width < n {
                    lo = 0
                    while lo < n {
                        let mid = min(lo + width, n), hi = min(lo + 2 * width, n)
                        var i = lo, j = mid, k = lo
                        while i < mid && j < hi {
                            if src[j].y0 < src[i].y0 { dst[k] = src[j]; j += 1 } else { dst[k] = src[i]; i += 1 }
                            k += 1
                        }
                        while i < mid { dst[k] = src[i]; i += 1; k += 1 }
                        while j < hi { dst[k] = src[j]; j += 1; k += 1 }
                        lo = hi
                    }
                    swap(&src, &dst)
                    inScratch.toggle()
                    width *= 2
                }
                if inScratch { a.baseAddress?.update(from: src, count: n) }
            }
        }
    }

    /// Clips the edge to rows 0...height; the parts left of column 0 are projected onto x = 0
    /// (they still change the winding of everything to their right), parts right of `width`
    /// are dropped (they cover nothing inside the box).
    func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, width: Double, height: Double) {
        guard ay != by else { return }
        let dir: Double = ay < by ? 1 : -1
        let (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        guard y1 > 0, y0 < height else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        func x(at y: Double) -> Double { y <= y0 ? x0 : y >= y1 ? x1 : x0 + (y - y0) * dxdy }
        let ys = max(y0, 0), ye = min(y1, height)
        guard ys < ye else { return }
        // Split where the edge crosses x = 0 and x = width (at most two cuts strictly inside
        // ys...ye, so the sorted cut list is ys, the cuts in order, ye; no array needed).
        var m0 = Double.nan, m1 = Double.nan
        if x0 != x1 {
            for c in 0..<2 {
                let cx = c == 0 ? 0.0 : width
                let yc = y0 + (cx - x0) * (y1 - y0) / (x1 - x0)
                if yc > ys && yc < ye { if m0.isNaN { m0 = yc } else { m1 = yc } }
            }
            if !m1.isNaN && m1 < m0 { swap(&m0, &m1) }
        }
        let count = m0.isNaN ? 2 : m1.isNaN ? 3 : 4
        for k in 0..<(count - 1) {
            let ya = k == 0 ? ys : k == 1 ? m0 : m1
            let yb = k == count - 2 ? ye : k == 0 ? m0 : m1
            guard yb > ya else { continue }
            let xa = x(at: ya), xb = x(at: yb)
            let mid = (xa + xb) / 2
            if mid >= width { continue }
            if mid <= 0 {
                edges.append(Edge(x0: 0, y0: ya, y1: yb, dxdy: 0, dir: dir))
            } else {
                let cxa = min(max(xa, 0), width), cxb = min(max(xb, 0), width)
                edges.append(Edge(x0: cxa, y0: ya, y1: yb, dxdy: (cxb - cxa) / (yb - ya), dir: dir))
            }
        }
    }
}
