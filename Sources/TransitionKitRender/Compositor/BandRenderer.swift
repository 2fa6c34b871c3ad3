import Foundation
import TransitionKitCore

/// Draws a whole layer tree into the rows of one band. One per band and thread; holds the
/// band's rasteriser and allocates its offscreen buffers (groups, masks) band-sized.
///
/// Drawing order per layer, as Core Animation: background (rounded by `cornerRadius`), then
/// `contents`, then `path` (shape layers), then sublayers ordered by `zPosition`. A layer with
/// `opacity` < 1 or a `mask` that draws more than one thing is drawn as a group: into a
/// transparent offscreen buffer, then composited once, so overlapping sublayers are not
/// blended twice.
final class BandRenderer {
    let band: PixelRect
    let width: Int
    let rasterizer = CoverageRasterizer()

    /// Curve chords stay within this many device pixels of the true outline.
    static let flatteningTolerance = 0.02

    init(band: PixelRect, width: Int) {
        self.band = band
        self.width = width
    }

    /// Fills the band with `background`, then draws `root` through the points→pixels scale.
    /// - Complexity: O(band pixels · layers) in the worst case.
    func render(_ root: LayerSnapshot, scale: Double, background: UInt32, into plane: PixelPlane) {
        for y in band.y0..<band.y1 {
            plane.row(y).update(repeating: background, count: width)
        }
        drawLayer(root, parent: Projection(Homography(scale: scale)), parentSublayerToLocal: .identity,
                  clip: Clip(bounds: band, mask: nil), into: plane)
    }

    // MARK: Layers

    private func drawLayer(_ node: LayerSnapshot, parent: Projection, parentSublayerToLocal: Transform3D,
                           clip inherited: Clip, into plane: PixelPlane) {
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

        let parts = BandRenderer.drawnParts(node)
        guard parts > 0 else { return }
        if parts > 1 && (alpha < 255 || node.mask != nil) {
            let group = ScratchPlane(width: width, band: band)
            drawContent(node, projection: projection, clip: Clip(bounds: clip.bounds, mask: nil), alpha: 255, into: group.plane)
            composite(group.plane, clip: clip, alpha: alpha, into: plane)
        } else {
            drawContent(node, projection: projection, clip: clip, alpha: alpha, into: plane)
        }
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

    private func drawContent(_ node: LayerSnapshot, projection: Projection, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        let p = node.properties
        let bounds = p.bounds.standardized
        let hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        let cornerRadius = p.cornerRadius.isFinite ? max(0, Double(p.cornerRadius)) : 0
        let tolerance = BandRenderer.flatteningTolerance / projection.pixelsPerPoint(over: hasArea ? bounds : CGRect(x: 0, y: 0, width: 1, height: 1))
        let boundsShape: [[CGPoint]] = hasArea
            ? [ShapeFlattening.roundedRect(bounds, cornerRadius: cornerRadius, tolerance: tolerance)] : []

        if hasArea, let bg = p.backgroundColor, bg.alpha > 0 {
            fillSolid(projection.project(boundsShape), rule: .nonZero, color: bg, alpha: alpha, clip: clip, into: plane)
        }
        if hasArea, let contents = p.contents {
            drawContents(contents, layer: p, bounds: bounds, boundsShape: boundsShape[0], projection: projection,
                         clip: clip, alpha: alpha, into: plane)
        }

        var inner = clip
        if p.masksToBounds {
            guard hasArea else { return }
            let needsClip = p.path != nil || !node.sublayers.isEmpty
            if needsClip {
                guard let c = intersect(clip, with: projection.project(boundsShape), rule: .nonZero, alpha: 255) else { return }
                inner = c
            }
        }
        if let path = p.path, p.fillColor.alpha > 0 {
            let polygons = projection.project(ShapeFlattening.polygons(path, tolerance: tolerance))
            fillSolid(polygons, rule: path.fillRule, color: p.fillColor, alpha: alpha, clip: inner, into: plane)
        }
        guard !node.sublayers.isEmpty else { return }
        let sublayerToLocal = p.sublayerToLocal
        for i in node.drawingOrder {
            drawLayer(node.sublayers[i], parent: projection, parentSublayerToLocal: sublayerToLocal, clip: inner, into: plane)
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

    private func drawContents(_ contents: Bitmap, layer p: LayerProperties, bounds: CGRect, boundsShape: [CGPoint],
                              projection: Projection, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        let g = BandRenderer.contentsRect(p.contentsGravity, imageWidth: contents.width, imageHeight: contents.height, bounds: bounds)
        guard g.width > 0, g.height > 0, g.width.isFinite, g.height.isFinite else { return }
        // The drawn area, as one polygon so its edges are anti-aliased once: the contents
        // rectangle, cropped to the (rounded) bounds only when the layer masks to bounds.
        // Core Animation lets `.resizeAspectFill` contents overflow an unmasked layer.
        let rounded = p.masksToBounds && p.cornerRadius > 0
        let area = p.masksToBounds
            ? ShapeFlattening.clip(rounded ? boundsShape : ShapeFlattening.rect(bounds), to: g)
            : ShapeFlattening.rect(g)
        guard area.count >= 3 else { return }
        let polygons = projection.project([area])
        guard !polygons.isEmpty, let inverse = projection.composite.inverted() else { return }
        let toImage = Homography(scaleX: Double(contents.width) / Double(g.width), y: Double(contents.height) / Double(g.height),
                                 translationX: -Double(g.minX) * Double(contents.width) / Double(g.width),
                                 y: -Double(g.minY) * Double(contents.height) / Double(g.height))
        let map = inverse.concatenating(toImage)
        guard map.isFinite else { return }
        contents.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: contents.width, height: contents.height, stride: contents.rowStride)
            let mask = clip.mask
            rasterizer.fill(polygons, rule: .nonZero, clip: clip.bounds) { span in
                let y = span.y, row = plane.row(y), maskRow = mask?.row(y)
                if span.count > 0 {
                    SpanKernels.image(row + span.x, coverage: span.coverage, constantCoverage: 0,
                                      clip: maskRow.map { UnsafePointer($0 + span.x) }, count: span.count,
                                      x: span.x, y: y, sampler: sampler, inverse: map, alpha: alpha)
                }
                if span.solidCount > 0 {
                    let x = span.x + span.count
                    SpanKernels.image(row + x, coverage: nil, constantCoverage: span.solidCoverage,
                                      clip: maskRow.map { UnsafePointer($0 + x) }, count: span.solidCount,
                                      x: x, y: y, sampler: sampler, inverse: map, alpha: alpha)
                }
            }
        }
    }

    // MARK: Painting

    private func fillSolid(_ polygons: [[CGPoint]], rule: ShapePath.FillRule, color: Color, alpha: UInt32,
                           clip: Clip, into plane: PixelPlane) {
        guard !polygons.isEmpty else { return }
        let c = PixelMath.scale(color.premultipliedRGBA8.packed, alpha)
        guard c != 0 else { return }
        let mask = clip.mask
        rasterizer.fill(polygons, rule: rule, clip: clip.bounds) { span in
            let row = plane.row(span.y), maskRow = mask?.row(span.y)
            if span.count > 0 {
                SpanKernels.solid(row + span.x, coverage: span.coverage, clip: maskRow.map { UnsafePointer($0 + span.x) },
                                  count: span.count, color: c)
            }
            if span.solidCount > 0 {
                let x = span.x + span.count
                SpanKernels.solidRun(row + x, coverage: span.solidCoverage, clip: maskRow.map { UnsafePointer($0 + x) },
                                     count: span.solidCount, color: c)
            }
        }
    }

    private func composite(_ source: PixelPlane, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        let b = clip.bounds
        guard !b.isEmpty else { return }
        for y in b.y0..<b.y1 {
            SpanKernels.buffer(plane.row(y) + b.x0, source: UnsafePointer(source.row(y) + b.x0),
                               clip: clip.mask.map { UnsafePointer($0.row(y) + b.x0) }, count: b.width, alpha: alpha)
        }
    }

    // MARK: Clipping

    /// `clip` narrowed to the shape (device pixels) with its coverage scaled by `alpha`; nil
    /// when nothing is left. A pixel-aligned axis-aligned rectangle only narrows the bounds.
    private func intersect(_ clip: Clip, with polygons: [[CGPoint]], rule: ShapePath.FillRule, alpha: UInt32) -> Clip? {
        if alpha == 255, let r = BandRenderer.pixelAlignedRect(polygons) {
            let b = clip.bounds.intersection(r)
            return b.isEmpty ? nil : Clip(bounds: b, mask: clip.mask)
        }
        let mask = CoverageMask(width: width, band: band)
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
        let offscreen = ScratchPlane(width: width, band: band)
        drawLayer(mask, parent: host, parentSublayerToLocal: .identity, clip: Clip(bounds: clip.bounds, mask: nil), into: offscreen.plane)
        let coverage = CoverageMask(width: width, band: band)
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
        let xs = pts.map { Int($0.x.rounded()) }, ys = pts.map { Int($0.y.rounded()) }
        return PixelRect(x0: xs.min()!, y0: ys.min()!, x1: xs.max()!, y1: ys.max()!)
    }
}
