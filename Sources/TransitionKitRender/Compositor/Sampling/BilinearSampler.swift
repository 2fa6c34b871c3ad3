/// Premultiplied bilinear sampling of an RGBA8 image with edge clamping.
///
/// For a sample point (u, v) in image pixels with pixel centres at integers (the caller
/// subtracts ½), the result is (1−fy)·((1−fx)·p00 + fx·p10) + fy·((1−fx)·p01 + fx·p11) with
/// x0 = ⌊u⌋, fx = u − x0 (likewise y), indices clamped to the image (OpenGL's `GL_LINEAR` with
/// `CLAMP_TO_EDGE`, OpenGL 4.6 spec §8.14.2). Weights are quantised to 1/256 and the result
/// rounded to nearest.
///
/// `tap` and `blend` are the two halves of `sample`; the fast paths (`ContentsSampling`) call
/// them with precomputed taps, so every path rounds identically.
struct BilinearSampler {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let stride: Int

    /// The two clamped indices around coordinate `u` (pixel centres at integers) in an axis of
    /// `size` pixels, and the weight of the second, 0...256.
    @inline(__always)
    static func tap(_ u: Double, size: Int) -> (i0: Int, i1: Int, weight: UInt32) {
        // Clamp first so the integer conversions cannot overflow; +1 makes truncation a floor.
        let uc = min(max(u, -1), Double(size)) + 1
        let xi = Int(uc)
        let w = UInt32(truncatingIfNeeded: Int((uc - Double(xi)) * 256 + 0.5))
        return (min(max(xi &- 1, 0), size &- 1), min(xi, size &- 1), w)
    }

    /// ((p00·(256−wx) + p10·wx)·(256−wy) + (p01·(256−wx) + p11·wx)·wy + 2¹⁵) >> 16 per channel.
    /// The x lerp runs two channels per 32-bit multiply (16-bit lanes, at most 255·256), the y
    /// lerp (`lerpY`) two per 64-bit multiply (32-bit lanes, below 2²⁴).
    @inline(__always)
    static func blend(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, wx: UInt32, wy: UInt32) -> UInt32 {
        let ix = 256 &- wx
        let m: UInt32 = 0x00ff_00ff
        let topRB = (p00 & m) &* ix &+ (p10 & m) &* wx, topAG = (p00 &>> 8 & m) &* ix &+ (p10 &>> 8 & m) &* wx
        let botRB = (p01 & m) &* ix &+ (p11 & m) &* wx, botAG = (p01 &>> 8 & m) &* ix &+ (p11 &>> 8 & m) &* wx
        return lerpY(topRB, topAG, botRB, botAG, wy: wy)
    }

    /// The y half of `blend`: the x lerps of the top and bottom rows as two 16-bit lanes each
    /// (rb = r | b << 16, ag = g | a << 16, each lane p0·(256 − wx) + p1·wx), combined with
    /// weight `wy` and rounded: (top·(256 − wy) + bottom·wy + 2¹⁵) >> 16 per lane.
    @inline(__always)
    static func lerpY(_ topRB: UInt32, _ topAG: UInt32, _ botRB: UInt32, _ botAG: UInt32, wy: UInt32) -> UInt32 {
        @inline(__always) func spread(_ t: UInt32) -> UInt64 {
            let q = UInt64(t)
            return (q | q &<< 16) & 0x0000_ffff_0000_ffff
        }
        let ay = UInt64(256 &- wy), by = UInt64(wy)
        let round: UInt64 = 0x0000_8000_0000_8000
        let rb = (spread(topRB) &* ay &+ spread(botRB) &* by &+ round) &>> 16
        let ag = (spread(topAG) &* ay &+ spread(botAG) &* by &+ round) &>> 16
        // Lane 0 now holds its channel in bits 0...7, lane 1 in bits 32...39.
        let r = UInt32(truncatingIfNeeded: rb) & 0xff, b = UInt32(truncatingIfNeeded: rb &>> 32) & 0xff
        let g = UInt32(truncatingIfNeeded: ag) & 0xff, a = UInt32(truncatingIfNeeded: ag &>> 32) & 0xff
        return r | g &<< 8 | b &<< 16 | a &<< 24
    }

    /// `blend` for four pixels at once in 16-bit lanes (SSE2 `pmullw`), bit for bit the same:
    /// with top = c00·(256−wx) + c10·wx and bottom likewise (each at most 255·256), split
    /// top = 256·th + tl; then H = th·(256−wy) + bh·wy and L = tl·(256−wy) + bl·wy both fit 16
    /// bits, top·(256−wy) + bottom·wy = 256·H + L, and ⌊(256·H + L + 2¹⁵) / 2¹⁶⌋ =
    /// (H + (L >> 8) + 128) >> 8, whose sum stays at most 65408.
    @inline(__always)
    static func blend4(
        _ p00: SIMD4<UInt32>, _ p10: SIMD4<UInt32>, _ p01: SIMD4<UInt32>, _ p11: SIMD4<UInt32>,
        wx: SIMD4<UInt32>, wy: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        typealias V = SIMD8<UInt16>
        // Each pixel's 32 bits are two 16-bit lanes: (r | g << 8, b | a << 8).
        let bx = unsafeBitCast(wx | wx &<< 16, to: V.self), ax = V(repeating: 256) &- bx
        let by = unsafeBitCast(wy | wy &<< 16, to: V.self), ay = V(repeating: 256) &- by
        let mask = V(repeating: 0xff)
        @inline(__always) func lerp(_ c00: V, _ c10: V, _ c01: V, _ c11: V) -> V {
            let top = c00 &* ax &+ c10 &* bx, bottom = c01 &* ax &+ c11 &* bx
            let h = (top &>> 8) &* ay &+ (bottom &>> 8) &* by
            let l = (top & mask) &* ay &+ (bottom & mask) &* by
            return (h &+ (l &>> 8) &+ 128) &>> 8
        }
        let q00 = unsafeBitCast(p00, to: V.self), q10 = unsafeBitCast(p10, to: V.self)
        let q01 = unsafeBitCast(p01, to: V.self), q11 = unsafeBitCast(p11, to: V.self)
        let rb = lerp(q00 & mask, q10 & mask, q01 & mask, q11 & mask)
        let ga = lerp(q00 &>> 8, q10 &>> 8, q01 &>> 8, q11 &>> 8)
        return unsafeBitCast(rb | ga &<< 8, to: SIMD4<UInt32>.self)
    }

    /// `blend4` of four consecutive columns' 2x2 neighbourhoods lying in memory as they do in
    /// the image: pixels 0...4 of the top row from `top` and of the bottom row from `bottom`,
    /// four contiguous 16-byte loads instead of a gather.
    @inline(__always)
    static func blend4(
        contiguous top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, wx: SIMD4<UInt32>, wy: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        blend4(
            top.loadUnaligned(as: SIMD4<UInt32>.self), top.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
            bottom.loadUnaligned(as: SIMD4<UInt32>.self), bottom.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self),
            wx: wx, wy: wy)
    }

    /// `blend4` of four columns reading image columns c + j + o_j and their right neighbours,
    /// o_j in {0, 1} (lane j of `mask` all ones when o_j = 1; a downscale's skipped column),
    /// from the rows at `top` and `bottom` (pixel c): three 16-byte loads a row (columns
    /// c...c + 5) and a per-lane select instead of a gather.
    @inline(__always)
    static func blend4(
        steps top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, mask: SIMD4<UInt32>, wx: SIMD4<UInt32>, wy: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        let t0 = top.loadUnaligned(as: SIMD4<UInt32>.self), t1 = top.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self)
        let t2 = top.loadUnaligned(fromByteOffset: 8, as: SIMD4<UInt32>.self)
        let b0 = bottom.loadUnaligned(as: SIMD4<UInt32>.self), b1 = bottom.loadUnaligned(fromByteOffset: 4, as: SIMD4<UInt32>.self)
        let b2 = bottom.loadUnaligned(fromByteOffset: 8, as: SIMD4<UInt32>.self)
        @inline(__always) func pick(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> { LerpKernels.select(a, b, mask: mask) }
        return blend4(pick(t0, t1), pick(t1, t2), pick(b0, b1), pick(b1, b2), wx: wx, wy: wy)
    }

    /// `blend4` of four 2x2 neighbourhoods anywhere in the image, each as two horizontal pairs:
    /// lane j's top pair (p00, p10) at `t0`...`t3`, its bottom pair `down` bytes further (0 when
    /// both taps are the same row). Eight 8-byte loads and four shuffles instead of a gather.
    @inline(__always)
    static func blend4(
        pairs t0: UnsafeRawPointer, _ t1: UnsafeRawPointer, _ t2: UnsafeRawPointer, _ t3: UnsafeRawPointer, down: Int,
        wx: SIMD4<UInt32>, wy: SIMD4<UInt32>
    ) -> SIMD4<UInt32> {
        @inline(__always) func two(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> SIMD4<UInt32> {
            unsafeBitCast(SIMD2<UInt64>(a.loadUnaligned(as: UInt64.self), b.loadUnaligned(as: UInt64.self)), to: SIMD4<UInt32>.self)
        }
        let top01 = two(t0, t1), top23 = two(t2, t3)
        let bottom01 = two(t0 + down, t1 + down), bottom23 = two(t2 + down, t3 + down)
        return blend4(
            SIMD4(lowHalf: top01.evenHalf, highHalf: top23.evenHalf), SIMD4(lowHalf: top01.oddHalf, highHalf: top23.oddHalf),
            SIMD4(lowHalf: bottom01.evenHalf, highHalf: bottom23.evenHalf),
            SIMD4(lowHalf: bottom01.oddHalf, highHalf: bottom23.oddHalf), wx: wx, wy: wy)
    }

    /// `v` in 32.32 fixed point (the per-row and per-column modes' coordinates), rounded.
    @inline(__always)
    static func fixed(_ v: Double) -> Int64 { Int64((v * 4_294_967_296).rounded()) }

    /// The second tap's weight of a 32.32 fixed-point coordinate: its fraction rounded half up
    /// to 1/256.
    @inline(__always)
    static func weight(fixed v: Int64) -> UInt32 { UInt32(truncatingIfNeeded: ((v & 0xffff_ffff) &+ (1 &<< 23)) &>> 24) }

    /// `tap` for a 32.32 fixed-point coordinate: floor, weight rounded half up to 1/256, indices
    /// clamped. Equals `tap` except where the coordinate lies within 2⁻³² of a rounding step.
    @inline(__always)
    static func tap(fixed v: Int64, size: Int) -> (i0: Int, i1: Int, weight: UInt32) {
        let i = Int(truncatingIfNeeded: v &>> 32)
        let w = weight(fixed: v)
        let last = size &- 1
        return (min(max(i, 0), last), min(max(i &+ 1, 0), last), w)
    }

    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> UInt32 {
        let (x0, x1, wx) = BilinearSampler.tap(u, size: width)
        let (y0, y1, wy) = BilinearSampler.tap(v, size: height)
        let r0 = pixels + y0 &* stride, r1 = pixels + y1 &* stride
        let p00 = r0[x0], p10 = r0[x1], p01 = r1[x0], p11 = r1[x1]
        if p00 == p10 && p01 == p11 && p00 == p01 { return p00 }
        return BilinearSampler.blend(p00, p10, p01, p11, wx: wx, wy: wy)
    }
}
