#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The integer lerps the two-pass bilinear paths share (`SeparableRows`, the separable
/// per-column warp's `BlendedRowWindow` and `drawSeparableRun`), and the per-lane select of a
/// `steps` quad's loads (`SamplingTables.steps`): one place for each rule.
///
/// `BilinearSampler.blend` is, per channel, (t0·(256 − w') + t1·w' + 2¹⁵) >> 16 where t0 and t1
/// are lerps of the other axis, t = c0·(256 − w) + c1·w, at most 255·256 = 65280 (integers, so
/// either axis may go first: the sum regroups exactly). The first pass (`biased`) stores each t
/// as t − 32640 (`bias` = 128·256 − 128), a signed 16-bit lane in −32640...32640. The second
/// pass lerps two such lanes whose weights add up to 256 with one `pmaddwd`:
/// S = Σ (t − 32640)·w = Σ t·w − 32640·256, and as 32640·256 + 2¹⁵ = 128·2¹⁶, the blend's
/// (Σ t·w + 2¹⁵) >> 16 is (S >> 16) + 128 (arithmetic shift). So S >> 16 (`madd`) is the
/// result minus 128, in −128...127: it packs to signed bytes with no saturation, and flipping
/// each byte's top bit adds the 128 back (`pack`). Bit for bit `BilinearSampler.blend`.
///
/// Where the kernel table says AVX2 (`KernelTable.avx2`, chosen once per process and handed
/// to each kernel by its caller), `SeparableRows`' passes and the per-column warp's take the
/// same arithmetic eight pixels a step from the C target `CPixelKernels`, and so do the row
/// blends `BlendKernels.fade` and `BlendKernels.lerp` (their own arithmetic); SSE2 (the x86-64
/// baseline) is the fallback, and the scalar forms are used elsewhere.
enum LerpKernels {
    /// The bias subtracted from a first-pass lerp: 32640 = 128·256 − 128, so that
    /// 32640·256 + 2¹⁵ = 128·2¹⁶.
    static let bias: UInt16 = 32640

    /// The first pass of one channel: c0·(256 − w) + c1·w − `bias` (mod 2¹⁶), channels 0...255,
    /// w in 0...256.
    @inline(__always)
    static func biased(_ c0: UInt32, _ c1: UInt32, weight w: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: c0 &* (256 &- w) &+ c1 &* w) &- bias
    }

    /// The second pass of one channel: the biased lerps `v0`, `v1` with weights (`w0`, `w1`),
    /// w0 + w1 = 256; the blended channel, 0...255.
    @inline(__always)
    static func finish(_ v0: UInt16, _ v1: UInt16, _ w0: Int32, _ w1: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: ((Int32(Int16(bitPattern: v0)) &* w0 &+ Int32(Int16(bitPattern: v1)) &* w1) &>> 16) &+ 128)
    }

    /// `a` where `mask`'s lane is 0, `b` where it is all ones: a ^ ((a ^ b) & mask) (on x86-64
    /// the 128-bit form below, which the optimiser keeps in vector registers).
    @inline(__always)
    static func select(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, mask: SIMD4<UInt32>) -> SIMD4<UInt32> {
        #if arch(x86_64)
            unsafeBitCast(
                select(unsafeBitCast(a, to: __m128i.self), unsafeBitCast(b, to: __m128i.self), mask: unsafeBitCast(mask, to: __m128i.self)),
                to: SIMD4<UInt32>.self)
        #else
            a ^ ((a ^ b) & mask)
        #endif
    }

    #if arch(x86_64)
        /// `biased` of eight 16-bit lanes: c0·w0 + c1·w1 − `bias` (channels widened to 16 bits).
        @inline(__always)
        static func biased(_ c0: __m128i, _ c1: __m128i, _ w0: __m128i, _ w1: __m128i) -> __m128i {
            _mm_sub_epi16(_mm_add_epi16(_mm_mullo_epi16(c0, w0), _mm_mullo_epi16(c1, w1)), _mm_set1_epi16(Int16(bias)))
        }

        /// The second pass of one pixel: `pairs` holds (v0, v1) per channel as adjacent
        /// biased 16-bit lanes, `w` the weights w0 | w1 << 16 in each 32-bit lane. The blended
        /// channels minus 128, as 32-bit lanes.
        @inline(__always)
        static func madd(_ pairs: __m128i, _ w: __m128i) -> __m128i { _mm_srai_epi32(_mm_madd_epi16(pairs, w), 16) }

        /// Four pixels of `madd` results packed to bytes, the 128 added back.
        @inline(__always)
        static func pack(_ p0: __m128i, _ p1: __m128i, _ p2: __m128i, _ p3: __m128i) -> __m128i {
            _mm_xor_si128(_mm_packs_epi16(_mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3)), _mm_set1_epi8(-128))
        }

        /// `select` of 128-bit registers: a ^ ((a ^ b) & mask).
        @inline(__always)
        static func select(_ a: __m128i, _ b: __m128i, mask: __m128i) -> __m128i {
            _mm_xor_si128(a, _mm_and_si128(_mm_xor_si128(a, b), mask))
        }
    #endif
}
