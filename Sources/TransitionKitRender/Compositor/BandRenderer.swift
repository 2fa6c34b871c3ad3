import Foundation
import TransitionKitCore

/// Draws a whole layer tree into the rows of one band. One per band and thread; holds the
/// band's rasteriser, sampling tables and offscreen buffers (groups, masks), band-sized and
/// reused from frame to frame (`Compositor` keeps renderers in a pool), so steady-state frames
/// of the same size allocate no pixel memory.
///
/// Fast paths (`fastPaths`, on unless `RenderOptions.disableFastPaths`), each chosen once per
/// layer and each equal to the general path's result (see `FastPathTests`):
/// - contents sampled by `ContentsSampling` (1:1 copy/blend, separable, per-row, per-column);
/// - a single-shape `mask` kept as polygons (`ShapeClip`) and used as span coverage;
/// - a background entirely under opaque contents on whole pixels is not drawn, so such a layer
///   needs no group for opacity or a mask;
/// - everything drawn before the last opaque layer part that covers the whole band (and the
///   band's background fill) is skipped (`findOccluder`).
///
/// Drawing order per layer, as Core Animation: background (rounded by `cornerRadius`), then
/// `contents`, then `path` (shape layers), then sublayers ordered by `zPosition`. A layer with
/// `opacity` < 1 or a `mask` that draws more than one thing is drawn as a group: into a
/// transparent offscreen buffer, then composited once, so overlapping sublayers are not
/// blended twice.
final class BandRenderer {
    private(set) var band: PixelRect
    private(set) var width: Int
    let rasterizer = CoverageRasterizer()
    let tables = SamplingTables()
    var fastPaths = true
    private var freePlanes: [ScratchPlane] = []
    private var freeMasks: [CoverageMask] = []
    private var usedPlanes: [ScratchPlane] = []
    private var usedMasks: [CoverageMask] = []
    /// Positions in `drawingOrder` from the root to the layer being drawn.
    private var drawPath: [Int] = []
    /// While set, parts drawn before the cutting layer part draw only inside `visible`.
    private var cut: Cut?
    /// Per-layer geometry buffers, cleared and refilled for each layer (never held across the
    /// drawing of sublayers), so steady frames allocate no polygons.
    private var localBounds: [CGPoint] = []
    private var localArea: [CGPoint] = []
    private var localRect: [CGPoint] = []
    private var clipTemp: [CGPoint] = []
    private var projectedBounds: [[CGPoint]] = []
    private var projectedArea: [[CGPoint]] = []

    /// Curve chords stay within this many device pixels of the true outline.
    static let flatteningTolerance = 0.02

    init(band: PixelRect, width: Int) {
        self.band = band
        self.width = width
    }

    /// Retargets a pooled renderer; its offscreen buffers are kept only for the same band.
    func reset(band: PixelRect, width: Int) {
        guard band != self.band || width != self.width else { return }
        self.band = band
        self.width = width
        freePlanes.removeAll()
        freeMasks.removeAll()
    }

    /// Fills the band with `background`, then draws `root` through the points→pixels scale.
    /// - Complexity: O(band pixels · layers) in the worst case.
    func render(_ root: LayerSnapshot, scale: Double, background: UInt32, into plane: PixelPlane) {
        let projection = Projection(Homography(scale: scale))
        tables.pending.prepare(band: band)
        tables.runs.prepare(band: band)
        drawPath.removeAll(keepingCapacity: true)
        let (occluder, cut) = fastPaths ? findOccluders(root, projection: projection) : (nil, nil)
        self.cut = cut
        if occluder == nil {
            let fill = cut?.visible ?? band
            for y in fill.y0..<fill.y1 {
                (plane.row(y) + fill.x0).update(repeating: background, count: fill.width)
            }
        }
        drawLayer(
            root, parent: projection, parentSublayerToLocal: .identity,
            clip: Clip(bounds: band, mask: nil), occlusion: occluder, into: plane)
        tables.pending.flushAll()
        self.cut = nil
        freePlanes.append(contentsOf: usedPlanes)
        freeMasks.append(contentsOf: usedMasks)
        usedPlanes.removeAll(keepingCapacity: true)
        usedMasks.removeAll(keepingCapacity: true)
    }

    /// A transparent band-sized plane, reused across frames.
    private func scratchPlane() -> ScratchPlane {
        let p: ScratchPlane
        if let free = freePlanes.popLast() { free.clear(); p = free } else { p = ScratchPlane(width: width, band: band) }
        usedPlanes.append(p)
        return p
    }

    /// A zeroed band-sized coverage mask, reused across frames.
    private func coverageMask() -> CoverageMask {
        let m: CoverageMask
        if let free = freeMasks.popLast() { free.clear(); m = free } else { m = CoverageMask(width: width, band: band) }
        usedMasks.append(m)
        return m
    }

    // MARK: Layers

    private func drawLayer(
        _ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D,
        clip inherited: Clip, occlusion: Occlusion? = nil, into plane: PixelPlane
    ) {
        let p = node.properties
        guard !p.isHidden else { return }
        let alpha = PixelMath.alpha8(p.opacity)
        guard alpha > 0, !inherited.bounds.isEmpty else { return }
        let step = Homography(flattening: p.localToParent.concatenating(parentSublayerToLocal))
        guard let projection = parent.prepending(step) else { return }

        var clip = inherited
        if let mask = node.mask {
            guard let masked = intersect(clip, withMaskLayer: mask, host: projection) else { return }
            clip = masked
        }

        let hidesBackground = fastPaths && contentsHideBackground(p, projection: projection)
        let parts = BandRenderer.drawnParts(node) - (hidesBackground ? 1 : 0)
        guard parts > 0 else { return }
        defer {
            // The cutting part lies in this subtree (or is this layer): it has been drawn.
            if let c = cut, c.path.starts(with: drawPath) { cut = nil }
        }
        if parts > 1 && (alpha < 255 || node.mask != nil) {
            let group = scratchPlane()
            drawContent(
                node, projection: projection, clip: Clip(bounds: clip.bounds, mask: nil), alpha: 255,
                skipBackground: hidesBackground, occlusion: nil, into: group.plane)
            var target = clip
            if let cut { target.bounds = target.bounds.intersection(cut.visible) }
            composite(group.plane, clip: target, alpha: alpha, into: plane)
        } else {
            drawContent(
                node, projection: projection, clip: clip, alpha: alpha, skipBackground: hidesBackground,
                occlusion: occlusion, into: plane)
        }
    }

    /// True when the layer's opaque `contents` cover its (square-cornered) background exactly on
    /// whole device pixels: the background can never show, so it is not drawn (and does not
    /// count as a second part needing a group).
    private func contentsHideBackground(_ p: LayerProperties, projection: Projection) -> Bool {
        guard let contents = p.contents, let bg = p.backgroundColor, bg.alpha > 0 else { return false }
        let bounds = p.bounds.standardized
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return false }
        guard !(p.cornerRadius > 0) else { return false }
        let g = BandRenderer.contentsRect(p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
        guard g.minX <= bounds.minX, g.minY <= bounds.minY, g.maxX >= bounds.maxX, g.maxY >= bounds.maxY else { return false }
        ShapeFlattening.rect(bounds, into: &localRect)
        projection.project(localRect, into: &projectedArea)
        guard BandRenderer.pixelAlignedRect(projectedArea) != nil,
            projection.composite.inverted() != nil
        else { return false }
        return contents.isOpaque
    }

    /// How many separately composited things a layer draws (sublayers count as two: they
    /// may overlap each other). Group opacity is needed only above one.
    private static func drawnParts(_ node: LayerSnapshot) -> Int {
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
        _ node: LayerSnapshot, projection: Projection, clip: Clip, alpha: UInt32, skipBackground: Bool,
        occlusion: Occlusion?, into plane: PixelPlane
    ) {
        // On the path to the occluding part: everything this layer draws before it is hidden.
        let isAncestor = occlusion.map { $0.depth < $0.path.count } ?? false
        let isOccluder = occlusion.map { $0.depth == $0.path.count } ?? false
        let p = node.properties
        let bounds = p.bounds.standardized
        let hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        let cornerRadius = p.cornerRadius.isFinite ? max(0, Double(p.cornerRadius)) : 0
        let tolerance = BandRenderer.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : CGRect(x: 0, y: 0, width: 1, height: 1))
        if hasArea {
            ShapeFlattening.roundedRect(bounds, cornerRadius: cornerRadius, tolerance: tolerance, into: &localBounds)
        }

        // Parts hidden under a later opaque part (`cut`) draw only where they can show.
        let isCutter = cut.map { $0.path == drawPath } ?? false
        func cutClip(_ c: Clip) -> Clip {
            guard let cut else { return c }
            var c = c
            c.bounds = c.bounds.intersection(cut.visible)
            return c
        }
        if isCutter && cut?.part == .background { cut = nil }

        // The contents' drawn area: the contents rectangle, cropped to the (rounded) bounds only
        // when the layer masks to bounds (Core Animation lets `.resizeAspectFill` contents
        // overflow an unmasked layer).
        localArea.removeAll(keepingCapacity: true)
        if hasArea, !isAncestor, let contents = p.contents {
            let g = BandRenderer.contentsRect(p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
            if g.width > 0, g.height > 0, g.width.isFinite, g.height.isFinite {
                let rounded = p.masksToBounds && p.cornerRadius > 0
                if p.masksToBounds {
                    if rounded {
                        ShapeFlattening.clip(localBounds, to: g, into: &localArea, temp: &clipTemp)
                    } else {
                        ShapeFlattening.rect(bounds, into: &localRect)
                        ShapeFlattening.clip(localRect, to: g, into: &localArea, temp: &clipTemp)
                    }
                } else {
                    ShapeFlattening.rect(g, into: &localArea)
                }
            }
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
            // Under opaque contents drawn over exactly the same polygon at full strength, only
            // the background's anti-aliased edge pixels can show.
            let edgesOnly =
                fastPaths && alpha == 255 && clip.mask == nil && clip.shape == nil && p.contents?.isOpaque == true
                && area == localBounds
            fillSolid(
                projectedBoundsShape(), rule: .nonZero, color: bg, alpha: alpha, clip: cutClip(clip),
                edgesOnly: edgesOnly, into: plane)
        }
        if isCutter { cut = nil }
        if hasArea, !isAncestor, let contents = p.contents, area.count >= 3 {
            drawContents(contents, layer: p, bounds: bounds, area: area, projection: projection, clip: cutClip(clip), alpha: alpha, into: plane)
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
            fillSolid(polygons, rule: path.fillRule, color: p.fillColor, alpha: alpha, clip: cutClip(inner), into: plane)
        }
        guard !node.sublayers.isEmpty else { return }
        let sublayerToLocal = p.sublayerToLocal
        BandRenderer.forEachInDrawingOrder(node) { k, i in
            var child: Occlusion? = nil
            if let occlusion, isAncestor {
                let target = occlusion.path[occlusion.depth]
                if k < target { return }
                if k == target { child = Occlusion(path: occlusion.path, part: occlusion.part, depth: occlusion.depth + 1) }
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

    /// The rectangle, in layer points, that the whole contents image maps onto.
    static func contentsRect(_ gravity: ContentsGravity, imageWidth: Int, imageHeight: Int, bounds: CGRect) -> CGRect {
        let iw = CGFloat(imageWidth), ih = CGFloat(imageHeight)
        let s: CGFloat
        switch gravity {
        case .resize: return bounds
        case .resizeAspect: s = min(bounds.width / iw, bounds.height / ih)
        case .resizeAspectFill: s = max(bounds.width / iw, bounds.height / ih)
        }
        let w = iw * s, h = ih * s
        return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
    }

    /// Draws `contents` over `area` (layer points, one polygon so its edges are anti-aliased
    /// once), the image placed by the layer's gravity (`contentsRect`).
    private func drawContents(
        _ contents: Bitmap, layer p: LayerProperties, bounds: CGRect, area: [CGPoint],
        projection: Projection, clip: Clip, alpha: UInt32, into plane: PixelPlane
    ) {
        guard !clip.bounds.isEmpty else { return }
        let g = BandRenderer.contentsRect(p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
        projection.project(area, into: &projectedArea)
        let polygons = projectedArea
        guard !polygons.isEmpty, let inverse = projection.composite.inverted() else { return }
        var clip = clip
        let toImage = Homography(
            scaleX: Double(contents.width) / Double(g.width), y: Double(contents.height) / Double(g.height),
            translationX: -Double(g.minX) * Double(contents.width) / Double(g.width),
            y: -Double(g.minY) * Double(contents.height) / Double(g.height))
        let map = inverse.concatenating(toImage)
        guard map.isFinite else { return }
        // Through a deferred shape clip, a whole-pixel rectangle of contents takes the shape's
        // spans as its coverage (the rectangle's own coverage is exactly 255 inside).
        var shapeRect: PixelRect? = nil
        if clip.shape != nil {
            if let r = BandRenderer.pixelAlignedRect(polygons) {
                shapeRect = r.intersection(clip.bounds)
            } else {
                guard let c = materialized(clip) else { return }
                clip = c
            }
        }
        let opaque = fastPaths && contents.isOpaque
        let pending = tables.pending, runs = tables.runs
        contents.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: contents.width, height: contents.height, stride: contents.rowStride)
            let sampling = ContentsSampling(
                map: map, sampler: sampler, opaque: opaque, columns: clip.bounds.x0..<clip.bounds.x1,
                tables: tables, fastPaths: fastPaths)
            // Deferred 1:1 copies wait only for a translated layer (which may fuse with them).
            if sampling.mode != .translation { pending.flushAll() }
            // Opaque full-strength interiors of a per-column warp are drawn afterwards in column
            // order (`drawColumnRuns`); edge pixels as they come.
            let columnRuns = sampling.mode == .columns && opaque && alpha == 255 && clip.mask == nil
            let mask = clip.mask
            let opaqueSpans = fastPaths
            let drawSpan = { (span: CoverageSpan) in
                var span = span
                if opaqueSpans && span.count > 0 && span.count <= 4 && (span.solidCount == 0 || span.solidCoverage == 255) {
                    // Edge pixels at full coverage (a pixel-aligned side) join the interior run:
                    // the same result, and the run can take a whole-row kernel.
                    var full = true
                    for i in 0..<span.count where span.coverage[i] != 255 { full = false }
                    if full {
                        span = CoverageSpan(
                            y: span.y, x: span.x, count: 0, coverage: span.coverage,
                            solidCount: span.count + span.solidCount, solidCoverage: 255)
                    }
                }
                let y = span.y, row = plane.row(y), maskRow = mask?.row(y)
                if span.count > 0 {
                    sampling.draw(
                        row + span.x, coverage: span.coverage, constantCoverage: 0,
                        clip: maskRow.map { UnsafePointer($0 + span.x) }, count: span.count, x: span.x, y: y, alpha: alpha)
                }
                if span.solidCount > 0 {
                    let x = span.x + span.count
                    if columnRuns && span.solidCoverage == 255 && runs.record(y: y, x: x, count: span.solidCount) { return }
                    sampling.draw(
                        row + x, coverage: nil, constantCoverage: span.solidCoverage,
                        clip: maskRow.map { UnsafePointer($0 + x) }, count: span.solidCount, x: x, y: y, alpha: alpha)
                }
            }
            if let shape = clip.shape, let rect = shapeRect {
                forEachShapeSpan(shape, in: rect, drawSpan)
            } else {
                rasterizer.fill(polygons, rule: .nonZero, clip: clip.bounds, row: drawSpan)
            }
            if columnRuns && !runs.rows.isEmpty {
                sampling.drawColumnRuns(runs, into: plane)
                runs.rows = runs.rows.lowerBound..<runs.rows.lowerBound
            }
        }
    }

    // MARK: Painting

    /// Fills `polygons` with `color` times `alpha`. `edgesOnly`: interior runs of full coverage
    /// are left alone (opaque contents over the same polygon will cover them).
    private func fillSolid(
        _ polygons: [[CGPoint]], rule: ShapePath.FillRule, color: Color, alpha: UInt32,
        clip: Clip, edgesOnly: Bool = false, into plane: PixelPlane
    ) {
        guard !polygons.isEmpty, !clip.bounds.isEmpty else { return }
        let c = PixelMath.scale(color.premultipliedRGBA8.packed, alpha)
        guard c != 0 else { return }
        tables.pending.flushAll()
        var clip = clip
        if let shape = clip.shape {
            if let r = BandRenderer.pixelAlignedRect(polygons) {
                forEachShapeSpan(shape, in: r.intersection(clip.bounds)) { span in
                    let row = plane.row(span.y)
                    if span.count > 0 { SpanKernels.solid(row + span.x, coverage: span.coverage, clip: nil, count: span.count, color: c) }
                    if span.solidCount > 0 {
                        SpanKernels.solidRun(row + span.x + span.count, coverage: span.solidCoverage, clip: nil, count: span.solidCount, color: c)
                    }
                }
                return
            }
            guard let m = materialized(clip) else { return }
            clip = m
        }
        let mask = clip.mask
        rasterizer.fill(polygons, rule: rule, clip: clip.bounds) { span in
            let row = plane.row(span.y), maskRow = mask?.row(span.y)
            if span.count > 0 {
                SpanKernels.solid(
                    row + span.x, coverage: span.coverage, clip: maskRow.map { UnsafePointer($0 + span.x) },
                    count: span.count, color: c)
            }
            if span.solidCount > 0 && !(edgesOnly && span.solidCoverage == 255) {
                let x = span.x + span.count
                SpanKernels.solidRun(
                    row + x, coverage: span.solidCoverage, clip: maskRow.map { UnsafePointer($0 + x) },
                    count: span.solidCount, color: c)
            }
        }
    }

    private func composite(_ source: PixelPlane, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        guard let clip = materialized(clip) else { return }
        let b = clip.bounds
        guard !b.isEmpty else { return }
        tables.pending.flushAll()
        for y in b.y0..<b.y1 {
            SpanKernels.buffer(
                plane.row(y) + b.x0, source: UnsafePointer(source.row(y) + b.x0),
                clip: clip.mask.map { UnsafePointer($0.row(y) + b.x0) }, count: b.width, alpha: alpha)
        }
    }

    // MARK: Clipping

    /// `clip` narrowed to the shape (device pixels) with its coverage scaled by `alpha`; nil
    /// when nothing is left. A pixel-aligned axis-aligned rectangle only narrows the bounds.
    private func intersect(_ clip: Clip, with polygons: [[CGPoint]], rule: ShapePath.FillRule, alpha: UInt32) -> Clip? {
        if alpha == 255, let r = BandRenderer.pixelAlignedRect(polygons) {
            let b = clip.bounds.intersection(r)
            return b.isEmpty ? nil : Clip(bounds: b, mask: clip.mask, shape: clip.shape)
        }
        if fastPaths && alpha == 255 && clip.mask == nil && clip.shape == nil {
            // Defer: keep the shape as polygons; drawing rasterises it as span coverage.
            guard let box = BandRenderer.pixelBounds(polygons) else { return nil }
            let b = clip.bounds.intersection(box)
            return b.isEmpty ? nil : Clip(bounds: b, mask: nil, shape: ShapeClip(polygons: polygons, rule: rule, box: clip.bounds))
        }
        guard let clip = materialized(clip) else { return nil }
        let mask = coverageMask()
        let old = clip.mask
        let touched = rasterizer.fill(polygons, rule: rule, clip: clip.bounds) { span in
            let dst = mask.row(span.y) + span.x
            let previous = old.map { $0.row(span.y) + span.x }
            for i in 0..<(span.count + span.solidCount) {
                var c = i < span.count ? UInt32(span.coverage[i]) : span.solidCoverage
                if let previous { c = PixelMath.mul(c, UInt32(previous[i])) }
                if alpha != 255 { c = PixelMath.mul(c, alpha) }
                dst[i] = UInt8(truncatingIfNeeded: c)
            }
        }
        return touched.isEmpty ? nil : Clip(bounds: touched, mask: mask)
    }

    /// `clip` narrowed by a mask layer (`CALayer.mask`, in the host's coordinates): the mask
    /// subtree's alpha becomes coverage. A leaf mask that is only a path (or only a background)
    /// is rasterised straight into coverage; anything else is rendered offscreen first.
    private func intersect(_ clip: Clip, withMaskLayer mask: LayerSnapshot, host: Projection) -> Clip? {
        let m = mask.properties
        guard !m.isHidden else { return nil }
        let alpha = PixelMath.alpha8(m.opacity)
        guard alpha > 0 else { return nil }
        let bounds = m.bounds.standardized
        let hasArea = bounds.width > 0 && bounds.height > 0
        let hasBackground = hasArea && (m.backgroundColor?.alpha ?? 0) > 0
        let hasPath = m.path != nil && m.fillColor.alpha > 0
        let isLeaf = mask.sublayers.isEmpty && mask.mask == nil && m.contents == nil && !m.masksToBounds
        if isLeaf && hasBackground != hasPath {
            guard let projection = host.prepending(Homography(flattening: m.localToParent)) else { return nil }
            let tolerance = BandRenderer.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : (m.path?.boundingBox ?? .zero))
            let shape: [[CGPoint]], rule: ShapePath.FillRule, color: Color
            if let path = m.path, hasPath {
                shape = ShapeFlattening.polygons(path, tolerance: tolerance); rule = path.fillRule; color = m.fillColor
            } else {
                let radius = m.cornerRadius.isFinite ? max(0, Double(m.cornerRadius)) : 0
                shape = [ShapeFlattening.roundedRect(bounds, cornerRadius: radius, tolerance: tolerance)]
                rule = .nonZero; color = m.backgroundColor ?? .clear
            }
            let a = PixelMath.mul(UInt32(color.premultipliedRGBA8.a), alpha)
            guard a > 0 else { return nil }
            return intersect(clip, with: projection.project(shape), rule: rule, alpha: a)
        }
        if isLeaf && !hasBackground && !hasPath { return nil }
        // General mask: render the mask subtree offscreen and take its alpha.
        guard let clip = materialized(clip) else { return nil }
        let offscreen = scratchPlane()
        // The mask subtree is not in the drawing order: no path of it may match the cutter's.
        let hostPath = drawPath
        drawPath = [-1]
        drawLayer(mask, parent: host, parentSublayerToLocal: .identity, clip: Clip(bounds: clip.bounds, mask: nil), into: offscreen.plane)
        drawPath = hostPath
        let coverage = coverageMask()
        var touched = PixelRect.empty
        let b = clip.bounds
        for y in b.y0..<b.y1 {
            let src = offscreen.plane.row(y) + b.x0, dst = coverage.row(y) + b.x0
            let previous = clip.mask.map { $0.row(y) + b.x0 }
            var first = -1, last = -1
            for i in 0..<b.width {
                var c = src[i] &>> 24
                if let previous { c = PixelMath.mul(c, UInt32(previous[i])) }
                dst[i] = UInt8(truncatingIfNeeded: c)
                if c != 0 { if first < 0 { first = i }; last = i }
            }
            if first >= 0 { touched = touched.union(PixelRect(x0: b.x0 + first, y0: y, x1: b.x0 + last + 1, y1: y + 1)) }
        }
        return touched.isEmpty ? nil : Clip(bounds: touched, mask: coverage)
    }

    /// `clip` with a deferred shape turned into the coverage mask the general path builds
    /// (same rasteriser, same box, so the same bytes); unchanged without a shape. Nil when the
    /// shape covers nothing inside the bounds.
    private func materialized(_ clip: Clip) -> Clip? {
        guard let shape = clip.shape else { return clip }
        if shape.materialized == nil {
            let mask = coverageMask()
            let touched = rasterizer.fill(shape.polygons, rule: shape.rule, clip: shape.box) { span in
                let dst = mask.row(span.y) + span.x
                for i in 0..<(span.count + span.solidCount) {
                    dst[i] = i < span.count ? span.coverage[i] : UInt8(truncatingIfNeeded: span.solidCoverage)
                }
            }
            shape.materialized = (mask, touched)
        }
        let (mask, touched) = shape.materialized!
        let b = touched.intersection(clip.bounds)
        return b.isEmpty ? nil : Clip(bounds: b, mask: mask)
    }

    /// Calls `body` with the shape clip's coverage spans, cut to `rect`. The shape is rasterised
    /// over its original box so the coverage values equal the materialised mask's.
    private func forEachShapeSpan(_ shape: ShapeClip, in rect: PixelRect, _ body: (CoverageSpan) -> Void) {
        guard !rect.isEmpty else { return }
        rasterizer.fill(shape.polygons, rule: shape.rule, clip: shape.box) { span in
            guard span.y >= rect.y0, span.y < rect.y1 else { return }
            let edgeEnd = span.x + span.count, solidEnd = edgeEnd + span.solidCount
            let x0 = max(span.x, rect.x0), e1 = min(edgeEnd, rect.x1)
            if x0 < e1 {
                let solid = e1 == edgeEnd ? max(0, min(solidEnd, rect.x1) - edgeEnd) : 0
                body(
                    CoverageSpan(
                        y: span.y, x: x0, count: e1 - x0, coverage: span.coverage + (x0 - span.x),
                        solidCount: solid, solidCoverage: span.solidCoverage))
            } else {
                let s0 = max(edgeEnd, rect.x0), s1 = min(solidEnd, rect.x1)
                if s0 < s1 {
                    body(
                        CoverageSpan(
                            y: span.y, x: s0, count: 0, coverage: span.coverage, solidCount: s1 - s0,
                            solidCoverage: span.solidCoverage))
                }
            }
        }
    }

    /// The whole-pixel rectangle around `polygons` (as the rasteriser's box), nil if a point is
    /// not finite or nothing is there.
    private static func pixelBounds(_ polygons: [[CGPoint]]) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for p in polygon {
                let x = Double(p.x), y = Double(p.y)
                guard x.isFinite, y.isFinite else { return nil }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX, minY <= maxY, abs(minX) < 1e9, abs(maxX) < 1e9, abs(minY) < 1e9, abs(maxY) < 1e9 else { return nil }
        return PixelRect(x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)), x1: Int(maxX.rounded(.up)), y1: Int(maxY.rounded(.up)))
    }

    // MARK: Occlusion

    /// Which part of which layer hides everything drawn before it in the band: `path` holds the
    /// positions in `drawingOrder` from the root down; `depth` is how far along it a layer is.
    struct Occlusion {
        enum Part { case background, contents }
        var path: [Int]
        var part: Part
        var depth = 0
    }

    /// A layer part that paints a rectangle of the band opaque (every pixel at full coverage)
    /// where the band is not `visible`: everything drawn before it is drawn only in `visible`.
    struct Cut {
        var path: [Int]
        var part: Occlusion.Part
        var visible: PixelRect
    }

    /// The last layer part, in drawing order, that paints every pixel of the band opaque: an
    /// opaque square background or opaque contents covering the band on whole pixels, at full
    /// opacity, with no mask or group on the way; and, after it, the part that hides the most of
    /// the rest of the band where the rest is a rectangle (a screen slid part way in covers a
    /// side of the band). Cheap: geometry only, no pixels.
    private func findOccluders(_ root: LayerSnapshot, projection: Projection) -> (Occlusion?, Cut?) {
        var best: Occlusion? = nil
        var cut: Cut? = nil
        var path: [Int] = []
        let band = self.band
        var clip = band
        /// Whether the part over `polygons` hides the band (then true) or a side of it.
        func covers(_ polygons: [[CGPoint]], part: Occlusion.Part) -> Bool {
            guard let r = BandRenderer.interiorRect(polygons)?.intersection(clip), !r.isEmpty else { return false }
            if r.x0 <= band.x0 && r.y0 <= band.y0 && r.x1 >= band.x1 && r.y1 >= band.y1 {
                best = Occlusion(path: path, part: part)
                cut = nil
                return true
            }
            var visible = band
            if r.x0 <= band.x0 && r.x1 >= band.x1 {
                if r.y0 <= band.y0 { visible.y0 = r.y1 } else if r.y1 >= band.y1 { visible.y1 = r.y0 } else { return false }
            } else if r.y0 <= band.y0 && r.y1 >= band.y1 {
                if r.x0 <= band.x0 { visible.x0 = r.x1 } else if r.x1 >= band.x1 { visible.x1 = r.x0 } else { return false }
            } else {
                return false
            }
            if let c = cut, c.visible.width * c.visible.height <= visible.width * visible.height { return false }
            cut = Cut(path: path, part: part, visible: visible)
            return false
        }
        func visit(_ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D, clip outer: PixelRect) {
            let p = node.properties
            guard !p.isHidden, PixelMath.alpha8(p.opacity) == 255, node.mask == nil else { return }
            let step = Homography(flattening: p.localToParent.concatenating(parentSublayerToLocal))
            guard let projection = parent.prepending(step) else { return }
            let bounds = p.bounds.standardized
            let hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
            let square = !(p.cornerRadius > 0)
            clip = outer
            if hasArea {
                if square, let bg = p.backgroundColor, bg.premultipliedRGBA8.a == 255 {
                    ShapeFlattening.rect(bounds, into: &localRect)
                    projection.project(localRect, into: &projectedArea)
                    _ = covers(projectedArea, part: .background)
                }
                if let contents = p.contents, !(p.masksToBounds && !square), contents.isOpaque {
                    let g = BandRenderer.contentsRect(p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
                    if g.width > 0, g.height > 0, g.width.isFinite, g.height.isFinite, projection.composite.inverted() != nil {
                        if p.masksToBounds {
                            ShapeFlattening.rect(bounds, into: &localRect)
                            ShapeFlattening.clip(localRect, to: g, into: &localArea, temp: &clipTemp)
                        } else {
                            ShapeFlattening.rect(g, into: &localArea)
                        }
                        if localArea.count >= 3 {
                            projection.project(localArea, into: &projectedArea)
                            _ = covers(projectedArea, part: .contents)
                        }
                    }
                }
            }
            guard !node.sublayers.isEmpty else { return }
            var inner = outer
            if p.masksToBounds {
                guard hasArea, square else { return }
                ShapeFlattening.rect(bounds, into: &localRect)
                projection.project(localRect, into: &projectedArea)
                guard let r = BandRenderer.pixelAlignedRect(projectedArea) else { return }
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
        return (best, cut)
    }

    /// The whole pixels inside `polygons` when it is one axis-aligned rectangle (on whole pixels
    /// or not): every one of them gets full coverage.
    private static func interiorRect(_ polygons: [[CGPoint]]) -> PixelRect? {
        guard polygons.count == 1, polygons[0].count == 4 else { return nil }
        let pts = polygons[0]
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in pts {
            let x = Double(p.x), y = Double(p.y)
            guard abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        // Snap coordinates within 1e-7 of a whole pixel (as `pixelAlignedRect` does).
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-7 ? v.rounded() : v }
        let r = PixelRect(
            x0: Int(snap(minX).rounded(.up)), y0: Int(snap(minY).rounded(.up)),
            x1: Int(snap(maxX).rounded(.down)), y1: Int(snap(maxY).rounded(.down)))
        return r.isEmpty ? nil : r
    }

    /// The rectangle when `polygons` is one axis-aligned rectangle on whole pixels.
    private static func pixelAlignedRect(_ polygons: [[CGPoint]]) -> PixelRect? {
        guard polygons.count == 1, polygons[0].count == 4 else { return nil }
        let pts = polygons[0]
        func whole(_ v: CGFloat) -> Bool { abs(v) < 1e9 && abs(v - v.rounded()) < 1e-7 }
        guard pts.allSatisfy({ whole($0.x) && whole($0.y) }) else { return nil }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard a.x.rounded() == b.x.rounded() || a.y.rounded() == b.y.rounded() else { return nil }
        }
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for p in pts {
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
