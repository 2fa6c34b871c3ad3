// AVX2 forms of two of TransitionKitRender's whole-row blends, chosen at run time like the
// sampling kernels (see sampling_kernels.h), on RGBA8 premultiplied pixels; each returns how
// many pixels it did (a multiple of 8) and the Swift code does the rest the same way:
// - the cross-fade (`BlendKernels.fade`, FadeKernels.swift): per channel
//   dst = mul(s, m) + mul(u, 255 − m), mul(x, a) = (t + (t >> 8)) >> 8 with t = x·a + 128
//   (x·a/255 rounded to nearest, pixman's MUL_UN8);
// - the two-tap lerp (`BlendKernels.lerp`, BlendKernels.swift): per channel
//   (a·(256 − w) + b·w + 128) >> 8, w in 0...256 (`BilinearSampler.blend` with one weight 0);
// - the tinted lerp (`PendingCopies`' tinted rows, PendingCopies.swift): that lerp, then a
//   premultiplied colour c at full strength over it, c + mul(x, 255 − alpha(c)) per channel
//   (`SpanKernels.tint`);
// - a shadow's span (`BandRenderer.drawShadow`, ShadowDrawing.swift): coverage m from the
//   summed Gaussian profile, then the colour scaled by m source-over the destination
//   (`SpanKernels.solid`).
#ifndef TK_BLEND_KERNELS_H
#define TK_BLEND_KERNELS_H

#include <stdint.h>

/// The cross-fade of pixels i < n, 8 a step: the source s0[i] (or, when `averages` is not 0,
/// the rounded average (a + b + 1) >> 1 per channel of s0[i] and s1[i]), the under pixel u0[i]
/// (or the average of u0[i] and u1[i]), weight m (0...255) of the source, into dst[i]. `dst`
/// may be u0 or s0 (each pixel is read before it is written). `stream`: the row's whole 64-byte
/// lines are stored non-temporally (`TK_STORE_ROW8`, row_stream.h). Requires AVX2. Returns the
/// pixels done, n − 7 ... n (n rounded down to a multiple of 8 unless streamed: `TK_STORE_ROW8`).
long tk_fade_avx2(
    uint32_t *dst, const uint32_t *s0, const uint32_t *s1, const uint32_t *u0, const uint32_t *u1, long n, uint32_t m,
    int averages, int stream);

/// The two-tap lerp of pixels i < n, 8 a step: per channel (a[i]·(256 − w) + b[i]·w + 128) >> 8
/// into dst[i], w in 0...256 (at most 255·256 + 128, so 16-bit lanes). `dst` must not overlap
/// `a` or `b`. `ahead`, when not NULL, is the row the next call will read at the same pixels
/// (a vertical lerp's next image row): its cache lines are prefetched as this row is done, each
/// once (`row_ahead.h`); it is never read, so any address will do. `stream` as in `tk_fade_avx2`.
/// Requires AVX2. Returns the pixels done, as `tk_fade_avx2`.
long tk_lerp_avx2(uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, const uint32_t *ahead, int stream);


/// The two-tap lerp of `tk_lerp_avx2` with a premultiplied colour `c` composited over each
/// result at full strength: per channel c + mul(x, 255 − alpha(c)), with mul as in
/// `tk_fade_avx2` (a sliding screen under its dimming layer, drawn in one pass). w = 0 is a
/// tinted 1:1 copy of `a` (the lerp at weight 0 is exact). `c` must be a valid premultiplied
/// colour (no channel above its alpha), so the add cannot carry between channels. `dst` must
/// not overlap `a` or `b`; `ahead` and `stream` as in `tk_lerp_avx2`. Requires AVX2. Returns
/// the pixels done, as `tk_fade_avx2`.
long tk_lerp_tint_avx2(
    uint32_t *dst, const uint32_t *a, const uint32_t *b, long n, uint32_t w, uint32_t c, const uint32_t *ahead, int stream);

/// A shadow's span, 8 pixels a step: per pixel i < n the coverage m = (uint8) min(max(sums[i] ·
/// 255 + 0.5, 0), 255) (truncated, as Swift's `UInt8(_:)` of that clamped float, each float
/// operation rounded on its own), s = mul(color, m) per channel, and dst[i] = s + mul(dst[i],
/// 255 − alpha(s)) per channel, the add saturating (pixman's UN8x4_MUL_UN8 then
/// UN8x4_ADD_UN8x4: `PixelMath.over(PixelMath.scale(color, m), dst)`, which is also what
/// `SpanKernels.solid` gives at m = 0 and m = 255). `sums` must not be NaN. Ordinary stores
/// (the span is read as it is written). Requires AVX2. Returns the pixels done (n rounded
/// down to a multiple of 8).
long tk_shadow_span_avx2(uint32_t *dst, const float *sums, long n, uint32_t color);

#endif
