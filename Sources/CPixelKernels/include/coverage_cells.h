// The rasteriser's row sums (TransitionKitRender's `CoverageRasterizer`): the signed-area
// accumulation cells of one row summed left to right into coverage bytes. In C because Swift
// checks every float-to-integer conversion (the quantisation's `Int32(_:)`: a compare and two
// branches a cell; a perf profile of a radial pop frame put 35 % of the fill's samples in that
// loop). The arithmetic is the same IEEE single-precision operations in the same order, with no
// contraction into fused multiply-adds (the pragma in each function, so it does not reach the
// code that includes this), so the bytes are the same. Measured on the 2-core EPYC
// VM: radial pop at timeline progress 0.76, drawn 100 times, 0.92-0.99 -> 0.91-0.94 ms; sweep
// p50 within noise.
#ifndef TK_COVERAGE_CELLS_H
#define TK_COVERAGE_CELLS_H

#include <stdint.h>

/// The coverage byte of a running winding sum (the fraction of the pixel inside the outline):
/// non-zero winding min(|sum|, 1), even-odd 1 − |1 − (|sum| mod 2)|, then ⌊v·255 + 0.5⌋.
/// `sum` must be finite and below 2³¹ in magnitude (a fill's sums are at most the number of
/// its edges); `even_odd` 1 for the even-odd rule, 0 for non-zero.
static inline uint8_t tk_coverage_byte(float sum, int even_odd) {
#pragma clang fp contract(off)
    float v = sum < 0 ? -sum : sum;
    if (even_odd) {
        float half = v * 0.5f;
        float whole = (float)(int32_t)(int64_t)half;
        float twice = 2.0f * whole;
        v = v - twice;
        if (v > 1.0f) v = 2.0f - v;
    } else if (v > 1.0f) {
        v = 1.0f;
    }
    float scaled = v * 255.0f;
    float rounded = scaled + 0.5f;
    return (uint8_t)(int32_t)rounded;
}

/// One written range of a row's cells, left to right from `x`: cells x < `summed_end` are
/// added to the sum (left of the clip); cells up to `quantised_end` are added and their
/// coverage bytes stored in `cov[x]`; every cell from `x` to `clear_end` inclusive is set to 0.
/// Requires x <= summed_end <= quantised_end <= clear_end + 1. Returns the sum after the last
/// added cell.
/// - Complexity: O(clear_end − x).
static inline float tk_sum_cells(
    float *line, uint8_t *cov, long x, long summed_end, long quantised_end, long clear_end, float sum, int even_odd) {
#pragma clang fp contract(off)
    for (; x < summed_end; x++) {
        sum += line[x];
        line[x] = 0;
    }
    for (; x < quantised_end; x++) {
        sum += line[x];
        line[x] = 0;
        cov[x] = tk_coverage_byte(sum, even_odd);
    }
    for (; x <= clear_end; x++) line[x] = 0;
    return sum;
}

#endif
