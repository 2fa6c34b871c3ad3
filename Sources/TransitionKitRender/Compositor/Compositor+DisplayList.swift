import Foundation
import TransitionKitCore

extension Compositor {
    /// The display list `render(root, size:)` draws: the commands `root` lowers to, the row
    /// bands it is drawn in, and what each band's occlusion pass made of them.
    /// - Parameters:
    ///   - root: the tree, as for `render(_:size:)`.
    ///   - size: the container size in points, finite and > 0.
    /// - Throws: as `render(_:size:)`.
    /// - Complexity: O(layers + points of their shapes), plus O(contents columns) per contents
    ///   command to name its fetch kind; allocates (a debugging aid, not for every frame).
    public func displayList(for root: LayerSnapshot, size: CGSize) throws(TransitionKitError) -> DisplayList {
        let (width, height) = try pixelSize(of: root, size: size)
        let list = LoweredFrame()
        let fastPaths = !options.disableFastPaths
        list.lower(
            root, projection: Projection(PlaneHomography(scale: Double(options.scale))), width: width, height: height,
            findsOccluders: fastPaths)
        let count = BandCount.choose(list, options: options, width: width, height: height)
        var bands: [DisplayList.Band] = []
        for k in 0..<count {
            let band = PixelRect(x0: 0, y0: height * k / count, x1: width, y1: height * (k + 1) / count)
            let renderer = BandRenderer(band: band, width: width, height: height, kernels: kernels)
            let o = fastPaths ? renderer.findOccluders(list) : BandRenderer.BandOcclusion()
            bands.append(
                DisplayList.Band(
                    rows: band.y0..<band.y1, occluder: o.occluder, cuts: renderer.cuts.map { ($0.index, $0.visible.cgRect) },
                    hole: o.hole.map { ($0.index, $0.hidden.cgRect) }))
        }
        let frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let streams = count == 1 && BandRenderer.streaming(band: frame, frameHeight: height).stores
        return DisplayList(
            pixelWidth: width, pixelHeight: height, commands: describe(list, frame: frame, streams: streams, fastPaths: fastPaths),
            bands: bands)
    }

    /// The frame's size in pixels for `size` points, checked as `render(_:size:)` checks it.
    func pixelSize(of root: LayerSnapshot, size: CGSize) throws(TransitionKitError) -> (Int, Int) {
        try TransitionKitError.check(
            Double(options.scale), "render scale", in: Double.leastNonzeroMagnitude...1e6,
            accepted: "finite and > 0 pixels per point")
        let w = size.width * options.scale, h = size.height * options.scale
        guard w.isFinite, h.isFinite, w >= 0.5, h >= 0.5,
            w < CGFloat(Bitmap.maximumDimension) + 0.5, h < CGFloat(Bitmap.maximumDimension) + 0.5
        else {
            throw .invalidSize(
                name: "render size \(size.width)x\(size.height) points at scale \(options.scale)",
                width: Double(w), height: Double(h),
                accepted: "finite, 1...\(Bitmap.maximumDimension) pixels a side")
        }
        guard root.depth <= LayerSnapshot.maximumDepth else {
            throw .invalidValue(name: "layer tree depth", value: Double(root.depth), accepted: "at most \(LayerSnapshot.maximumDepth) levels")
        }
        return (Int(w.rounded()), Int(h.rounded()))
    }

    /// The readable commands of `list`.
    private func describe(_ list: LoweredFrame, frame: PixelRect, streams: Bool, fastPaths: Bool) -> [DisplayList.Command] {
        typealias Command = DisplayList.Command
        var out: [Command] = []
        // The open regions; `true` where they draw offscreen (a group, a mask subtree).
        var open: [Bool] = []
        let tables = SamplingTables(kernels: kernels)
        for (i, command) in list.commands.enumerated() {
            let origin = list.origin(of: i)
            var kind = Command.Kind.restore
            var bounds: PixelRect? = nil
            var coverage: Command.Coverage? = nil
            var source: Command.Source? = nil
            var blend: Command.Blend? = nil
            var store: Command.Store? = nil
            var blur: Command.Blur? = nil
            let target: Command.Store = open.contains(true) ? .offscreen : (streams ? .streamed : .frame)
            func shapeFacts(_ shape: Int, _ rule: ShapePath.FillRule) {
                let polygons = list.shapes[shape]
                bounds = PixelRect.bounds(of: polygons)?.intersection(frame) ?? .empty
                coverage = PixelRect.aligned(polygons) != nil ? .box : .edges(rule)
            }
            var opens: Bool? = nil
            switch command {
            case .fill(let shape, let rule, let color, let alpha):
                kind = .fill
                shapeFacts(shape, rule)
                let c = RGBA8(packed: PixelMath.scale(color.premultipliedRGBA8.packed, alpha))
                source = .solid(c)
                blend = c.a == 255 && coverage == .box ? .copy : .over(opacity: Double(c.a) / 255)
                store = target
            case .contents(let image, let rect, let area, let projection, let alpha):
                kind = .contents
                shapeFacts(area, .nonZero)
                let fetch = self.fetch(image, rect: rect, projection: projection, columns: bounds ?? frame, tables: tables, fastPaths: fastPaths)
                source = .contents(width: image.width, height: image.height, fetch: fetch)
                let copies = image.isOpaque && alpha == 255 && fetch == .translation && coverage == .box
                blend = copies ? .copy : .over(opacity: Double(alpha) / 255)
                store = target
            case .gradient(let plan, let shape, let alpha):
                kind = .gradient
                shapeFacts(shape, .nonZero)
                let g = list.gradientPlans[plan]
                source = .gradient(type: g.built?.type ?? .axial, colors: g.built?.colors.count ?? 0)
                blend = g.isOpaque && alpha == 255 && coverage == .box ? .copy : .over(opacity: Double(alpha) / 255)
                store = target
            case .shadow(let plan, let color, let alpha):
                kind = .shadow
                let p = list.shadowPlans[plan]
                bounds = p.box
                coverage = .gaussian(sigmaX: p.sigmaX, sigmaY: p.sigmaY, slabs: p.slabCount)
                let c = RGBA8(packed: PixelMath.scale(color.premultipliedRGBA8.packed, alpha))
                source = .solid(c)
                blend = .over(opacity: Double(c.a) / 255)
                store = target
            case .mesh(let plan, let alpha):
                kind = .mesh
                let p = list.meshPlans[plan]
                bounds = p.box
                coverage = .mesh(faces: p.count, backFaces: p.backFaces)
                source = p.image.map { .contents(width: $0.width, height: $0.height, fetch: .general) } ?? .solid(RGBA8(packed: p.background))
                blend = .over(opacity: Double(alpha) / 255)
                store = target
            case .clip(let shape, let rule, _, _, _):
                kind = .clip
                shapeFacts(shape, rule)
                opens = false
            case .beginMask:
                kind = .beginMask
                opens = true
            case .endMask:
                kind = .endMask
                open.removeLast()
            case .beginGroup(let alpha, _):
                kind = .beginGroup
                blend = .over(opacity: Double(alpha) / 255)
                opens = true
            case .endGroup:
                kind = .endGroup
                open.removeLast()
            case .blur(let plan):
                kind = .blur
                let b = list.blurs[plan]
                bounds = b.box
                blur = DisplayList.Command.Blur(
                    sigma: b.plan.sigma, reduction: 1 << b.plan.levels, boxRadius: b.plan.exact ? nil : b.plan.radius)
                store = .offscreen
            case .restore:
                kind = .restore
                open.removeLast()
            }
            var stroke: Command.Stroke? = nil
            if let note = list.strokeNotes.first(where: { $0.command == i }) {
                let s = note.style
                stroke = Command.Stroke(
                    lineWidth: 2 * s.halfWidth, lineCap: s.cap, lineJoin: s.join, miterLimit: s.miterLimit,
                    dashes: (0..<s.dashCount).map { s.dashLength($0) }, dashPhase: s.dashPhase, strokeStart: s.start, strokeEnd: s.end,
                    polygons: note.polygons)
            }
            out.append(
                Command(
                    kind: kind, depth: open.count, layerPath: Array(origin.path), part: origin.part.rawValue, pixelBounds: bounds?.cgRect,
                    coverage: coverage, source: source, blend: blend, store: store, stroke: stroke, blur: blur))
            if let opens { open.append(opens) }
            // A mask subtree's end opens the host's clip region (closed by the host's `restore`).
            if kind == .endMask { open.append(false) }
        }
        return out
    }

    /// The fetch kind the sampler chooses for `image` on `rect` (layer points) through
    /// `projection`, over device columns `columns`.
    private func fetch(
        _ image: Bitmap, rect g: CGRect, projection: Projection, columns: PixelRect, tables: SamplingTables, fastPaths: Bool
    ) -> DisplayList.Command.Fetch {
        guard let map = BandRenderer.deviceToImage(image, placedIn: g, projection: projection) else { return .general }
        return image.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: image.width, height: image.height, stride: image.rowStride)
            let s = ContentsSampling(
                map: map, sampler: sampler, opaque: image.isOpaque, columns: columns.x0..<max(columns.x1, columns.x0 + 1), tables: tables,
                fastPaths: fastPaths)
            switch s.mode {
            case .translation: return .translation
            case .separable: return .separable
            case .rows: return .rows
            case .columns: return .columns
            case .general: return .general
            }
        }
    }
}

extension PixelRect {
    /// The rectangle as a `CGRect` of pixels.
    var cgRect: CGRect { CGRect(x: x0, y: y0, width: width, height: height) }
}
