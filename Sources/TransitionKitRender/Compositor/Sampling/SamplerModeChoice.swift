import TransitionKitCore

/// How one layer's `contents` are sampled, chosen once per layer (never per pixel) from the
/// device → image map. Every mode computes the same bilinear taps and weights
/// (`BilinearSampler.tap`) and the same blend (`BilinearSampler.blend`) as the general
/// per-pixel projective path, only fewer of them per pixel:
///
/// - `translation`: the map is x + dx, y + dy with integer offsets (a snapshot drawn 1:1):
///   every weight is 0, so the sample is the image pixel. Rows are copied (`copyMemory`) for an
///   opaque image at full coverage and opacity, otherwise blended in one fused pass.
/// - `separable`: an axis-aligned scale and translation (aspect-fill, a sub-pixel slide): the
///   x taps of every column are computed once per layer, the y taps once per row.
/// - `rows`: perspective with w and v constant along a device row (a rotation about the x axis
///   under `m34`): per row one divide, then u is linear in x.
/// - `columns`: perspective with w and u constant along a device column (a rotation about the
///   y axis): per column the x taps and v = A + y·B, so a pixel costs one multiply-add and a tap.
/// - `general`: anything else, `SpanKernels.image` (the reference).
///
/// Results equal the general path's except where floating-point rounding of the mapped
/// coordinate (computed directly here, incrementally there) moves a weight across a 1/256 step:
/// at most 1/255 per channel (see `FastPathTests`). `translation` is exact.
struct ContentsSampling {
    enum Mode: Equatable { case general, translation, separable, rows, columns }

    let mode: Mode
    let sampler: BilinearSampler
    let map: PlaneHomography
    /// Every image pixel has alpha 255 (so every bilinear sample does too).
    let opaque: Bool
    private(set) var dx = 0, dy = 0
    /// `separable`: device columns `uniform` whose taps are a unit step with one weight (a
    /// sub-pixel slide): x0 = X + `uniformShift`, x1 = x0 + 1 (or any x1 at weight 0), weight `uniformWeight`. Drawn by
    /// streaming two-tap kernels instead of per-pixel table lookups (same numbers).
    private(set) var uniform: Range<Int> = 0..<0
    private(set) var uniformShift = 0
    private(set) var uniformWeight: UInt32 = 0
    /// Column tables (`separable`, `columns`), indexed by device x − `tableX0`.
    let tableX0: Int
    let tables: SamplingTables

    /// Whether `draw` hands a run of `count` pixels from column `x` at constant coverage and
    /// without a clip mask to the band's deferred rows itself (`PendingCopies.defer`): the
    /// uniform columns of an opaque separable image. The caller then leaves a deferred row under
    /// the run as it is (the translation mode is drawn before any flush, the same way).
    @inline(__always)
    func defers(x: Int, count: Int) -> Bool {
        mode == .separable && opaque && count > 0 && x >= uniform.lowerBound && x &+ count <= uniform.upperBound
    }

    /// Coefficients smaller than this (relative to the map's largest entry) count as zero.
    private static let epsilon = 1e-12

    /// Picks the mode for `map` (device pixel → image pixel, homogeneous) and fills the tables
    /// for device columns `columns`.
    init(
        map h: PlaneHomography, sampler: BilinearSampler, opaque: Bool, columns: Range<Int>, tables: SamplingTables,
        fastPaths: Bool
    ) {
        self.map = h
        self.sampler = sampler
        self.opaque = opaque
        self.tables = tables
        tableX0 = columns.lowerBound
        let scale = max(abs(h.m11), abs(h.m12), abs(h.m13), abs(h.m21), abs(h.m22), abs(h.m23), abs(h.m31), abs(h.m32), abs(h.m33))
        let eps = scale * ContentsSampling.epsilon
        func zero(_ c: Double) -> Bool { abs(c) <= eps }
        guard fastPaths, !columns.isEmpty else { mode = .general; return }
        let affine = zero(h.m13) && zero(h.m23) && h.m33 > 0
        if affine && zero(h.m12) && zero(h.m21) {
            let iw = 1 / h.m33
            let sx = h.m11 * iw, sy = h.m22 * iw
            // Image coordinate of device pixel X's centre, minus ½: X·sx + ox.
            let ox = (0.5 * h.m11 + h.m31) * iw - 0.5, oy = (0.5 * h.m22 + h.m32) * iw - 0.5
            let extent = Double(max(columns.upperBound, 1) + 16384)
            if abs(sx - 1) * extent < 1e-7, abs(sy - 1) * extent < 1e-7,
                abs(ox - ox.rounded()) < 1e-7, abs(oy - oy.rounded()) < 1e-7, abs(ox) < 1e9, abs(oy) < 1e9
            {
                dx = Int(ox.rounded()); dy = Int(oy.rounded())
                mode = .translation
                return
            }
            tables.reserve(columns.count)
            for X in columns {
                let px = Double(X) + 0.5
                let t = BilinearSampler.tap((px * h.m11 + h.m31) * iw - 0.5, size: sampler.width)
                let k = X &- tableX0
                tables.setX(k, t)
            }
            tables.findQuads(width: sampler.width)
            tables.separableRows.prepare(tables, count: columns.count, imageWidth: sampler.width)
            mode = .separable
            // The longest run of columns whose taps step by one image pixel with one weight (a
            // weight of 0 never reads the second tap, so a clamped one at the image's edge joins).
            var bestLo = 0, bestHi = 0, lo = 0
            let n = columns.count
            for k in 0..<n {
                let unit = tables.x1[k] == tables.x0[k] &+ 1 || tables.wx[k] == 0
                if !(unit && k > lo && tables.x0[k] == tables.x0[k &- 1] &+ 1 && tables.wx[k] == tables.wx[k &- 1]) {
                    lo = unit ? k : k &+ 1
                }
                if k &+ 1 &- lo > bestHi &- bestLo { bestLo = lo; bestHi = k &+ 1 }
            }
            // A run whose x weight is not 0 or 256 (both taps read) that leaves other columns
            // is not taken where the horizontal-first form applies: at a scale within about
            // ±0.1 % of 1 (a drag-dismiss's view behind the card as its spring settles) such
            // runs are hundreds of columns long, and their 2x2 blend (`BlendKernels.twoByTwo`)
            // cost more than the rest of the row's blocks (`SeparableBlocks`). Where every row
            // is whole (y scale 1 on an integer offset: a horizontal sub-pixel slide, such as a
            // navigation push) the run is a two-tap lerp, not a 2x2 blend, and is always taken:
            // a slide's first column, clamped at the image's edge, leaves the run, and the
            // blocks then cost 2.1x the lerp (slide push with parallax 0, no dimming or shadow,
            // 1179x2556: 1.32 ms with the blocks, against 0.61 ms for the same pixels slid
            // vertically).
            let w = tables.wx[bestLo]
            let wholeRows = abs(sy - 1) * extent < 1e-7 && abs(oy - oy.rounded()) < 1e-7
            let splits = w != 0 && w != 256 && !wholeRows && bestHi &- bestLo < n && tables.separableRows.horizontalFirst
            if bestHi &- bestLo >= 8 && !splits {
                uniform = (bestLo &+ tableX0)..<(bestHi &+ tableX0)
                uniformShift = Int(tables.x0[bestLo]) &- bestLo &- tableX0
                uniformWeight = tables.wx[bestLo]
            }
            return
        }
        if zero(h.m13) && zero(h.m12) {
            mode = .rows
            return
        }
        if zero(h.m23) && zero(h.m21) {
            tables.reserve(columns.count)
            var tabulated = true
            for X in columns {
                let px = Double(X) + 0.5
                let w = px * h.m13 + h.m33
                let k = X &- tableX0
                guard w > 0 else {
                    tables.wx[k] = SamplingTables.invalid; tables.a[k] = 0; tables.b[k] = 0
                    continue
                }
                let iw = 1 / w
                let t = BilinearSampler.tap((px * h.m11 + h.m31) * iw - 0.5, size: sampler.width)
                tables.setX(k, t)
                // v(Y) = A + Y·B for device row Y, in 32.32 fixed point (B's error over a frame
                // of rows stays below 2⁻²⁰ pixel).
                let b = h.m22 * iw
                guard abs(b) < 1e4 else { tabulated = false; break }
                // A is not clamped to the image (only A + Y·B is, by the tap); ±1e9 keeps
                // A + Y·B inside Int64 for |B| < 1e4 and Y < 16384.
                let a = (px * h.m12 + h.m32) * iw - 0.5 + 0.5 * b
                tables.a[k] = BilinearSampler.fixed(min(max(a, -1e9), 1e9))
                tables.b[k] = BilinearSampler.fixed(b)
            }
            if tabulated { tables.findQuads(width: sampler.width) }
            mode = tabulated ? .columns : .general
            return
        }
        mode = .general
    }
}
