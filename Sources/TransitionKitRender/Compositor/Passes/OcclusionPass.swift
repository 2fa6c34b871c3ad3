import Foundation
import TransitionKitCore

/// The occlusion pass, run per band on the lowered list (geometry only, no pixels): the last
/// command that paints the whole band opaque (`occluder`: nothing drawn before it, nor the
/// band's background fill, is drawn), and the parts that hide a side of what the later ones
/// leave visible (`cuts`) or a large rectangle inside the band (`hole`), so that commands before
/// them draw only where they can show. Parts are the lowered frame's occluder candidates
/// (`LoweredFrame.occluders`): opaque square backgrounds and opaque contents at full opacity,
/// with no group or mask on the way, cut to their ancestors' pixel-aligned `masksToBounds`.
extension BandRenderer {
    /// A command that paints a rectangle of the band opaque (every pixel at full coverage):
    /// the commands before `index` (and, for a cut, after the previous cut) draw only inside
    /// `visible` and outside `hidden` (`forEachVisiblePiece`). A cut (`cuts`) hides a side of
    /// what the later cuts leave visible (`visible` is the rest, `hidden` empty); a hole hides a
    /// rectangle inside the band (`visible` is the band).
    struct Cut: Equatable {
        /// The first command index the cut no longer limits (the cutting part's own).
        var index: Int
        var part: LoweredOrigin.Part
        var visible: PixelRect
        var hidden = PixelRect.empty

        /// Calls `body` with the parts of `rect ∩ visible` outside `hidden`, at most four
        /// disjoint rectangles: the rows above it, the rows below it (full width), then left and
        /// right of it. Drawing a part piece by piece leaves every pixel as drawing it once
        /// would, byte for byte (the pieces do not overlap, each pixel's parts keep their order,
        /// and a shape's coverage does not depend on the clip it is drawn through).
        func forEachVisiblePiece(of rect: PixelRect, _ body: (PixelRect) -> Void) {
            let rect = rect.intersection(visible)
            let h = hidden.intersection(rect)
            guard !h.isEmpty else {
                if !rect.isEmpty { body(rect) }
                return
            }
            let pieces = (
                PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: h.y0), PixelRect(x0: rect.x0, y0: h.y1, x1: rect.x1, y1: rect.y1),
                PixelRect(x0: rect.x0, y0: h.y0, x1: h.x0, y1: h.y1), PixelRect(x0: h.x1, y0: h.y0, x1: rect.x1, y1: h.y1)
            )
            if !pieces.0.isEmpty { body(pieces.0) }
            if !pieces.1.isEmpty { body(pieces.1) }
            if !pieces.2.isEmpty { body(pieces.2) }
            if !pieces.3.isEmpty { body(pieces.3) }
        }
    }

    /// The band's occlusion: the occluder's command index (nil: none), the first cut and the
    /// hole. The cuts, in drawing order, are in `cuts`.
    struct BandOcclusion {
        var occluder: Int?
        /// The occluding part (a background the contents hide has the contents' index).
        var occluderPart: LoweredOrigin.Part?
        var cut: Cut?
        var hole: Cut?
    }

    /// A part that hides a rectangle inside the band, touching none of its sides, becomes the
    /// hole only when it hides at least this fraction of the band's pixels (a screen shrunk
    /// behind a card): every part before it is then drawn in up to four pieces, each with its
    /// own set-up, which a small hidden rectangle would not repay. A chosen value.
    static let holeCutFraction = 0.25

    /// Moves `cut` to the next cut in drawing order while command `index` comes at or after it
    /// (the commands from there on are limited by that one), and ends the hole likewise.
    /// - Complexity: O(cuts passed).
    @inline(__always)
    func passCuts(at index: Int) {
        while let c = cut, index >= c.index { advanceCut() }
        if let h = hole, index >= h.index { hole = nil }
    }

    /// The next cut of `cuts`, or none.
    func advanceCut() {
        cut = nextCut < cuts.count ? cuts[nextCut] : nil
        nextCut += 1
    }

    /// The band's occluder, cuts and hole from `list`'s candidates, in drawing order. The
    /// occluder is the last candidate covering the band. After it, taken from the last to the
    /// first, each candidate that leaves a rectangle of what the later cuts left visible (it
    /// covers a side of it: a screen slid part way in, a tab bar controller's content above the
    /// bar, the bar itself) becomes a cut whose `visible` is that rectangle. The hole is the
    /// candidate that is not a side of the band (does not span its width or height from an
    /// edge) and hides the most of it, at least `holeCutFraction` (a screen shrunk behind a
    /// drag-dismiss card), the last of equals.
    /// - Complexity: O(candidates); no allocation once the buffers have grown.
    func findOccluders(_ list: LoweredFrame) -> BandOcclusion {
        let band = self.band
        var occluder: (index: Int, part: LoweredOrigin.Part)? = nil
        bandCandidates.removeAll(keepingCapacity: true)
        for c in list.occluders {
            let r = c.rect.intersection(band)
            guard !r.isEmpty else { continue }
            if r == band {
                occluder = (c.index, c.part)
                bandCandidates.removeAll(keepingCapacity: true)
            } else {
                bandCandidates.append(OccluderCandidate(index: c.index, rect: r, part: c.part))
            }
        }
        cuts.removeAll(keepingCapacity: true)
        var remaining = band
        for c in bandCandidates.reversed() {
            let r = c.rect.intersection(remaining)
            guard !r.isEmpty else { continue }
            var visible = remaining
            if r == remaining {
                visible = .empty
            } else if r.x0 <= remaining.x0 && r.x1 >= remaining.x1 {
                if r.y0 <= remaining.y0 { visible.y0 = r.y1 } else if r.y1 >= remaining.y1 { visible.y1 = r.y0 } else { continue }
            } else if r.y0 <= remaining.y0 && r.y1 >= remaining.y1 {
                if r.x0 <= remaining.x0 { visible.x0 = r.x1 } else if r.x1 >= remaining.x1 { visible.x1 = r.x0 } else { continue }
            } else {
                continue
            }
            cuts.append(Cut(index: c.index, part: c.part, visible: visible))
            remaining = visible
            if remaining.isEmpty { break }
        }
        cuts.reverse()
        var hole: Cut? = nil
        var holeArea = Int((BandRenderer.holeCutFraction * Double(band.width * band.height)).rounded(.up))
        for c in bandCandidates {
            let r = c.rect
            let spansWidth = r.x0 <= band.x0 && r.x1 >= band.x1, spansHeight = r.y0 <= band.y0 && r.y1 >= band.y1
            let side = (spansWidth && (r.y0 <= band.y0 || r.y1 >= band.y1)) || (spansHeight && (r.x0 <= band.x0 || r.x1 >= band.x1))
            guard !side, r.width * r.height >= holeArea else { continue }
            holeArea = r.width * r.height
            hole = Cut(index: c.index, part: c.part, visible: band, hidden: r)
        }
        return BandOcclusion(occluder: occluder?.index, occluderPart: occluder?.part, cut: cuts.first, hole: hole)
    }
}
