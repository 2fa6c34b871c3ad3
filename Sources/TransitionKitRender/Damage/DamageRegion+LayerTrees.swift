import Foundation
import TransitionKitCore

extension DamageRegion {
    /// The pixels that can differ between renders of `old` and `new` (the same compositor
    /// options, a frame of `size` points): for every layer whose presented state changed, the
    /// union of the area it covered in `old` and the area it covers in `new`.
    ///
    /// The trees are walked side by side, sublayers and masks matched by position. A layer's
    /// state is its properties (`contents` compared by identity: the same image storage), its
    /// mask and its sublayer list. For a layer that changed, the region gets the area of its
    /// whole subtree in each tree: the whole-pixel box around the projected bounds, contents
    /// rectangle (where it overflows the bounds), path bounding box and stroke box (the path's
    /// box grown by half the line width, times the miter limit for miter joins, √2 for square
    /// caps) of every layer in it,
    /// through the accumulated transform including perspective, clipped by `masksToBounds`, plus
    /// 1 pixel on every side for anti-aliasing; hidden and fully transparent layers cover
    /// nothing. Only a change of `path` alone on a layer without a stroke (a shape layer's, or a mask's: the radial reveal's circle)
    /// gives less: the pixels where the old and new outlines' coverage differ, row by row, with a
    /// 1-pixel margin (`shapeDifference`), so a growing circle costs the ring it grew by.
    /// Opacity, transform, hidden, contents or mask changes, and a changed sublayer or mask
    /// count, take the layer's whole old and new areas. A layer reaching at or behind the eye
    /// (w <= 1e-5, where the compositor clips), a change below a layer whose `meshTransform`
    /// warps its sublayers, or a tree deeper than `LayerSnapshot.maximumDepth` gives the whole
    /// frame.
    ///
    /// The region is conservative: `Compositor.render(_:into:damage:)` over a bitmap holding
    /// `old`'s frame gives `new`'s frame byte for byte. It cannot know about changes outside the
    /// trees (another background colour or scale, another frame size): render those in full.
    /// - Parameters:
    ///   - old: the tree the bitmap shows.
    ///   - new: the tree to show.
    ///   - size: the container size in points (as `Compositor.render(_:size:)`); a size that
    ///     gives no pixels gives the empty region.
    ///   - options: the compositor's options (`scale`, pixels per point, finite and > 0).
    /// - Complexity: O(layers) to compare, plus for each changed path O(rows + edge pixels) of
    ///   both outlines' rasterisation.
    public init(from old: LayerSnapshot, to new: LayerSnapshot, size: CGSize, options: RenderOptions) {
        self.init()
        formDamage(from: old, to: new, size: size, options: options)
    }

    /// Makes this region `DamageRegion(from: old, to: new, size: size, options: options)`, in
    /// place: its storage is reused, so a region kept across frames and rebuilt each frame
    /// allocates nothing once it has grown to the frames' needs (for a path that changed as an
    /// axis-aligned ellipse, a reveal circle; other changed paths are rasterised into
    /// temporary rows).
    /// - Complexity: as `init(from:to:size:options:)`.
    public mutating func formDamage(from old: LayerSnapshot, to new: LayerSnapshot, size: CGSize, options: RenderOptions) {
        removeAll()
        let scale = Double(options.scale)
        let w = Double(size.width) * scale, h = Double(size.height) * scale
        guard scale > 0, scale.isFinite, w.isFinite, h.isFinite, w >= 0.5, h >= 0.5,
            w < Double(Bitmap.maximumDimension) + 0.5, h < Double(Bitmap.maximumDimension) + 0.5
        else { return }
        let frame = PixelRect(x0: 0, y0: 0, x1: Int(w.rounded()), y1: Int(h.rounded()))
        guard old.depth <= LayerSnapshot.maximumDepth, new.depth <= LayerSnapshot.maximumDepth else {
            formUnion(frame)
            return
        }
        var diff = LayerTreeDiff(frame: frame)
        swap(&self, &diff.region)  // the walk builds in this region's storage
        let device = Projection(PlaneHomography(scale: scale))
        diff.compare(old, new, old: (device, .identity), new: (device, .identity))
        swap(&self, &diff.region)
        // Every part was cut to the frame as it was added.
        if diff.whole {
            removeAll()
            formUnion(frame)
        }
    }
}

/// The walk behind `DamageRegion(from:to:size:options:)`.
struct LayerTreeDiff {
    let frame: PixelRect
    /// The region built so far (`formDamage` lends it its storage).
    var region = DamageRegion()
    /// Something reached at or behind the eye: the whole frame.
    private(set) var whole = false

    init(frame: PixelRect) { self.frame = frame }

    /// A layer's parent chain (device projection of the parent) and the parent's `sublayerToLocal`.
    typealias Parent = (projection: Projection, sublayerToLocal: Transform3D)

    mutating func compare(_ o: LayerSnapshot, _ n: LayerSnapshot, old: Parent, new: Parent) {
        guard !whole else { return }
        let op = o.properties, np = n.properties
        let sameStructure = o.sublayers.count == n.sublayers.count && (o.mask == nil) == (n.mask == nil)
        let own = LayerTreeDiff.difference(op, np)
        guard sameStructure, own != .other else {
            addArea(o, old)
            addArea(n, new)
            return
        }
        // A mesh that warps the layer's subtree (flattened offscreen, `lowerFlattenedMesh`) puts a
        // sublayer's pixels wherever its faces go, not where the sublayer lies: a change below it
        // is the whole frame.
        if op.meshTransform != nil, LoweredFrame.meshWarpsSubtree(o) || LoweredFrame.meshWarpsSubtree(n), o.sublayers != n.sublayers {
            whole = true
            return
        }
        // A layer drawn in one frame through a group (offscreen, then composited once: more than
        // one part under opacity or a mask, lowering) and directly in the other rounds every
        // edge it draws differently: a path set or cleared, a sublayer shown or hidden. All of it.
        if LoweredFrame.drawnParts(o) != LoweredFrame.drawnParts(n) {
            addArea(o, old)
            addArea(n, new)
            return
        }
        // The own state is the same (up to the path): so are the chain, visibility and opacity.
        guard !op.isHidden, PixelMath.alpha8(op.opacity) > 0 else { return }
        if op.isTransformLayer {
            // Its sublayers are drawn in its parent's space (lowering); depth order changes only
            // with a transform change, whose old and new areas are added where it happens.
            let co = LoweredFrame.depthChain(op, below: old.sublayerToLocal), cn = LoweredFrame.depthChain(np, below: new.sublayerToLocal)
            for i in o.sublayers.indices {
                compare(o.sublayers[i], n.sublayers[i], old: (old.projection, co), new: (new.projection, cn))
            }
            return
        }
        let step = PlaneHomography(flattening: op.localToParent.concatenating(old.sublayerToLocal))
        let stepNew = PlaneHomography(flattening: np.localToParent.concatenating(new.sublayerToLocal))
        guard let po = old.projection.prepending(step), let pn = new.projection.prepending(stepNew) else { return }
        if own == .path {
            addShapeDifference(op, po, np, pn)
        }
        if let om = o.mask, let nm = n.mask {
            // The mask's alpha multiplies the layer: its pixels change only where the mask's drawing does.
            compare(om, nm, old: (po, .identity), new: (pn, .identity))
        }
        for i in o.sublayers.indices {
            compare(o.sublayers[i], n.sublayers[i], old: (po, op.sublayerToLocal), new: (pn, np.sublayerToLocal))
        }
    }

    enum Difference { case none, path, other }

    /// How two layers' own properties differ: not at all, only in `path`, or otherwise.
    /// `contents` are compared by identity (`Bitmap.sharesStorage`), never pixel by pixel.
    static func difference(_ a: LayerProperties, _ b: LayerProperties) -> Difference {
        switch (a.contents, b.contents) {
        case (nil, nil): break
        case (let x?, let y?) where x.sharesStorage(with: y): break
        default: return .other
        }
        var x = a, y = b
        x.contents = nil
        y.contents = nil
        if x == y { return .none }
        // A stroke follows the path too; its outline's change is not the fill's difference.
        if LoweredFrame.drawsStroke(a) || LoweredFrame.drawsStroke(b) { return .other }
        x.path = nil
        y.path = nil
        return x == y ? .path : .other
    }

    /// Adds the area `node`'s subtree covers under `parent` (`subtreeArea`).
    private mutating func addArea(_ node: LayerSnapshot, _ parent: Parent) {
        guard !whole else { return }
        guard let box = subtreeArea(node, parent) else {
            whole = true
            return
        }
        region.formUnion(box.intersection(frame))
    }

    /// The whole-pixel box (plus the anti-aliasing margin) around everything `node`'s subtree
    /// draws, as the compositor walks it (lowering), shadows' blur included; nil when part of
    /// it reaches at or behind the eye.
    func subtreeArea(_ node: LayerSnapshot, _ parent: Parent) -> PixelRect? {
        let p = node.properties
        guard !p.isHidden, PixelMath.alpha8(p.opacity) > 0 else { return .empty }
        if p.isTransformLayer {
            // Draws nothing itself; its sublayers keep their 3-D places in the parent's space.
            let chain = LoweredFrame.depthChain(p, below: parent.sublayerToLocal)
            var box = PixelRect.empty
            for s in node.sublayers {
                guard let a = subtreeArea(s, (parent.projection, chain)) else { return nil }
                box = box.union(a)
            }
            return box
        }
        let step = PlaneHomography(flattening: p.localToParent.concatenating(parent.sublayerToLocal))
        guard let projection = parent.projection.prepending(step) else { return .empty }
        let geometry = LayerPixelGeometry(p)
        // A blur (`filters`) spreads the subtree by its reach.
        guard let blur = LoweredFrame.blurPlan(p, geometry: geometry, projection: projection) else {
            return unblurredArea(node, projection: projection, geometry: geometry)
        }
        guard let a = unblurredArea(node, projection: projection, geometry: geometry) else { return nil }
        let r = blur.reach
        return a.isEmpty ? a : PixelRect(x0: a.x0 - r, y0: a.y0 - r, x1: a.x1 + r, y1: a.y1 + r)
    }

    /// `subtreeArea` before the layer's own blur, under its `projection`.
    private func unblurredArea(_ node: LayerSnapshot, projection: Projection, geometry: LayerPixelGeometry) -> PixelRect? {
        let p = node.properties
        var box = PixelRect.empty
        var boundsBox: PixelRect? = nil
        if geometry.hasArea {
            guard let b = projection.deviceBox(of: geometry.bounds) else { return nil }
            boundsBox = b
            box = b
            if !geometry.masksToBounds, let g = geometry.drawnContentsRect {
                guard let c = projection.deviceBox(of: g) else { return nil }
                box = box.union(c)
            }
        }
        if let path = p.path, p.fillColor.alpha > 0 {
            let r = path.boundingBox
            if !r.isNull {
                guard let c = projection.deviceBox(of: r) else { return nil }
                box = box.union(c)
            }
        }
        // The stroke, half its width (times the miter limit, …: `StrokeStyle.reach`) around the path.
        if let r = LoweredFrame.strokeBox(p) {
            guard let c = projection.deviceBox(of: r) else { return nil }
            box = box.union(c)
        }
        // The shadow, blurred beyond the caster and moved by its offset (outside the layer's
        // own `masksToBounds`, as lowering draws it).
        guard let shadow = LoweredFrame.shadowArea(p, bounds: geometry.bounds, projection: projection) else { return nil }
        box = box.union(shadow)
        guard !node.sublayers.isEmpty else { return box }
        if geometry.masksToBounds && !geometry.hasArea { return box }
        var below = PixelRect.empty
        for s in node.sublayers {
            guard let a = subtreeArea(s, (projection, p.sublayerToLocal)) else {
                // Behind the eye, but clipped to this layer's bounds.
                guard geometry.masksToBounds, let boundsBox else { return nil }
                below = below.union(boundsBox)
                continue
            }
            below = below.union(a)
        }
        if geometry.masksToBounds, let boundsBox { below = below.intersection(boundsBox) }
        return box.union(below)
    }

    /// The layer's path as an axis-aligned ellipse in device pixels, when it is an ellipse
    /// drawn (fill alpha > 0) through a map of scale and translation only; nil otherwise.
    static func deviceEllipse(_ p: LayerProperties, _ projection: Projection) -> ShapeDifference.Ellipse? {
        guard let path = p.path, case .ellipse(let rect) = path.primitive, p.fillColor.alpha > 0 else { return nil }
        let h = projection.composite
        guard projection.tail.isEmpty, h.isAffine, h.m12 == 0, h.m21 == 0 else { return nil }
        let r = rect.standardized
        let sx = abs(h.m11 / h.m33), sy = abs(h.m22 / h.m33)
        let e = ShapeDifference.Ellipse(
            cx: (Double(r.midX) * h.m11 + h.m31) / h.m33, cy: (Double(r.midY) * h.m22 + h.m32) / h.m33,
            rx: Double(r.width) / 2 * sx, ry: Double(r.height) / 2 * sy)
        guard e.cx.isFinite, e.cy.isFinite, e.rx.isFinite, e.ry.isFinite, abs(e.cx) < 1e9, abs(e.cy) < 1e9, e.rx < 1e9, e.ry < 1e9 else {
            return nil
        }
        return e
    }

    /// Adds the pixels where the layer's `path` fill covers differently in the two states (the
    /// only property that changed): both outlines flattened as the compositor flattens them,
    /// rasterised, compared row by row (`ShapeDifference`).
    private mutating func addShapeDifference(_ a: LayerProperties, _ pa: Projection, _ b: LayerProperties, _ pb: Projection) {
        if let ea = LayerTreeDiff.deviceEllipse(a, pa), let eb = LayerTreeDiff.deviceEllipse(b, pb) {
            ShapeDifference.formRing(ea, eb, frame: frame, into: &region)
            return
        }
        var outlines: [(polygons: [[CGPoint]], rule: ShapePath.FillRule)] = []
        for (p, projection) in [(a, pa), (b, pb)] {
            guard let path = p.path, p.fillColor.alpha > 0 else {
                outlines.append(([], .nonZero))
                continue
            }
            let box = path.boundingBox
            if !box.isNull && projection.deviceBox(of: box) == nil {
                whole = true
                return
            }
            // The compositor's tolerance is its `flatteningTolerance` over the stretch of the map
            // on the layer's bounds (a mask: on the path's box); a chord within it of the curve
            // stays inside the margin either way.
            let bounds = p.bounds.standardized
            let over = bounds.width > 0 && bounds.height > 0 ? bounds : box.isNull ? CGRect(x: 0, y: 0, width: 1, height: 1) : box
            let tolerance = LoweredFrame.flatteningTolerance / projection.pixelsPerPoint(over: over)
            outlines.append((projection.project(ShapeFlattening.polygons(path, tolerance: tolerance)), path.fillRule))
        }
        ShapeDifference.formRing(
            outlines[0].polygons, outlines[0].rule, outlines[1].polygons, outlines[1].rule, frame: frame, into: &region)
    }
}
