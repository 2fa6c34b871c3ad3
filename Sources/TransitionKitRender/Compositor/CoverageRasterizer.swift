import Foundation
import TransitionKitCore

/// Exact-area anti-aliased coverage of polygons, row by row.
///
/// Each polygon edge deposits, into an accumulation buffer, the signed area it contributes to
/// every pixel it crosses; a running sum along each row then gives the exact fraction of each
/// pixel inside the outline (the signed-area accumulation of libart and stb_truetype v2, in the
/// form of Raph Levien's font-rs `draw_line` / `accumulate`). Non-zero winding takes
/// `min(|sum|, 1)`; even-odd folds the sum, `1 − |1 − (|sum| mod 2)|` (exact away from pixels
/// where edges of different subpaths meet). Pixel-aligned edges give exactly 0 or 255.
///
/// The rows are processed in bands of `bandHeight` so the accumulation buffer stays small
/// (`bandHeight × (width + 2)` floats), and each row is handed to the caller as a span of
/// 8-bit coverage between its first and last non-zero pixel.
///
/// Not thread-safe: one rasteriser per render band. Buffers are reused between shapes.
final class CoverageRasterizer {
    /// One edge in box-local pixel coordinates, `y0 < y1`, `dir` +1 downwards, −1 upwards.
    private struct Edge {
        var x0: Double, y0: Double, y1: Double, dxdy: Double
        var dir: Double
    }

    static let bandHeight = 16

    private var edges: [Edge] = []
    private var active: [Int] = []
    private var accumulation: [Float] = []
    private var coverage: [UInt8] = []

    /// Rasterises `polygons` (device pixels, implicitly closed) inside `clip` and calls `row`
    /// once per row with any coverage: `row(y, x, coverage, count)` where `coverage[i]` is the
    /// 8-bit coverage of pixel (x + i, y). Shapes with a non-finite point are skipped whole.
    /// - Returns: the rectangle of pixels that received coverage (empty if none).
    /// - Complexity: O(bounding-box area ∩ clip + edge crossings).
    @discardableResult
    func fill(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, clip: PixelRect,
              row: (_ y: Int, _ x: Int, _ coverage: UnsafePointer<UInt8>, _ count: Int) -> Void) -> PixelRect {
        guard !clip.isEmpty else { return .empty }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                let x = Double(p.x), y = Double(p.y)
                guard x.isFinite, y.isFinite else { return .empty }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .empty }
        let bx0 = Int(max(minX.rounded(.down), Double(clip.x0)))
        let bx1 = Int(min(maxX.rounded(.up), Double(clip.x1)))
        let by0 = Int(max(minY.rounded(.down), Double(clip.y0)))
        let by1 = Int(min(maxY.rounded(.up), Double(clip.y1)))
        guard bx0 < bx1, by0 < by1 else { return .empty }
        let w = bx1 - bx0, h = by1 - by0

        edges.removeAll(keepingCapacity: true)
        let ox = Double(bx0), oy = Double(by0)
        for polygon in polygons where polygon.count >= 3 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[i + 1 == polygon.count ? 0 : i + 1]
                addEdge(Double(a.x) - ox, Double(a.y) - oy, Double(b.x) - ox, Double(b.y) - oy, width: Double(w), height: Double(h))
            }
        }
        guard !edges.isEmpty else { return .empty }
        edges.sort { $0.y0 < $1.y0 }

        let stride = w + 2
        let band = CoverageRasterizer.bandHeight
        if accumulation.count < stride * band { accumulation = [Float](repeating: 0, count: stride * band) }
        if coverage.count < w { coverage = [UInt8](repeating: 0, count: w) }
        active.removeAll(keepingCapacity: true)
        var touched = PixelRect.empty
        var next = 0
        let evenOdd = rule == .evenOdd

        accumulation.withUnsafeMutableBufferPointer { accBuffer in
            coverage.withUnsafeMutableBufferPointer { covBuffer in
                let acc = accBuffer.baseAddress!, cov = covBuffer.baseAddress!
                var top = 0
                while top < h {
                    let bottom = min(top + band, h)
                    while next < edges.count, edges[next].y0 < Double(bottom) {
                        active.append(next); next += 1
                    }
                    var i = 0
                    while i < active.count {
                        let e = edges[active[i]]
                        if e.y1 <= Double(top) {
                            active[i] = active[active.count - 1]; active.removeLast()
                            continue
                        }
                        CoverageRasterizer.draw(e, top: top, bottom: bottom, width: w, acc: acc, stride: stride)
                        i += 1
                    }
                    for r in top..<bottom {
                        let line = acc + (r - top) * stride
                        var sum: Float = 0
                        var first = -1, last = -1
                        for x in 0..<w {
                            sum += line[x]
                            line[x] = 0
                            var v = abs(sum)
                            if evenOdd {
                                v -= 2 * Float(Int32(truncatingIfNeeded: Int(v * 0.5)))
                                if v > 1 { v = 2 - v }
                            } else if v > 1 {
                                v = 1
                            }
                            let c = UInt8(truncatingIfNeeded: Int32(v * 255 + 0.5))
                            cov[x] = c
                            if c != 0 {
                                if first < 0 { first = x }
                                last = x
                            }
                        }
                        line[w] = 0; line[w + 1] = 0
                        if first >= 0 {
                            row(by0 + r, bx0 + first, cov + first, last - first + 1)
                            touched = touched.union(PixelRect(x0: bx0 + first, y0: by0 + r, x1: bx0 + last + 1, y1: by0 + r + 1))
                        }
                    }
                    top = bottom
                }
            }
        }
        return touched
    }

    /// Clips the edge to rows 0...height; the parts left of column 0 are projected onto x = 0
    /// (they still change the winding of everything to their right), parts right of `width`
    /// are dropped (they cover nothing inside the box).
    private func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, width: Double, height: Double) {
        guard ay != by else { return }
        let dir: Double = ay < by ? 1 : -1
        let (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        guard y1 > 0, y0 < height else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        func x(at y: Double) -> Double { y <= y0 ? x0 : y >= y1 ? x1 : x0 + (y - y0) * dxdy }
        let ys = max(y0, 0), ye = min(y1, height)
        guard ys < ye else { return }
        // Split where the edge crosses x = 0 and x = width.
        var cuts = [ys, ye]
        if x0 != x1 {
            for c in [0.0, width] {
                let yc = y0 + (c - x0) * (y1 - y0) / (x1 - x0)
                if yc > ys && yc < ye { cuts.append(yc) }
            }
            cuts.sort()
        }
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k], yb = cuts[k + 1]
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

    /// Deposits the signed area of the part of `e` within rows `top..<bottom` (font-rs
    /// `draw_line`: per row, the cells the edge crosses get the area to their right).
    @inline(__always)
    private static func draw(_ e: Edge, top: Int, bottom: Int, width: Int, acc: UnsafeMutablePointer<Float>, stride: Int) {
        let ys = max(e.y0, Double(top)), ye = min(e.y1, Double(bottom))
        guard ys < ye else { return }
        let wd = Double(width)
        var x = min(max(e.x0 + (ys - e.y0) * e.dxdy, 0), wd)
        var yTop = ys
        var yi = Int(ys)
        while yTop < ye {
            let yBot = min(Double(yi + 1), ye)
            let dy = yBot - yTop
            let xNext = min(max(x + e.dxdy * dy, 0), wd)
            let d = dy * e.dir
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down), xbCeil = xb.rounded(.up)
            let xai = Int(xaFloor), xbi = Int(xbCeil)
            let line = acc + (yi - top) * stride
            if xbi <= xai + 1 {
                let xmf = 0.5 * (x + xNext) - xaFloor
                line[xai] += Float(d - d * xmf)
                line[xai + 1] += Float(d * xmf)
            } else {
                let s = 1 / (xb - xa)
                let x0f = xa - xaFloor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = xb - xbCeil + 1
                let am = 0.5 * s * x1f * x1f
                line[xai] += Float(d * a0)
                if xbi == xai + 2 {
                    line[xai + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[xai + 1] += Float(d * (a1 - a0))
                    let ds = Float(d * s)
                    var xi = xai + 2
                    while xi < xbi - 1 { line[xi] += ds; xi += 1 }
                    let a2 = a1 + Double(xbi - xai - 3) * s
                    line[xbi - 1] += Float(d * (1 - a2 - am))
                }
                line[xbi] += Float(d * am)
            }
            x = xNext
            yTop = yBot
            yi += 1
        }
    }
}
