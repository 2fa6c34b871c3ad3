import Foundation
import TransitionKitCore

/// A set of device pixels to redraw: what changed between two frames (`init(from:to:size:options:)`),
/// handed to `Compositor.render(_:into:damage:)`.
///
/// Stored as strips of rows, each with its sorted, disjoint, non-touching column spans (the
/// y-x banded form of pixman and X11 regions): a rectangle is one strip with one span, a ring
/// one strip per row with one or two spans. Strips do not overlap, and two neighbouring strips
/// with the same spans are one strip, so equal sets of pixels are equal values.
///
/// ```swift
/// let damage = DamageRegion(from: previousTree, to: tree, size: window.size, options: compositor.options)
/// compositor.render(tree, into: &frame, damage: damage)   // frame held the previous tree's pixels
/// ```
public struct DamageRegion: Sendable, Equatable {
    /// Rows `y0..<y1` whose damaged columns are `spans[first..<first + count]`.
    struct Strip: Equatable, Sendable {
        var y0: Int, y1: Int
        var first: Int, count: Int
    }

    /// Columns `x0..<x1` of a strip's rows (`x0 < x1`).
    struct Span: Equatable, Sendable {
        var x0: Int, x1: Int
    }

    private(set) var strips: [Strip] = []
    private(set) var spans: [Span] = []

    /// The empty region: nothing to redraw.
    public init() {}

    /// The whole pixels `rect` touches (device pixels; edges rounded outwards); empty when
    /// `rect` is empty or not finite.
    public init(rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
            abs(r.minX) < 1e9, abs(r.maxX) < 1e9, abs(r.minY) < 1e9, abs(r.maxY) < 1e9
        else {
            self.init()
            return
        }
        self.init(
            PixelRect(
                x0: Int(r.minX.rounded(.down)), y0: Int(r.minY.rounded(.down)),
                x1: Int(r.maxX.rounded(.up)), y1: Int(r.maxY.rounded(.up))))
    }

    /// Every pixel of a frame `width`x`height` pixels.
    public static func whole(width: Int, height: Int) -> DamageRegion {
        DamageRegion(PixelRect(x0: 0, y0: 0, x1: max(width, 0), y1: max(height, 0)))
    }

    init(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        strips = [Strip(y0: r.y0, y1: r.y1, first: 0, count: 1)]
        spans = [Span(x0: r.x0, x1: r.x1)]
    }

    /// True when no pixel is damaged.
    public var isEmpty: Bool { strips.isEmpty }

    /// The number of damaged pixels.
    /// - Complexity: O(strips + spans).
    public var pixelCount: Int {
        var n = 0
        for s in strips {
            var w = 0
            for k in s.first..<(s.first + s.count) { w += spans[k].x1 - spans[k].x0 }
            n += w * (s.y1 - s.y0)
        }
        return n
    }

    /// The smallest rectangle holding every damaged pixel (device pixels, whole numbers);
    /// `.null` when empty.
    /// - Complexity: O(strips).
    public var bounds: CGRect {
        let b = pixelBounds
        guard !b.isEmpty else { return .null }
        return CGRect(x: b.x0, y: b.y0, width: b.width, height: b.height)
    }

    var pixelBounds: PixelRect {
        guard let first = strips.first, let last = strips.last else { return .empty }
        var x0 = Int.max, x1 = Int.min
        for s in strips {
            x0 = min(x0, spans[s.first].x0)
            x1 = max(x1, spans[s.first + s.count - 1].x1)
        }
        return PixelRect(x0: x0, y0: first.y0, x1: x1, y1: last.y1)
    }

    /// The region as disjoint rectangles (device pixels), strip by strip from the top, each
    /// strip's from the left.
    public var rects: [CGRect] {
        var out: [CGRect] = []
        for s in strips {
            for k in s.first..<(s.first + s.count) {
                out.append(CGRect(x: spans[k].x0, y: s.y0, width: spans[k].x1 - spans[k].x0, height: s.y1 - s.y0))
            }
        }
        return out
    }

    /// Whether pixel (`x`, `y`) is damaged.
    /// - Complexity: O(log strips + spans of its strip).
    public func contains(x: Int, y: Int) -> Bool {
        var lo = 0, hi = strips.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if strips[mid].y1 <= y { lo = mid + 1 } else { hi = mid }
        }
        guard lo < strips.count, strips[lo].y0 <= y else { return false }
        let s = strips[lo]
        return spans[s.first..<(s.first + s.count)].contains { $0.x0 <= x && x < $0.x1 }
    }

    /// The pixels in either region.
    /// - Complexity: O(strips + spans of both).
    public func union(_ other: DamageRegion) -> DamageRegion {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var builder = Builder()
        var i = 0, j = 0
        var y = Int.min
        var merged: [Span] = []
        while i < strips.count || j < other.strips.count {
            let a = i < strips.count ? strips[i] : nil, b = j < other.strips.count ? other.strips[j] : nil
            // Start of the next interval: y, or the next strip's top if nothing covers y.
            let aActive = a.map { $0.y0 <= y && y < $0.y1 } ?? false
            let bActive = b.map { $0.y0 <= y && y < $0.y1 } ?? false
            if !aActive && !bActive {
                y = min(a?.y0 ?? Int.max, b?.y0 ?? Int.max)
                continue
            }
            var end = Int.max
            if let a { end = min(end, aActive ? a.y1 : a.y0) }
            if let b { end = min(end, bActive ? b.y1 : b.y0) }
            merged.removeAll(keepingCapacity: true)
            DamageRegion.mergeSpans(
                aActive ? spans[a!.first..<(a!.first + a!.count)] : [][...],
                bActive ? other.spans[b!.first..<(b!.first + b!.count)] : [][...], into: &merged)
            builder.append(y0: y, y1: end, spans: merged)
            y = end
            if let a, a.y1 <= y { i += 1 }
            if let b, b.y1 <= y { j += 1 }
        }
        return builder.region
    }

    /// Adds `other`'s pixels to this region.
    public mutating func formUnion(_ other: DamageRegion) { self = union(other) }

    /// Spans of `a` ∪ `b` (each sorted and disjoint) appended to `out`, sorted, touching spans joined.
    static func mergeSpans(_ a: ArraySlice<Span>, _ b: ArraySlice<Span>, into out: inout [Span]) {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex || j < b.endIndex {
            let next: Span
            if j >= b.endIndex || (i < a.endIndex && a[i].x0 <= b[j].x0) {
                next = a[i]; i += 1
            } else {
                next = b[j]; j += 1
            }
            if let last = out.last, next.x0 <= last.x1 {
                out[out.count - 1].x1 = max(last.x1, next.x1)
            } else {
                out.append(next)
            }
        }
    }

    /// Builds a region strip by strip from the top.
    struct Builder {
        private(set) var region = DamageRegion()

        /// Appends rows `y0..<y1` with `spans` (sorted, disjoint, not touching), below every
        /// strip appended so far; joined with the previous strip when it ends at `y0` with the
        /// same spans. Empty rows or spans add nothing.
        mutating func append(y0: Int, y1: Int, spans new: [Span]) {
            guard y0 < y1, !new.isEmpty else { return }
            if let last = region.strips.last, last.y1 == y0, last.count == new.count {
                var same = true
                for k in 0..<new.count where region.spans[last.first + k] != new[k] {
                    same = false
                    break
                }
                if same {
                    region.strips[region.strips.count - 1].y1 = y1
                    return
                }
            }
            region.strips.append(Strip(y0: y0, y1: y1, first: region.spans.count, count: new.count))
            region.spans.append(contentsOf: new)
        }
    }
}
