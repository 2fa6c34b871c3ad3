// The Gaussian blur's passes (TransitionKitRender's `BlurPlan`, `BandRenderer.drawBlur`), on RGBA8
// premultiplied pixels (packed, r in the low byte), each channel on its own. Every pass treats
// pixels beyond its image's edges as the edge pixels (clamp to edge). Results are rounded to
// nearest; a channel never exceeds its pixel's alpha (each pass is a weighted sum with the same
// non-negative weights for every channel, rounded monotonically).
#ifndef TK_BLUR_KERNELS_H
#define TK_BLUR_KERNELS_H

#include <stdint.h>

/// Three successive horizontal extended boxes of radius `r` (0...4095) along each of `rows` rows
/// of `w` pixels (`src` rows `sstride` pixels apart) into `dst` (rows `dstride` apart; may be
/// `src`). One box: (the sum of pixels x − r...x + r times `inner`, plus pixels x − r − 1 and
/// x + r + 1 times `outer`, plus 32768) shifted right by 16, at most 255 (weights that sum to
/// 2^16 up to rounding). `tmp`: 2·w pixels of scratch.
/// - Complexity: O(rows·w), whatever r (running sums).
void tk_blur_box3_rows(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long rows, long r, uint32_t inner, uint32_t outer,
    uint32_t *tmp);

/// One vertical extended box of the `w` × `h` image `src` into `dst` (distinct), as
/// `tk_blur_box3_rows` does along rows. `sums`: 4·w integers of scratch.
/// - Complexity: O(w·h), whatever r.
void tk_blur_box_cols(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, long r, uint32_t inner, uint32_t outer,
    int32_t *sums);

/// The separable kernel `k[0...2r]` (weights in units of 2^−14 summing to 2^14) along rows of
/// the `w` × `h` image `src` into `dst` (distinct): Σ k[i]·p[x + i − r] + 8192, shifted right
/// by 14. `vertical` 1 runs it along columns instead.
/// - Complexity: O(w·h·r).
void tk_blur_kernel(
    uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, const int32_t *k, long r, int vertical);

/// The `w` × `h` image `src` averaged down by s = 2^`levels` into the ⌈w/s⌉ × ⌈h/s⌉ image
/// `dst`: each pixel the rounded mean of an s × s block (edge pixels repeated past the edges).
/// `acc`: 4·⌈w/s⌉ integers of scratch. Requires levels 1...11.
/// - Complexity: O(w·h).
void tk_blur_downsample(uint32_t *dst, long dstride, const uint32_t *src, long sstride, long w, long h, long levels, uint32_t *acc);

/// The `mw` × `mh` image `src` (a `tk_blur_downsample` of a `w` × `h` one by s = 2^`levels`)
/// filtered bilinearly back up into the `w` × `h` image `dst`: pixel (x, y) at small-image
/// position ((x + ½)/s − ½, (y + ½)/s − ½), weights in 1/256 rounded; a vertical lerp kept in
/// 16 bits, then a horizontal one, + 32768, shifted right by 16. `tmp`: 4·mw 16-bit lanes.
/// - Complexity: O(w·h).
void tk_blur_upsample(
    uint32_t *dst, long dstride, long w, long h, const uint32_t *src, long sstride, long mw, long mh, long levels, uint16_t *tmp);

#endif
