import Foundation
import TransitionKitCore

/// The occlusion pass: before a band is painted, one cheap walk of the tree (geometry only, no
/// pixels) finds the last layer part that paints the whole band opaque, so that nothing drawn
/// before it (nor the band's background fill) is drawn, and the part that then hides the most
/// of the rest of the band, so that the parts before it draw only where they can show.
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

    /// A layer part that paints the rectangle `hidden` of the band opaque (every pixel at full
    /// coverage): everything drawn before it is drawn only outside `hidden`
    /// (`forEachVisiblePiece`).
    struct Cut {
        var path: [Int]
        var part: Occlusion.Part
        var hidden: PixelRect

        /// Calls `body` with the parts of `rect` outside `hidden`, at most four disjoint
        /// rectangles: the rows above it, the rows below it (both `rect`'s full width), then
        /// left and right of it. A side cut (`hidden` spans the band's width or height) leaves
        /// one. Drawing a part piece by piece leaves every pixel as drawing it once would: the
        /// pieces do not overlap, and each pixel's parts keep their order.
        func forEachVisiblePiece(of rect: PixelRect, _ body: (PixelRect) -> Void) {
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
    }

    /// A part that hides a rectangle inside the band, touching none of its sides, becomes the
    /// hole only when it hides at least this fraction of the band's pixels (a screen shrunk
    /// behind a card): every part before it is then drawn in up to four pieces, each with its
    /// own set-up, which a small hidden rectangle would not repay.
    static let holeCutFraction = 0.25

    /// The occlusion pass's paths (positions in `drawingOrder`), kept between frames.
    struct OcclusionBuffers {
        var walk: [Int] = []
        var best: [Int] = []
        var cut: [Int] = []
        var hole: [Int] = []
    }

    /// The last layer part, in drawing order, that paints every pixel of the band opaque: an
    /// opaque square background or opaque contents covering the band on whole pixels, at full
    /// opacity, with no mask or group on the way; and, after it, the part that hides the most of
    /// a side of the band (the cut: a screen slid part way in; a tab bar controller's content
    /// covers all but the bar) and the part that hides the most of it with a rectangle touching
    /// none of its sides, at least `holeCutFraction` of the band (the hole: a screen shrunk
    /// behind a drag-dismiss card), each the last of equals. Cheap: geometry only, no pixels.
    func findOccluders(_ root: LayerSnapshot, projection: Projection) -> (Occlusion?, cut: Cut?, hole: Cut?) {
        // The paths live in the renderer's buffers (taken here, so each is uniquely referenced
        // and keeps its capacity): a steady sequence of frames allocates nothing.
        var path = occlusionBuffers.walk, bestPath = occlusionBuffers.best, cutPath = occlusionBuffers.cut
        var holePath = occlusionBuffers.hole
        occlusionBuffers = OcclusionBuffers()
        path.removeAll(keepingCapacity: true)
        var bestPart: Occlusion.Part? = nil
        var cut: (part: Occlusion.Part, hidden: PixelRect)? = nil
        var hole: (part: Occlusion.Part, hidden: PixelRect)? = nil
        let band = self.band
        var clip = band
        /// Whether the part over `polygons` hides the band (then true) or a side of it.
        func covers(_ polygons: [[CGPoint]], part: Occlusion.Part) -> Bool {
            guard let r = PixelRect.interior(of: polygons)?.intersection(clip), !r.isEmpty else { return false }
            if r.x0 <= band.x0 && r.y0 <= band.y0 && r.x1 >= band.x1 && r.y1 >= band.y1 {
                bestPath.removeAll(keepingCapacity: true)
                bestPath.append(contentsOf: path)
                bestPart = part
                cut = nil
                hole = nil
                return true
            }
            let hidden = r.intersection(band)
            let spansWidth = hidden.x0 <= band.x0 && hidden.x1 >= band.x1, spansHeight = hidden.y0 <= band.y0 && hidden.y1 >= band.y1
            let side =
                (spansWidth && (hidden.y0 <= band.y0 || hidden.y1 >= band.y1))
                || (spansHeight && (hidden.x0 <= band.x0 || hidden.x1 >= band.x1))
            let area = hidden.width * hidden.height
            // A later part that hides as much hides more parts (those before it, the earlier
            // cutter included: a tab bar controller's black content area under the screen drawn
            // over it), so it wins a tie.
            if side {
                if let c = cut, c.hidden.width * c.hidden.height > area { return false }
                cutPath.removeAll(keepingCapacity: true)
                cutPath.append(contentsOf: path)
                cut = (part, hidden)
            } else {
                if Double(area) < BandRenderer.holeCutFraction * Double(band.width * band.height) { return false }
                if let h = hole, h.hidden.width * h.hidden.height > area { return false }
                holePath.removeAll(keepingCapacity: true)
                holePath.append(contentsOf: path)
                hole = (part, hidden)
            }
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
        occlusionBuffers = OcclusionBuffers(walk: path, best: bestPath, cut: cutPath, hole: holePath)
        return (
            bestPart.map { Occlusion(path: bestPath, part: $0) }, cut.map { Cut(path: cutPath, part: $0.part, hidden: $0.hidden) },
            hole.map { Cut(path: holePath, part: $0.part, hidden: $0.hidden) }
        )
    }
}
