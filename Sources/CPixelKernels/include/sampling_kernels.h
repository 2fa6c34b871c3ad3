// AVX2 forms of TransitionKitRender's two-pass bilinear kernels (`SeparableRows`, the x pass
// and y lerp of the separable per-column warp), chosen at
// run time: Swift cannot compile one function for AVX2 while the module targets the x86-64
// baseline (SSE2), so these live in C with a per-function target attribute. The arithmetic is
// `LerpKernels`' (TransitionKitRender): each returns how many columns or pixels it did (a
// multiple of 8), and the Swift SSE2 code does the rest the same way.
#ifndef TK_SAMPLING_KERNELS_H
#define TK_SAMPLING_KERNELS_H

#include <stdint.h>

/// 1 when the CPU runs AVX2 (checked once), 0 otherwise and on every other architecture.
int tk_cpu_has_avx2(void);

/// The vertical pass of `SeparableRows`: for columns c < n (8 at a time), each channel's
/// p0[c]·(256 − wy) + p1[c]·wy − 32640 as a 16-bit lane into v[4c...4c + 3]. `ahead`, when
/// not NULL, is the image row the next device row will read at the same columns: its cache
/// lines are prefetched as this pass goes, each once (`row_ahead.h`); it is never read, so any
/// address will do. Requires AVX2. Returns the columns done (n rounded down to a multiple of 8).
long tk_separable_vertical_avx2(const uint32_t *p0, const uint32_t *p1, uint16_t *v, long n, uint32_t wy, const uint32_t *ahead);

/// The horizontal pass of `SeparableRows`: for device pixels j < n (8 at a time), the biased
/// lanes of image columns start[j] and start[j] + 1 of v lerped with the 32-bit weights
/// w0 | w1 << 16 of weights[4j] (pmaddwd), shifted right by 16 (bits 16...23 of each sum taken
/// as a byte) and 128 added back, into dst[j]. `stream`: the row's whole 64-byte lines are
/// stored non-temporally (`TK_STORE_ROW8`, row_stream.h). Requires AVX2. Returns the pixels
/// done, n − 7 ... n (n rounded down to a multiple of 8 unless streamed: `TK_STORE_ROW8`).
long tk_separable_horizontal_avx2(uint32_t *dst, const int32_t *start, const uint32_t *weights, const uint16_t *v, long n, int stream);

/// The x pass of `SeparableRows`' horizontal-first form, block by block from block b while
/// b < end and base[b] >= 0: block b is columns 8b...8b + 7, whose left taps are image pixels
/// base[b] + i + (masks[8b + i] ? 1 : 0) of row `src` and right taps the pixels after them;
/// each channel's c0·(256 − w) + c1·w − 32640 (w in 0...255, the weight bytes 255 − w, w per
/// channel at weights[64b...], columns in the order 0 1 4 5 then 2 3 6 7) into
/// h[32b...32b + 31] as 16-bit lanes, four a column. Reads pixels base[b]...base[b] + 9 of
/// `src`. `ahead`, when not NULL, is the image row the next device row will read: the lines of
/// it under the blocks' pixels are prefetched into L2 (a hint, never read) when the bases
/// increase. Requires AVX2. Returns the block it stopped at (end, or the first with base < 0).
long tk_separable_x_blocks_avx2(
    uint16_t *h, const uint32_t *src, const int32_t *base, const uint32_t *masks, const uint8_t *weights, long b, long end,
    const uint32_t *ahead);

/// The y pass of `SeparableRows`' horizontal-first form: for pixels j < n (8 at a time), the
/// biased lanes h0[4j...] and h1[4j...] (two image rows' x passes) lerped with weights
/// (256 − wy, wy) (pmaddwd), shifted right by 16 and 128 added back, into dst[j]. `stream`:
/// as `tk_separable_horizontal_avx2`. Requires AVX2. Returns the pixels done: n when n >= 8
/// (the last 8 stored again where they overlap), 0 otherwise.
long tk_separable_y_row_avx2(uint32_t *dst, const uint16_t *h0, const uint16_t *h1, long n, uint32_t wy, int stream);

/// The x pass of the separable per-column warp (`blendRow`), 8 strip columns a step from
/// column j while j + 8 <= count and both quads (`quad[j]`, `quad[j + 4]`: `SamplingTables`'
/// flags) are contiguous (4), steps (2, with lane select masks[4·(flags >> 4)...]) or pairs
/// (1: each column's two adjacent pixels, gathered): the two
/// taps of image row `src` at x0[j]... (pixel offsets), each channel c0·(256 − wx) + c1·wx −
/// 32640 with the per-column 16-bit weights wx at weights[4j...] and 256 − wx at
/// complements[4j...], into dst[4j...]. Stops at the first quad of another kind. Requires
/// AVX2. Returns the column it stopped at.
long tk_blend_row_avx2(
    const uint8_t *src, const uint8_t *quad, const int32_t *x0, const uint32_t *masks, const uint16_t *weights,
    const uint16_t *complements, uint16_t *dst, long j, long count);

/// The y lerp of the separable per-column warp (`drawSeparableRun`'s usual cases), 8 strip
/// columns a step from column j while j + 8 <= to: each column's running v stepped by its b as
/// 32-bit halves with a carry (`state`: the window's five arrays of 32-bit lanes, `lanes`
/// apart: fraction, index, step fraction, step fraction with the top bit flipped, step
/// index), wy = the new fraction rounded half up to 1/256, and the biased lanes of image rows
/// i and i + 1 (row r at `rows` + (r & slotMask)·rowBytes + 8j, the next one `rowBytes` on)
/// lerped with weights (256 − wy, wy) into dst[j − from]: where all 8 columns read one pair
/// the window holds (i − lo < pairs), or rows m...m + 2 it holds (m − lo < threes), each
/// column taking the upper or lower pair, or each column a pair of its own the window holds
/// (gathered). Stops, with that step's state not stored, at the first 8 columns that do none
/// of these. Requires AVX2. Returns the column it stopped at.
long tk_column_lerp_avx2(
    uint32_t *state, long lanes, const uint8_t *rows, long rowBytes, long slotMask, long lo, unsigned long pairs,
    unsigned long threes, uint32_t *dst, long from, long j, long to);

#endif
