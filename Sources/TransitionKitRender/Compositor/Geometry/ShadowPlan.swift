import Foundation
import TransitionKitCore

/// A shadow ready to draw: a shape (device pixels, filled by a rule) blurred by a Gaussian of
/// `sigmaX` × `sigmaY` pixels, its coverage averaged over each pixel, as horizontal slabs. Built
/// once per frame by lowering (`build`), read by every band (`ShadowDrawing`).
///
/// The method (exact across, a staircase down): a slab is the rows `t0..<t1` (device y) over
/// which the shape is taken as one set of intervals across. A slab's blurred coverage is
/// separable, its vertical factor at a pixel row `rowWeight` and its horizontal one a table
/// over columns (`profile`), each a difference of `GaussianEdgeProfile` values: so a rectangle
/// is one slab and its shadow is exact (the product of two erf profiles), and where the shape's
/// edges are vertical (the straight sides of a rounded rectangle) a slab spans them whole.
/// Where edges slant (corners, curves, diagonals) the rows are cut into slabs at most `slabHeight`
/// high, each taking the intervals of its middle row, which keep its area exactly; a slab's
/// shape then departs from the true one only inside the slab, by less than its height times the
/// edge's slope, which the vertical blur of σ ≥ 2 · slab height smooths below an 8-bit step.
/// The approach is Evan Wallace's for rounded rectangles ("Fast Rounded Rectangle Shadows",
/// 2015: exact erf across, numerical integration down), made exact down too wherever the
/// shape's cross-section is constant, and general to any polygon set and fill rule.
final class ShadowPlan {
    /// The pixels the shadow may touch (the shape's bounds grown by the blur's reach), cut to the frame.
    private(set) var box = PixelRect.empty
    private(set) var sigmaX = 0.0, sigmaY = 0.0
    /// Slab rows (device y, `t0[j] ..< t1[j]`), top to bottom.
    private(set) var t0: [Double] = [], t1: [Double] = []
    /// Slab `j`'s horizontal factor over columns `lo[j] ..< hi[j]` is
    /// `profiles[offset[j] + x − lo[j]]`; 0 outside.
    private(set) var lo: [Int] = [], hi: [Int] = []
    private(set) var offset: [Int] = []
    private(set) var profiles: [Float] = []
    private(set) var columns: GaussianEdgeProfile
    private(set) var rows: GaussianEdgeProfile

    var slabCount: Int { t0.count }

    // Scratch of `build` (kept between frames).
    private var edges: [(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int)] = []
    private var breaks: [Double] = []
    private var crossings: [(x: Double, winding: Int)] = []
    private var intervals: [(Double, Double)] = []
    private var slabIntervals: [[(Double, Double)]] = []

    init() {
        columns = GaussianEdgeProfile(sigma: 0)
        rows = columns
    }

    /// Below this σ (pixels) lowering draws a shadow as its shape filled with exact-area
    /// coverage instead (a quarter pixel: the blur then moves no pixel's value by more than
    /// the staircase would).
    static let hardSigma = 0.25

    /// The largest number of slabs a shape is cut into: a wider slab height is used beyond.
    static let maximumSlabs = 256

    /// The slab height for slanted edges at vertical blur `sigmaY` pixels: σ / 2, at least a
    /// quarter pixel (a hard shadow's staircase is then finer than its anti-aliasing).
    static func slabHeight(sigmaY: Double) -> Double { max(0.25, sigmaY / 2) }

    /// Makes the plan for `polygons` (device pixels, filled by `rule`) blurred by `sigmaX` ×
    /// `sigmaY` pixels (0 or more) in a frame `frame`. `profileFor(σ)` gives the profile table
    /// for a σ (cached by the caller across frames). Returns false when nothing can show (an
    /// empty shape, or its box misses the frame).
    /// - Complexity: O(edges · slabs + slabs · box width); no allocation once the buffers have
    ///   grown (the profile tables are the caller's).
    func build(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, sigmaX: Double, sigmaY: Double, frame: PixelRect,
        profileFor: (Double) -> GaussianEdgeProfile
    ) -> Bool {
        (self.sigmaX, self.sigmaY) = (sigmaX, sigmaY)
        columns = profileFor(sigmaX)
        rows = sigmaY == sigmaX ? columns : profileFor(sigmaY)
        t0.removeAll(keepingCapacity: true)
        t1.removeAll(keepingCapacity: true)
        lo.removeAll(keepingCapacity: true)
        hi.removeAll(keepingCapacity: true)
        offset.removeAll(keepingCapacity: true)
        profiles.removeAll(keepingCapacity: true)
        edges.removeAll(keepingCapacity: true)
        breaks.removeAll(keepingCapacity: true)
        var minX = Double.infinity, maxX = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
                guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return false }
                minX = min(minX, ax)
                maxX = max(maxX, ax)
                breaks.append(ay)
                if ay != by { edges.append(ay < by ? (ax, ay, bx, by, 1) : (bx, by, ax, ay, -1)) }
            }
        }
        guard !edges.isEmpty else { return false }
        breaks.sortInPlaceWithoutAllocating()
        let minY = breaks[0], maxY = breaks[breaks.count - 1]
        let rx = columns.reach, ry = rows.reach
        let grown = PixelRect(
            x0: Int((minX - rx).rounded(.down)), y0: Int((minY - ry).rounded(.down)),
            x1: Int((maxX + rx).rounded(.up)), y1: Int((maxY + ry).rounded(.up)))
        box = grown.intersection(frame)
        guard !box.isEmpty else { return false }
        makeSlabs(rule: rule, height: max(ShadowPlan.slabHeight(sigmaY: sigmaY), (maxY - minY) / Double(ShadowPlan.maximumSlabs)))
        return !t0.isEmpty
    }

    /// Cuts the rows between the vertex rows into slabs and tabulates their horizontal factors.
    private func makeSlabs(rule: ShapePath.FillRule, height: Double) {
        var k = 0
        while k + 1 < breaks.count {
            let ya = breaks[k]
            var next = k + 1
            while next < breaks.count && breaks[next] <= ya { next += 1 }
            guard next < breaks.count else { break }
            let yb = breaks[next]
            k = next
            // Constant intervals across when every edge spanning the rows is vertical.
            var straight = true
            for e in edges where e.y0 <= ya && e.y1 >= yb && e.x0 != e.x1 {
                straight = false
                break
            }
            let n = straight ? 1 : max(1, Int(((yb - ya) / height).rounded(.up)))
            for s in 0..<n {
                let s0 = ya + (yb - ya) * Double(s) / Double(n), s1 = ya + (yb - ya) * Double(s + 1) / Double(n)
                addSlab(s0, s1, atRow: (s0 + s1) / 2, rule: rule)
            }
        }
    }

    /// Adds the slab `s0..<s1` with the shape's intervals across row `y`, merged into the slab
    /// above when their intervals are the same.
    private func addSlab(_ s0: Double, _ s1: Double, atRow y: Double, rule: ShapePath.FillRule) {
        crossings.removeAll(keepingCapacity: true)
        for e in edges where e.y0 <= y && e.y1 > y {
            crossings.append((e.x0 + (e.x1 - e.x0) * (y - e.y0) / (e.y1 - e.y0), e.winding))
        }
        crossings.sort { $0.x < $1.x }
        intervals.removeAll(keepingCapacity: true)
        var winding = 0
        var start = 0.0
        for c in crossings {
            let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            winding += c.winding
            let nowInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            if !inside && nowInside {
                start = c.x
            } else if inside && !nowInside && c.x > start {
                if let last = intervals.last, last.1 >= start { intervals[intervals.count - 1].1 = c.x } else { intervals.append((start, c.x)) }
            }
        }
        guard !intervals.isEmpty else { return }
        let j = t0.count
        if j > 0, t1[j - 1] == s0, slabIntervals.count >= j, slabIntervals[j - 1].elementsEqual(intervals, by: { $0 == $1 }) {
            t1[j - 1] = s1
            return
        }
        if slabIntervals.count == j { slabIntervals.append([]) }
        slabIntervals[j].removeAll(keepingCapacity: true)
        slabIntervals[j].append(contentsOf: intervals)
        t0.append(s0)
        t1.append(s1)
        let rx = columns.reach
        let l = max(box.x0, Int((intervals[0].0 - rx).rounded(.down))), h = min(box.x1, Int((intervals[intervals.count - 1].1 + rx).rounded(.up)))
        lo.append(l)
        hi.append(max(l, h))
        offset.append(profiles.count)
        for x in l..<max(l, h) {
            let c = Double(x) + 0.5
            var v: Float = 0
            for (a, b) in intervals { v += columns.value(c - a) - columns.value(c - b) }
            profiles.append(v)
        }
    }

    /// Slab `j`'s vertical factor at pixel row `y`: the slab's rows blurred and averaged over the row.
    @inline(__always)
    func rowWeight(_ j: Int, y: Int) -> Float {
        let c = Double(y) + 0.5
        return rows.value(c - t0[j]) - rows.value(c - t1[j])
    }

    /// Whether slab `j` can reach pixel row `y` (within the vertical blur's reach).
    @inline(__always)
    func reaches(_ j: Int, y: Int) -> Bool {
        let c = Double(y) + 0.5
        return c > t0[j] - rows.reach && c < t1[j] + rows.reach
    }
}
