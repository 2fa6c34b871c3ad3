// See include/mesh_kernels.h. `tap` and `blend` are `BilinearSampler.tap(_:size:)` and
// `BilinearSampler.blend` (TransitionKitRender) four and eight lanes at a time: Swift's
// min(max(u, −1), size) is maxpd/minpd for every u that is not NaN (NaN lanes stop the kernel),
// Int(_:) of a non-negative double is cvttpd, and the blend's per-channel sums
// (c00·(256 − wx) + c10·wx)·(256 − wy) + (c01·(256 − wx) + c11·wx)·wy + 2¹⁵ stay below 2³²
// in 32-bit lanes.
#include "mesh_kernels.h"

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

/// The two clamped indices around four coordinates u (pixel centres at integers) in an axis of
/// `size` pixels and the second's weight, 0...256.
__attribute__((target("avx2"))) static inline void tap4(__m256d u, long size, __m128i *i0, __m128i *i1, __m128i *w) {
    __m256d uc = _mm256_add_pd(_mm256_min_pd(_mm256_max_pd(u, _mm256_set1_pd(-1.0)), _mm256_set1_pd((double)size)), _mm256_set1_pd(1.0));
    __m128i xi = _mm256_cvttpd_epi32(uc);
    __m256d f = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(uc, _mm256_cvtepi32_pd(xi)), _mm256_set1_pd(256.0)), _mm256_set1_pd(0.5));
    __m128i last = _mm_set1_epi32((int)(size - 1));
    *i0 = _mm_min_epi32(_mm_max_epi32(_mm_sub_epi32(xi, _mm_set1_epi32(1)), _mm_setzero_si128()), last);
    *i1 = _mm_min_epi32(xi, last);
    *w = _mm256_cvttpd_epi32(f);
}

/// One channel (bits `shift`...`shift` + 7) of eight bilinear blends, rounded, in bits 0...7.
__attribute__((target("avx2"))) static inline __m256i channel8(
    __m256i p00, __m256i p10, __m256i p01, __m256i p11, int shift, __m256i ix, __m256i wx, __m256i iy, __m256i wy) {
    const __m256i m = _mm256_set1_epi32(0xff);
    __m256i c00 = _mm256_and_si256(_mm256_srli_epi32(p00, shift), m), c10 = _mm256_and_si256(_mm256_srli_epi32(p10, shift), m);
    __m256i c01 = _mm256_and_si256(_mm256_srli_epi32(p01, shift), m), c11 = _mm256_and_si256(_mm256_srli_epi32(p11, shift), m);
    __m256i top = _mm256_add_epi32(_mm256_mullo_epi32(c00, ix), _mm256_mullo_epi32(c10, wx));
    __m256i bottom = _mm256_add_epi32(_mm256_mullo_epi32(c01, ix), _mm256_mullo_epi32(c11, wx));
    __m256i sum = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(top, iy), _mm256_mullo_epi32(bottom, wy)), _mm256_set1_epi32(32768));
    return _mm256_and_si256(_mm256_srli_epi32(sum, 16), m);
}

/// u and v of four pixels from px, and whether every lane may be sampled (w > 0, u and v not NaN).
__attribute__((target("avx2"))) static inline int coordinates4(
    __m256d px, double m11, double m12, double m13, double u0, double v0, double w0, __m256d *u, __m256d *v) {
    __m256d w = _mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(m13)), _mm256_set1_pd(w0));
    __m256d iw = _mm256_div_pd(_mm256_set1_pd(1.0), w);
    const __m256d half = _mm256_set1_pd(0.5);
    *u = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(m11)), _mm256_set1_pd(u0)), iw), half);
    *v = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(m12)), _mm256_set1_pd(v0)), iw), half);
    __m256d ok = _mm256_and_pd(_mm256_cmp_pd(w, _mm256_setzero_pd(), _CMP_GT_OQ), _mm256_cmp_pd(*u, *v, _CMP_ORD_Q));
    return _mm256_movemask_pd(ok) == 0xf;
}

__attribute__((target("avx2"))) long tk_mesh_samples_avx2(
    const uint32_t *pixels, long width, long height, long stride, double m11, double m12, double m13, double u0, double v0,
    double w0, long x, long n, uint32_t *out) {
    const int *base = (const int *)pixels;
    const __m256i k256 = _mm256_set1_epi32(256), rowStride = _mm256_set1_epi32((int)stride);
    const __m256d lane = _mm256_set_pd(3.5, 2.5, 1.5, 0.5);
    long j = 0;
    for (; j < n; j += 8) {
        // (double)(x + j + k) + 0.5 is exact for these magnitudes, as Double(x) + 0.5 is.
        __m256d pxA = _mm256_add_pd(_mm256_set1_pd((double)(x + j)), lane);
        __m256d pxB = _mm256_add_pd(_mm256_set1_pd((double)(x + j + 4)), lane);
        __m256d uA, vA, uB, vB;
        if (!coordinates4(pxA, m11, m12, m13, u0, v0, w0, &uA, &vA) || !coordinates4(pxB, m11, m12, m13, u0, v0, w0, &uB, &vB)) break;
        __m128i x0A, x1A, wxA, y0A, y1A, wyA, x0B, x1B, wxB, y0B, y1B, wyB;
        tap4(uA, width, &x0A, &x1A, &wxA);
        tap4(vA, height, &y0A, &y1A, &wyA);
        tap4(uB, width, &x0B, &x1B, &wxB);
        tap4(vB, height, &y0B, &y1B, &wyB);
        __m256i x0 = _mm256_set_m128i(x0B, x0A), x1 = _mm256_set_m128i(x1B, x1A), wx = _mm256_set_m128i(wxB, wxA);
        __m256i r0 = _mm256_mullo_epi32(_mm256_set_m128i(y0B, y0A), rowStride);
        __m256i r1 = _mm256_mullo_epi32(_mm256_set_m128i(y1B, y1A), rowStride);
        __m256i wy = _mm256_set_m128i(wyB, wyA);
        __m256i p00 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r0, x0), 4);
        __m256i p10 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r0, x1), 4);
        __m256i p01 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r1, x0), 4);
        __m256i p11 = _mm256_i32gather_epi32(base, _mm256_add_epi32(r1, x1), 4);
        __m256i ix = _mm256_sub_epi32(k256, wx), iy = _mm256_sub_epi32(k256, wy);
        __m256i r = channel8(p00, p10, p01, p11, 0, ix, wx, iy, wy);
        __m256i g = channel8(p00, p10, p01, p11, 8, ix, wx, iy, wy);
        __m256i b = channel8(p00, p10, p01, p11, 16, ix, wx, iy, wy);
        __m256i a = channel8(p00, p10, p01, p11, 24, ix, wx, iy, wy);
        __m256i s = _mm256_or_si256(_mm256_or_si256(r, _mm256_slli_epi32(g, 8)), _mm256_or_si256(_mm256_slli_epi32(b, 16), _mm256_slli_epi32(a, 24)));
        _mm256_storeu_si256((__m256i *)(out + j), s);
    }
    return j;
}


/// PixelMath.scale per channel of 32-bit lanes: (t + (t >> 8)) >> 8 with t = c·a + 128.
__attribute__((target("avx2"))) static inline __m256i scale8(__m256i c, __m256i a) {
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(c, a), _mm256_set1_epi32(128));
    return _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8);
}

/// PixelMath.over of a constant colour `src` (channels cs, alpha `as`) over channels d of
/// eight pixels, one channel: min(255, cs + scale(d, 255 − as)).
__attribute__((target("avx2"))) static inline __m256i over8(__m256i cs, __m256i ia, __m256i d) {
    return _mm256_min_epi32(_mm256_add_epi32(cs, scale8(d, ia)), _mm256_set1_epi32(255));
}

/// `BandRenderer.accumulate` of one channel plane: sum·k + s·cf where the excess rule holds
/// (`over`), sum + s·cf elsewhere.
__attribute__((target("avx2"))) static inline __m256 add8(__m256 sum, __m256 s, __m256 cf, __m256 k, __m256 over) {
    __m256 sc = _mm256_mul_ps(s, cf);
    return _mm256_blendv_ps(_mm256_add_ps(sum, sc), _mm256_add_ps(_mm256_mul_ps(sum, k), sc), over);
}

__attribute__((target("avx2"))) long tk_mesh_span_avx2(
    const uint32_t *pixels, long width, long height, long stride, const double *map, long x, long n, const uint8_t *coverage,
    long count, uint32_t solid, uint32_t background, uint32_t tint, float *area, float *r, float *g, float *b, float *a) {
    const int *base = (const int *)pixels;
    const __m256i k256 = _mm256_set1_epi32(256), rowStride = _mm256_set1_epi32((int)stride), m8 = _mm256_set1_epi32(0xff);
    const __m256d lane = _mm256_set_pd(3.5, 2.5, 1.5, 0.5);
    const __m256i lanes = _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    const double m11 = map[0], m12 = map[1], m13 = map[2], u0 = map[3], v0 = map[4], w0 = map[5];
    // How far ahead (pixels) the image lines are asked for.
    const long ahead = 48;
    // The background's and the tint's channels, and 255 − their alphas.
    __m256i bg[4], tn[4];
    for (int c = 0; c < 4; c++) {
        bg[c] = _mm256_set1_epi32((int)((background >> (8 * c)) & 0xff));
        tn[c] = _mm256_set1_epi32((int)((tint >> (8 * c)) & 0xff));
    }
    long j = 0;
    for (; j < n; j += 8) {
        __m256d pxA = _mm256_add_pd(_mm256_set1_pd((double)(x + j)), lane);
        __m256d pxB = _mm256_add_pd(_mm256_set1_pd((double)(x + j + 4)), lane);
        __m256d uA, vA, uB, vB;
        if (!coordinates4(pxA, m11, m12, m13, u0, v0, w0, &uA, &vA) || !coordinates4(pxB, m11, m12, m13, u0, v0, w0, &uB, &vB)) break;
        __m128i x0A, x1A, wxA, y0A, y1A, wyA, x0B, x1B, wxB, y0B, y1B, wyB;
        tap4(uA, width, &x0A, &x1A, &wxA);
        tap4(vA, height, &y0A, &y1A, &wyA);
        tap4(uB, width, &x0B, &x1B, &wxB);
        tap4(vB, height, &y0B, &y1B, &wyB);
        __m256i x0 = _mm256_set_m128i(x0B, x0A), x1 = _mm256_set_m128i(x1B, x1A), wx = _mm256_set_m128i(wxB, wxA);
        __m256i r0 = _mm256_mullo_epi32(_mm256_set_m128i(y0B, y0A), rowStride);
        __m256i r1 = _mm256_mullo_epi32(_mm256_set_m128i(y1B, y1A), rowStride);
        __m256i wy = _mm256_set_m128i(wyB, wyA);
        if (j + ahead < n) {
            // Hints, never read: the top-left taps (and the row below) of the pixels `ahead` on.
            __m256d pu, pv;
            // Every other pixel: its two rows cover the rows of the one between.
            __m256d pp = _mm256_add_pd(_mm256_set1_pd((double)(x + j + ahead)), _mm256_set_pd(6.5, 4.5, 2.5, 0.5));
            coordinates4(pp, m11, m12, m13, u0, v0, w0, &pu, &pv);
            __m128i px0, px1, pw, py0, py1, pwy;
            tap4(pu, width, &px0, &px1, &pw);
            tap4(pv, height, &py0, &py1, &pwy);
            int32_t at[4];
            _mm_storeu_si128((__m128i *)at, _mm_add_epi32(_mm_mullo_epi32(py0, _mm_set1_epi32((int)stride)), px0));
            for (int k = 0; k < 4; k++) {
                _mm_prefetch((const char *)(base + at[k]), _MM_HINT_T0);
                _mm_prefetch((const char *)(base + at[k] + stride), _MM_HINT_T0);
            }
        }
        // Lanes past n take no coverage; their sample is never stored.
        __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - j)), lanes);
        __m256i p00, p10, p01, p11;
        if (_mm256_testc_si256(_mm256_cmpeq_epi32(x1, _mm256_add_epi32(x0, _mm256_set1_epi32(1))), live)) {
            // Every live lane's taps are neighbours in a row: each pair one 64-bit load (half the
            // gathered elements), split into first and second pixels.
            __m256i top = _mm256_add_epi32(r0, x0), bottom = _mm256_add_epi32(r1, x0);
            __m256i liveLow = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(live));
            __m256i liveHigh = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(live, 1));
            const long long *pairs = (const long long *)pixels;
            __m256i t0 = _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const void *)pairs, _mm256_castsi256_si128(top), liveLow, 4);
            __m256i t1 = _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const void *)pairs, _mm256_extracti128_si256(top, 1), liveHigh, 4);
            __m256i b0 = _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const void *)pairs, _mm256_castsi256_si128(bottom), liveLow, 4);
            __m256i b1 = _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const void *)pairs, _mm256_extracti128_si256(bottom, 1), liveHigh, 4);
            p00 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(t0), _mm256_castsi256_ps(t1), 0x88)), 0xd8);
            p10 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(t0), _mm256_castsi256_ps(t1), 0xdd)), 0xd8);
            p01 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(b0), _mm256_castsi256_ps(b1), 0x88)), 0xd8);
            p11 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(b0), _mm256_castsi256_ps(b1), 0xdd)), 0xd8);
        } else {
            p00 = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base, _mm256_add_epi32(r0, x0), live, 4);
            p10 = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base, _mm256_add_epi32(r0, x1), live, 4);
            p01 = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base, _mm256_add_epi32(r1, x0), live, 4);
            p11 = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base, _mm256_add_epi32(r1, x1), live, 4);
        }
        __m256i ix = _mm256_sub_epi32(k256, wx), iy = _mm256_sub_epi32(k256, wy);
        __m256i ch[4];
        for (int c = 0; c < 4; c++) ch[c] = channel8(p00, p10, p01, p11, 8 * c, ix, wx, iy, wy);
        // Over the background, then the tint scaled by the sample's alpha over that.
        if (background != 0) {
            __m256i inverse = _mm256_sub_epi32(m8, ch[3]);
            for (int c = 0; c < 4; c++) ch[c] = _mm256_min_epi32(_mm256_add_epi32(ch[c], scale8(bg[c], inverse)), m8);
        }
        if (tint != 0) {
            __m256i t[4];
            for (int c = 0; c < 4; c++) t[c] = scale8(tn[c], ch[3]);
            __m256i inverse = _mm256_sub_epi32(m8, t[3]);
            for (int c = 0; c < 4; c++) ch[c] = over8(t[c], inverse, ch[c]);
        }
        // The coverage: the span's bytes, then its solid value, 0 past n.
        __m256i cov;
        if (j >= count) {
            cov = _mm256_set1_epi32((int)solid);
        } else {
            int32_t c8[8];
            for (int k = 0; k < 8; k++) c8[k] = j + k < count ? coverage[j + k] : (int32_t)solid;
            cov = _mm256_loadu_si256((const __m256i *)c8);
        }
        cov = _mm256_and_si256(cov, live);
        __m256 cf = _mm256_mul_ps(_mm256_cvtepi32_ps(cov), _mm256_set1_ps(1.0f / 255.0f));
        float *at = area + j;
        __m256 have = _mm256_maskload_ps(at, live);
        __m256 total = _mm256_add_ps(have, cf);
        __m256 excess = _mm256_sub_ps(total, _mm256_set1_ps(1.0f));
        __m256 over = _mm256_and_ps(_mm256_cmp_ps(excess, _mm256_setzero_ps(), _CMP_GT_OQ), _mm256_cmp_ps(have, _mm256_setzero_ps(), _CMP_GT_OQ));
        __m256 sa = _mm256_cvtepi32_ps(ch[3]);
        // k only matters where the excess rule holds (most steps: nowhere, and no divide).
        __m256 k = _mm256_setzero_ps();
        if (_mm256_movemask_ps(over) != 0)
            k = _mm256_sub_ps(_mm256_set1_ps(1.0f), _mm256_mul_ps(_mm256_mul_ps(_mm256_div_ps(excess, have), sa), _mm256_set1_ps(1.0f / 255.0f)));
        _mm256_maskstore_ps(at, live, _mm256_min_ps(total, _mm256_set1_ps(1.0f)));
        float *const dst[4] = {r + j, g + j, b + j, a + j};
        for (int c = 0; c < 4; c++) {
            __m256 sum = _mm256_maskload_ps(dst[c], live);
            __m256 s = c == 3 ? sa : _mm256_cvtepi32_ps(ch[c]);
            _mm256_maskstore_ps(dst[c], live, add8(sum, s, cf, k, over));
        }
    }
    return j < n ? j : n;
}

__attribute__((target("avx2"))) void tk_mesh_resolve_avx2(
    uint32_t *row, const uint8_t *mask, uint32_t alpha, const float *area, const float *r, const float *g, const float *b, const float *a, long n) {
    const __m256i lanes = _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0), m8 = _mm256_set1_epi32(0xff);
    const __m256 half = _mm256_set1_ps(0.5f), top = _mm256_set1_ps(255.0f), zero = _mm256_setzero_ps();
    const float *const planes[4] = {r, g, b, a};
    for (long j = 0; j < n; j += 8) {
        __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - j)), lanes);
        __m256 covered = _mm256_cmp_ps(_mm256_maskload_ps(area + j, live), zero, _CMP_GT_OQ);
        __m256i keep = _mm256_and_si256(live, _mm256_castps_si256(covered));
        if (_mm256_testz_si256(keep, keep)) continue;
        // Swift's min(255, max(0, f + 0.5)) is minps(maxps(f + 0.5, 0), 255) (NaN: 0 both ways).
        __m256i ch[4];
        for (int c = 0; c < 4; c++) {
            __m256 f = _mm256_maskload_ps(planes[c] + j, live);
            ch[c] = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_add_ps(f, half), zero), top));
        }
        for (int c = 0; c < 3; c++) ch[c] = _mm256_min_epi32(ch[c], ch[3]);
        __m256i m = _mm256_set1_epi32((int)alpha);
        if (mask) {
            int32_t m8s[8];
            for (int k = 0; k < 8; k++) m8s[k] = j + k < n ? mask[j + k] : 0;
            m = scale8(_mm256_loadu_si256((const __m256i *)m8s), m);
        }
        keep = _mm256_andnot_si256(_mm256_cmpeq_epi32(ch[3], _mm256_setzero_si256()), keep);
        keep = _mm256_andnot_si256(_mm256_cmpeq_epi32(m, _mm256_setzero_si256()), keep);
        for (int c = 0; c < 4; c++) ch[c] = scale8(ch[c], m);
        __m256i d = _mm256_maskload_epi32((const int *)(row + j), live);
        __m256i inverse = _mm256_sub_epi32(m8, ch[3]);
        __m256i out = _mm256_setzero_si256();
        for (int c = 0; c < 4; c++) {
            __m256i dc = _mm256_and_si256(_mm256_srli_epi32(d, 8 * c), m8);
            out = _mm256_or_si256(out, _mm256_slli_epi32(over8(ch[c], inverse, dc), 8 * c));
        }
        _mm256_maskstore_epi32((int *)(row + j), keep, out);
    }
}

#else
long tk_mesh_samples_avx2(
    const uint32_t *pixels, long width, long height, long stride, double m11, double m12, double m13, double u0, double v0,
    double w0, long x, long n, uint32_t *out) {
    (void)pixels; (void)width; (void)height; (void)stride; (void)m11; (void)m12; (void)m13; (void)u0; (void)v0; (void)w0;
    (void)x; (void)n; (void)out;
    return 0;
}
long tk_mesh_span_avx2(
    const uint32_t *pixels, long width, long height, long stride, const double *map, long x, long n, const uint8_t *coverage,
    long count, uint32_t solid, uint32_t background, uint32_t tint, float *area, float *r, float *g, float *b, float *a) {
    (void)pixels; (void)width; (void)height; (void)stride; (void)map; (void)x; (void)n; (void)coverage; (void)count;
    (void)solid; (void)background; (void)tint; (void)area; (void)r; (void)g; (void)b; (void)a;
    return 0;
}
void tk_mesh_resolve_avx2(
    uint32_t *row, const uint8_t *mask, uint32_t alpha, const float *area, const float *r, const float *g, const float *b, const float *a, long n) {
    (void)row; (void)mask; (void)alpha; (void)area; (void)r; (void)g; (void)b; (void)a; (void)n;
}
#endif
