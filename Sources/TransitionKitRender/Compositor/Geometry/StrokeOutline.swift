import Foundation
import TransitionKitCore

/// A stroke's outline (layer points): polygons that, filled together by the non-zero rule,
/// cover the points within half the line width of the stroked parts of a path, with caps and
/// joins (`Layer.strokeColor`'s rules).
///
/// Each open piece (a trimmed or dashed part of a subpath, or an open subpath) is one polygon:
/// along one side of the piece, its end cap, back along the other side, its start cap. A
/// closed subpath stroked whole is two: one side forwards, the other backwards. Every polygon
/// winds the same way round the area it covers, so where pieces overlap the winding adds up
/// and never cancels. At a corner the outer side gets the join (miter point, round arc or
/// bevel); the inner side cuts across at the two offset lines' intersection when both segments
/// are at least twice as long as that cut, else it goes round through the corner itself (a
/// loop inside the stroke, winding twice). The coverage rasteriser's non-zero fill counts a
/// pixel where such a loop meets the outside once more than it is covered (a pixel at most,
/// at sharp inner corners of short segments).
///
/// Buffers are kept: `polygons[0..<count]` are the outline, polygons past `count` are spare
/// storage (empty), so the same stroke frame after frame allocates nothing.
final class StrokeOutline {
    var path = StrokePolylines()
    /// The outline; polygons at and past `count` are empty.
    private(set) var polygons: [[CGPoint]] = []
    private(set) var count = 0
    private var piece: [CGPoint] = []
    private var pieceSmooth: [Bool] = []

    private var style: StrokeStyle! = nil
    private var tolerance = 0.05
    /// The segment the last piece of the current subpath ended on: dashes come in order, so
    /// each piece's search starts there.
    private var cursor = 0

    /// Builds the outline of `shape`'s stroke in `style`, curves and arcs within `tolerance`
    /// points.
    /// - Complexity: O(points of the flattened path + dashes + arc points); no allocation once
    ///   the buffers have grown.
    func build(_ shape: ShapePath, style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.tolerance = max(tolerance, 1e-6)
        count = 0
        path.build(shape, tolerance: self.tolerance)
        let a = style.start * path.totalLength, b = style.end * path.totalLength
        var offset = 0.0
        for s in path.subpaths {
            defer { offset += s.length }
            cursor = s.range.lowerBound
            guard s.length > 0 else {
                // A zero-length subpath: a dot when the trim takes its place on the path.
                if offset >= a && offset <= b { dot(path.points[s.range.lowerBound], direction: CGPoint(x: 1, y: 0)) }
                continue
            }
            let lo = max(a - offset, 0), hi = min(b - offset, s.length)
            guard hi > lo else { continue }
            if style.dashes == nil {
                if s.closed && lo == 0 && hi == s.length {
                    strokeClosed(s)
                } else {
                    strokePiece(s, lo, hi)
                }
                continue
            }
            dash(s, lo, hi)
        }
        for i in count..<polygons.count where !polygons[i].isEmpty { polygons[i].removeAll(keepingCapacity: true) }
    }

    /// The painted dashes of subpath `s` cut to `lo...hi`: the pattern starts `dashPhase`
    /// points in at the subpath's first point. More than 1 000 000 dashes on one subpath
    /// stroke it solid.
    private func dash(_ s: StrokePolylines.Subpath, _ lo: Double, _ hi: Double) {
        let period = style.dashPeriod
        guard s.length / period <= 1_000_000 else {
            return s.closed && lo == 0 && hi == s.length ? strokeClosed(s) : strokePiece(s, lo, hi)
        }
        var phase = style.dashPhase.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var at = -phase, i = 0
        while at <= hi {
            let len = style.dashLength(i)
            if i % 2 == 0 {
                let d0 = max(at, lo), d1 = min(at + len, hi)
                if d1 > d0 {
                    strokePiece(s, d0, d1)
                } else if len == 0 && at >= lo && at <= hi && style.cap != .butt {
                    strokePiece(s, at, at)
                }
            }
            at += len
            i = i + 1 == style.dashCount ? 0 : i + 1
        }
    }

    /// The part `d0...d1` (distances along `s`) as an open piece.
    private func strokePiece(_ s: StrokePolylines.Subpath, _ d0: Double, _ d1: Double) {
        piece.removeAll(keepingCapacity: true)
        pieceSmooth.removeAll(keepingCapacity: true)
        let r = s.range
        // The segment k (from point k to k + 1, the last one closing) holding distance d.
        func point(at d: Double) -> (CGPoint, Int) {
            var k = max(cursor, r.lowerBound)
            while k + 1 < r.upperBound && path.distances[k + 1] < d { k += 1 }
            let a = path.points[k], b = k + 1 < r.upperBound ? path.points[k + 1] : path.points[r.lowerBound]
            let da = path.distances[k], db = k + 1 < r.upperBound ? path.distances[k + 1] : s.length
            let t = db > da ? min(max((d - da) / (db - da), 0), 1) : 0
            return (CGPoint(x: Double(a.x) + Double(b.x - a.x) * t, y: Double(a.y) + Double(b.y - a.y) * t), k)
        }
        let (p0, k0) = point(at: d0)
        let (p1, k1) = point(at: d1)
        cursor = k1
        append(p0, false)
        var k = k0 + 1
        while k <= k1 {
            append(path.points[k], path.smooth[k])
            k += 1
        }
        append(p1, false)
        if piece.count == 1 {
            let a = path.points[k0], b = k0 + 1 < r.upperBound ? path.points[k0 + 1] : path.points[r.lowerBound]
            dot(p0, direction: CGPoint(x: b.x - a.x, y: b.y - a.y))
            return
        }
        let n = piece.count
        beginPolygon()
        side(reversed: false, closed: false)
        cap(at: piece[n - 1], from: piece[n - 2])
        side(reversed: true, closed: false)
        cap(at: piece[0], from: piece[1])
    }

    /// The whole closed subpath `s`: both sides, joined all round.
    private func strokeClosed(_ s: StrokePolylines.Subpath) {
        piece.removeAll(keepingCapacity: true)
        pieceSmooth.removeAll(keepingCapacity: true)
        for k in s.range { append(path.points[k], path.smooth[k]) }
        guard piece.count >= 2 else { return }
        beginPolygon()
        side(reversed: false, closed: true)
        beginPolygon()
        side(reversed: true, closed: true)
    }

    private func append(_ p: CGPoint, _ isSmooth: Bool) {
        if let q = piece.last, hypot(Double(p.x - q.x), Double(p.y - q.y)) <= 1e-9 { return }
        piece.append(p)
        pieceSmooth.append(isSmooth)
    }

    private func beginPolygon() {
        if count == polygons.count { polygons.append([]) }
        polygons[count].removeAll(keepingCapacity: true)
        count += 1
    }

    @inline(__always) private func emit(_ x: Double, _ y: Double) {
        polygons[count - 1].append(CGPoint(x: x, y: y))
    }

    /// One side of the piece, on the left of travel (normal (−dy, dx)), forwards or backwards:
    /// its first offset point, the joins, its last (an open piece), or the joins all round (closed).
    private func side(reversed: Bool, closed: Bool) {
        let n = piece.count
        @inline(__always) func at(_ i: Int) -> CGPoint { piece[reversed ? n - 1 - i : i] }
        let h = style.halfWidth
        if closed {
            for i in 0..<n {
                join(at((i + n - 1) % n), at(i), at((i + 1) % n), smooth: pieceSmooth[reversed ? n - 1 - i : i])
            }
            return
        }
        let (d0, _) = unit(at(0), at(1))
        emit(Double(at(0).x) - h * d0.y, Double(at(0).y) + h * d0.x)
        if n > 2 {
            for i in 1..<(n - 1) { join(at(i - 1), at(i), at(i + 1), smooth: pieceSmooth[reversed ? n - 1 - i : i]) }
        }
        let (d1, _) = unit(at(n - 2), at(n - 1))
        emit(Double(at(n - 1).x) - h * d1.y, Double(at(n - 1).y) + h * d1.x)
    }

    private func unit(_ a: CGPoint, _ b: CGPoint) -> ((x: Double, y: Double), Double) {
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        let l = hypot(dx, dy)
        return ((dx / l, dy / l), l)
    }

    /// The left side's points at corner `p` between segments `a → p` and `p → b`.
    private func join(_ a: CGPoint, _ p: CGPoint, _ b: CGPoint, smooth: Bool) {
        let h = style.halfWidth
        let (u, lu) = unit(a, p), (v, lv) = unit(p, b)
        let px = Double(p.x), py = Double(p.y)
        let nu = (x: -u.y, y: u.x), nv = (x: -v.y, y: v.x)
        let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
        if cross > 0 {
            // The left side is inside the turn: the offset lines' intersection, h·tan(φ/2) from
            // the corner along each segment, when both segments hold twice that.
            let cut = h * cross / (1 + dot)
            if 1 + dot > 1e-12, 2 * cut <= min(lu, lv) {
                emit(px + h * (nu.x + nv.x) / (1 + dot), py + h * (nu.y + nv.y) / (1 + dot))
            } else {
                emit(px + h * nu.x, py + h * nu.y)
                emit(px, py)
                emit(px + h * nv.x, py + h * nv.y)
            }
            return
        }
        if cross == 0 && dot > 0 {
            emit(px + h * nu.x, py + h * nu.y)
            return
        }
        // The outer side (a reversal, cross = 0 and dot < 0, turns round the corner's far side).
        var kind = style.join
        if smooth { kind = dot >= cos(StrokeStyle.smoothMiterAngle) ? .miter : .round }
        emit(px + h * nu.x, py + h * nu.y)
        switch kind {
        case .miter:
            // Miter length over width: 1/sin(θ/2) = 1/cos(φ/2), cos²(φ/2) = (1 + cos φ)/2.
            if smooth || (1 + dot) / 2 * style.miterLimit * style.miterLimit >= 1, 1 + dot > 1e-12 {
                emit(px + h * (nu.x + nv.x) / (1 + dot), py + h * (nu.y + nv.y) / (1 + dot))
            }
        case .round:
            arc(px, py, from: atan2(nu.y, nu.x), by: -abs(atan2(cross, dot)))
        case .bevel:
            break
        }
        emit(px + h * nv.x, py + h * nv.y)
    }

    /// The points strictly inside the arc of radius h about (cx, cy) from angle `a0` turning by
    /// `delta` (negative: towards the side's outside), chords within the tolerance.
    private func arc(_ cx: Double, _ cy: Double, from a0: Double, by delta: Double) {
        let h = style.halfWidth
        let n = ShapeFlattening.segments(radius: h, angle: abs(delta), tolerance: tolerance, maximum: 1024)
        guard n > 1 else { return }
        for i in 1..<n {
            let t = a0 + delta * Double(i) / Double(n)
            emit(cx + h * cos(t), cy + h * sin(t))
        }
    }

    /// The cap at end `p` of a piece arriving from `q`: between the left and the right offset
    /// points (which the sides emit).
    private func cap(at p: CGPoint, from q: CGPoint) {
        let (d, _) = unit(q, p)
        let h = style.halfWidth, px = Double(p.x), py = Double(p.y)
        switch style.cap {
        case .butt:
            break
        case .square:
            emit(px - h * d.y + h * d.x, py + h * d.x + h * d.y)
            emit(px + h * d.y + h * d.x, py - h * d.x + h * d.y)
        case .round:
            arc(px, py, from: atan2(d.x, -d.y), by: -Double.pi)
        }
    }

    /// A zero-length piece at `p` heading along `direction`: a disc (round caps), a square
    /// turned along the direction (square caps), nothing (butt caps).
    private func dot(_ p: CGPoint, direction: CGPoint) {
        let h = style.halfWidth, px = Double(p.x), py = Double(p.y)
        var dx = Double(direction.x), dy = Double(direction.y)
        let l = hypot(dx, dy)
        if l > 0 { (dx, dy) = (dx / l, dy / l) } else { (dx, dy) = (1, 0) }
        switch style.cap {
        case .butt:
            return
        case .square:
            beginPolygon()
            emit(px - h * dy - h * dx, py + h * dx - h * dy)
            emit(px - h * dy + h * dx, py + h * dx + h * dy)
            emit(px + h * dy + h * dx, py - h * dx + h * dy)
            emit(px + h * dy - h * dx, py - h * dx - h * dy)
        case .round:
            beginPolygon()
            let n = max(8, ShapeFlattening.segments(radius: h, angle: 2 * .pi, tolerance: tolerance, maximum: 4096))
            for i in 0..<n {
                let t = 2 * Double.pi * Double(i) / Double(n)
                emit(px + h * cos(t), py - h * sin(t))
            }
        }
    }
}
