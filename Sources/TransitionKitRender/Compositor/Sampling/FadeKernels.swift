import CPixelKernels

#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The cross-fade kernels: `dst = src·m + under·(255 − m)` per channel for opaque sources,
/// each product rounded as `PixelMath.mul` (x·a/255 to nearest, pixman's `MUL_UN8`), exactly
/// `PixelMath.over(PixelMath.scale(src, m), under)` for an opaque `src`. The sum needs no
/// saturation: `mul` is monotonic in x, so it is at most mul(255, m) + mul(255, 255 − m) = 255.
///
/// On x86-64 the loop is AVX2 where the caller's table says so (`KernelTable.avx2`; C `tk_fade_avx2`, 32
/// bytes a step), SSE2 otherwise and for what is left of a row (16 bytes a step): in 16-bit
/// lanes, each rounded product as `pmullw`, `paddw` 128, then `pmulhuw` by 257, since
/// ((t · 257) >> 16) = (t + (t >> 8)) >> 8 for t = x·a + 128 < 2¹⁶ (with t = 256q + r,
/// the extra r/256 < 1 never crosses a multiple of 256 that (t + q) has not). Elsewhere, and
/// for the last pixels of a row, the same arithmetic as a byte loop LLVM vectorises.
extension BlendKernels {
    /// The cross-fade in place: `dst = src·m + dst·(255 − m)`. `kernels` (every variant): the
    /// renderer's table (AVX2 or SSE2, looked at once per call). `streaming` (every variant):
    /// `dst` is a row of a band bigger than the cache; the AVX2 loop then streams the row's whole
    /// lines (`RowStores.streams(count:streaming:)`).
    /// - Complexity: O(count), one pass.
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, alpha m: UInt32, kernels: KernelTable,
        streaming: Bool = false
    ) {
        fade(
            dst, averageOf: source, source, under: UnsafePointer(dst), UnsafePointer(dst), count: count, alpha: m, averages: false,
            kernels: kernels, streaming: streaming)
    }

    /// The cross-fade reading the destination's old value from `under` instead (a deferred
    /// opaque row fused with the blend over it, `PendingCopies`).
    /// - Complexity: O(count), one pass.
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
        count: Int, alpha m: UInt32, kernels: KernelTable, streaming: Bool = false
    ) {
        fade(
            dst, averageOf: source, source, under: under, under, count: count, alpha: m, averages: false, kernels: kernels,
            streaming: streaming)
    }

    /// The cross-fade of the rounded averages (a + b + 1) >> 1 per channel of two source rows
    /// and of two under rows (`RowSamples.averaged`: the tab stage's half-pixel rows), in one
    /// pass: each pixel read from the four rows and written once.
    /// - Complexity: O(count), one pass.
    @inline(__always)
    static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, averageOf s0: UnsafePointer<UInt32>, _ s1: UnsafePointer<UInt32>,
        under u0: UnsafePointer<UInt32>, _ u1: UnsafePointer<UInt32>, count: Int, alpha m: UInt32, kernels: KernelTable,
        streaming: Bool = false
    ) {
        fade(dst, averageOf: s0, s1, under: u0, u1, count: count, alpha: m, averages: true, kernels: kernels, streaming: streaming)
    }

    /// The shared loop; `averages` is a constant at every call, so each caller's copy reads
    /// only the rows it needs.
    @inline(__always)
    private static func fade(
        _ dst: UnsafeMutablePointer<UInt32>, averageOf s0: UnsafePointer<UInt32>, _ s1: UnsafePointer<UInt32>,
        under u0: UnsafePointer<UInt32>, _ u1: UnsafePointer<UInt32>, count: Int, alpha m: UInt32, averages: Bool,
        kernels: KernelTable, streaming: Bool
    ) {
        var i = 0
        #if arch(x86_64)
            if kernels.avx2 {
                let stream: Int32 = RowStores.streams(count: count, streaming: streaming) ? 1 : 0
                i = tk_fade_avx2(dst, s0, s1, u0, u1, count, m, averages ? 1 : 0, stream)
                if i > 0 { kernels.tookAVX2() }
            }
            let zero = _mm_setzero_si128(), round = _mm_set1_epi16(128), k257 = _mm_set1_epi16(257)
            let va = _mm_set1_epi16(Int16(truncatingIfNeeded: m)), via = _mm_set1_epi16(Int16(truncatingIfNeeded: 255 &- m))
            @inline(__always) func load(_ p: UnsafePointer<UInt32>, _ i: Int) -> __m128i {
                UnsafeRawPointer(p + i).loadUnaligned(as: __m128i.self)
            }
            @inline(__always) func mul(_ x: __m128i, _ w: __m128i) -> __m128i {
                _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(x, w), round), k257)
            }
            while i &+ 4 <= count {
                let s = averages ? _mm_avg_epu8(load(s0, i), load(s1, i)) : load(s0, i)
                let u = averages ? _mm_avg_epu8(load(u0, i), load(u1, i)) : load(u0, i)
                let lo = _mm_add_epi16(mul(_mm_unpacklo_epi8(s, zero), va), mul(_mm_unpacklo_epi8(u, zero), via))
                let hi = _mm_add_epi16(mul(_mm_unpackhi_epi8(s, zero), va), mul(_mm_unpackhi_epi8(u, zero), via))
                UnsafeMutableRawPointer(dst + i).storeBytes(of: _mm_packus_epi16(lo, hi), as: __m128i.self)
                i &+= 4
            }
        #endif
        func bytes(_ p: UnsafePointer<UInt32>) -> UnsafePointer<UInt8> { UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self) }
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let a0 = bytes(s0), a1 = bytes(s1), b0 = bytes(u0), b1 = bytes(u1)
        let a = UInt16(truncatingIfNeeded: m), ia = 255 &- a
        let n = count &* 4
        var j = i &* 4
        while j < n {
            let s = averages ? (UInt16(a0[j]) &+ UInt16(a1[j]) &+ 1) &>> 1 : UInt16(a0[j])
            let u = averages ? (UInt16(b0[j]) &+ UInt16(b1[j]) &+ 1) &>> 1 : UInt16(b0[j])
            let t = s &* a &+ 128, v = u &* ia &+ 128
            d[j] = UInt8(truncatingIfNeeded: ((t &+ (t &>> 8)) &>> 8) &+ ((v &+ (v &>> 8)) &>> 8))
            j &+= 1
        }
    }
}
