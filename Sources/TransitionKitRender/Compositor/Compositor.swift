import Foundation
import TransitionKitCore

/// The software compositor: draws a `LayerSnapshot` tree into an RGBA8 premultiplied
/// `Bitmap` with Core Animation's semantics.
///
/// Geometry: a layer's map to its superlayer is `properties.localToParent` followed by the
/// superlayer's `properties.sublayerToLocal` (4x4, `CATransform3D` row-vector order), flattened
/// into the superlayer's plane as Core Animation does (no depth sorting across layers; siblings
/// ordered by `zPosition`, stably). Points are multiplied by `options.scale` to give pixels.
/// Perspective is projected exactly; geometry at or behind the eye (w <= 0) is clipped in
/// homogeneous space, never drawn mirrored.
///
/// Appearance: `isHidden`; `opacity` (group opacity through an offscreen buffer when a layer
/// draws more than one thing); `backgroundColor` filling the bounds rounded by `cornerRadius`;
/// `contents` placed by `contentsGravity` (overflowing unless `masksToBounds`, as Core Animation) and sampled bilinearly through
/// the inverse projective map; `path` filled with `fillColor` by its fill rule; `masksToBounds`
/// clipping contents, path and sublayers to the rounded bounds; `mask` multiplying by the mask
/// subtree's alpha.
///
/// Pixels: exact-area anti-aliasing on every geometric edge (pixel-aligned edges are exactly
/// 0 or 255), sRGB values blended as stored, pixman rounding (`PixelMath`).
/// Non-finite or degenerate layers (NaN matrices, empty bounds, singular maps) are skipped.
///
/// ```swift
/// let compositor = Compositor(options: RenderOptions(scale: 3))
/// let frame = try compositor.render(tree, size: CGSize(width: 393, height: 852))
/// ```
///
/// A value type whose only shared state is a pool of band renderers (rasteriser buffers,
/// sampling tables, offscreen planes and masks) reused by later renders of the same size, so a
/// steady sequence of frames allocates nothing; copies share the pool. The pool also keeps the
/// worker threads that render a frame's bands after the first (started the first time a frame
/// has two or more bands, parked between frames, stopped when the last copy of the compositor
/// is released). Render from any thread, concurrently: each render takes its own renderers from
/// the pool under a lock; a render that finds the workers busy with another one draws its bands
/// on its own thread, one after the other (the same pixels).
public struct Compositor: Sendable {
    /// Scale, background and thread count.
    public var options: RenderOptions
    /// Band renderers and worker threads, shared by copies.
    let pool: BandRendererPool

    /// - Parameter options: scale (pixels per point), container background, row bands.
    public init(options: RenderOptions = RenderOptions()) {
        self.init(options: options, kernels: .native)
    }

    /// A compositor whose band renderers run their kernels on `kernels` (`KernelTable.native`
    /// for the public initialiser; tests inject `.sse2`). The same bytes either way.
    init(options: RenderOptions = RenderOptions(), kernels: KernelTable) {
        self.options = options
        pool = BandRendererPool(kernels: kernels)
    }

    /// The kernel table this compositor's band renderers run on.
    var kernels: KernelTable { pool.kernels }

    /// The AVX2 kernel calls that did work in this compositor's renders so far (and its
    /// copies'), counted in debug builds (`KernelTable.avx2Calls`); 0 in release builds. For
    /// tests: the AVX2 path is taken where the CPU has it. O(1).
    var avx2Calls: Int { pool.avx2Calls }

    /// Renders `root` into a new bitmap of `size` points times `options.scale`, each side
    /// rounded to the nearest pixel.
    /// - Parameters:
    ///   - root: the tree; its `position`/`bounds` place it in the container (points).
    ///   - size: the container size in points, finite and > 0.
    /// - Returns: the frame, RGBA8 premultiplied, `round(size · scale)` pixels.
    /// - Throws: `TransitionKitError.invalidValue` for a non-finite or non-positive scale;
    ///   `TransitionKitError.invalidSize` for a size that is not finite or gives fewer than 1 or
    ///   more than `Bitmap.maximumDimension` pixels a side.
    /// - Complexity: O(w·h) per drawn layer in the worst case; allocates the bitmap.
    public func render(_ root: LayerSnapshot, size: CGSize) throws(TransitionKitError) -> Bitmap {
        let (width, height) = try pixelSize(of: root, size: size)
        var bitmap = try Bitmap(validatingWidth: width, height: height)
        render(root, into: &bitmap)
        return bitmap
    }

    /// Renders `root` over every pixel of `bitmap` (first filled with `options.background`),
    /// reusing its storage. The bitmap's size in pixels divided by `options.scale` is the
    /// container size in points.
    /// - Precondition: `options.scale` finite and > 0, `options.threads` >= 1.
    /// - Complexity: O(w·h) per drawn layer in the worst case; split over up to
    ///   `options.threads` row bands run concurrently, as many as the frame's resampling work
    ///   makes worthwhile (one for a frame of 1:1 copies and blends; see `RenderOptions.threads`).
    ///   No allocation once the pool's buffers and workers have grown to the frames.
    public func render(_ root: LayerSnapshot, into bitmap: inout Bitmap) {
        render(root, into: &bitmap, rows: 0..<bitmap.height, damage: nil)
    }

    /// Redraws only the pixels of `bitmap` in `damage`, leaving the rest as they are: when
    /// `bitmap` holds the frame of a tree `old` rendered with these options and `damage` is
    /// `DamageRegion(from: old, to: root, size:options:)`, the result is `root`'s full render byte
    /// for byte (the background fill included, restricted to the damage).
    ///
    /// The rows the damage spans are rendered as a full render's row bands (`options.threads` of
    /// them; runs of damaged rows 32 or more rows apart each as their own bands), each writing
    /// only its damaged pixels, so every clip, edge and sample is computed as in a full render.
    /// An empty region returns at once.
    /// - Precondition: `options.scale` finite and > 0, `options.threads` >= 1.
    /// - Complexity: O(damaged pixels) per drawn layer, plus O(rows of the damage) per
    ///   rasterised shape and O(layers) per band for the walk; no allocation once the
    ///   compositor's buffers have grown to the frames (`DamageRegion.formDamage`).
    public func render(_ root: LayerSnapshot, into bitmap: inout Bitmap, damage: DamageRegion) {
        let frame = PixelRect(x0: 0, y0: 0, x1: bitmap.width, y1: bitmap.height)
        let rows = damage.pixelBounds.intersection(frame)
        guard !rows.isEmpty else { return }
        // The whole frame damaged (a fade, a tilt): a full render, nothing to cut.
        if rows == frame && damage.pixelCount(within: frame) == frame.width * frame.height {
            render(root, into: &bitmap, rows: rows.y0..<rows.y1, damage: nil)
            return
        }
        // Runs of damaged rows apart by `damageRowGap` rows or more are rendered apart, so
        // undamaged rows between them are not walked. A row's pixels do not depend on where its
        // band starts (bands already start at the damage's first row), so the result is the same.
        var start = -1, end = -1
        for s in damage.strips where s.y1 > rows.y0 && s.y0 < rows.y1 {
            let y0 = max(s.y0, rows.y0), y1 = min(s.y1, rows.y1)
            if start >= 0 && y0 - end >= Compositor.damageRowGap {
                render(root, into: &bitmap, rows: start..<end, damage: damage)
                start = -1
            }
            if start < 0 { start = y0 }
            end = y1
        }
        if start >= 0 { render(root, into: &bitmap, rows: start..<end, damage: damage) }
    }

    /// Undamaged rows between two runs of damaged rows from which a damage render draws the runs
    /// as separate bands (each separate band costs one more tree walk and band set-up); a
    /// chosen value, not a measured optimum.
    static let damageRowGap = 32

    /// Renders rows `rows` of `bitmap` in up to `options.threads` bands (`BandCount`); only
    /// `damage`'s pixels when given.
    private func render(_ root: LayerSnapshot, into bitmap: inout Bitmap, rows: Range<Int>, damage: DamageRegion?) {
        let width = bitmap.width, height = bitmap.height, stride = bitmap.rowStride
        bitmap.withUnsafeMutablePixels { pixels in
            render(root, pixels: pixels, width: width, height: height, stride: stride, rows: rows, damage: damage)
        }
    }

    /// Renders rows `rows` of the `width`x`height` frame at `pixels` (rows `stride` pixels
    /// apart) in up to `options.threads` bands; only `damage`'s pixels when given. The one
    /// render behind a `Bitmap`'s and caller-owned memory's (`render(_:intoPixels:...)`).
    func render(
        _ root: LayerSnapshot, pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int, rows: Range<Int>,
        damage: DamageRegion?
    ) {
        let scale = Double(options.scale)
        precondition(scale > 0 && scale.isFinite, "render scale must be finite and > 0, got \(scale)")
        precondition(options.threads >= 1, "render threads must be >= 1, got \(options.threads)")
        // Lowering recurses once per level; a tree deeper than Layer.maximumDepth (only
        // possible for hand-built snapshots) is drawn as the background alone.
        let root = root.depth <= LayerSnapshot.maximumDepth ? root : LayerSnapshot()
        let pool = self.pool
        let list = pool.lists.take()
        defer { pool.lists.give(list) }
        list.lower(
            root, projection: Projection(PlaneHomography(scale: scale)), width: width, height: height,
            findsOccluders: !options.disableFastPaths)
        // A blur reads rows outside any band and spreads a change beyond the damage: a frame with
        // one is drawn whole, as one band (`LoweredFrame.hasBlur`).
        let (rows, damage) = list.hasBlur ? (0..<height, nil) : (rows, damage)
        let bands =
            list.hasBlur ? 1 : min(BandCount.choose(list, options: options, width: width, height: height, rows: rows.count), rows.count)
        let frame = BandFrame(
            list: list, pixels: pixels, width: width, height: height, rows: rows, stride: stride, bands: bands,
            background: options.background.packed, fastPaths: !options.disableFastPaths, pool: pool, damage: damage)
        // Two or more bands: band 0 here, the others on the pool's kept workers, which get a
        // pointer to `frame` (on this stack until they are done), so nothing is allocated per
        // frame; every band here in turn while another render uses the workers.
        withUnsafePointer(to: frame) { f in
            if bands == 1 || !pool.workers.perform(bands: bands, context: f, job: BandFrame.renderBand) {
                for band in 0..<bands { f.pointee.render(band: band) }
            }
        }
    }
}

/// One frame's inputs shared by its band workers; each band writes only its own rows.
private struct BandFrame {
    /// The frame lowered once; read-only while the bands draw it.
    let list: LoweredFrame
    let pixels: UnsafeMutablePointer<UInt32>
    /// The frame's size in pixels.
    let width: Int, height: Int
    /// The rows rendered (all of them, or a damage render's), split into `bands`.
    let rows: Range<Int>
    let stride: Int, bands: Int
    let background: UInt32
    let fastPaths: Bool
    let pool: BandRendererPool
    let damage: DamageRegion?

    /// `render(band:)` of the frame `context` points to, as a `BandWorkers` job.
    static let renderBand: BandWorkers.Job = { context, band in
        context.assumingMemoryBound(to: BandFrame.self).pointee.render(band: band)
    }

    func render(band: Int) {
        let n = rows.count
        let rect = PixelRect(x0: 0, y0: rows.lowerBound + n * band / bands, x1: width, y1: rows.lowerBound + n * (band + 1) / bands)
        guard !rect.isEmpty else { return }
        let plane = PixelPlane(base: pixels + rect.y0 * stride, stride: stride, originY: rect.y0)
        let renderer = pool.take(band: rect, width: width, height: height)
        renderer.fastPaths = fastPaths
        renderer.render(list, background: background, into: plane, damage: damage)
        pool.give(renderer)
    }
}

/// Band renderers kept between renders (at most a few: one per band of the last renders), and
/// the worker threads that render the bands after the first (`BandWorkers`: none until a frame
/// has two bands). `take` prefers one already sized for the band, so its offscreen buffers are
/// reused. Released with the last compositor sharing it, which stops and waits for its workers.
final class BandRendererPool: @unchecked Sendable {
    // @unchecked Sendable: `idle` and `calls` are read and written only under `lock`; `workers`
    // and `kernels` are Sendable.
    let workers = BandWorkers()
    /// Lowered frames, one per render in flight.
    let lists = LoweredFramePool()
    /// The kernel table every renderer of the pool runs on.
    let kernels: KernelTable
    private let lock = NSLock()
    private var idle: [BandRenderer] = []
    /// The AVX2 calls of the renderers given back so far (`give`).
    private var calls = 0

    /// A pool whose renderers run on `kernels`.
    init(kernels: KernelTable) { self.kernels = kernels }

    /// The AVX2 kernel calls of the renders done (debug builds; 0 in release builds).
    var avx2Calls: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }

    func take(band: PixelRect, width: Int, height: Int) -> BandRenderer {
        lock.lock()
        let r: BandRenderer?
        if let i = idle.firstIndex(where: { $0.band == band && $0.width == width }) {
            r = idle.remove(at: i)
        } else {
            r = idle.popLast()
        }
        lock.unlock()
        guard let r else { return BandRenderer(band: band, width: width, height: height, kernels: kernels) }
        r.reset(band: band, width: width, height: height)
        return r
    }

    func give(_ renderer: BandRenderer) {
        let k = renderer.tables.kernels
        lock.lock()
        calls += k.avx2Calls
        k.resetCount()
        if idle.count < 16 { idle.append(renderer) }
        lock.unlock()
    }
}
