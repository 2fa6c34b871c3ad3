import CPixelKernels

/// The contents fast paths' blend loops (`ContentsSampling`): the loop every mode shares,
/// specialised per span source (`run`), and the whole-row kernels of the 1:1 and sub-pixel
/// slide cases (`twoByTwo`, `lerp`; the cross-fade's `fade` is in FadeKernels.swift). All work on RGBA8 premultiplied pixels with
/// `PixelMath`'s rounding, bit for bit the general path's (`SpanKernels.image`).
enum BlendKernels {
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
            let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
            if m != 0 && source.covers(i) {
                var p = source.pixel(i)
                if m != 255 { p = PixelMath.scale(p, m) }
                dst[i] = PixelMath.over(p, dst[i])
            }
            i &+= 1
        }
    }

    /// `BilinearSampler.blend` of the 2x2 neighbourhoods (a[i], a[i + 1], b[i], b[i + 1]) with
    /// one pair of weights for the whole run, written to `dst`: a copy when both weights are 0,
    /// one streaming two-tap lerp when one is 0, the 4-pixel SIMD blend otherwise. `ahead`:
    /// `RowSamples.ahead`, prefetched by the vertical lerp (wx = 0); `kernels`: the renderer's
    /// table (for `lerp`); `streaming`: `dst` is a row of a band bigger than the cache (passed
    /// to the vertical lerp, `lerp`).
    @inline(__always)
    static func twoByTwo(
        _ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
        count: Int, wx: UInt32, wy: UInt32, ahead: UnsafePointer<UInt32>? = nil, kernels: KernelTable, streaming: Bool = false
    ) {
        if wy == 0 {
            if wx == 0 {
                dst.update(from: a, count: count)
            } else {
                lerp(dst, a, a + 1, count: count, weight: wx, ahead: ahead, kernels: kernels, streaming: streaming)
            }
        } else if wx == 0 {
            lerp(dst, a, b, count: count, weight: wy, ahead: ahead, kernels: kernels, streaming: streaming)
        } else {
            let raw = UnsafeMutableRawPointer(dst), ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
            let vx = SIMD4<UInt32>(repeating: wx), vy = SIMD4<UInt32>(repeating: wy)
            var i = 0
            while i &+ 4 <= count {
                let o = i &* 4
                let p = BilinearSampler.blend4(contiguous: ra + o, rb + o, wx: vx, wy: vy)
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
    /// byte loop LLVM vectorises with 16-bit lanes (at most 255·256 + 128), after the AVX2 form
    /// (C `tk_lerp_avx2`, 8 pixels a step) where `kernels` says AVX2 (looked at once per call). At w = 128 (a half
    /// pixel: a full-screen image centred in a tab bar controller's content area at scale 3) it
    /// is exactly (a + b + 1) >> 1, the rounded average, one SSE2 `pavgb` per 16 bytes.
    /// `ahead`: the row the next call reads at the same pixels, prefetched as the AVX2 form goes
    /// (a hint, never read; the other forms ignore it). `streaming`: `dst` is a row of a band
    /// bigger than the cache; the AVX2 form then streams the row's whole lines
    /// (`RowStores.streams(count:streaming:)`).
    @inline(__always)
    static func lerp(
        _ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
        count: Int, weight: UInt32, ahead: UnsafePointer<UInt32>? = nil, kernels: KernelTable, streaming: Bool = false
    ) {
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let pa = UnsafeRawPointer(a).assumingMemoryBound(to: UInt8.self), pb = UnsafeRawPointer(b).assumingMemoryBound(to: UInt8.self)
        let wb = UInt16(truncatingIfNeeded: weight), wa = 256 &- wb
        let n = count &* 4
        var j = 0
        #if arch(x86_64)
            if weight != 128 && kernels.avx2 {
                j = tk_lerp_avx2(dst, a, b, count, weight, ahead, RowStores.streams(count: count, streaming: streaming) ? 1 : 0) &* 4
                if j > 0 { kernels.tookAVX2() }
            }
        #endif
        if weight == 128 {
            while j < n {
                d[j] = UInt8(truncatingIfNeeded: (UInt16(pa[j]) &+ UInt16(pb[j]) &+ 1) &>> 1)
                j &+= 1
            }
            return
        }
        while j < n {
            d[j] = UInt8(truncatingIfNeeded: (UInt16(pa[j]) &* wa &+ UInt16(pb[j]) &* wb &+ 128) &>> 8)
            j &+= 1
        }
    }

    /// `lerp(dst, a, b, count:weight:)` with the premultiplied colour `color` composited over each
    /// result at full strength (`SpanKernels.tint`): a sliding or 1:1 screen (w = 0, `b` = `a`)
    /// under its dimming layer written in one pass, the frame's pixels never read back. The AVX2
    /// form (C `tk_lerp_tint_avx2`) where `kernels` says AVX2 and `color` is a valid premultiplied
    /// colour; the rest (a tail under 16 pixels, or all of it) as the lerp then the tint in place,
    /// so the bytes are the same either way. `ahead` and `streaming` as in `lerp`; `dst` must not
    /// overlap `a` or `b`.
    /// - Complexity: O(count).
    @inline(__always)
    static func lerp(
        _ dst: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
        count: Int, weight: UInt32, tint color: UInt32, ahead: UnsafePointer<UInt32>? = nil, kernels: KernelTable, streaming: Bool = false
    ) {
        var done = 0
        #if arch(x86_64)
            if kernels.avx2 && SpanKernels.isPremultiplied(color) {
                let stream: Int32 = RowStores.streams(count: count, streaming: streaming) ? 1 : 0
                done = tk_lerp_tint_avx2(dst, a, b, count, weight, color, ahead, stream)
                if done > 0 { kernels.tookAVX2() }
            }
        #endif
        let rest = count &- done
        guard rest > 0 else { return }
        let d = dst + done
        lerp(d, a + done, b + done, count: rest, weight: weight, kernels: .sse2)
        SpanKernels.tint(d, under: UnsafePointer(d), count: rest, color: color)
    }
}
