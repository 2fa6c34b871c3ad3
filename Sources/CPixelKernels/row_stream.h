// Private to CPixelKernels: the one rule by which a row kernel that writes a frame row streams
// its whole cache lines past the cache.
#ifndef TK_ROW_STREAM_H
#define TK_ROW_STREAM_H

#include <stdint.h>

/// The pixels of a row of `n` RGBA8 pixels from `dst` written with non-temporal stores:
/// `head..<body`, the whole 64-byte lines (16 pixels each) of the row, when `stream` is not 0
/// and the row holds at least one; `0..<0` otherwise. The rule of every streamed row store: the
/// AVX2 kernels (`TK_STORE_ROW8`) and the copy (`tk_stream_copy`). `dst` is 4-byte aligned.
typedef struct {
    long head, body;
} tk_streamed_lines;

static inline tk_streamed_lines tk_row_streamed_lines(const uint32_t *dst, long n, int stream) {
    tk_streamed_lines lines = {0, 0};
    if (!stream) return lines;
    long head = (long)(((64 - ((uintptr_t)dst & 63)) & 63) >> 2);
    if (head + 16 > n) return lines;
    lines.head = head;
    lines.body = head + ((n - head) & ~15L);
    return lines;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// The store loop of an 8-pixel row kernel: for i = 0, 8, ... while i + 8 <= n, `EXPR` (an
/// expression of `i` giving the 8 pixels from i as a __m256i) is stored at dst + i. With
/// `stream`, the pixels of the row's whole 64-byte lines (`tk_row_streamed_lines`) are stored
/// non-temporally (`vmovntdq`, aligned 32-byte halves): a frame bigger than the cache is then
/// written without first reading each line from memory (the read-for-ownership of an ordinary
/// store), and without evicting the images it is drawn from. The pixels before the first whole
/// line are stored ordinarily, the last 8-pixel group before it masked to end there; those after
/// the last one ordinarily. The bytes written are the same either way; `EXPR` is evaluated for
/// at most one group whose pixels are partly not stored (it must be computable for any i with
/// i + 8 <= n). The caller runs `_mm_sfence` (RowStores.fence) before another thread reads the
/// pixels. Leaves `i` at the pixels done, n − 7 ... n: n rounded down to a multiple of 8 when
/// nothing is streamed; otherwise the steps after the first whole line start there, so `i` is
/// that line's start plus a multiple of 8 (the caller's tail does the rest). Requires AVX2.
#define TK_STORE_ROW8(dst, n, stream, i, EXPR)                                                            \
    do {                                                                                              \
        tk_streamed_lines lines_ = tk_row_streamed_lines((dst), (n), (stream));                       \
        (i) = 0;                                                                                      \
        if (lines_.body > 0) {                                                                        \
            for (; (i) + 8 <= lines_.head; (i) += 8) _mm256_storeu_si256((__m256i *)((dst) + (i)), (EXPR)); \
            if ((i) < lines_.head) {                                                                  \
                const __m256i lane_ = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);                      \
                __m256i mask_ = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(lines_.head - (i))), lane_); \
                _mm256_maskstore_epi32((int *)((dst) + (i)), mask_, (EXPR));                          \
            }                                                                                         \
            for ((i) = lines_.head; (i) < lines_.body; (i) += 8) _mm256_stream_si256((__m256i *)((dst) + (i)), (EXPR)); \
        }                                                                                             \
        for (; (i) + 8 <= (n); (i) += 8) _mm256_storeu_si256((__m256i *)((dst) + (i)), (EXPR));       \
    } while (0)
#endif

#endif
