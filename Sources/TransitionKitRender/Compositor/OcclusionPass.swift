import Foundation
import TransitionKitCore

/// The occlusion pass: before a band is painted, one cheap walk of the tree (geometry only, no
/// pixels) finds the last layer part that paints the whole band opaque, so that nothing drawn
/// before it (nor the band's background fill) is drawn, and the part that then hides the most
/// of the rest of the band, so that the parts before it draw only where they can show.
/// (`cuts`; and a `hole`: a large rectangle hidden inside the band).
/// Layer geometry comes from `LayerPixelGeometry`, as in the painting walk.
extension BandRenderer {
    /// Which part of which layer hides everything drawn before it in the band: `path` holds the
    /// positions in `drawingOrder` from the root down; `depth` is how far along it a layer is.
    struct Occlusion {
        enum Part { case background, contents }
        var path: [Int]
        var part: Part
        var depth = 0

        /// The layer is above the occluding part on its path: everything it draws before its
        /// sublayer on the path is hidden.
        var isAncestor: Bool { depth < path.count }
        /// The layer owns the occluding part.
        var isOccluder: Bool { depth == path.count }

        /// For an ancestor: sublayer `k` (in drawing order) comes before the path, so it is
        /// hidden and not drawn.
        func hides(sublayer k: Int) -> Bool { k < path[depth] }

        /// For an ancestor: what sublayer `k` (in drawing order, not hidden) is told, the next
        /// step of the path for the sublayer on it, nothing for those drawn after it.
        func child(_ k: Int) -> Occlusion? {
            k == path[depth] ? Occlusion(path: path, part: part, depth: depth + 1) : nil
        }
    }

    /// A layer part that paints a rectangle of the band opaque (every pixel at full coverage):
    /// everything drawn before it (and, for a cut, after the previous cut) is drawn only inside
    /// `visible` and outside `hidden` (`forEachVisiblePiece`). A cut (`cuts`) hides a side of
    /// what the later cuts leave visible (`visible` is the rest, `hidden` empty); a hole hides a
    /// rectangle inside the band (`visible` is the band). `path` is a slice of the occlusion
    /// pass's buffer (valid for the render).
    struct Cut {
        var path: ArraySlice<Int>
        var part: Occlusion.Part
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
            let pieces = [
                PixelRect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: h.y0), PixelRect(x0: rect.x0, y0: h.y1, x1: rect.x1, y1: rect.y1),
                PixelRect(x0: rect.x0, y0: h.y0, x1: h.x0, y1: h.y1), PixelRect(x0: h.x1, y0: h.y0, x1: rect.x1, y1: h.y1),
            ]
            for piece in pieces where !piece.isEmpty { body(piece) }
        }

        /// Whether the part `part` of the layer at `drawPath` comes after the cutting part, or is
        /// it, in drawing order (then this cut no longer limits it): paths compare position by
        /// position; an ancestor's own parts come before its sublayers; a layer's background
        /// before its contents.
        func isPassed(at drawPath: [Int], _ part: Occlusion.Part) -> Bool {
            var i = path.startIndex, j = 0
            while i < path.endIndex && j < drawPath.count {
                if path[i] != drawPath[j] { return path[i] < drawPath[j] }
                i += 1
                j += 1
            }
            if i < path.endIndex { return false }  // the cutter lies below the drawn layer
            if j < drawPath.count { return true }  // the cutter is an ancestor's own part
            return self.part == .background || part == .contents
        }
    }

    /// The occlusion pass's buffers, kept between frames: the walk's path, the occluder's path,
    /// and every rectangle candidate's path (flat) and rectangle.
    struct OcclusionBuffers {
        var walk: [Int] = []
        var best: [Int] = []
        var paths: [Int] = []
        var candidates: [(start: Int, end: Int, part: Occlusion.Part, rect: PixelRect)] = []
    }

    /// Moves `cut` to the next cut in drawing order past the part `part` of the layer at
    /// `drawPath` (`Cut.isPassed`): the parts drawn from there on are limited by that one.
    /// - Complexity: O(cuts passed · depth).
    func passCuts(_ part: Occlusion.Part) {
        while let c = cut, c.isPassed(at: drawPath, part) { advanceCut() }
        if let h = hole, h.isPassed(at: drawPath, part) { hole = nil }
    }

    /// A part that hides a rectangle inside the band, touching none of its sides, becomes the
    /// hole only when it hides at least this fraction of the band's pixels (a screen shrunk
    /// behind a card): every part before it is then drawn in up to four pieces, each with its
    /// own set-up, which a small hidden rectangle would not repay. A chosen value.
    static let holeCutFraction = 0.25

    /// The next cut of `cuts`, or none.
    func advanceCut() {
        cut = nextCut < cuts.count ? cuts[nextCut] : nil
        nextCut += 1
    }

    /// The last layer part, in drawing order, that paints every pixel of the band opaque: an
    /// opaque square background or opaque contents covering the band on whole pixels, at full
    /// opacity, with no mask or group on the way; and, after it, the cuts (`cuts`, in drawing
    /// order; the first is returned): parts that paint a rectangle opaque (the whole pixels
    /// inside a part that projects to a convex polygon, `PixelRect.interior(of:)`: a screen
    /// turned in perspective hides the rectangle between its vertical sides). Taken from the last
    /// to the first, each candidate that leaves a rectangle of what the later cuts left visible
    /// (it covers a side of it: a screen slid part way in, a tab bar controller's content above
    /// the bar, the bar itself) becomes a cut whose `visible` is that rectangle, so a screen
    /// slid over the content area of a tab bar controller hides what is under it as it does on
    /// a full screen. The hole (`hole`, returned third) is the candidate that is not a side of
    /// the band (does not span its width or height from an edge) and hides the most of it, at
    /// least `holeCutFraction` (a screen shrunk behind a drag-dismiss card), the last of equals.
    /// Cheap: geometry only, no pixels.
    /// - Complexity: O(layers · depth).
    func findOccluders(_ root: LayerSnapshot, projection: Projection) -> (Occlusion?, cut: Cut?, hole: Cut?) {
        // The paths live in the renderer's buffers (taken here, so each is uniquely referenced
        // and keeps its capacity): a steady sequence of frames allocates nothing.
        var path = occlusionBuffers.walk, bestPath = occlusionBuffers.best
        var paths = occlusionBuffers.paths, candidates = occlusionBuffers.candidates
        occlusionBuffers = OcclusionBuffers()
        path.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        var bestPart: Occlusion.Part? = nil
        let band = self.band
        var clip = band
        /// Whether the part over `polygons` hides the band (then true); a part that paints a
        /// rectangle of it opaque is kept as a cut candidate.
        func covers(_ polygons: [[CGPoint]], part: Occlusion.Part) -> Bool {
            guard let r = PixelRect.interior(of: polygons)?.intersection(clip), !r.isEmpty else { return false }
            if r.x0 <= band.x0 && r.y0 <= band.y0 && r.x1 >= band.x1 && r.y1 >= band.y1 {
                bestPath.removeAll(keepingCapacity: true)
                bestPath.append(contentsOf: path)
                bestPart = part
                paths.removeAll(keepingCapacity: true)
                candidates.removeAll(keepingCapacity: true)
                return true
            }
            candidates.append((paths.count, paths.count + path.count, part, r))
            paths.append(contentsOf: path)
            return false
        }
        func visit(_ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D, clip outer: PixelRect) {
            let p = node.properties
            guard !p.isHidden, PixelMath.alpha8(p.opacity) == 255, node.mask == nil else { return }
            let step = PlaneHomography(flattening: p.localToParent.concatenating(parentSublayerToLocal))
            guard let projection = parent.prepending(step) else { return }
            let geometry = LayerPixelGeometry(p)
            clip = outer
            if geometry.hasArea {
                if geometry.isSquare, let bg = p.backgroundColor, bg.premultipliedRGBA8.a == 255 {
                    geometry.projectBoundsRect(projection, rect: &localRect, into: &projectedArea)
                    _ = covers(projectedArea, part: .background)
                }
                // Contents cut to rounded corners are not a rectangle: never a cover.
                if let contents = p.contents, !geometry.clipsContentsToRoundedBounds, contents.isOpaque {
                    geometry.contentsArea(outline: [], into: &localArea, rect: &localRect, temp: &clipTemp)
                    if localArea.count >= 3, projection.composite.inverted() != nil {
                        projection.project(localArea, into: &projectedArea)
                        _ = covers(projectedArea, part: .contents)
                    }
                }
            }
            guard !node.sublayers.isEmpty else { return }
            var inner = outer
            if geometry.masksToBounds {
                guard geometry.hasArea, geometry.isSquare else { return }
                guard let r = geometry.alignedPixelBounds(projection, rect: &localRect, projected: &projectedArea) else { return }
                inner = inner.intersection(r)
                guard !inner.isEmpty else { return }
            }
            let sublayerToLocal = p.sublayerToLocal
            BandRenderer.forEachInDrawingOrder(node) { k, i in
                path.append(k)
                visit(node.sublayers[i], parent: projection, parentSublayerToLocal: sublayerToLocal, clip: inner)
                path.removeLast()
            }
        }
        visit(root, parent: projection, parentSublayerToLocal: .identity, clip: band)
        // From the last candidate back: what the later cuts leave visible shrinks, one side at a
        // time, while it stays a rectangle; nothing visible ends it (every earlier part is hidden).
        cuts.removeAll(keepingCapacity: true)
        var remaining = band
        for c in candidates.reversed() {
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
            cuts.append(Cut(path: paths[c.start..<c.end], part: c.part, visible: visible))
            remaining = visible
            if remaining.isEmpty { break }
        }
        cuts.reverse()
        var hole: Cut? = nil
        var holeArea = Int((BandRenderer.holeCutFraction * Double(band.width * band.height)).rounded(.up))
        for c in candidates {
            let r = c.rect.intersection(band)
            let spansWidth = r.x0 <= band.x0 && r.x1 >= band.x1, spansHeight = r.y0 <= band.y0 && r.y1 >= band.y1
            let side = (spansWidth && (r.y0 <= band.y0 || r.y1 >= band.y1)) || (spansHeight && (r.x0 <= band.x0 || r.x1 >= band.x1))
            guard !side, r.width * r.height >= holeArea else { continue }
            holeArea = r.width * r.height
            hole = Cut(path: paths[c.start..<c.end], part: c.part, visible: band, hidden: r)
        }
        occlusionBuffers = OcclusionBuffers(walk: path, best: bestPath, paths: paths, candidates: candidates)
        return (bestPart.map { Occlusion(path: bestPath, part: $0) }, cuts.first, hole)
    }
}
