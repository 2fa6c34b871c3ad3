import Foundation
import TransitionKitCore

/// A frame's display list as a person reads it: what the compositor lowered a layer tree to,
/// command by command, and what each band's occlusion pass made of it
/// (`Compositor.displayList(for:size:)`; `effect-bench render … --progress P --list`). A
/// debugging aid, so a person can see why a frame costs what it costs: which layers became
/// copies and which were resampled, what was drawn through a mask or a group, and what the
/// occlusion pass left out. The text (`description`) is for reading, not parsing; its fields
/// are the values below.
public struct DisplayList: Sendable, Equatable, CustomStringConvertible {
    /// The frame's size in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// The commands in the order every band executes them.
    public let commands: [Command]
    /// The row bands the compositor draws this frame in (`RenderOptions.threads` is the most),
    /// each with what its occlusion pass decided.
    public let bands: [Band]

    /// One command.
    public struct Command: Sendable, Equatable {
        /// What the command does. `shadow`, `fill`, `gradient`, `contents`: draw (a shadow under
        /// its layer, a gradient over its background). `clip`: narrow the clip to a shape
        /// (`masksToBounds` or a leaf `mask` layer) until its `restore`. `beginMask`…`endMask`:
        /// draw a mask subtree offscreen; its alpha is the clip until the host's `restore`.
        /// `beginGroup`…`endGroup`: draw into an offscreen buffer, composited once (group opacity).
        /// `mesh`: draw a layer's background and contents warped by its `meshTransform`, face by
        /// face, accumulated so shared edges leave no seam. `blur`: blur the group it ends (the
        /// command before its `endGroup`) over its `pixelBounds`, a layer's `filters` (see `blur`).
        public enum Kind: String, Sendable {
            case shadow, fill, gradient, contents, clip, beginMask, endMask, beginGroup, endGroup, restore
            case mesh, blur
        }
        /// How a `blur` command blurs: a Gaussian of `sigma` device pixels, drawn at 1/`reduction`
        /// of the resolution (1, 2, 4, …) by three extended box blurs of radius `boxRadius`
        /// (reduced pixels; running sums, separable), or by the pixel-integrated Gaussian kernel
        /// itself when `boxRadius` is nil (σ < 1 px). See `LayerFilter.gaussianBlur(radius:)`.
        public struct Blur: Sendable, Equatable {
            public let sigma: Double
            public let reduction: Int
            public let boxRadius: Int?
        }
        /// How a drawn pixel's coverage is found: `box`, a rectangle on whole pixels (0 or 255);
        /// `edges`, a shape's exact-area anti-aliased edges filled by a rule; `gaussian`, a shape
        /// blurred by a Gaussian of `sigmaX` × `sigmaY` pixels, drawn as `slabs` horizontal slabs
        /// (a shadow: one slab for a rectangle).
        public enum Coverage: Sendable, Equatable {
            case box
            case edges(ShapePath.FillRule)
            case gaussian(sigmaX: Double, sigmaY: Double, slabs: Int)
            /// A mesh's `faces` drawn (of them `backFaces` seen from behind), each with exact-area
            /// edges, summed where they share an edge.
            case mesh(faces: Int, backFaces: Int)
        }
        /// Where a drawn pixel's colour comes from: a `solid` colour (premultiplied RGBA8), a
        /// `gradient` of its `type` with `colors` stops (its ramp of premultiplied colours
        /// looked up at each pixel's location), or a bitmap of `width` × `height` pixels
        /// fetched by `fetch`.
        public enum Source: Sendable, Equatable {
            case solid(RGBA8)
            case gradient(type: GradientType, colors: Int)
            case contents(width: Int, height: Int, fetch: Fetch)
        }
        /// How contents are sampled, chosen once per command from the device → image map:
        /// `translation` (a 1:1 copy or blend), `separable` (an axis-aligned scale or sub-pixel
        /// slide), `rows` (perspective constant along rows), `columns` (perspective constant
        /// along columns), `general` (any other map, and every map with fast paths off).
        public enum Fetch: String, Sendable { case translation, separable, rows, columns, general }
        /// How a source meets the pixels under it: `copy` (opaque at full coverage and
        /// opacity: the destination is replaced inside the box), or `over` at `opacity`
        /// (0...1, Porter–Duff source-over).
        public enum Blend: Sendable, Equatable {
            case copy
            case over(opacity: Double)
        }
        /// Where a command writes: `frame` rows with plain stores, `streamed` frame rows whose long
        /// stores bypass the cache (frames of 4 MiB and more drawn by one band), or an
        /// `offscreen` buffer (inside a group or a mask subtree).
        public enum Store: String, Sendable { case frame, streamed, offscreen }

        public let kind: Kind
        /// Open regions around the command (0 at the top level).
        public let depth: Int
        /// The layer it comes from: positions in drawing order from the root (the root is `[]`;
        /// −1 enters a mask subtree).
        public let layerPath: [Int]
        /// Which part of that layer: shadow, background, gradient, contents, path, stroke, border,
        /// clip, mask, group, mesh or filter.
        public let part: String
        /// The whole pixels the command may touch, cut to the frame (nil for region ends).
        public let pixelBounds: CGRect?
        /// For draws and clips; nil otherwise.
        public let coverage: Coverage?
        /// For draws; nil otherwise.
        public let source: Source?
        /// For draws and groups (a group's opacity); nil otherwise.
        public let blend: Blend?
        /// For draws; nil otherwise.
        public let store: Store?
        /// For a `fill` of a stroke's outline (part `stroke`): the stroke it draws; nil otherwise.
        public internal(set) var stroke: Stroke? = nil

        /// A stroke as drawn (`Layer.strokeColor`'s values after the renderer's checks).
        public struct Stroke: Sendable, Equatable {
            /// `lineWidth`, points.
            public let lineWidth: Double
            public let lineCap: ShapePath.LineCap
            public let lineJoin: ShapePath.LineJoin
            /// `miterLimit` (0 or more).
            public let miterLimit: Double
            /// The dash lengths of one period, points (an odd `lineDashPattern` twice over);
            /// empty for a solid stroke.
            public let dashes: [Double]
            /// `lineDashPhase`, points.
            public let dashPhase: Double
            /// `strokeStart` and `strokeEnd`, clamped to 0...1.
            public let strokeStart: Double, strokeEnd: Double
            /// The polygons of its outline (one per dash or open subpath, two per closed subpath).
            public let polygons: Int
        }
        /// For `blur`; nil otherwise.
        public let blur: Blur?
    }

    /// One row band and its occlusion pass.
    public struct Band: Sendable, Equatable {
        /// Its rows, `y0..<y1`.
        public let rows: Range<Int>
        /// The command index of the last part that paints the whole band opaque: nothing before
        /// it is drawn in the band, nor the background fill. Nil when there is none.
        public let occluder: Int?
        /// Parts that hide a side of what later parts leave visible: the commands before
        /// `index` (and after the previous cut) draw only inside `visible` (pixels).
        public let cuts: [(index: Int, visible: CGRect)]
        /// A part that hides a large rectangle inside the band: the commands before `index`
        /// draw only around `hidden`.
        public let hole: (index: Int, hidden: CGRect)?

        public static func == (a: Band, b: Band) -> Bool {
            a.rows == b.rows && a.occluder == b.occluder && a.cuts.elementsEqual(b.cuts, by: { $0 == $1 })
                && a.hole?.index == b.hole?.index && a.hole?.hidden == b.hole?.hidden
        }
    }

    init(pixelWidth: Int, pixelHeight: Int, commands: [Command], bands: [Band]) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.commands = commands
        self.bands = bands
    }

    /// One line for the frame, one per band, one per command (indented by its depth).
    public var description: String {
        var lines = ["display list: \(pixelWidth)x\(pixelHeight) px, \(commands.count) commands, \(bands.count) band\(bands.count == 1 ? "" : "s")"]
        for (k, b) in bands.enumerated() {
            var parts = ["band \(k) rows \(b.rows.lowerBound)..<\(b.rows.upperBound):"]
            parts.append(b.occluder.map { "occluder #\($0) (nothing before it is drawn, no background fill)" } ?? "no occluder")
            for c in b.cuts { parts.append("cut #\(c.index) visible \(DisplayList.text(c.visible))") }
            if let h = b.hole { parts.append("hole #\(h.index) hidden \(DisplayList.text(h.hidden))") }
            lines.append(parts.joined(separator: " "))
        }
        for (i, c) in commands.enumerated() {
            var fields = ["#\(i)", String(repeating: "  ", count: c.depth) + c.kind.rawValue]
            fields.append("layer \(c.layerPath.isEmpty ? "root" : c.layerPath.map(String.init).joined(separator: "."))")
            fields.append(c.part)
            if let b = c.pixelBounds { fields.append("px \(DisplayList.text(b))") }
            switch c.coverage {
            case .box?: fields.append("coverage box")
            case .edges(let rule)?: fields.append("coverage edges \(rule == .nonZero ? "nonZero" : "evenOdd")")
            case .gaussian(let sx, let sy, let slabs)?: fields.append(String(format: "coverage gaussian sigma %.2fx%.2f px %d slabs", sx, sy, slabs))
            case .mesh(let faces, let back)?: fields.append("coverage mesh \(faces) faces (\(back) back) summed")
            case nil: break
            }
            switch c.source {
            case .solid(let s)?: fields.append(String(format: "solid #%02x%02x%02x%02x", s.r, s.g, s.b, s.a))
            case .gradient(let type, let colors)?: fields.append("gradient \(type) \(colors) colour\(colors == 1 ? "" : "s")")
            case .contents(let w, let h, let fetch)?: fields.append("contents \(w)x\(h) \(fetch.rawValue)")
            case nil: break
            }
            switch c.blend {
            case .copy?: fields.append("copy")
            case .over(let o)?: fields.append(String(format: "over %.3f", o))
            case nil: break
            }
            if let s = c.store { fields.append(s.rawValue) }
            if let s = c.stroke { fields.append(DisplayList.text(s)) }
            if let b = c.blur {
                let how = b.boxRadius.map { "3 boxes radius \($0)" } ?? "exact kernel"
                fields.append(String(format: "gaussian sigma %.2f px at 1/%d, ", b.sigma, b.reduction) + how)
            }
            lines.append(fields.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// `lineWidth 4 pt cap butt join miter (limit 10) dash [10, 5] phase 0 trim 0...0.5, 3 polygons`.
    static func text(_ s: Command.Stroke) -> String {
        func n(_ v: Double) -> String { String(format: "%g", v) }
        var t = "lineWidth \(n(s.lineWidth)) pt cap \(s.lineCap.rawValue) join \(s.lineJoin.rawValue)"
        if s.lineJoin == .miter { t += " (limit \(n(s.miterLimit)))" }
        t += s.dashes.isEmpty ? " solid" : " dash [\(s.dashes.map(n).joined(separator: ", "))] phase \(n(s.dashPhase))"
        if s.strokeStart > 0 || s.strokeEnd < 1 { t += " trim \(n(s.strokeStart))...\(n(s.strokeEnd))" }
        return t + ", \(s.polygons) polygon\(s.polygons == 1 ? "" : "s")"
    }

    static func text(_ r: CGRect) -> String {
        r.isEmpty ? "none" : "\(Int(r.minX)),\(Int(r.minY)) \(Int(r.width))x\(Int(r.height))"
    }
}
