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

    /// The strips top to bottom, and their spans (strip by strip, each strip's left to right);
    /// nothing else (working data past them is removed before a building step returns).
    var strips: [Strip] = []
    var spans: [Span] = []

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
    public var pixelCount: Int { pixelCount(within: pixelBounds) }

    /// The number of damaged pixels inside `r` (a region may reach outside the frame it is
    /// drawn into).
    /// - Complexity: O(strips + spans).
    func pixelCount(within r: PixelRect) -> Int {
        var n = 0
        for s in strips {
            let h = min(s.y1, r.y1) - max(s.y0, r.y0)
            guard h > 0 else { continue }
            var w = 0
            for k in s.first..<(s.first + s.count) { w += max(0, min(spans[k].x1, r.x1) - max(spans[k].x0, r.x0)) }
            n += w * h
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
        var r = self
        r.formUnion(other)
        return r
    }
}
