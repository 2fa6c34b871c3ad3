// See include/blend_kernels.h. mul's (t + (t >> 8)) >> 8 is computed as the high half of t·257
// (`pmulhuw`): with t = 256q + r < 2^16, t·257 / 2^16 = t/256 + t/2^16 and the extra
// (q + r/256)/256 < 1 never crosses a multiple of 256 that (t + q) does not.
#include "blend_kernels.h"
#include "row_ahead.h"
#include "row_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

/// x·w/255 rounded, per 16-bit lane (x, w <= 255).
__attribute__((target("avx2"))) static inline __m256i mul(__m256i x, __m256i w) {
    const __m256i round = _mm256_set1_epi16(128), k257 = _mm256_set1_epi16(257);
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, w), round), k257);
}

/// Eight pixels: the unpacks and the pack work within each 128-bit half, so the pack puts
/// every byte back where the unpack took it from.
__attribute__((target("avx2"))) static inline __m256i fade8(__m256i s, __m256i u, __m256i va, __m256i via) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_add_epi16(mul(_mm256_unpacklo_epi8(s, zero), va), mul(_mm256_unpacklo_epi8(u, zero), via));
    __m256i hi = _mm256_add_epi16(mul(_mm256_unpackhi_epi8(s, zero), va), mul(_mm256_unpackhi_epi8(u, zero), via));
    return _mm256_packus_epi16(lo, hi);
}

__attribute__((target("avx2"))) long tk_fade_avx2(
    uint32_t *dst, const uint32_t *s0, const uint32_t *s1, const uint32_t *u0, const uint32_t *u1, long n, uint32_t m,
    int averages, int stream) {
    const __m256i va = _mm256_set1_epi16((short)m), via = _mm256_set1_epi16((short)(255 - m));
    long i;
    if (averages) {
        TK_STORE_ROW8(dst, n, stream, i, ({
            __m256i s = _mm256_avg_epu8(_mm256_loadu_si256((const __m256i *)(s0 + i)), _mm256_loadu_si256((const __m256i *)(s1 + i)));
            __m256i u = _mm256_avg_epu8(_mm256_loadu_si256((const __m256i *)(u0 + i)), _mm256_loadu_si256((const __m256i *)(u1 + i)));
            fade8(s, u, va, via);
        }));
    } else {
        TK_STORE_ROW8(dst, n, stream, i, fade8(_mm256_loadu_si256((const __m256i *)(s0 + i)), _mm256_loadu_si256((const __m256i *)(u0 + i)), va, via));
    }
    return i;
}

// 8 pixels of the two-tap lerp from pixel i (tk_lerp_avx2).
__attribute__((target("avx2"))) static inline __m256i lerp8(const uint32_t *a, const uint32_t *b, long i, __m256i wa, __m256i wb) {
    const __m256i round = _mm256_set1_epi16(128), zero = _mm256_setzero_si256();
    __m256i p = _mm256_loadu_si256((const __m256i *)(a + i)), q = _mm256_loadu_si256((const __m256i *)(b + i));
    // Within each 128-bit half, as the fade: the pack puts each byte back where it came from.
    __m256i lo = _mm256_add_epi16(
        _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(p, zero), wa), _mm256_mullo_epi16(_mm256_unpacklo_epi8(q, zero), wb)),
        round);
    __m256i hi = _mm256_add_epi16(
        _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(p, zero), wa), _mm256_mullo_epi16(_mm256_unpackhi_epi8(q, zero), wb)),
        round);
    return _mm256_packus_epi16(_mm256_srli_epi16(lo, 8), _mm256_srli_epi16(hi, 8));
}

// Aligned to 64 bytes, so that its loops' places against the CPU's 64-byte fetch windows do
// not change with the code linked before it. Measured on the 2-core EPYC VM (Swift 6.3.1's
// clang, release, one core), drag-dismiss present, whose settled frames are this loop: 0.71-0.76
// ms with its streaming loop at 0 mod 64, 1.03-1.08 ms in a build that had moved it to 16 mod
// 64, 0.71-0.73 ms aligned (the loop at 32 mod 64). Alignment does not settle it alone: two other
// builds with this function at the same aligned address measured 0.78-0.84 and 0.83-1.01 ms,
// the difference in each being time stalled on this loop's non-temporal stores. The same bytes
// either way.
__attribute__((target("avx2"), aligned(64))) long tk_lerp_avx2(
    uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, const uint32_t *ahead, int stream) {
    const __m256i wb = _mm256_set1_epi16((short)w), wa = _mm256_set1_epi16((short)(256 - w));
    long i;
    TK_STORE_ROW8(dst, n, stream, i, ({
        tk_prefetch_ahead(ahead, i);
        lerp8(a, b, i, wa, wb);
    }));
    return i;
}

__attribute__((target("avx2"), aligned(64))) long tk_lerp_tint_avx2(
    uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, uint32_t c, const uint32_t *ahead, int stream) {
    const __m256i wb = _mm256_set1_epi16((short)w), wa = _mm256_set1_epi16((short)(256 - w));
    const __m256i via = _mm256_set1_epi16((short)(255 - (c >> 24))), color = _mm256_set1_epi32((int)c), zero = _mm256_setzero_si256();
    long i;
    TK_STORE_ROW8(dst, n, stream, i, ({
        tk_prefetch_ahead(ahead, i);
        __m256i x = lerp8(a, b, i, wa, wb);
        __m256i under = _mm256_packus_epi16(mul(_mm256_unpacklo_epi8(x, zero), via), mul(_mm256_unpackhi_epi8(x, zero), via));
        _mm256_add_epi32(under, color);
    }));
    return i;
}

__attribute__((target("avx2"))) long tk_shadow_span_avx2(uint32_t *dst, const float *sums, long n, uint32_t color) {
    const __m256 k255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f), zf = _mm256_setzero_ps();
    const __m256i zero = _mm256_setzero_si256(), c255 = _mm256_set1_epi16(255);
    // Each pixel's m in both 16-bit halves of its 32-bit lane, then per channel (pshufb).
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5, 0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5);
    const __m256i spreadHi =
        _mm256_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13, 8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13);
    const __m256i alphaWords = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i colorWords = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), zero);  // 2 pixels of c per half
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 f = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(sums + i), k255), half), zf), k255);
        __m256i m = _mm256_cvttps_epi32(f);  // 0...255 per 32-bit lane, pixels 0-7
        // Pixels 0,1 | 4,5 (lo) and 2,3 | 6,7 (hi), matching unpacklo/hi_epi8 of the destination.
        __m256i mlo = _mm256_shuffle_epi8(m, spread), mhi = _mm256_shuffle_epi8(m, spreadHi);
        __m256i slo = mul(colorWords, mlo), shi = mul(colorWords, mhi);
        __m256i ialo = _mm256_sub_epi16(c255, _mm256_shuffle_epi8(slo, alphaWords));
        __m256i iahi = _mm256_sub_epi16(c255, _mm256_shuffle_epi8(shi, alphaWords));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i dlo = mul(_mm256_unpacklo_epi8(d, zero), ialo), dhi = mul(_mm256_unpackhi_epi8(d, zero), iahi);
        __m256i out = _mm256_adds_epu8(_mm256_packus_epi16(slo, shi), _mm256_packus_epi16(dlo, dhi));
        _mm256_storeu_si256((__m256i *)(dst + i), out);
    }
    return i;
}

#else
long tk_shadow_span_avx2(uint32_t *dst, const float *sums, long n, uint32_t color) {
    (void)dst; (void)sums; (void)n; (void)color;
    return 0;
}
long tk_lerp_tint_avx2(
    uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, uint32_t c, const uint32_t *ahead, int stream) {
    (void)dst; (void)a; (void)b; (void)n; (void)w; (void)c; (void)ahead; (void)stream;
    return 0;
}
long tk_lerp_avx2(uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, const uint32_t *ahead, int stream) {
    (void)dst; (void)a; (void)b; (void)n; (void)w; (void)ahead; (void)stream;
    return 0;
}
long tk_fade_avx2(
    uint32_t *dst, const uint32_t *s0, const uint32_t *s1, const uint32_t *u0, const uint32_t *u1, long n, uint32_t m,
    int averages, int stream) {
    (void)dst; (void)s0; (void)s1; (void)u0; (void)u1; (void)n; (void)m; (void)averages; (void)stream;
    return 0;
}
#endif
