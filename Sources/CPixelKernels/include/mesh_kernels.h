// The AVX2 form of the mesh path's per-pixel sampling (TransitionKitRender's `drawMesh`,
// `BilinearSampler.sample` through a face's device → contents map), chosen at run time like
// the other kernels here. Bit for bit the Swift arithmetic: the same IEEE double operations in
// the same order (no contraction into fused multiply-adds), the same clamps and truncations,
// and the bilinear blend's integer rounding.
#ifndef TK_MESH_KERNELS_H
#define TK_MESH_KERNELS_H

#include <stdint.h>

/// Bilinear samples of device pixels x + j of one row, 8 a step from j = 0 while j < n (the
/// last step may run past n; `out` holds n rounded up to a multiple of 8): with
/// px = (double)(x + j) + 0.5, w = px·m13 + w0, u = (px·m11 + u0)·(1/w) − 0.5 and
/// v = (px·m12 + v0)·(1/w) − 0.5, out[j] is `BilinearSampler.sample(u, v)` of the image
/// (`pixels`, `width` x `height`, rows `stride` pixels apart; premultiplied RGBA8). Stops at
/// the first step with a lane whose w is not above 0 or whose u or v is NaN (the Swift loop
/// does those pixels). Requires AVX2, width and height >= 1 and stride·height < 2³¹.
/// Returns the pixels done from 0 (a multiple of 8, possibly past n).
long tk_mesh_samples_avx2(
    const uint32_t *pixels, long width, long height, long stride, double m11, double m12, double m13, double u0, double v0,
    double w0, long x, long n, uint32_t *out);

/// One span of a mesh face added to a strip, `tk_mesh_samples_avx2` and `drawMesh`'s per-pixel
/// rule fused, 8 pixels a step: pixel j < n (device x + j) samples the image through
/// map = (m11, m12, m13, u0, v0, w0) as above, takes the sample over the premultiplied
/// `background` (0: none) and `tint` (0: none) scaled by the sample's alpha over that, and adds
/// it at coverage c (coverage[j] for j < count, `solid` after) to the strip's area and
/// premultiplied channel planes (area[j], r[j], g[j], b[j], a[j]) by the disjoint rule
/// (`BandRenderer.accumulate`, the same float operations). Stops where
/// `tk_mesh_samples_avx2` stops; pixels from there are left to the caller. Requires AVX2 and
/// what `tk_mesh_samples_avx2` requires. Returns the pixels done (n or a multiple of 8).
long tk_mesh_span_avx2(
    const uint32_t *pixels, long width, long height, long stride, const double *map, long x, long n, const uint8_t *coverage,
    long count, uint32_t solid, uint32_t background, uint32_t tint, float *area, float *r, float *g, float *b, float *a);

/// `resolveMeshStrip`'s per-pixel rule for n pixels, 8 a step: where area[j] > 0, the sums
/// rounded to 8 bits (min(255, max(0, f + 0.5)) truncated, colour channels at most the alpha),
/// times mask[j] (NULL: 255) times `alpha` (`PixelMath.mul`, `PixelMath.scale`), source-over
/// row[j]. Reads and writes nothing past n. Requires AVX2.
void tk_mesh_resolve_avx2(
    uint32_t *row, const uint8_t *mask, uint32_t alpha, const float *area, const float *r, const float *g, const float *b, const float *a,
    long n);

#endif
