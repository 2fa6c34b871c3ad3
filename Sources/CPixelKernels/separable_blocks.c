// See include/sampling_kernels.h: `SeparableRows`' horizontal-first form (`SeparableBlocks` in
// TransitionKitRender), with the arithmetic of `LerpKernels` (the top of sampling_kernels.c).
#include "sampling_kernels.h"
#include "row_ahead.h"
#include "row_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

// The x pass of `SeparableRows`' horizontal-first form (tk_separable_x_blocks_avx2), one block of
// 8 columns: the left taps L (the columns' first image pixels) and right taps R picked from three
// loads 0, 1 and 2 pixels on from the block's base by the column's mask, their bytes interleaved
// channel by channel (L R L R ...), and with the unsigned weight bytes (255 − w, w) one pmaddubsw
// gives (255 − w)·(L − 128) + w·(R − 128) per channel, the pixel bytes made signed by flipping
// their top bit. That is c0·(256 − w) + c1·w − 32640 − L, so adding L (the low byte of each
// interleaved 16-bit lane) gives the biased lane exactly; its magnitude is at most 255·128, so
// pmaddubsw's saturation never acts. The 16-bit lanes come out as pixels 0 1 4 5 and 2 3 6 7;
// two 128-bit permutes put them in order.
__attribute__((target("avx2"))) static inline void x_block(
    uint16_t *h, const uint8_t *src, int32_t base, const uint32_t *mask, const uint8_t *weights) {
    const __m256i flip = _mm256_set1_epi8((char)0x80), low = _mm256_set1_epi16(0xff);
    const uint8_t *p = src + (long)base * 4;
    __m256i t0 = _mm256_loadu_si256((const __m256i *)p), t1 = _mm256_loadu_si256((const __m256i *)(p + 4));
    __m256i t2 = _mm256_loadu_si256((const __m256i *)(p + 8));
    __m256i m = _mm256_loadu_si256((const __m256i *)mask);
    __m256i l = _mm256_blendv_epi8(t0, t1, m), r = _mm256_blendv_epi8(t1, t2, m);
    __m256i lo = _mm256_unpacklo_epi8(l, r), hi = _mm256_unpackhi_epi8(l, r);
    __m256i hl = _mm256_add_epi16(
        _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)weights), _mm256_xor_si256(lo, flip)), _mm256_and_si256(lo, low));
    __m256i hh = _mm256_add_epi16(
        _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(weights + 32)), _mm256_xor_si256(hi, flip)), _mm256_and_si256(hi, low));
    _mm256_storeu_si256((__m256i *)h, _mm256_permute2x128_si256(hl, hh, 0x20));
    _mm256_storeu_si256((__m256i *)(h + 16), _mm256_permute2x128_si256(hl, hh, 0x31));
}

__attribute__((target("avx2"))) long tk_separable_x_blocks_avx2(
    uint16_t *h, const uint32_t *src, const int32_t *base, const uint32_t *masks, const uint8_t *weights, long b, long end,
    const uint32_t *ahead) {
    // The row ahead's lines, each asked for once, a little ahead of the pixels read (never
    // read; only where the blocks read from left to right). Not `TK_PREFETCH_AHEAD`, whose
    // rule (a line is asked for at the step that lands in its first half) needs steps of
    // exactly 8 pixels: the blocks' starts step by 8 / scale, and a line whose only start lies
    // in its second half would be skipped.
    const char *next = ahead && b < end && base[b] >= 0 ? (const char *)((uintptr_t)(ahead + base[b]) & ~(uintptr_t)63) : NULL;
    for (; b < end && base[b] >= 0; b++) {
        if (next) {
            const char *want = (const char *)(ahead + base[b] + 16);
            while (next < want) {
                _mm_prefetch(next, _MM_HINT_T2);
                TK_NOTE_AHEAD_PREFETCH();
                next += 64;
            }
        }
        x_block(h + 32 * b, (const uint8_t *)src, base[b], masks + 8 * b, weights + 64 * b);
    }
    return b;
}

// Pixels j...j + 7 of the y pass (tk_separable_y_row_avx2): the two rows' biased lanes
// interleaved (unpack), one pmaddwd with (256 − wy, wy) per two pixels, shifted right by 16
// and packed (pixels 0 1 4 5 | 2 3 6 7, put back in order), 128 added back: `LerpKernels`.
__attribute__((target("avx2"))) static inline __m256i y_pixels8(const uint16_t *h0, const uint16_t *h1, __m256i w, long j) {
    const __m256i order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    const __m256i top = _mm256_set1_epi8((char)0x80);
    __m256i a0 = _mm256_loadu_si256((const __m256i *)(h0 + 4 * j)), a1 = _mm256_loadu_si256((const __m256i *)(h0 + 4 * j + 16));
    __m256i b0 = _mm256_loadu_si256((const __m256i *)(h1 + 4 * j)), b1 = _mm256_loadu_si256((const __m256i *)(h1 + 4 * j + 16));
    __m256i s0 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(a0, b0), w), 16);
    __m256i s1 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(a0, b0), w), 16);
    __m256i s2 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(a1, b1), w), 16);
    __m256i s3 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(a1, b1), w), 16);
    __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(s0, s1), _mm256_packs_epi32(s2, s3));
    return _mm256_xor_si256(_mm256_permutevar8x32_epi32(p, order), top);
}

__attribute__((target("avx2"))) long tk_separable_y_row_avx2(
    uint32_t *dst, const uint16_t *h0, const uint16_t *h1, long n, uint32_t wy, int stream) {
    const __m256i w = _mm256_set1_epi32((int)((256 - wy) | (wy << 16)));
    long j;
    TK_STORE_ROW8(dst, n, stream, j, y_pixels8(h0, h1, w, j));
    // The last pixels: the 8 ending at n, stored again where they overlap pixels already
    // stored (the same bytes, so the order of the two stores does not matter).
    if (j < n && n >= 8) {
        _mm256_storeu_si256((__m256i *)(dst + n - 8), y_pixels8(h0, h1, w, n - 8));
        j = n;
    }
    return j;
}

#else
long tk_separable_x_blocks_avx2(
    uint16_t *h, const uint32_t *src, const int32_t *base, const uint32_t *masks, const uint8_t *weights, long b, long end,
    const uint32_t *ahead) {
    (void)h; (void)src; (void)base; (void)masks; (void)weights; (void)end; (void)ahead;
    return b;
}
long tk_separable_y_row_avx2(uint32_t *dst, const uint16_t *h0, const uint16_t *h1, long n, uint32_t wy, int stream) {
    (void)dst; (void)h0; (void)h1; (void)n; (void)wy; (void)stream;
    return 0;
}
#endif
