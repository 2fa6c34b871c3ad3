// The Gaussian blur's passes: see blur_kernels.h.
#include "blur_kernels.h"

static inline long clampl(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }

static inline uint32_t pack4(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return (r > 255 ? 255 : r) | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b) << 16 | (a > 255 ? 255u : a) << 24;
}

/// One extended box of radius r along a row of w pixels (in and out distinct).
static void box_row(uint32_t *out, const uint32_t *in, long w, long r, uint32_t inner, uint32_t outer) {
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (long i = -r; i <= r; i++) {
        uint32_t p = in[clampl(i, 0, w - 1)];
        s0 += p & 255; s1 += (p >> 8) & 255; s2 += (p >> 16) & 255; s3 += p >> 24;
    }
    for (long x = 0; x < w; x++) {
        uint32_t l = in[clampl(x - r - 1, 0, w - 1)], u = in[clampl(x + r + 1, 0, w - 1)];
        uint32_t e0 = (l & 255) + (u & 255), e1 = ((l >> 8) & 255) + ((u >> 8) & 255);
        uint32_t e2 = ((l >> 16) & 255) + ((u >> 16) & 255), e3 = (l >> 24) + (u >> 24);
        out[x] = pack4(((uint32_t)s0 * inner + e0 * outer + 32768u) >> 16, ((uint32_t)s1 * inner + e1 * outer + 32768u) >> 16,
                       ((uint32_t)s2 * inner + e2 * outer + 32768u) >> 16, ((uint32_t)s3 * inner + e3 * outer + 32768u) >> 16);
        uint32_t q = in[clampl(x - r, 0, w - 1)];
        s0 += (int32_t)(u & 255) - (int32_t)(q & 255);
        s1 += (int32_t)((u >> 8) & 255) - (int32_t)((q >> 8) & 255);
        s2 += (int32_t)((u >> 16) & 255) - (int32_t)((q >> 16) & 255);
        s3 += (int32_t)(u >> 24) - (int32_t)(q >> 24);
    }
}

void tk_blur_box3_rows(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long rows, long r, uint32_t inner, uint32_t outer,
    uint32_t *tmp) {
    uint32_t *a = tmp, *b = tmp + w;
    for (long y = 0; y < rows; y++) {
        box_row(a, src + y * sstride, w, r, inner, outer);
        box_row(b, a, w, r, inner, outer);
        box_row(dst + y * dstride, b, w, r, inner, outer);
    }
}

void tk_blur_box_cols(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, long r, uint32_t inner, uint32_t outer,
    int32_t *sums) {
    long n = 4 * w;
    for (long i = 0; i < n; i++) sums[i] = 0;
    for (long i = -r; i <= r; i++) {
        const uint8_t *row = (const uint8_t *)(src + clampl(i, 0, h - 1) * sstride);
        for (long i4 = 0; i4 < n; i4++) sums[i4] += row[i4];
    }
    for (long y = 0; y < h; y++) {
        uint8_t *out = (uint8_t *)(dst + y * dstride);
        const uint8_t *lo = (const uint8_t *)(src + clampl(y - r - 1, 0, h - 1) * sstride);
        const uint8_t *hi = (const uint8_t *)(src + clampl(y + r + 1, 0, h - 1) * sstride);
        const uint8_t *sub = (const uint8_t *)(src + clampl(y - r, 0, h - 1) * sstride);
        for (long i4 = 0; i4 < n; i4++) {
            uint32_t v = ((uint32_t)sums[i4] * inner + ((uint32_t)lo[i4] + hi[i4]) * outer + 32768u) >> 16;
            out[i4] = (uint8_t)(v > 255 ? 255 : v);
            sums[i4] += (int32_t)hi[i4] - (int32_t)sub[i4];
        }
    }
}

void tk_blur_kernel(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, const int32_t *k, long r, int vertical) {
    for (long y = 0; y < h; y++) {
        uint8_t *out = (uint8_t *)(dst + y * dstride);
        if (vertical) {
            for (long i4 = 0; i4 < 4 * w; i4++) {
                int32_t acc = 8192;
                for (long t = -r; t <= r; t++) {
                    const uint8_t *row = (const uint8_t *)(src + clampl(y + t, 0, h - 1) * sstride);
                    acc += k[t + r] * row[i4];
                }
                out[i4] = (uint8_t)(acc >> 14 > 255 ? 255 : acc >> 14);
            }
        } else {
            const uint8_t *row = (const uint8_t *)(src + y * sstride);
            for (long x = 0; x < w; x++) {
                for (int c = 0; c < 4; c++) {
                    int32_t acc = 8192;
                    for (long t = -r; t <= r; t++) acc += k[t + r] * row[4 * clampl(x + t, 0, w - 1) + c];
                    out[4 * x + c] = (uint8_t)(acc >> 14 > 255 ? 255 : acc >> 14);
                }
            }
        }
    }
}

void tk_blur_downsample(uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, long levels, uint32_t *acc) {
    long s = 1L << levels;
    long mw = (w + s - 1) >> levels, mh = (h + s - 1) >> levels;
    uint32_t half = 1u << (2 * levels - 1);
    for (long j = 0; j < mh; j++) {
        for (long i = 0; i < 4 * mw; i++) acc[i] = 0;
        for (long t = 0; t < s; t++) {
            const uint32_t *row = src + clampl(j * s + t, 0, h - 1) * sstride;
            for (long i = 0; i < mw; i++) {
                uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
                for (long u = 0; u < s; u++) {
                    uint32_t p = row[clampl(i * s + u, 0, w - 1)];
                    a0 += p & 255; a1 += (p >> 8) & 255; a2 += (p >> 16) & 255; a3 += p >> 24;
                }
                acc[4 * i] += a0; acc[4 * i + 1] += a1; acc[4 * i + 2] += a2; acc[4 * i + 3] += a3;
            }
        }
        uint32_t *out = dst + j * dstride;
        long sh = 2 * levels;
        for (long i = 0; i < mw; i++)
            out[i] = pack4((acc[4 * i] + half) >> sh, (acc[4 * i + 1] + half) >> sh, (acc[4 * i + 2] + half) >> sh,
                           (acc[4 * i + 3] + half) >> sh);
    }
}

/// The small-image tap below position ((v + ½)/s − ½) and its weight in 1/256 of the next.
static inline void tap(long v, long levels, long m, long *i0, long *i1, uint32_t *wt) {
    long s = 1L << levels;
    long num = 2 * v + 1 - s;  // position · 2s
    long base = num >= 0 ? num >> (levels + 1) : -((-num + 2 * s - 1) >> (levels + 1));
    long frac = num - base * 2 * s;  // 0 ..< 2s
    *wt = (uint32_t)((frac * 256 + s) >> (levels + 1));
    *i0 = clampl(base, 0, m - 1);
    *i1 = clampl(base + 1, 0, m - 1);
}

void tk_blur_upsample(
    uint32_t *dst, long dstride, long w, long h, const uint32_t *src, long sstride, long mw, long mh, long levels, uint16_t *tmp) {
    for (long y = 0; y < h; y++) {
        long j0, j1;
        uint32_t wy;
        tap(y, levels, mh, &j0, &j1, &wy);
        const uint8_t *r0 = (const uint8_t *)(src + j0 * sstride), *r1 = (const uint8_t *)(src + j1 * sstride);
        for (long i4 = 0; i4 < 4 * mw; i4++) tmp[i4] = (uint16_t)(r0[i4] * (256 - wy) + r1[i4] * wy);
        uint8_t *out = (uint8_t *)(dst + y * dstride);
        for (long x = 0; x < w; x++) {
            long i0, i1;
            uint32_t wx;
            tap(x, levels, mw, &i0, &i1, &wx);
            for (int c = 0; c < 4; c++) {
                uint32_t v = ((uint32_t)tmp[4 * i0 + c] * (256 - wx) + (uint32_t)tmp[4 * i1 + c] * wx + 32768u) >> 16;
                out[4 * x + c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
}
