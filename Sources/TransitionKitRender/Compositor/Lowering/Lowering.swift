import Foundation
import TransitionKitCore

/// Lowering: the one walk of a frame's layer tree. Each layer's projection (its map to device
/// pixels), pixel geometry (`LayerPixelGeometry`), clip and group decision are made here once
/// per frame, not once per band, and emitted as commands in Core Animation's drawing order:
/// per layer its mask (a clip, or a mask subtree), then, inside a group when its opacity or
/// mask needs one, its shadow, its background (rounded by `cornerRadius`), its gradient (the
/// same shape), its `contents`, its
/// `masksToBounds` clip, its `path` (filled, then stroked), its sublayers by `zPosition` (stably), and the ends of
/// the regions it opened.
///
/// A layer with `opacity` < 1 or a `mask` that draws more than one thing is drawn as a group
/// (into a transparent offscreen buffer, composited once), so overlapping sublayers are not
/// blended twice. A background (or gradient) entirely under opaque contents is not drawn (it cannot show, and
/// drawing it would compound its edge's coverage with the contents' edge, 1 − (1 − c)², moving
/// the edge outwards by up to half a pixel, where the exact area coverage is c), so such a
/// layer needs no group for opacity or a mask.
extension LoweredFrame {
    /// Lowers `root` drawn through `projection` (points → device pixels) into a frame of
    /// `width` × `height` pixels. `findsOccluders`: whether to collect the opaque parts the
    /// occlusion pass reads (the fast paths are on).
    /// - Complexity: O(layers · depth + points of their shapes); no allocation once the slots
    ///   have grown (a general `ShapePath` still flattens into new polygons).
    func lower(_ root: LayerSnapshot, projection: Projection, width: Int, height: Int, findsOccluders: Bool) {
        begin(frame: PixelRect(x0: 0, y0: 0, x1: width, y1: height), findsOccluders: findsOccluders)
        lowerLayer(
            root, parent: projection, parentSublayerToLocal: .identity, occlusion: findsOccluders ? frame : nil, counts: true)
        if hasBlur { dropOccluders() }
    }

    /// Curve chords stay within this many device pixels of the true outline.
    static let flatteningTolerance = 0.02

    /// Emits `node`'s commands. `occlusion`: the pixel rectangle its ancestors' pixel-aligned
    /// `masksToBounds` leave, when its opaque parts can hide what is drawn before them (nil
    /// under a group, a mask or a clip that is not a pixel-aligned rectangle). `counts`: whether
    /// its resampled contents count for the band count (not in a mask subtree). `opacity`: the
    /// transform layers' opacities above it (`lowerTransformLayer`), 1 elsewhere.
    func lowerLayer(
        _ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D, opacity: Float = 1, occlusion: PixelRect?,
        counts: Bool
    ) {
        let p = node.properties
        guard !p.isHidden else { return }
        if p.isTransformLayer {
            lowerTransformLayer(
                node, parent: parent, parentSublayerToLocal: parentSublayerToLocal, opacity: opacity, occlusion: occlusion, counts: counts)
            return
        }
        let alpha = PixelMath.alpha8(p.opacity * opacity)
        guard alpha > 0 else { return }
        let step3D = p.localToParent.concatenating(parentSublayerToLocal)
        let step = PlaneHomography(flattening: step3D)
        guard let projection = parent.prepending(step) else { return }
        let geometry = LayerPixelGeometry(p)
        if !p.isDoubleSided && facesAway(geometry, projection) { return }
        // A mesh warps the layer with its sublayers: flattened offscreen first (Lowering+MeshGroup).
        if let m = p.meshTransform, geometry.hasArea, m.validationError == nil, LoweredFrame.meshWarpsSubtree(node) {
            return lowerFlattenedMesh(
                node, m, geometry: geometry, projection: projection, step: step3D, parent: parent, alpha: alpha, counts: counts)
        }
        // A mesh draws the background and contents as one part (or nothing, when invalid).
        var mesh: Int? = nil
        if let m = p.meshTransform, geometry.hasArea, LoweredFrame.backgroundAndContentsParts(p) > 0 {
            mesh = lowerMesh(m, properties: p, step: step3D, parent: parent)
            if counts, let mesh { addResampled(meshPlans[mesh].box.width * meshPlans[mesh].box.height) }
        } else if counts {
            countResampling(p, geometry: geometry, projection: projection)
        }
        let meshed = p.meshTransform != nil && geometry.hasArea
        let hidesBackground = !meshed && LoweredFrame.contentsHideBackground(p, geometry: geometry, projection: projection)
        let meshedParts = meshed ? LoweredFrame.backgroundAndContentsParts(p) - (mesh == nil ? 0 : 1) : 0
        let parts = LoweredFrame.drawnParts(node) - (hidesBackground ? LoweredFrame.partsUnderContents(p) : 0) - meshedParts
        guard parts > 0 else { return }
        var maskStart: Int? = nil
        if let mask = node.mask {
            let drawnOnce = parts == 1 && p.contents != nil && node.sublayers.isEmpty
            guard let start = lowerMask(mask, host: projection, drawnOnce: drawnOnce) else { return }
            maskStart = start
        }
        let occlusion = alpha == 255 && node.mask == nil ? occlusion : nil
        if let blur = LoweredFrame.blurPlan(p, geometry: geometry, projection: projection) {
            // A blur: the layer and its sublayers drawn into a group, blurred, composited once.
            let start = append(.beginGroup(alpha: alpha, end: -1), part: .group)
            lowerContent(
                node, geometry: geometry, projection: projection, alpha: 255, skipBackground: hidesBackground, mesh: (meshed, mesh),
                occlusion: nil, counts: counts)
            append(.blur(plan: newBlur(blur, drawnFrom: start + 1)), part: .filter)
            close(start, at: append(.endGroup, part: .group))
        } else if parts > 1 && (alpha < 255 || node.mask != nil) {
            let start = append(.beginGroup(alpha: alpha, end: -1), part: .group)
            lowerContent(
                node, geometry: geometry, projection: projection, alpha: 255, skipBackground: hidesBackground, mesh: (meshed, mesh),
                occlusion: nil, counts: counts)
            close(start, at: append(.endGroup, part: .group))
        } else {
            lowerContent(
                node, geometry: geometry, projection: projection, alpha: alpha, skipBackground: hidesBackground, mesh: (meshed, mesh),
                occlusion: occlusion, counts: counts)
        }
        if let maskStart { close(maskStart, at: append(.restore, part: .mask)) }
    }

    /// The layer's own parts and its sublayers (see the type's order). `mesh`: whether the layer
    /// has a mesh (its background and contents are then only the mesh plan, when there is one).
    private func lowerContent(
        _ node: LayerSnapshot, geometry: LayerPixelGeometry, projection: Projection, alpha: UInt32, skipBackground: Bool,
        mesh: (meshed: Bool, plan: Int?), occlusion: PixelRect?, counts: Bool
    ) {
        let p = node.properties
        let bounds = geometry.bounds, hasArea = geometry.hasArea
        let tolerance = LoweredFrame.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : CGRect(x: 0, y: 0, width: 1, height: 1))
        if hasArea { geometry.boundsOutline(tolerance: tolerance, into: &localBounds) }
        // The bounds shape in device pixels, projected once (background and masksToBounds).
        var boundsShape: Int? = nil
        func projectedBounds() -> Int {
            if let boundsShape { return boundsShape }
            let s = newShape { projection.project(localBounds, into: &$0) }
            boundsShape = s
            return s
        }

        lowerShadow(p, geometry: geometry, projection: projection, alpha: alpha)
        if let plan = mesh.plan { append(.mesh(plan: plan, alpha: alpha), part: .mesh) }
        if !mesh.meshed, hasArea, let bg = p.backgroundColor, bg.alpha > 0 {
            if let occlusion, geometry.isSquare, bg.premultipliedRGBA8.a == 255 {
                geometry.projectBoundsRect(projection, rect: &localRect, into: &projectedScratch)
                addOccluder(projectedScratch, clip: occlusion, part: .background)
            }
            if !skipBackground { append(.fill(shape: projectedBounds(), rule: .nonZero, color: bg, alpha: alpha), part: .background) }
        }
        lowerGradient(
            p, geometry: geometry, projection: projection, alpha: alpha, skip: skipBackground, occlusion: occlusion, shape: projectedBounds)
        if !mesh.meshed, hasArea, let contents = p.contents, let g = geometry.contentsRect {
            geometry.contentsArea(outline: localBounds, into: &localArea, rect: &localRect, temp: &clipTemp)
            if localArea.count >= 3 {
                let area = newShape { projection.project(localArea, into: &$0) }
                // Contents cut to rounded corners are not a rectangle: never a cover.
                if let occlusion, !geometry.clipsContentsToRoundedBounds, contents.isOpaque, projection.composite.inverted() != nil {
                    addOccluder(shapes[area], clip: occlusion, part: .contents)
                }
                append(.contents(image: contents, rect: g, area: area, projection: projection, alpha: alpha), part: .contents)
            }
        }

        var clipStart: Int? = nil
        var inner = occlusion
        if p.masksToBounds {
            guard hasArea else { return }
            if p.path != nil || !node.sublayers.isEmpty {  // a fill, a stroke or sublayers
                clipStart = append(.clip(shape: projectedBounds(), rule: .nonZero, alpha: 255, drawnOnce: nil, end: -1), part: .clip)
            }
            if let o = inner {
                if geometry.isSquare, let r = geometry.alignedPixelBounds(projection, rect: &localRect, projected: &projectedScratch) {
                    let i = o.intersection(r)
                    inner = i.isEmpty ? nil : i
                } else {
                    inner = nil
                }
            }
        }
        if let path = p.path, p.fillColor.alpha > 0 {
            ShapeFlattening.polygons(path, tolerance: tolerance, into: &flattened)
            let shape = newShape { projection.project(flattened, into: &$0) }
            append(.fill(shape: shape, rule: path.fillRule, color: p.fillColor, alpha: alpha), part: .path)
        }
        lowerStroke(p, projection: projection, tolerance: tolerance, alpha: alpha)
        // The border's shape, made before the sublayers reuse the walk's buffers; drawn after
        // them, outside the masksToBounds clip (it lies inside the bounds: drawn through their
        // outline it would take the product of two coverages on its outer edge).
        var border: Int? = nil
        if LoweredFrame.drawsBorder(p) {
            geometry.borderOutline(width: Double(p.borderWidth), outline: localBounds, tolerance: tolerance, into: &flattened)
            border = newShape { projection.project(flattened, into: &$0) }
        }
        if !node.sublayers.isEmpty {
            let sublayerToLocal = p.sublayerToLocal
            LoweredFrame.forEachInDrawingOrder(node) { k, i in
                enter(k)
                lowerLayer(node.sublayers[i], parent: projection, parentSublayerToLocal: sublayerToLocal, occlusion: inner, counts: counts)
                leave()
            }
        }
        if let clipStart { close(clipStart, at: append(.restore, part: .clip)) }
        if let border { append(.fill(shape: border, rule: .evenOdd, color: p.borderColor, alpha: alpha), part: .border) }
    }

    /// The blur `p`'s `filters` draw through `projection`: σ = `LayerFilter.blurSigma` points
    /// times the map's pixels per point over the bounds (`Projection.pixelsPerPoint`, its
    /// largest stretch: a blur drawn in device pixels, the same along both axes); nil for none.
    static func blurPlan(_ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection) -> BlurPlan? {
        guard !p.filters.isEmpty else { return nil }
        let points = Double(LayerFilter.blurSigma(p.filters))
        guard points > 0 else { return nil }
        let over = geometry.hasArea ? geometry.bounds : CGRect(x: 0, y: 0, width: 1, height: 1)
        return BlurPlan(sigma: points * projection.pixelsPerPoint(over: over))
    }

    /// Whether `p` draws a border: an area, a width > 0 and a colour that is not clear.
    static func drawsBorder(_ p: LayerProperties) -> Bool {
        p.bounds.width > 0 && p.bounds.height > 0 && p.borderWidth > 0 && p.borderColor.alpha > 0
    }

    /// Whether the layer's plane is seen from behind under `projection`: its bounds (a unit
    /// square when it has no area) come out wound the other way round in device pixels, which
    /// is what a turn past 90° about an axis in the plane does (Core Animation's test for
    /// `isDoubleSided`: the transformed normal points away from the viewer). False when
    /// nothing of it is in front of the eye.
    private func facesAway(_ geometry: LayerPixelGeometry, _ projection: Projection) -> Bool {
        ShapeFlattening.rect(geometry.hasArea ? geometry.bounds : CGRect(x: 0, y: 0, width: 1, height: 1), into: &localRect)
        projection.project(localRect, into: &projectedScratch)
        guard let polygon = projectedScratch.first else { return false }
        var twiceArea = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            twiceArea += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        // The rectangle is wound with positive area on a y-down screen; mirrored, negative.
        return twiceArea < 0
    }

    /// A part over `polygons` (device pixels) that paints the whole pixels inside them opaque,
    /// cut to `clip`, becomes an occluder candidate at the next command's index.
    func addOccluder(_ polygons: [[CGPoint]], clip: PixelRect, part: LoweredOrigin.Part) {
        guard let r = PixelRect.interior(of: polygons)?.intersection(clip), !r.isEmpty else { return }
        addOccluder(OccluderCandidate(index: commands.count, rect: r, part: part))
    }

    /// Emits the clip of `host`'s `mask` layer: a clip command for a leaf mask that is a path or
    /// a background alone (rasterised straight into coverage), else the mask subtree between
    /// `beginMask` and `endMask` (its alpha becomes coverage). Returns the index of the region's
    /// first command; nil when the mask hides everything (hidden, transparent, empty, or not
    /// projectable), so the host is not drawn.
    func lowerMask(_ mask: LayerSnapshot, host: Projection, drawnOnce: Bool) -> Int? {
        let m = mask.properties
        guard !m.isHidden else { return nil }
        let alpha = PixelMath.alpha8(m.opacity)
        guard alpha > 0 else { return nil }
        let bounds = m.bounds.standardized
        let hasArea = bounds.width > 0 && bounds.height > 0
        let hasBackground = hasArea && (m.backgroundColor?.alpha ?? 0) > 0
        let hasPath = m.path != nil && m.fillColor.alpha > 0
        let isLeaf =
            mask.sublayers.isEmpty && mask.mask == nil && m.contents == nil && !m.masksToBounds && !LoweredFrame.drawsBorder(m) && m.isDoubleSided
            && LoweredFrame.shadowCaster(m) == nil && !LoweredFrame.drawsGradient(m) && !LoweredFrame.drawsStroke(m)
        if isLeaf && hasBackground != hasPath {
            guard let projection = host.prepending(PlaneHomography(flattening: m.localToParent)) else { return nil }
            let tolerance = LoweredFrame.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : (m.path?.boundingBox ?? .zero))
            let rule: ShapePath.FillRule, color: Color
            if let path = m.path, hasPath {
                ShapeFlattening.polygons(path, tolerance: tolerance, into: &flattened)
                rule = path.fillRule
                color = m.fillColor
            } else {
                ShapeFlattening.onePolygon(&flattened) { LayerPixelGeometry(m).boundsOutline(tolerance: tolerance, into: &$0) }
                rule = .nonZero
                color = m.backgroundColor ?? .clear
            }
            let a = PixelMath.mul(UInt32(color.premultipliedRGBA8.a), alpha)
            guard a > 0 else { return nil }
            let shape = newShape { projection.project(flattened, into: &$0) }
            return append(.clip(shape: shape, rule: rule, alpha: a, drawnOnce: drawnOnce, end: -1), part: .mask)
        }
        if isLeaf && !hasBackground && !hasPath { return nil }
        let start = append(.beginMask(end: -1), part: .mask)
        enter(-1)
        lowerLayer(mask, parent: host, parentSublayerToLocal: .identity, occlusion: nil, counts: false)
        leave()
        append(.endMask, part: .mask)
        return start
    }

    /// True when the layer's opaque `contents` are drawn over all of its background and
    /// gradient (the contents rectangle contains the bounds, so the drawn area contains the
    /// background's shape, rounded or not, and the contents are drawn through an invertible
    /// map), and it has either: they can never show.
    static func contentsHideBackground(_ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection) -> Bool {
        guard let contents = p.contents, contents.isOpaque, partsUnderContents(p) > 0 else { return false }
        guard let g = geometry.drawnContentsRect else { return false }
        let bounds = geometry.bounds
        guard g.minX <= bounds.minX, g.minY <= bounds.minY, g.maxX >= bounds.maxX, g.maxY >= bounds.maxY else { return false }
        return projection.composite.inverted() != nil
    }

    /// How many of `p`'s parts lie under its contents in the bounds' shape: its background and
    /// its gradient, where drawn.
    static func partsUnderContents(_ p: LayerProperties) -> Int {
        let hasArea = p.bounds.width > 0 && p.bounds.height > 0
        return (hasArea && (p.backgroundColor?.alpha ?? 0) > 0 ? 1 : 0) + (drawsGradient(p) ? 1 : 0)
    }

    /// How many of a layer's separately composited things are its background and contents
    /// (0...2): what a mesh draws as one part.
    static func backgroundAndContentsParts(_ p: LayerProperties) -> Int {
        (p.backgroundColor.map { $0.alpha > 0 } ?? false ? 1 : 0) + (p.contents != nil ? 1 : 0)
    }

    /// How many separately composited things a layer draws (sublayers count as two: they
    /// may overlap each other). Group opacity is needed only above one.
    static func drawnParts(_ node: LayerSnapshot) -> Int {
        let p = node.properties
        let hasArea = p.bounds.width > 0 && p.bounds.height > 0
        var n = 0
        if hasArea, let bg = p.backgroundColor, bg.alpha > 0 { n += 1 }
        if drawsGradient(p) { n += 1 }
        if hasArea, p.contents != nil { n += 1 }
        if p.path != nil, p.fillColor.alpha > 0 { n += 1 }
        if drawsStroke(p) { n += 1 }
        if drawsBorder(p) { n += 1 }
        if shadowCaster(p) != nil { n += 1 }
        if node.sublayers.contains(where: { !$0.properties.isHidden }) { n += 2 }
        return n
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

    /// Adds the pixels `p`'s contents are resampled over (`BandCount`): unless its map draws
    /// them pixel for pixel, the frame's part of the whole-pixel box around its contents
    /// rectangle (cropped to the bounds when the layer masks to bounds).
    private func countResampling(_ p: LayerProperties, geometry: LayerPixelGeometry, projection: Projection) {
        guard let contents = p.contents, var drawn = geometry.drawnContentsRect, let whole = geometry.contentsRect,
            !BandCount.isWholePixelCopy(projection, whole, contents)
        else { return }
        if geometry.masksToBounds { drawn = drawn.intersection(geometry.bounds) }
        guard !drawn.isNull else { return }
        let box = projection.deviceBox(of: drawn)?.intersection(frame) ?? frame
        addResampled(box.width * box.height)
    }
}
