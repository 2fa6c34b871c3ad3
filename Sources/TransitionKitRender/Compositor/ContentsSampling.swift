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
    let map: Homography
    /// Every image pixel has alpha 255 (so every bilinear sample does too).
    let opaque: Bool
    private(set) var dx = 0, dy = 0
    /// `separable`: device columns `uniform` whose taps are a unit step with one weight (a
    /// sub-pixel slide): x0 = X + `uniformShift`, x1 = x0 + 1, weight `uniformWeight`. Drawn by
    /// streaming two-tap kernels instead of per-pixel table lookups (same numbers).
    private(set) var uniform: Range<Int> = 0..<0
    private(set) var uniformShift = 0
    private(set) var uniformWeight: UInt32 = 0
    /// Column tables (`separable`, `columns`), indexed by device x − `tableX0`.
    let tableX0: Int
    let tables: SamplingTables

    /// Coefficients smaller than this (relative to the map's largest entry) count as zero.
    private static let epsilon = 1e-12

    /// Picks the mode for `map` (device pixel → image pixel, homogeneous) and fills the tables
    /// for device columns `columns`.
    init(
        map h: Homography, sampler: BilinearSampler, opaque: Bool, columns: Range<Int>, tables: SamplingTables,
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
                tables.x0[k] = Int32(truncatingIfNeeded: t.i0); tables.x1[k] = Int32(truncatingIfNeeded: t.i1); tables.wx[k] = t.weight
            }
            mode = .separable
            // The longest run of columns whose taps step by one image pixel with one weight.
            var bestLo = 0, bestHi = 0, lo = 0
            let n = columns.count
            for k in 0..<n {
                let unit = tables.x1[k] == tables.x0[k] &+ 1
                if !(unit && k > lo && tables.x0[k] == tables.x0[k &- 1] &+ 1 && tables.wx[k] == tables.wx[k &- 1]) {
                    lo = unit ? k : k &+ 1
                }
                if k &+ 1 &- lo > bestHi &- bestLo { bestLo = lo; bestHi = k &+ 1 }
            }
            if bestHi &- bestLo >= 8 {
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
                guard w > 0 else { tables.wx[k] = SamplingTables.invalid; continue }
                let iw = 1 / w
                let t = BilinearSampler.tap((px * h.m11 + h.m31) * iw - 0.5, size: sampler.width)
                tables.x0[k] = Int32(truncatingIfNeeded: t.i0); tables.x1[k] = Int32(truncatingIfNeeded: t.i1); tables.wx[k] = t.weight
                // v(Y) = A + Y·B for device row Y, in 32.32 fixed point (B's error over a frame
                // of rows stays below 2⁻²⁰ pixel).
                let b = h.m22 * iw
                guard abs(b) < 1e4 else { tabulated = false; break }
                // A is not clamped to the image (only A + Y·B is, by the tap); ±1e9 keeps
                // A + Y·B inside Int64 for |B| < 1e4 and Y < 16384.
                let a = (px * h.m12 + h.m32) * iw - 0.5 + 0.5 * b
                tables.a[k] = Int64((min(max(a, -1e9), 1e9) * 4_294_967_296).rounded())
                tables.b[k] = Int64((b * 4_294_967_296).rounded())
            }
            mode = tabulated ? .columns : .general
            return
        }
        mode = .general
    }

    /// Draws `count` device pixels from (`x`, `y`): the sample times coverage (per pixel, or
    /// `constantCoverage` when nil) times the clip mask times `alpha`, source-over — the same
    /// contract and rounding as `SpanKernels.image`.
    @inline(__always)
    func draw(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, x: Int, y: Int, alpha: UInt32
    ) {
        guard count > 0 else { return }
        let s = sampler
        switch mode {
        case .general:
            SpanKernels.image(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                x: x, y: y, sampler: s, inverse: map, alpha: alpha)
        case .translation:
            let sy = min(max(y &+ dy, 0), s.height &- 1)
            let row = s.pixels + sy &* s.stride
            // Image columns X + dx inside 0..<width come straight from the row; the rest clamp.
            let lo = min(max(-dx &- x, 0), count), hi = max(min(s.width &- dx &- x, count), lo)
            let pending = tables.pending
            if coverage == nil && clip == nil && opaque && lo == 0 && hi == count {
                // An opaque interior: a copy is deferred (`PendingCopies`); a blend at strength m
                // over a deferred copy reads the copy's source instead of the destination.
                let src = row + (x &+ dx)
                let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
                if m == 255 {
                    pending.record(y: y, dst: dst, src: src, count: count)
                } else if m != 0 {
                    pending.fade(y: y, dst: dst, src: src, count: count, alpha: m)
                }
                return
            }
            pending.flush(y: y, dst: dst, count: count)
            if lo > 0 {
                ContentsSampling.run(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: lo,
                    alpha: alpha, opaque: opaque, ConstantSource(value: row[0]))
            }
            if hi > lo {
                let src = row + (x &+ dx &+ lo)
                let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
                if coverage == nil && clip == nil && m == 255 && opaque {
                    (dst + lo).update(from: src, count: hi &- lo)
                } else if coverage == nil && clip == nil && opaque {
                    if m != 0 { ContentsSampling.fade(dst + lo, source: src, count: hi &- lo, alpha: m) }
                } else {
                    ContentsSampling.run(
                        dst + lo, coverage: coverage.map { $0 + lo }, constantCoverage: constantCoverage,
                        clip: clip.map { $0 + lo }, count: hi &- lo, alpha: alpha, opaque: opaque,
                        PointerSource(base: src))
                }
            }
            if hi < count {
                ContentsSampling.run(
                    dst + hi, coverage: coverage.map { $0 + hi }, constantCoverage: constantCoverage,
                    clip: clip.map { $0 + hi }, count: count &- hi, alpha: alpha, opaque: opaque,
                    ConstantSource(value: row[s.width &- 1]))
            }
        case .separable:
            let iw = 1 / map.m33
            let t = BilinearSampler.tap(((Double(y) + 0.5) * map.m22 + map.m32) * iw - 0.5, size: s.height)
            let r0 = s.pixels + t.i0 &* s.stride, r1 = s.pixels + t.i1 &* s.stride
            // The uniform part of the span (a sub-pixel slide's interior) by a streaming kernel.
            var lo = count, hi = count
            if coverage == nil && clip == nil && opaque {
                lo = min(max(uniform.lowerBound &- x, 0), count)
                hi = max(min(uniform.upperBound &- x, count), lo)
                if hi == lo { lo = count; hi = count }
            }
            if lo > 0 {
                let k = x &- tableX0
                ContentsSampling.run(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: lo,
                    alpha: alpha, opaque: opaque,
                    SeparableSource(r0: r0, r1: r1, x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, wy: t.weight))
            }
            if hi > lo {
                let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
                if m != 0 {
                    let sx = x &+ lo &+ uniformShift
                    if m == 255 {
                        ContentsSampling.twoByTwo(dst + lo, r0 + sx, r1 + sx, count: hi &- lo, wx: uniformWeight, wy: t.weight)
                    } else {
                        // Sample into the band's scratch row, then blend at strength m.
                        var done = 0
                        while done < hi &- lo {
                            let n = min(hi &- lo &- done, tables.rowCapacity)
                            ContentsSampling.twoByTwo(tables.row, r0 + sx + done, r1 + sx + done, count: n, wx: uniformWeight, wy: t.weight)
                            ContentsSampling.fade(dst + lo + done, source: tables.row, count: n, alpha: m)
                            done &+= n
                        }
                    }
                }
            }
            if hi < count {
                let k = x &+ hi &- tableX0
                ContentsSampling.run(
                    dst + hi, coverage: coverage.map { $0 + hi }, constantCoverage: constantCoverage,
                    clip: clip.map { $0 + hi }, count: count &- hi, alpha: alpha, opaque: opaque,
                    SeparableSource(r0: r0, r1: r1, x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, wy: t.weight))
            }
        case .rows:
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let w = py * map.m23 + map.m33
            guard w > 0 else { return }
            let iw = 1 / w
            let t = BilinearSampler.tap((py * map.m22 + map.m32) * iw - 0.5, size: s.height)
            let du = map.m11 * iw
            guard abs(du) < 1e4 else {
                SpanKernels.image(
                    dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                    x: x, y: y, sampler: s, inverse: map, alpha: alpha)
                return
            }
            let u0 = (px * map.m11 + py * map.m21 + map.m31) * iw - 0.5
            // u in 32.32 fixed point, clamped to the span's ends first so it cannot overflow.
            let source = RowSource(
                r0: s.pixels + t.i0 &* s.stride, r1: s.pixels + t.i1 &* s.stride, wy: t.weight,
                u0: Int64((min(max(u0, -1e9), 1e9) * 4_294_967_296).rounded()),
                du: Int64((du * 4_294_967_296).rounded()), width: s.width)
            ContentsSampling.run(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                alpha: alpha, opaque: opaque, source)
        case .columns:
            let k = x &- tableX0
            let source = ColumnSource(
                pixels: s.pixels, stride: s.stride, height: s.height, row: Int64(y),
                x0: tables.x0 + k, x1: tables.x1 + k, wx: tables.wx + k, a: tables.a + k, b: tables.b + k)
            ContentsSampling.run(
                dst, coverage: coverage, constantCoverage: constantCoverage, clip: clip, count: count,
                alpha: alpha, opaque: opaque, source)
        }
    }

    /// `dst = src·m + dst·(255 − m)` per channel for an opaque source, each product rounded as
    /// `PixelMath.mul` and the sum saturated: exactly `PixelMath.over(PixelMath.scale(src, m), dst)`
    /// for opaque `src`, written as a byte loop that LLVM vectorises with 16-bit multiplies.
    @inline(__always)
    static func fade(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, alpha m: UInt32) {
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let s = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        let a = UInt16(truncatingIfNeeded: m), ia = 255 &- a
        let n = count &* 4
        var j = 0
        while j < n {
            let t = UInt16(s[j]) &* a &+ 128, u = UInt16(d[j]) &* ia &+ 128
            let sum = ((t &+ (t &>> 8)) &>> 8) &+ ((u &+ (u &>> 8)) &>> 8)
            d[j] = UInt8(truncatingIfNeeded: min(sum, 255))
            j &+= 1
        }
    }

    /// `BilinearSampler.blend` of the 2x2 neighbourhoods (a[i], a[i + 1], b[i], b[i + 1]) with
    /// one pair of weights for the whole run, written to `dst`: a copy when both weights are 0,
    /// one streaming two-tap lerp when one is 0, the 4-pixel SIMD blend otherwise.
    @inline(__always)
    static func twoByTwo(
        _ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
        count: Int, wx: UInt32, wy: UInt32
    ) {
        if wy == 0 {
            if wx == 0 { dst.update(from: a, count: count) } else { lerp(dst, a, a + 1, count: count, weight: wx) }
        } else if wx == 0 {
            lerp(dst, a, b, count: count, weight: wy)
        } else {
            let raw = UnsafeMutableRawPointer(dst), ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
            let vx = SIMD4<UInt32>(repeating: wx), vy = SIMD4<UInt32>(repeating: wy)
            var i = 0
            while i &+ 4 <= count {
                let o = i &* 4
                let p = BilinearSampler.blend4(
                    ra.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self),
                    ra.loadUnaligned(fromByteOffset: o &+ 4, as: SIMD4<UInt32>.self),
                    rb.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self),
                    rb.loadUnaligned(fromByteOffset: o &+ 4, as: SIMD4<UInt32>.self), wx: vx, wy: vy)
                raw.storeBytes(of: p, toByteOffset: o, as: SIMD4<UInt32>.self)
                i &+= 4
            }
            while i < count {
                dst[i] = BilinearSampler.blend(a[i], a[i &+ 1], b[i], b[i &+ 1], wx: wx, wy: wy)
                i &+= 1
            }
        }
    }

    /// `(a·(256 − w) + b·w + 128) >> 8` per channel, w in 0...256: `BilinearSampler.blend` when
    /// the other axis's weight is 0 (then blend's (t·256 + 2¹⁵) >> 16 is (t + 128) >> 8), as a
    /// byte loop LLVM vectorises with 16-bit lanes (at most 255·256 + 128).
    @inline(__always)
    static func lerp(
        _ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
        count: Int, weight: UInt32
    ) {
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let pa = UnsafeRawPointer(a).assumingMemoryBound(to: UInt8.self), pb = UnsafeRawPointer(b).assumingMemoryBound(to: UInt8.self)
        let wb = UInt16(truncatingIfNeeded: weight), wa = 256 &- wb
        let n = count &* 4
        var j = 0
        while j < n {
            d[j] = UInt8(truncatingIfNeeded: (UInt16(pa[j]) &* wa &+ UInt16(pb[j]) &* wb &+ 128) &>> 8)
            j &+= 1
        }
    }

    /// `fade` reading the destination's old value from `under` instead (a deferred opaque copy
    /// fused with the blend over it): `dst = src·m + under·(255 − m)`, the same rounding.
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
        count: Int, alpha m: UInt32
    ) {
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let s = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
        let u = UnsafeRawPointer(under).assumingMemoryBound(to: UInt8.self)
        let a = UInt16(truncatingIfNeeded: m), ia = 255 &- a
        let n = count &* 4
        var j = 0
        while j < n {
            let t = UInt16(s[j]) &* a &+ 128, v = UInt16(u[j]) &* ia &+ 128
            let sum = ((t &+ (t &>> 8)) &>> 8) &+ ((v &+ (v &>> 8)) &>> 8)
            d[j] = UInt8(truncatingIfNeeded: min(sum, 255))
            j &+= 1
        }
    }

    /// Draws the opaque full-coverage runs recorded per row (`runs`, `columns` mode) in column
    /// order, four columns at a time, over tiles of rows: per column the x taps are fixed and
    /// v = A + Y·B steps by B (32.32 fixed point, the same numbers as `ColumnSource`). Where the
    /// four columns read the same two source rows at consecutive columns (most of the picture:
    /// neighbouring columns differ by much less than a row), the 2x2 neighbourhoods are four
    /// contiguous 16-byte loads and one `BilinearSampler.blend4` with per-lane weights, no
    /// gather; elsewhere the taps are gathered. Bit for bit the per-pixel result.
    func drawColumnRuns(_ runs: RowRuns, into plane: PixelPlane) {
        let s = sampler
        let height = s.height, stride = s.stride, pixels = s.pixels, last = height &- 1
        let origin = runs.originY
        let tile = 16
        let x0t = tables.x0, x1t = tables.x1, wxt = tables.wx, at = tables.a, bt = tables.b
        let invalid = SamplingTables.invalid
        let dstStride = plane.stride
        var ty = runs.rows.lowerBound
        let end = runs.rows.upperBound

        /// Columns `xs` of rows ty..<te one pixel at a time, each pixel inside its row's run.
        @inline(__always) func single(_ xs: Range<Int>, _ ty: Int, _ te: Int, _ rowBase: UnsafeMutablePointer<UInt32>) {
            for X in xs {
                let k = X &- tableX0
                let wx = wxt[k]
                guard wx != invalid else { continue }
                let c0 = Int(x0t[k]), c1 = Int(x1t[k]), B = bt[k]
                var v = at[k] &+ Int64(ty) &* B
                var dst = rowBase + X
                var r = ty &- origin
                for _ in ty..<te {
                    if X >= Int(runs.start[r]) && X < Int(runs.end[r]) {
                        let t = BilinearSampler.tap(fixed: v, size: height)
                        let r0 = pixels + t.i0 &* stride, r1 = pixels + t.i1 &* stride
                        dst.pointee = BilinearSampler.blend(r0[c0], r0[c1], r1[c0], r1[c1], wx: wx, wy: t.weight)
                    }
                    v &+= B
                    dst += dstStride
                    r &+= 1
                }
            }
        }

        while ty < end {
            let te = min(ty &+ tile, end)
            // The columns some row of the tile draws, and those every row draws.
            var xmin = Int.max, xmax = Int.min, inLo = Int.min, inHi = Int.max
            for y in ty..<te {
                let r = y &- origin
                let a = Int(runs.start[r]), b = Int(runs.end[r])
                if a < b {
                    xmin = min(xmin, a); xmax = max(xmax, b); inLo = max(inLo, a); inHi = min(inHi, b)
                } else {
                    inLo = Int.max; inHi = Int.min
                }
            }
            if xmin < xmax {
                let rowBase = plane.base + (ty &- plane.originY) &* dstStride
                if inLo >= inHi { inLo = xmin; inHi = xmin }
                single(xmin..<inLo, ty, te, rowBase)
                var X = inLo
                var sink: UInt32 = 0
                while X &+ 4 <= inHi {
                    let k = X &- tableX0
                    if (X &- inLo) & 15 == 0 {
                        // Load one pixel of each cache line the next 16 columns read and write,
                        // back to back, so their misses overlap (Swift has no prefetch): the
                        // column walk is otherwise bound by one miss after another.
                        let g0 = X == inLo ? X : X &+ 16, g1 = min(g0 &+ 16, inHi) &- 1
                        if g0 <= g1 {
                            for c in Swift.stride(from: g0, through: g1, by: max(g1 &- g0, 1)) where wxt[c &- tableX0] != invalid {
                                let kc = c &- tableX0, B = bt[kc], A = at[kc]
                                let lo = max(Int(truncatingIfNeeded: (A &+ Int64(ty) &* B) &>> 32), 0)
                                let hi = min(Int(truncatingIfNeeded: (A &+ Int64(te) &* B) &>> 32) &+ 1, last)
                                let col = pixels + Int(x0t[kc])
                                var j = min(lo, hi), j1 = max(lo, hi)
                                while j <= j1 { sink ^= col[j &* stride]; j &+= 1 }
                            }
                            var d = rowBase + g0
                            for _ in ty..<te { sink ^= d[0] ^ d[g1 &- g0]; d += dstStride }
                        }
                    }
                    let wx = SIMD4<UInt32>(wxt[k], wxt[k &+ 1], wxt[k &+ 2], wxt[k &+ 3])
                    if wx[0] == invalid || wx[1] == invalid || wx[2] == invalid || wx[3] == invalid {
                        single(X..<(X &+ 4), ty, te, rowBase)
                        X &+= 4
                        continue
                    }
                    let c0 = Int(x0t[k]), c1 = Int(x0t[k &+ 1]), c2 = Int(x0t[k &+ 2]), c3 = Int(x0t[k &+ 3])
                    let d0 = Int(x1t[k]), d1 = Int(x1t[k &+ 1]), d2 = Int(x1t[k &+ 2]), d3 = Int(x1t[k &+ 3])
                    let contiguous =
                        c1 == c0 &+ 1 && c2 == c0 &+ 2 && c3 == c0 &+ 3 && d0 == c0 &+ 1 && d1 == c1 &+ 1
                        && d2 == c2 &+ 1 && d3 == c3 &+ 1
                    let B0 = bt[k], B1 = bt[k &+ 1], B2 = bt[k &+ 2], B3 = bt[k &+ 3]
                    let Y0 = Int64(ty)
                    var v0 = at[k] &+ Y0 &* B0, v1 = at[k &+ 1] &+ Y0 &* B1
                    var v2 = at[k &+ 2] &+ Y0 &* B2, v3 = at[k &+ 3] &+ Y0 &* B3
                    var dst = UnsafeMutableRawPointer(rowBase + X)
                    for _ in ty..<te {
                        @inline(__always) func weight(_ v: Int64) -> UInt32 {
                            UInt32(truncatingIfNeeded: ((v & 0xffff_ffff) &+ (1 &<< 23)) &>> 24)
                        }
                        let i0 = Int(truncatingIfNeeded: v0 &>> 32), i1 = Int(truncatingIfNeeded: v1 &>> 32)
                        let i2 = Int(truncatingIfNeeded: v2 &>> 32), i3 = Int(truncatingIfNeeded: v3 &>> 32)
                        let wy = SIMD4<UInt32>(weight(v0), weight(v1), weight(v2), weight(v3))
                        let p: SIMD4<UInt32>
                        if contiguous && i0 == i1 && i0 == i2 && i0 == i3 && i0 >= 0 && i0 < last {
                            let r0 = UnsafeRawPointer(pixels + (i0 &* stride &+ c0)), r1 = r0 + stride &* 4
                            p = BilinearSampler.blend4(
                                r0.loadUnaligned(as: SIMD4<UInt32>.self),
                                r0.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
                                r1.loadUnaligned(as: SIMD4<UInt32>.self),
                                r1.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self), wx: wx, wy: wy)
                        } else {
                            @inline(__always) func rows(_ i: Int) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>) {
                                (pixels + min(max(i, 0), last) &* stride, pixels + min(max(i &+ 1, 0), last) &* stride)
                            }
                            let (s0, e0) = rows(i0), (s1, e1) = rows(i1), (s2, e2) = rows(i2), (s3, e3) = rows(i3)
                            p = BilinearSampler.blend4(
                                SIMD4(s0[c0], s1[c1], s2[c2], s3[c3]), SIMD4(s0[d0], s1[d1], s2[d2], s3[d3]),
                                SIMD4(e0[c0], e1[c1], e2[c2], e3[c3]), SIMD4(e0[d0], e1[d1], e2[d2], e3[d3]),
                                wx: wx, wy: wy)
                        }
                        dst.storeBytes(of: p, as: SIMD4<UInt32>.self)
                        v0 &+= B0; v1 &+= B1; v2 &+= B2; v3 &+= B3
                        dst += dstStride &* 4
                    }
                    X &+= 4
                }
                runs.sink ^= sink
                single(X..<xmax, ty, te, rowBase)
            }
            for y in ty..<te {
                let r = y &- origin
                runs.start[r] = 0; runs.end[r] = 0
            }
            ty = te
        }
    }

    /// The blend loop shared by the fast modes, specialised per source. Constant coverage and
    /// no clip (a shape's interior) is one fused pass: a store for opaque samples at full
    /// strength, `s·m + d·(255 − m)` for opaque samples at strength m.
    @inline(__always)
    static func run<S: SpanSource>(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, alpha: UInt32, opaque: Bool, _ source: S
    ) {
        if coverage == nil && clip == nil {
            let m = alpha == 255 ? constantCoverage : PixelMath.mul(constantCoverage, alpha)
            guard m != 0 else { return }
            var i = 0
            if m == 255 && opaque {
                if source.batched {
                    // Four pixels per step where all four are defined (the usual interior run).
                    let raw = UnsafeMutableRawPointer(dst)
                    while i &+ 4 <= count {
                        if source.covers4(i) {
                            raw.storeBytes(of: source.pixels4(i), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        } else {
                            for k in i..<(i &+ 4) where source.covers(k) { dst[k] = source.pixel(k) }
                        }
                        i &+= 4
                    }
                }
                while i < count {
                    if source.covers(i) { dst[i] = source.pixel(i) }
                    i &+= 1
                }
            } else if m == 255 {
                while i < count {
                    if source.covers(i) { dst[i] = PixelMath.over(source.pixel(i), dst[i]) }
                    i &+= 1
                }
            } else if opaque {
                let ia = 255 &- m
                while i < count {
                    if source.covers(i) {
                        dst[i] = PixelMath.addSaturating(PixelMath.scale(source.pixel(i), m), PixelMath.scale(dst[i], ia))
                    }
                    i &+= 1
                }
            } else {
                while i < count {
                    if source.covers(i) { dst[i] = PixelMath.over(PixelMath.scale(source.pixel(i), m), dst[i]) }
                    i &+= 1
                }
            }
            return
        }
        var i = 0
        while i < count {
            var m = coverage.map { UInt32($0[i]) } ?? constantCoverage
            if let clip { m = PixelMath.mul(m, UInt32(clip[i])) }
            if alpha != 255 { m = PixelMath.mul(m, alpha) }
            if m != 0 && source.covers(i) {
                var p = source.pixel(i)
                if m != 255 { p = PixelMath.scale(p, m) }
                dst[i] = PixelMath.over(p, dst[i])
            }
            i &+= 1
        }
    }
}

/// Samples for consecutive device pixels 0..<count of a span.
protocol SpanSource {
    /// False where the map is undefined (behind the eye): the pixel is left alone.
    func covers(_ i: Int) -> Bool
    func pixel(_ i: Int) -> UInt32
    /// Whether `pixels4` is worth calling (bilinear sources: `BilinearSampler.blend4`).
    var batched: Bool { get }
    func covers4(_ i: Int) -> Bool
    /// `pixel(i)...pixel(i + 3)`.
    func pixels4(_ i: Int) -> SIMD4<UInt32>
}

extension SpanSource {
    @inline(__always) func covers(_ i: Int) -> Bool { true }
    @inline(__always) func covers4(_ i: Int) -> Bool { true }
    var batched: Bool { false }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        SIMD4(pixel(i), pixel(i &+ 1), pixel(i &+ 2), pixel(i &+ 3))
    }
}

struct ConstantSource: SpanSource {
    let value: UInt32
    @inline(__always) func pixel(_ i: Int) -> UInt32 { value }
}

struct PointerSource: SpanSource {
    let base: UnsafePointer<UInt32>
    @inline(__always) func pixel(_ i: Int) -> UInt32 { base[i] }
}

struct SeparableSource: SpanSource {
    let r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>
    let x0: UnsafeMutablePointer<Int32>, x1: UnsafeMutablePointer<Int32>, wx: UnsafeMutablePointer<UInt32>
    let wy: UInt32
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let a = Int(x0[i]), b = Int(x1[i])
        return BilinearSampler.blend(r0[a], r0[b], r1[a], r1[b], wx: wx[i], wy: wy)
    }
    var batched: Bool { true }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        let a0 = Int(x0[i]), a1 = Int(x0[i &+ 1]), a2 = Int(x0[i &+ 2]), a3 = Int(x0[i &+ 3])
        let b0 = Int(x1[i]), b1 = Int(x1[i &+ 1]), b2 = Int(x1[i &+ 2]), b3 = Int(x1[i &+ 3])
        if a1 == a0 &+ 1 && a2 == a0 &+ 2 && a3 == a0 &+ 3 && b0 == a0 &+ 1 && b3 == a3 &+ 1 {
            // Four consecutive image columns (and their right neighbours): contiguous loads.
            let p = UnsafeRawPointer(r0 + a0), q = UnsafeRawPointer(r1 + a0)
            return BilinearSampler.blend4(
                p.loadUnaligned(as: SIMD4<UInt32>.self), p.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
                q.loadUnaligned(as: SIMD4<UInt32>.self), q.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
                wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(repeating: wy))
        }
        return BilinearSampler.blend4(
            SIMD4(r0[a0], r0[a1], r0[a2], r0[a3]), SIMD4(r0[b0], r0[b1], r0[b2], r0[b3]),
            SIMD4(r1[a0], r1[a1], r1[a2], r1[a3]), SIMD4(r1[b0], r1[b1], r1[b2], r1[b3]),
            wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(repeating: wy))
    }
}

struct RowSource: SpanSource {
    let r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>
    let wy: UInt32
    /// u at pixel 0 and its step, 32.32 fixed point.
    let u0: Int64, du: Int64
    let width: Int
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let t = BilinearSampler.tap(fixed: u0 &+ Int64(i) &* du, size: width)
        return BilinearSampler.blend(r0[t.i0], r0[t.i1], r1[t.i0], r1[t.i1], wx: t.weight, wy: wy)
    }
    var batched: Bool { true }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        let u = u0 &+ Int64(i) &* du
        let t0 = BilinearSampler.tap(fixed: u, size: width), t1 = BilinearSampler.tap(fixed: u &+ du, size: width)
        let t2 = BilinearSampler.tap(fixed: u &+ 2 &* du, size: width), t3 = BilinearSampler.tap(fixed: u &+ 3 &* du, size: width)
        return BilinearSampler.blend4(
            SIMD4(r0[t0.i0], r0[t1.i0], r0[t2.i0], r0[t3.i0]), SIMD4(r0[t0.i1], r0[t1.i1], r0[t2.i1], r0[t3.i1]),
            SIMD4(r1[t0.i0], r1[t1.i0], r1[t2.i0], r1[t3.i0]), SIMD4(r1[t0.i1], r1[t1.i1], r1[t2.i1], r1[t3.i1]),
            wx: SIMD4(t0.weight, t1.weight, t2.weight, t3.weight), wy: SIMD4(repeating: wy))
    }
}

struct ColumnSource: SpanSource {
    let pixels: UnsafePointer<UInt32>
    let stride: Int, height: Int
    let row: Int64
    let x0: UnsafeMutablePointer<Int32>, x1: UnsafeMutablePointer<Int32>, wx: UnsafeMutablePointer<UInt32>
    let a: UnsafeMutablePointer<Int64>, b: UnsafeMutablePointer<Int64>
    @inline(__always) func covers(_ i: Int) -> Bool { wx[i] != SamplingTables.invalid }
    @inline(__always) func pixel(_ i: Int) -> UInt32 {
        let t = BilinearSampler.tap(fixed: a[i] &+ row &* b[i], size: height)
        let r0 = pixels + t.i0 &* stride, r1 = pixels + t.i1 &* stride
        let c0 = Int(x0[i]), c1 = Int(x1[i])
        return BilinearSampler.blend(r0[c0], r0[c1], r1[c0], r1[c1], wx: wx[i], wy: t.weight)
    }
    var batched: Bool { true }
    @inline(__always) func covers4(_ i: Int) -> Bool {
        (wx[i] | wx[i &+ 1] | wx[i &+ 2] | wx[i &+ 3]) & 0x8000_0000 == 0
    }
    @inline(__always) func pixels4(_ i: Int) -> SIMD4<UInt32> {
        @inline(__always) func rows(_ k: Int) -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UInt32) {
            let t = BilinearSampler.tap(fixed: a[k] &+ row &* b[k], size: height)
            return (pixels + t.i0 &* stride, pixels + t.i1 &* stride, t.weight)
        }
        let (s0, e0, w0) = rows(i), (s1, e1, w1) = rows(i &+ 1), (s2, e2, w2) = rows(i &+ 2), (s3, e3, w3) = rows(i &+ 3)
        let a0 = Int(x0[i]), a1 = Int(x0[i &+ 1]), a2 = Int(x0[i &+ 2]), a3 = Int(x0[i &+ 3])
        let b0 = Int(x1[i]), b1 = Int(x1[i &+ 1]), b2 = Int(x1[i &+ 2]), b3 = Int(x1[i &+ 3])
        if s0 == s1 && s0 == s2 && s0 == s3 && e0 == e1 && e0 == e2 && e0 == e3
            && a1 == a0 &+ 1 && a2 == a0 &+ 2 && a3 == a0 &+ 3 && b0 == a0 &+ 1 && b3 == a3 &+ 1
        {
            // The four columns read the same two rows at consecutive columns: contiguous loads.
            let p = UnsafeRawPointer(s0 + a0), q = UnsafeRawPointer(e0 + a0)
            return BilinearSampler.blend4(
                p.loadUnaligned(as: SIMD4<UInt32>.self), p.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
                q.loadUnaligned(as: SIMD4<UInt32>.self), q.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
                wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(w0, w1, w2, w3))
        }
        return BilinearSampler.blend4(
            SIMD4(s0[a0], s1[a1], s2[a2], s3[a3]), SIMD4(s0[b0], s1[b1], s2[b2], s3[b3]),
            SIMD4(e0[a0], e1[a1], e2[a2], e3[a3]), SIMD4(e0[b0], e1[b1], e2[b2], e3[b3]),
            wx: SIMD4(wx[i], wx[i &+ 1], wx[i &+ 2], wx[i &+ 3]), wy: SIMD4(w0, w1, w2, w3))
    }
}

/// Per-column tables for one layer at a time, kept by a band renderer and reused across layers
/// and frames (grown, never shrunk).
final class SamplingTables {
    static let invalid = UInt32.max
    private(set) var capacity = 0
    private(set) var x0 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var x1 = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var wx = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var a = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    private(set) var b = UnsafeMutablePointer<Int64>.allocate(capacity: 1)

    /// Deferred 1:1 copies of the band (fused with a fade drawn over them).
    let pending = PendingCopies()
    /// Solid runs recorded for column-order drawing.
    let runs = RowRuns()
    /// A scratch row of `rowCapacity` pixels (samples before a blend).
    let rowCapacity = 1024
    let row: UnsafeMutablePointer<UInt32>

    init() {
        row = .allocate(capacity: rowCapacity)
    }

    func reserve(_ n: Int) {
        guard n > capacity else { return }
        free()
        x0 = .allocate(capacity: n); x1 = .allocate(capacity: n); wx = .allocate(capacity: n)
        a = .allocate(capacity: n); b = .allocate(capacity: n)
        capacity = n
    }

    private func free() {
        x0.deallocate(); x1.deallocate(); wx.deallocate(); a.deallocate(); b.deallocate()
    }

    deinit { free(); row.deallocate() }
}

/// One recorded run of device columns `start..<end` per row of a band (empty when equal), for
/// work done after the rasteriser in another order (`ContentsSampling.drawColumnRuns`).
/// Reused across layers and frames; every run is cleared once drawn.
final class RowRuns {
    private(set) var originY = 0
    private(set) var capacity = 0
    private(set) var start = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var end = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Rows holding a run: `rows.lowerBound ..< rows.upperBound` (a bound, not exact).
    var rows: Range<Int> = 0..<0
    /// Where touch-ahead loads put their values, so they are not optimised away.
    var sink: UInt32 = 0

    /// Retargets to the band's rows (all runs empty).
    func prepare(band: PixelRect) {
        let n = max(band.height, 1)
        if n > capacity {
            start.deallocate(); end.deallocate()
            start = .allocate(capacity: n); end = .allocate(capacity: n)
            capacity = n
        }
        start.initialize(repeating: 0, count: n)
        end.initialize(repeating: 0, count: n)
        originY = band.y0
        rows = band.y0..<band.y0
    }

    /// Records `x..<x + count` for row `y` unless the row has one already (then false).
    @inline(__always)
    func record(y: Int, x: Int, count: Int) -> Bool {
        let r = y &- originY
        guard start[r] == end[r] else { return false }
        start[r] = Int32(truncatingIfNeeded: x); end[r] = Int32(truncatingIfNeeded: x &+ count)
        rows = rows.isEmpty ? y..<(y &+ 1) : min(rows.lowerBound, y)..<max(rows.upperBound, y &+ 1)
        return true
    }

    deinit { start.deallocate(); end.deallocate() }
}

/// Opaque 1:1 row copies (`ContentsSampling` translation mode at full strength) not yet done,
/// at most one per band row: a constant-alpha layer drawn over one next (a cross-fade) blends
/// both sources in one pass (`fade(y:...)`), writing each pixel once. Every other drawing
/// flushes them first (`flushRow`, `flush(y:dst:count:)` for the pixels it touches, `flushAll`), so the picture is unchanged. The source
/// pointers stay valid for the render: the layer tree being drawn keeps its bitmaps alive.
final class PendingCopies {
    private(set) var originY = 0
    private(set) var capacity = 0
    private var dst = UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>.allocate(capacity: 1)
    private var src = UnsafeMutablePointer<UnsafePointer<UInt32>?>.allocate(capacity: 1)
    private var count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// Rows that may hold a copy (a bound).
    private var lo = 0, hi = 0

    /// Retargets to the band's rows, none pending.
    func prepare(band: PixelRect) {
        let n = max(band.height, 1)
        if n > capacity {
            dst.deallocate(); src.deallocate(); count.deallocate()
            dst = .allocate(capacity: n); src = .allocate(capacity: n); count = .allocate(capacity: n)
            capacity = n
        }
        count.initialize(repeating: 0, count: n)
        originY = band.y0
        lo = 0; hi = 0
    }

    /// Defers copying `count` pixels from `src` to `dst` in row `y` (after any copy there).
    /// Of a copy already deferred in the row only the pixels outside the new one are written
    /// (the new copy replaces the rest), so an opaque 1:1 layer over another one (the radial
    /// reveal's interior) writes each pixel once.
    @inline(__always)
    func record(y: Int, dst d: UnsafeMutablePointer<UInt32>, src s: UnsafePointer<UInt32>, count n: Int) {
        let r = y &- originY
        let pc = count[r]
        if pc > 0 {
            let pd = dst[r]!, ps = src[r]!
            let a = max(pd, d), b = min(pd + pc, d + n)
            if a < b {
                if pd < a { pd.update(from: ps, count: a - pd) }
                if b < pd + pc { b.update(from: ps + (b - pd), count: pd + pc - b) }
            } else {
                pd.update(from: ps, count: pc)
            }
        }
        dst[r] = d; src[r] = s; count[r] = n
        if lo == hi { lo = r; hi = r &+ 1 } else { lo = min(lo, r); hi = max(hi, r &+ 1) }
    }

    /// Does row `y`'s deferred copy now.
    @inline(__always)
    func flushRow(_ y: Int) {
        guard lo < hi else { return }
        let r = y &- originY
        let n = count[r]
        if n > 0 { dst[r]!.update(from: src[r]!, count: n); count[r] = 0 }
    }

    /// Does row `y`'s deferred copy now where it meets `dst..<dst + count` (and to the left of
    /// it); the part to the right stays deferred. Drawing into that range may then read it.
    @inline(__always)
    func flush(y: Int, dst d: UnsafeMutablePointer<UInt32>, count n: Int) {
        guard lo < hi else { return }
        let r = y &- originY
        let pc = count[r]
        guard pc > 0 else { return }
        let pd = dst[r]!, ps = src[r]!
        let a = max(pd, d), b = min(pd + pc, d + n)
        guard a < b else { return }
        pd.update(from: ps, count: b - pd)
        if b < pd + pc {
            dst[r] = b; src[r] = ps + (b - pd); count[r] = pd + pc - b
        } else {
            count[r] = 0
        }
    }

    /// Does every deferred copy now.
    func flushAll() {
        guard lo < hi else { return }
        for r in lo..<hi where count[r] > 0 {
            dst[r]!.update(from: src[r]!, count: count[r])
            count[r] = 0
        }
        lo = 0; hi = 0
    }

    /// `ContentsSampling.fade(d, source: s, count: n, alpha: m)` as if row `y`'s deferred copy
    /// had been done first: where they overlap, one fused pass over both sources.
    @inline(__always)
    func fade(y: Int, dst d: UnsafeMutablePointer<UInt32>, src s: UnsafePointer<UInt32>, count n: Int, alpha m: UInt32) {
        let r = y &- originY
        let pc = lo < hi ? count[r] : 0
        guard pc > 0 else {
            ContentsSampling.fade(d, source: s, count: n, alpha: m)
            return
        }
        let pd = dst[r]!, ps = src[r]!
        count[r] = 0
        let a = max(pd, d), b = min(pd + pc, d + n)
        guard a < b else {
            pd.update(from: ps, count: pc)
            ContentsSampling.fade(d, source: s, count: n, alpha: m)
            return
        }
        if pd < a { pd.update(from: ps, count: a - pd) }
        if b < pd + pc { b.update(from: ps + (b - pd), count: pd + pc - b) }
        if d < a { ContentsSampling.fade(d, source: s, count: a - d, alpha: m) }
        if b < d + n { ContentsSampling.fade(b, source: s + (b - d), count: d + n - b, alpha: m) }
        ContentsSampling.fade(a, source: s + (a - d), under: ps + (a - pd), count: b - a, alpha: m)
    }

    deinit { dst.deallocate(); src.deallocate(); count.deallocate() }
}
