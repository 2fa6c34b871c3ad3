import Foundation
import TransitionKitCore

/// Executes a lowered frame (`LoweredFrame`) in the rows of one band. One per band and
/// thread; holds the band's rasteriser, sampling tables and offscreen buffers (groups, masks),
/// band-sized and reused from frame to frame (`Compositor` keeps renderers in a pool), so
/// steady-state frames of the same size allocate no pixel memory.
///
/// Fast paths (`fastPaths`, on unless `RenderOptions.disableFastPaths`), each chosen once per
/// command and each equal to the general path's result (see `FastPathTests`):
/// - contents sampled by `ContentsSampling` (1:1 copy/blend, separable, per-row, per-column);
/// - a single-shape clip kept as polygons (`ShapeClip`) and used as span coverage
///   (`ShapeClipRows`), intersected with the drawn shape's spans;
/// - opaque rows of samples deferred (`PendingCopies`: 1:1 copies and uniform two-tap rows,
///   `RowSamples`, such as a screen on a half pixel in a tab bar controller's content area):
///   fused with a fade or a translucent colour drawn over them, dropped under an opaque layer
///   drawn over them;
/// - a pixel-aligned rectangle's spans made without the rasteriser (`forEachSpan`);
/// - the occlusion pass (`findOccluders`, `Cut`): everything drawn before the last opaque part
///   that covers the whole band (and the band's background fill) is skipped, parts drawn before
///   opaque rectangles that cover a side of what later ones leave visible draw only in the
///   rest, and those drawn before a large opaque rectangle inside the band only around it.
///
/// This file holds the renderer's state and the band's entry point (`render`); the work is
/// in extensions, one concern each: the occlusion pass (`Passes/OcclusionPass.swift`), the
/// commands' execution (`Execution/ListExecution.swift`), clipping (`intersect`,
/// `materialized`, `maskClip`), painting (`fillSolid`, `composite`) and contents
/// (`drawContents`, sampled by `ContentsSampling`). What is drawn, in which order and through
/// which clip is decided once per frame by lowering (`Lowering/Lowering.swift`).
final class BandRenderer {
    private(set) var band: PixelRect
    private(set) var width: Int
    let rasterizer: CoverageRasterizer
    /// The sampling tables, holding the renderer's own counted copy of its kernel table.
    let tables: SamplingTables
    var fastPaths = true
    /// Whether parts under the occlusion pass's hole draw only around it (its pieces, as
    /// `forEachVisiblePiece` cuts them); false draws them whole, to be covered by the hole's
    /// opaque part: the same bytes, which the tests check.
    var drawsAroundHoles = true
    private var freePlanes: [ScratchPlane] = []
    private var freeMasks: [CoverageMask] = []
    private var usedPlanes: [ScratchPlane] = []
    private var usedMasks: [CoverageMask] = []
    /// While set, commands before the cutting part draw only inside its `visible`.
    var cut: Cut?
    /// While set, commands before the hole's part draw only outside its `hidden`.
    var hole: Cut?
    /// The band's cuts in drawing order (`findOccluders`); `cut` is `cuts[nextCut - 1]`.
    var cuts: [Cut] = []
    var nextCut = 0
    /// The occluder candidates that reach the band (`findOccluders`), kept between frames.
    var bandCandidates: [OccluderCandidate] = []
    /// The regions open while a list is executed (`execute`), kept between frames.
    var regions: [OpenRegion] = []
    /// Scratch for `exactIntersection`'s clipping.
    var clipTemp: [CGPoint] = []
    /// A drawn shape intersected with its clip's outline (`exactIntersection`).
    var intersectedPolygons: [[CGPoint]] = []
    /// A shadow row's coverage, summed (`drawShadow`), and in 8 bits, kept between frames.
    var shadowSums: [Float] = []
    var shadowCoverage: [UInt8] = []
    /// A mesh strip's premultiplied sums (four planes) and covered areas (`drawMesh`, `MeshStrip`), kept between frames.
    var meshSums: [Float] = []
    var meshCoverage: [Float] = []
    /// The memory blurs work in (`drawBlur`), kept between frames.
    let blurScratch = BlurScratch()
    /// The list `render(_:scale:...)` lowers a tree into (a renderer used on its own, in tests).
    private lazy var ownList = LoweredFrame()
    private var freeShapeClips: [ShapeClip] = []
    private var usedShapeClips: [ShapeClip] = []
    /// In a damage render, the band's damaged spans: every pixel write is cut to them
    /// (`forEachDamagedPiece`, `forEachDamagedRun`); nil in a full render.
    var damage: DamageRows?
    private let damageRows = DamageRows()

    /// Bands of at least this many bytes of pixels stream their long row stores past the cache
    /// (`RowStores.streams`: plain copies, and the AVX2 cross-fade, vertical lerp and separable
    /// horizontal pass): 4 MiB, above the 0.5–2 MiB per-core L2 of the machines the bench targets, so the
    /// band's pixels would not stay cached anyway; a chosen value. Measured on the 2-core EPYC
    /// VM at 1179x2556 (11.5 MiB): radial frames 15–40 % faster with streamed copies; with the
    /// lerp and the horizontal pass streamed too, drag-dismiss present 0.88–0.99 → 0.69–0.70 ms
    /// and dismiss 2.48–2.69 → 2.10–2.15 ms (p50, two builds alternated three times).
    static let streamingBandBytes = 4 << 20

    /// Which long row stores of `band` stream past the cache, for a frame `frameHeight` rows
    /// high: none in a band smaller than `streamingBandBytes`; in a frame drawn whole by one
    /// thread, all (copies, vertical lerps, uniform two-by-two rows: `stores`; rows that
    /// mix several source pixels per pixel, cross-fades and the separable resampler's two-pass
    /// rows: `mixes`); in a band that is not the whole frame, only the mixes: that is a frame
    /// split into bands drawn at once, and also (no thread contending, so a choice this rule
    /// gets wrong only in speed, never in bytes) a damage render's rows and bands drawn one
    /// after another on the caller's thread when the workers are busy. Measured on the
    /// 2-core EPYC VM at 1179x2556, two bands of 5.75 MiB (p50 ms, streamed → plain, three
    /// alternations each): radial frames (two screens copied) 0.57–0.63 → 0.41–0.55,
    /// drag-dismiss present (a vertical lerp) 0.56–0.58 → 0.45–0.47, but the cross-fade
    /// 0.49–0.53 → 0.60–0.68, and drag-dismiss dismiss (the view behind rescaled near 1,
    /// `SeparableRows.write`) plain → streamed 0.96–1.10 → 0.89–0.91 (one dismiss frame drawn
    /// 100 times: 1.01–1.11 → 0.92–0.96, four alternations). Frame copies in C agree: a plain
    /// one (glibc memcpy) 2.3x as fast on two threads (`floor_memcpy_threads2` in
    /// Scripts/peers/floor.c), one with streamed stores 1.3–1.45x (a throwaway harness); a
    /// cross-fade reads two screens besides writing the frame, more than the last-level cache
    /// holds either way, and a resampled row costs several times a copied one in arithmetic,
    /// so its stores' cache traffic is what the other thread competes for. One thread keeps
    /// streaming everything (copies: radial 15–40 % faster; lerps and the horizontal pass:
    /// drag-dismiss present 0.88–0.99 → 0.69–0.70 ms).
    /// - Complexity: O(1).
    static func streaming(band: PixelRect, frameHeight: Int) -> (stores: Bool, mixes: Bool) {
        guard band.width * band.height * 4 >= streamingBandBytes else { return (false, false) }
        let split = band.height < frameHeight
        return (!split, true)
    }

    /// A renderer for rows `band` of a frame `width` × `height` pixels (`height` defaults to the
    /// band's bottom row, for a band that ends the frame). The frame sets the rasteriser's box,
    /// so a shape's coverage is the same in every band of the frame. Its kernels run on
    /// `kernels` (the compositor's table; a counted copy, `KernelTable.counted()`).
    init(band: PixelRect, width: Int, height: Int? = nil, kernels: KernelTable) {
        self.band = band
        self.width = width
        tables = SamplingTables(kernels: kernels.counted())
        rasterizer = CoverageRasterizer(frame: PixelRect(x0: 0, y0: 0, x1: width, y1: height ?? band.y1))
    }

    /// Retargets a pooled renderer to rows `band` of a frame `width` × `height` pixels; its
    /// offscreen buffers are kept and retargeted to the new band when they fit it
    /// (`scratchPlane`, `coverageMask`).
    func reset(band: PixelRect, width: Int, height: Int) {
        self.band = band
        self.width = width
        rasterizer.frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// Lowers `root` (through the points→pixels `scale`) and draws it into the band
    /// (`render(_:background:into:damage:)`): a renderer used on its own, as tests do.
    func render(_ root: LayerSnapshot, scale: Double, background: UInt32, into plane: PixelPlane, damage region: DamageRegion? = nil) {
        ownList.lower(
            root, projection: Projection(PlaneHomography(scale: scale)), width: width, height: rasterizer.frame.y1, findsOccluders: fastPaths)
        render(ownList, background: background, into: plane, damage: region)
    }

    /// The occlusion pass's result for `root` lowered through `projection` (tests), with the
    /// list it read.
    func findOccluders(_ root: LayerSnapshot, projection: Projection) -> (BandOcclusion, LoweredFrame) {
        ownList.lower(root, projection: projection, width: width, height: rasterizer.frame.y1, findsOccluders: true)
        return (findOccluders(ownList), ownList)
    }

    /// Fills the band with `background`, then executes `list` (lowered for this frame); with
    /// `damage`, only the band's pixels in it are written (each as a full render writes it).
    /// - Complexity: O(band pixels · commands) in the worst case; with `damage`, O(damaged
    ///   pixels) per drawn command plus O(band rows) per rasterised shape.
    func render(_ list: LoweredFrame, background: UInt32, into plane: PixelPlane, damage region: DamageRegion? = nil) {
        if let region {
            damageRows.prepare(region, band: band, width: width)
            damage = damageRows
        } else {
            damage = nil
        }
        tables.pending.prepare(band: band)
        (tables.pending.streamsStores, tables.pending.streamsMixes) = BandRenderer.streaming(band: band, frameHeight: rasterizer.frame.y1)
        tables.runs.prepare(band: band)
        let occlusion = fastPaths && list.findsOccluders ? findOccluders(list) : BandOcclusion()
        cut = occlusion.cut
        hole = drawsAroundHoles ? occlusion.hole : nil
        nextCut = 1
        if occlusion.occluder == nil {
            forEachVisiblePiece(of: band) { fill in
                for y in fill.y0..<fill.y1 {
                    let row = plane.row(y)
                    forEachDamagedRun(y: y, from: fill.x0, to: fill.x1) { lo, hi in (row + lo).update(repeating: background, count: hi - lo) }
                }
            }
        }
        execute(list, occluder: occlusion.occluder, into: plane)
        tables.pending.flushAll()
        if tables.pending.streamsStores || tables.pending.streamsMixes { RowStores.fence() }
        cut = nil
        hole = nil
        cuts.removeAll(keepingCapacity: true)
        damage = nil
        freePlanes.append(contentsOf: usedPlanes)
        freeMasks.append(contentsOf: usedMasks)
        freeShapeClips.append(contentsOf: usedShapeClips)
        usedPlanes.removeAll(keepingCapacity: true)
        usedMasks.removeAll(keepingCapacity: true)
        usedShapeClips.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the pieces of `rect` a part drawn now may paint: inside the current
    /// `cut`'s visible rectangle and outside the `hole`'s hidden one (`Cut.forEachVisiblePiece`),
    /// `rect` itself when there are none.
    @inline(__always)
    func forEachVisiblePiece(of rect: PixelRect, _ body: (PixelRect) -> Void) {
        let r = cut.map { rect.intersection($0.visible) } ?? rect
        if let hole { hole.forEachVisiblePiece(of: r, body) } else if !r.isEmpty { body(r) }
    }

    /// A shape clip to `reset`, reused across frames.
    func shapeClip() -> ShapeClip {
        let c = freeShapeClips.popLast() ?? ShapeClip()
        usedShapeClips.append(c)
        return c
    }

    /// A transparent band-sized plane, reused across frames: a free one that fits the band
    /// (the last freed first), else a new one.
    func scratchPlane() -> ScratchPlane {
        let p: ScratchPlane
        if let i = freePlanes.lastIndex(where: { $0.fits(width: width, band: band) }) {
            p = freePlanes.remove(at: i)
            p.prepare(width: width, band: band)
        } else {
            if !freePlanes.isEmpty { freePlanes.removeFirst() }  // too small for this band: not kept
            p = ScratchPlane(width: width, band: band)
        }
        usedPlanes.append(p)
        return p
    }

    /// A zeroed band-sized coverage mask, reused across frames like `scratchPlane`.
    func coverageMask() -> CoverageMask {
        let m: CoverageMask
        if let i = freeMasks.lastIndex(where: { $0.fits(width: width, band: band) }) {
            m = freeMasks.remove(at: i)
            m.prepare(width: width, band: band)
        } else {
            if !freeMasks.isEmpty { freeMasks.removeFirst() }
            m = CoverageMask(width: width, band: band)
        }
        usedMasks.append(m)
        return m
    }
}
