import Foundation
import TransitionKitCore

/// The painting walk of a band: each layer's projection and clip, whether it is drawn as a
/// group (an offscreen buffer composited once), then its parts in Core Animation's order
/// (background, contents, path, sublayers by `zPosition`), skipping what the occlusion pass
/// (`findOccluders`) found hidden.
extension BandRenderer {
    func drawLayer(
        _ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D,
        clip inherited: Clip, occlusion: Occlusion? = nil, into plane: PixelPlane
    ) {
        let p = node.properties
        guard !p.isHidden else { return }
        let alpha = PixelMath.alpha8(p.opacity)
        guard alpha > 0, !inherited.bounds.isEmpty else { return }
        let step = PlaneHomography(flattening: p.localToParent.concatenating(parentSublayerToLocal))
        guard let projection = parent.prepending(step) else { return }

        var clip = inherited
        if let mask = node.mask {
            guard let masked = intersect(clip, withMaskLayer: mask, host: projection) else { return }
            clip = masked
        }

        let geometry = LayerPixelGeometry(p)
        let hidesBackground = contentsHideBackground(p, geometry: geometry, projection: projection)
        let parts = BandRenderer.drawnParts(node) - (hidesBackground ? 1 : 0)
        guard parts > 0 else { return }
        if let shape = clip.shape, shape !== inherited.shape {
            // The layer's own mask, kept as a shape: its contents alone draw through it.
            shape.drawnOnce = parts == 1 && p.contents != nil && node.sublayers.isEmpty
        }
        defer {
            // The cutting part lies in this subtree (or is this layer): it has been drawn.
            while let c = cut, c.path.starts(with: drawPath) { advanceCut() }
            if let h = hole, h.path.starts(with: drawPath) { hole = nil }
        }
        if parts > 1 && (alpha < 255 || node.mask != nil) {
            let group = scratchPlane()
            withoutStreaming {
                drawContent(
                    node, geometry: geometry, projection: projection, clip: Clip(bounds: clip.bounds, mask: nil), alpha: 255,
                    skipBackground: hidesBackground, occlusion: nil, into: group.plane)
                // `composite` writes the group's deferred copies before reading the plane.
                forEachVisiblePiece(of: clip.bounds) { piece in
                    var target = clip
                    target.bounds = piece
                    composite(group.plane, clip: target, alpha: alpha, into: plane)
                }
            }
        } else {
            drawContent(
                node, geometry: geometry, projection: projection, clip: clip, alpha: alpha, skipBackground: hidesBackground,
                occlusion: occlusion, into: plane)
        }
    }

    /// True when the layer's opaque `contents` are drawn over all of its background (the
    /// contents rectangle contains the bounds, so the drawn area contains the background's
    /// shape, rounded or not): the background can never show, so it is not drawn (and does not
    /// count as a part needing a group). A rule of the picture, not a fast path: drawing the
    /// background first would blend its anti-aliased edge under the contents' own edge (two
    /// coverages of one edge compound, 1 − (1 − c)², moving the edge outwards by up to half a
    /// pixel), where the exact area coverage of the layer's edge is c.
    private func contentsHideBackground(_ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection) -> Bool {
        guard let contents = p.contents, contents.isOpaque, let bg = p.backgroundColor, bg.alpha > 0 else { return false }
        guard let g = geometry.drawnContentsRect else { return false }
        let bounds = geometry.bounds
        guard g.minX <= bounds.minX, g.minY <= bounds.minY, g.maxX >= bounds.maxX, g.maxY >= bounds.maxY else { return false }
        // The contents are drawn only through an invertible map (`drawContents`).
        return projection.composite.inverted() != nil
    }

    /// How many separately composited things a layer draws (sublayers count as two: they
    /// may overlap each other). Group opacity is needed only above one.
    static func drawnParts(_ node: LayerSnapshot) -> Int {
        let p = node.properties
        let hasArea = p.bounds.width > 0 && p.bounds.height > 0
        var n = 0
        if hasArea, let bg = p.backgroundColor, bg.alpha > 0 { n += 1 }
        if hasArea, p.contents != nil { n += 1 }
        if p.path != nil, p.fillColor.alpha > 0 { n += 1 }
        if node.sublayers.contains(where: { !$0.properties.isHidden }) { n += 2 }
        return n
    }

    private func drawContent(
        _ node: LayerSnapshot, geometry: LayerPixelGeometry, projection: Projection, clip: Clip, alpha: UInt32,
        skipBackground: Bool, occlusion: Occlusion?, into plane: PixelPlane
    ) {
        // On the path to the occluding part: everything this layer draws before it is hidden.
        let isAncestor = occlusion?.isAncestor ?? false
        let isOccluder = occlusion?.isOccluder ?? false
        let p = node.properties
        let bounds = geometry.bounds, hasArea = geometry.hasArea
        let tolerance = BandRenderer.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : CGRect(x: 0, y: 0, width: 1, height: 1))
        if hasArea {
            geometry.boundsOutline(tolerance: tolerance, into: &localBounds)
        }

        // Parts hidden under a later opaque part (`cut`, `hole`) draw only where they can show,
        // piece by piece; a cutting part itself is limited by the next cut.
        passCuts(.background)
        func forEachCutClip(_ c: Clip, _ body: (Clip) -> Void) {
            guard cut != nil || hole != nil else { return body(c) }
            forEachVisiblePiece(of: c.bounds) { piece in
                var p = c
                p.bounds = piece
                body(p)
            }
        }

        // The contents' drawn area (layer points).
        localArea.removeAll(keepingCapacity: true)
        if !isAncestor {
            geometry.contentsArea(outline: localBounds, into: &localArea, rect: &localRect, temp: &clipTemp)
        }
        let area = localArea
        // The bounds shape in device pixels, projected once (background and masksToBounds).
        var boundsProjected = false
        func projectedBoundsShape() -> [[CGPoint]] {
            if !boundsProjected {
                projection.project(localBounds, into: &projectedBounds)
                boundsProjected = true
            }
            return projectedBounds
        }

        let skipsBackground = skipBackground || isAncestor || (isOccluder && occlusion?.part == .contents)
        if hasArea, !skipsBackground, let bg = p.backgroundColor, bg.alpha > 0 {
            let shape = projectedBoundsShape()
            forEachCutClip(clip) { fillSolid(shape, rule: .nonZero, color: bg, alpha: alpha, clip: $0, into: plane) }
        }
        passCuts(.contents)
        if hasArea, !isAncestor, let contents = p.contents, let g = geometry.contentsRect, area.count >= 3 {
            forEachCutClip(clip) { drawContents(contents, placedIn: g, area: area, projection: projection, clip: $0, alpha: alpha, into: plane) }
        }

        var inner = clip
        if p.masksToBounds {
            guard hasArea else { return }
            let needsClip = p.path != nil || !node.sublayers.isEmpty
            if needsClip {
                guard let c = intersect(clip, with: projectedBoundsShape(), rule: .nonZero, alpha: 255) else { return }
                inner = c
            }
        }
        if !isAncestor, let path = p.path, p.fillColor.alpha > 0 {
            let polygons = projection.project(ShapeFlattening.polygons(path, tolerance: tolerance))
            forEachCutClip(inner) { fillSolid(polygons, rule: path.fillRule, color: p.fillColor, alpha: alpha, clip: $0, into: plane) }
        }
        guard !node.sublayers.isEmpty else { return }
        let sublayerToLocal = p.sublayerToLocal
        BandRenderer.forEachInDrawingOrder(node) { k, i in
            var child: Occlusion? = nil
            if let occlusion, isAncestor {
                if occlusion.hides(sublayer: k) { return }
                child = occlusion.child(k)
            }
            drawPath.append(k)
            drawLayer(
                node.sublayers[i], parent: projection, parentSublayerToLocal: sublayerToLocal, clip: inner,
                occlusion: child, into: plane)
            drawPath.removeLast()
        }
    }

    /// Calls `body(k, i)` for the sublayers in drawing order (`drawingOrder[k] == i`) without
    /// building the order when all siblings share one `zPosition` (the stable sort is then the
    /// identity).
    @inline(__always)
    static func forEachInDrawingOrder(_ node: LayerSnapshot, _ body: (Int, Int) -> Void) {
        let subs = node.sublayers
        guard let first = subs.first else { return }
        let z = first.properties.zPosition
        var same = true
        for s in subs where s.properties.zPosition != z { same = false; break }
        if same {
            for i in subs.indices { body(i, i) }
        } else {
            for (k, i) in node.drawingOrder.enumerated() { body(k, i) }
        }
    }
}
