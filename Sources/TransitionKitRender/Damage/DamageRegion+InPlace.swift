import Foundation
import TransitionKitCore

/// Building regions inside their own storage, so a region rebuilt every frame
/// (`formDamage(from:to:size:options:)`) allocates nothing once its arrays have grown to the
/// frames' needs.
///
/// Working data lives past the region's strips and spans in the same two arrays: an operand
/// (`appendRect`, rows of a ring) is appended there, each result is appended after it, and
/// `compact` moves the result to the front. Arrays keep their capacity when truncated.
extension DamageRegion {
    /// Strips `0..<liveStrips` are the region; anything after them is working data.
    /// Appends rows `y0..<y1` with the spans appended since `spanStart` as a strip of the
    /// output that starts at strip `outStart`: joined with the output's last strip when that
    /// ends at `y0` with the same spans (the appended spans are then dropped); nothing when
    /// no span was appended.
    mutating func closeStrip(y0: Int, y1: Int, spanStart: Int, outStart: Int) {
        let n = spans.count - spanStart
        guard n > 0 else { return }
        if strips.count > outStart, let last = strips.last, last.y1 == y0, last.count == n {
            var same = true
            for k in 0..<n where spans[last.first + k] != spans[spanStart + k] {
                same = false
                break
            }
            if same {
                strips[strips.count - 1].y1 = y1
                spans.removeLast(n)
                return
            }
        }
        strips.append(Strip(y0: y0, y1: y1, first: spanStart, count: n))
    }

    /// Appends the union of up to three sorted span lists (index ranges into `spans`) at the
    /// end of `spans`, sorted, overlapping or touching spans joined.
    /// - Complexity: O(spans of the lists); room is made first, so no append reallocates in the
    ///   loop (run per row of a ring, thousands of times a frame), and geometrically (an exact
    ///   `reserveCapacity` per row would reallocate on every row while the region grows).
    mutating func appendMerged(_ a: Range<Int>, _ b: Range<Int>, _ c: Range<Int> = 0..<0) {
        var i = a.lowerBound, j = b.lowerBound, k = c.lowerBound
        let start = spans.count
        let needed = start + a.count + b.count + c.count
        if needed > spans.capacity { spans.reserveCapacity(max(needed, 2 * spans.capacity)) }
        while true {
            // The list whose next span starts leftmost; on a tie the earlier list (the order
            // of tied spans does not change the union).
            let next: Span
            if i < a.upperBound && (j >= b.upperBound || spans[i].x0 <= spans[j].x0)
                && (k >= c.upperBound || spans[i].x0 <= spans[k].x0)
            {
                next = spans[i]
                i += 1
            } else if j < b.upperBound && (k >= c.upperBound || spans[j].x0 <= spans[k].x0) {
                next = spans[j]
                j += 1
            } else if k < c.upperBound {
                next = spans[k]
                k += 1
            } else {
                return
            }
            let last = spans.count - 1
            if last >= start, next.x0 <= spans[last].x1 {
                if next.x1 > spans[last].x1 { spans[last].x1 = next.x1 }
            } else {
                spans.append(next)
            }
        }
    }

    /// The spans of strip `i` as an index range into `spans`.
    @inline(__always)
    func spanRange(_ i: Int) -> Range<Int> { strips[i].first..<(strips[i].first + strips[i].count) }

    /// Appends the union of strips `a` and strips `b` (each a region's strips, top to bottom)
    /// as new strips after all others.
    /// - Complexity: O(strips + spans of both).
    mutating func appendUnion(_ a: Range<Int>, _ b: Range<Int>) {
        let outStart = strips.count
        var i = a.lowerBound, j = b.lowerBound
        var y = Int.min
        while i < a.upperBound || j < b.upperBound {
            let hasA = i < a.upperBound, hasB = j < b.upperBound
            let sa = hasA ? strips[i] : Strip(y0: .max, y1: .max, first: 0, count: 0)
            let sb = hasB ? strips[j] : Strip(y0: .max, y1: .max, first: 0, count: 0)
            let aActive = hasA && sa.y0 <= y && y < sa.y1, bActive = hasB && sb.y0 <= y && y < sb.y1
            if !aActive && !bActive {
                y = min(sa.y0, sb.y0)
                continue
            }
            var end = Int.max
            if hasA { end = min(end, aActive ? sa.y1 : sa.y0) }
            if hasB { end = min(end, bActive ? sb.y1 : sb.y0) }
            let spanStart = spans.count
            appendMerged(aActive ? spanRange(i) : 0..<0, bActive ? spanRange(j) : 0..<0)
            closeStrip(y0: y, y1: end, spanStart: spanStart, outStart: outStart)
            y = end
            if hasA, sa.y1 <= y { i += 1 }
            if hasB, sb.y1 <= y { j += 1 }
        }
    }

    /// Makes strips `from...` (and the spans they use, which follow every other span) the
    /// whole region.
    mutating func compact(from stripStart: Int) {
        guard stripStart < strips.count else {
            strips.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
            return
        }
        let spanStart = strips[stripStart].first
        strips.removeSubrange(0..<stripStart)
        spans.removeSubrange(0..<spanStart)
        for k in strips.indices { strips[k].first -= spanStart }
    }

    /// Unites the region (strips `0..<live`) with the strips appended after it, in place.
    mutating func uniteWithAppended(live: Int) {
        let appended = live..<strips.count
        guard !appended.isEmpty else { return }
        guard live > 0 else {
            compact(from: live)
            return
        }
        let out = strips.count
        appendUnion(0..<live, appended)
        compact(from: out)
    }

    /// Adds the pixels of `r` to the region, in place.
    mutating func formUnion(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        let live = strips.count
        strips.append(Strip(y0: r.y0, y1: r.y1, first: spans.count, count: 1))
        spans.append(Span(x0: r.x0, x1: r.x1))
        uniteWithAppended(live: live)
    }

    /// Adds `other`'s pixels to this region, in place (its storage reused).
    /// - Complexity: O(strips + spans of both).
    public mutating func formUnion(_ other: DamageRegion) {
        guard !other.isEmpty else { return }
        let live = strips.count, base = spans.count
        for s in other.strips {
            strips.append(Strip(y0: s.y0, y1: s.y1, first: s.first + base, count: s.count))
        }
        spans.append(contentsOf: other.spans)
        uniteWithAppended(live: live)
    }

    /// Empties the region, keeping its storage.
    mutating func removeAll() {
        strips.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
    }
}
