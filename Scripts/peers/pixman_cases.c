/* pixman_cases.c - the transition frames drawn with pixman, the engine under cairo's image backend,
 * used the way a careful C compositor would use it (fast paths where pixman has them).
 *
 *   radial_pixman              copy "from"; "to" OVER through an anti-aliased circle: the fully
 *                              covered run of each row as one clip region composited with no mask,
 *                              the anti-aliased ends as a second region through an A8 coverage mask
 *   fade_pixman                copy "from"; "to" OVER with a solid mask of alpha = progress
 *   pushback_pixman_projective black; "from" through a projective bilinear warp (perspective 500 pt,
 *                              rotateX 10 deg * p, scale 1 - 0.1 p about the centre); "to" slid in
 *                              from the right. pixman has no fast path for projective transforms.
 *   pushback_pixman_affine     the same with the scale only (affine, bilinear: pixman's fast path)
 *   pushback3d_pixman          pushback3d's own frame: black; "from" turned about the vertical line
 *                              through its right-edge midpoint (anchor (1, 0.5)) by -10 deg * p
 *                              (rotateY, its left edge recedes) under perspective m34 = -1/300 pt,
 *                              no scale, no dimming, projective bilinear (composited through a clip
 *                              of the view's run on each row: see pushback3d_rows); "to" slid in from
 *                              the right. The two pushback_pixman_* cases draw another transform
 *                              (rotateX about the centre with a scale, an external benchmark's
 *                              frame), kept as they are.
 *   slide_pixman_subpx         copy "from"; 50 % black OVER it; "to" OVER, moved down by a fractional
 *                              number of pixels (bilinear)
 *   dragdismiss_pixman         drag-dismiss's dismiss frame: black; "from" scaled 1 - 0.1 (1 - p) about
 *                              the centre (affine, bilinear, as pushback_pixman_affine); "to" OVER,
 *                              moved down by the same fractional offset as slide_pixman_subpx
 *                              (bilinear, no dimming). In effect-bench's dismiss the scaled screen is
 *                              the presenter and the sliding one the modal; the harness gives its two
 *                              screens the other roles, which moves the same pixels.
 */
#include "peers.h"

#include <math.h>
#include <pixman.h>
#include <stdlib.h>
#include <string.h>

static const struct scene *sc;
static pixman_image_t *from_image, *to_image, *dst_image, *coverage_image;
static uint8_t *coverage;           /* A8 mask bits, one byte a pixel */
static int coverage_stride;         /* bytes per mask row, a multiple of 4 as pixman requires */
static pixman_box32_t *inside_runs; /* at most one fully covered run a row */
static pixman_box32_t *edge_runs;   /* at most two anti-aliased runs a row */
static pixman_box32_t *warp_rows;   /* pushback3d: the warped view's run of each row */

static int clamp_int(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

static void *checked_calloc(size_t count, size_t size) {
    void *p = calloc(count, size);
    if (!p) peers_fail("out of memory");
    return p;
}

static void pixman_prepare(const struct scene *scene) {
    if (sc == scene) return;
    sc = scene;
    from_image = pixman_image_create_bits(PIXMAN_a8r8g8b8, sc->width, sc->height, sc->from, sc->stride);
    to_image = pixman_image_create_bits(PIXMAN_a8r8g8b8, sc->width, sc->height, sc->to, sc->stride);
    dst_image = pixman_image_create_bits(PIXMAN_a8r8g8b8, sc->width, sc->height, sc->dst, sc->stride);
    coverage_stride = (sc->width + 3) & ~3;
    coverage = checked_calloc((size_t)coverage_stride * sc->height, 1);
    coverage_image = pixman_image_create_bits(PIXMAN_a8, sc->width, sc->height, (uint32_t *)coverage, coverage_stride);
    inside_runs = checked_calloc((size_t)sc->height, sizeof *inside_runs);
    edge_runs = checked_calloc(2 * (size_t)sc->height, sizeof *edge_runs);
    warp_rows = checked_calloc((size_t)sc->height, sizeof *warp_rows);
    if (!from_image || !to_image || !dst_image || !coverage_image) peers_fail("pixman could not wrap the frames");
}

static void copy_from(void) {
    pixman_image_composite32(PIXMAN_OP_SRC, from_image, NULL, dst_image, 0, 0, 0, 0, 0, 0, sc->width, sc->height);
}

/* OVER of src (through mask, or none) onto the whole frame, clipped to the boxes. */
static void composite_in_boxes(pixman_image_t *src, pixman_image_t *mask, const pixman_box32_t *boxes, int count) {
    if (count == 0) return;
    pixman_region32_t clip;
    pixman_region32_init_rects(&clip, boxes, count);
    pixman_image_set_clip_region32(dst_image, &clip);
    pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst_image, 0, 0, 0, 0, 0, 0, sc->width, sc->height);
    pixman_image_set_clip_region32(dst_image, NULL);
    pixman_region32_fini(&clip);
}

/* ---- radial ---- */

/* Coverage of the pixel whose centre is (dx, dy) from the circle's centre: r + 1/2 - distance,
 * clamped to 0...1 (a one-pixel linear ramp across the edge), in 1/255 steps. */
static uint8_t edge_coverage(double dx, double dy, double r) {
    double a = r + 0.5 - sqrt(dx * dx + dy * dy);
    return a <= 0 ? 0 : (a >= 1 ? 255 : (uint8_t)lround(a * 255));
}

static void radial_draw(double progress) {
    copy_from();
    double cx, cy, r;
    radial_circle(sc, progress, &cx, &cy, &r);
    if (r <= 0) return;
    int inside = 0, edges = 0;
    int top = clamp_int((int)floor(cy - r - 0.5), 0, sc->height);
    int bottom = clamp_int((int)ceil(cy + r + 0.5), 0, sc->height);
    for (int y = top; y < bottom; y++) {
        double dy = y + 0.5 - cy, outer = r + 0.5, inner = r - 0.5;
        if (fabs(dy) >= outer) continue;
        /* pixels with some coverage: centre closer than r + 1/2; full coverage: closer than r - 1/2 */
        double half_outer = sqrt(outer * outer - dy * dy);
        int x0 = clamp_int((int)floor(cx - half_outer + 0.5), 0, sc->width);
        int x3 = clamp_int((int)ceil(cx + half_outer - 0.5), x0, sc->width);
        int x1 = x3, x2 = x3; /* full-coverage run [x1, x2) */
        if (inner > 0 && fabs(dy) < inner) {
            double half_inner = sqrt(inner * inner - dy * dy);
            x1 = clamp_int((int)ceil(cx - half_inner - 0.5), x0, x3);
            x2 = clamp_int((int)floor(cx + half_inner - 0.5) + 1, x1, x3);
        }
        uint8_t *row = coverage + (size_t)y * coverage_stride;
        for (int x = x0; x < x1; x++) row[x] = edge_coverage(x + 0.5 - cx, dy, r);
        for (int x = x2; x < x3; x++) row[x] = edge_coverage(x + 0.5 - cx, dy, r);
        if (x2 > x1) inside_runs[inside++] = (pixman_box32_t){ x1, y, x2, y + 1 };
        if (x1 > x0) edge_runs[edges++] = (pixman_box32_t){ x0, y, x1, y + 1 };
        if (x3 > x2) edge_runs[edges++] = (pixman_box32_t){ x2, y, x3, y + 1 };
    }
    composite_in_boxes(to_image, NULL, inside_runs, inside);
    composite_in_boxes(to_image, coverage_image, edge_runs, edges);
}

/* ---- fade ---- */

static void fade_draw(double progress) {
    copy_from();
    pixman_color_t alpha = { 0, 0, 0, (uint16_t)lround(progress * 0xffff) };
    pixman_image_t *mask = pixman_image_create_solid_fill(&alpha);
    pixman_image_composite32(PIXMAN_OP_OVER, to_image, mask, dst_image, 0, 0, 0, 0, 0, 0, sc->width, sc->height);
    pixman_image_unref(mask);
}

/* ---- push-back ---- */

static void clear_black(void) {
    pixman_fill(sc->dst, sc->stride / 4, 32, 0, 0, sc->width, sc->height, 0xff000000u);
}

static void slide_in_from_right(double progress) {
    int x = pushback_incoming_x(sc, progress);
    if (x < sc->width)
        pixman_image_composite32(PIXMAN_OP_OVER, to_image, NULL, dst_image, 0, 0, 0, 0, x, 0, sc->width - x, sc->height);
}

/* "from" OVER the frame through the inverse map m (frame pixel -> source pixel, homogeneous),
 * bilinear, over the destination box [x0, x1) x [y0, y1). */
static void warp_from(const struct pixman_f_transform *m, int x0, int y0, int x1, int y1) {
    /* pixman keeps the matrix in 16.16 fixed point and needs m * (x, y, 1) to fit it as well.
     * An affine map keeps its last row (0, 0, 1), or pixman leaves its affine fast paths. A
     * projective one has tiny perspective entries, so the whole (homogeneous) matrix is scaled
     * up as far as that allows: the largest component over the frame's corners becomes 2^14. */
    int affine = m->m[2][0] == 0 && m->m[2][1] == 0;
    double largest = 0;
    for (int corner = 0; corner < 4; corner++) {
        double x = (corner & 1) ? sc->width : 0, y = (corner & 2) ? sc->height : 0;
        for (int i = 0; i < 3; i++) largest = fmax(largest, fabs(m->m[i][0] * x + m->m[i][1] * y + m->m[i][2]));
    }
    double k = affine ? 1.0 / m->m[2][2] : 16384.0 / largest;
    struct pixman_f_transform scaled = *m;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) scaled.m[i][j] *= k;
    pixman_transform_t fixed;
    if (!pixman_transform_from_pixman_f_transform(&fixed, &scaled)) peers_fail("push-back transform overflows 16.16");
    pixman_image_set_transform(from_image, &fixed);
    pixman_image_set_filter(from_image, PIXMAN_FILTER_BILINEAR, NULL, 0);
    pixman_image_composite32(PIXMAN_OP_OVER, from_image, NULL, dst_image, x0, y0, 0, 0, x0, y0, x1 - x0, y1 - y0);
    pixman_image_set_transform(from_image, NULL);
    pixman_image_set_filter(from_image, PIXMAN_FILTER_NEAREST, NULL, 0);
}

/* In coordinates centred on the frame, scale s, rotateX t and perspective d (pixels) send the
 * source point (u, v) to (s u / w, s cos(t) v / w) with w = 1 - s sin(t) v / d. Solving for (u, v)
 * gives the inverse (u, v) = (cos(t) X, Y) / (s cos(t) + s sin(t) Y / d). */
static void pushback_projective_draw(double progress) {
    clear_black();
    double s = pushback_scale(progress), t = progress * 10.0 * M_PI / 180.0, d = 500.0 * sc->scale;
    double c = cos(t), sn = sin(t), cx = sc->width * 0.5, cy = sc->height * 0.5;
    /* bounding box of the warped frame: map its four corners forward */
    double left = 1e300, right = -1e300, upper = 1e300, lower = -1e300;
    for (int corner = 0; corner < 4; corner++) {
        double u = (corner & 1) ? cx : -cx, v = (corner & 2) ? cy : -cy, w = 1 - s * sn * v / d;
        double X = cx + s * u / w, Y = cy + s * c * v / w;
        left = fmin(left, X), right = fmax(right, X), upper = fmin(upper, Y), lower = fmax(lower, Y);
    }
    int x0 = clamp_int((int)floor(left) - 1, 0, sc->width), x1 = clamp_int((int)ceil(right) + 1, 0, sc->width);
    int y0 = clamp_int((int)floor(upper) - 1, 0, sc->height), y1 = clamp_int((int)ceil(lower) + 1, 0, sc->height);
    /* inverse in frame pixels: translate by -centre, the centred inverse, translate by +centre */
    double q0 = s * c - s * sn * cy / d; /* denominator at X = any, Y = 0 (frame top) */
    struct pixman_f_transform m = { { { c, cx * s * sn / d, -c * cx + cx * q0 },
                                      { 0, 1 + cy * s * sn / d, -cy + cy * q0 },
                                      { 0, s * sn / d, q0 } } };
    warp_from(&m, x0, y0, x1, y1);
    slide_in_from_right(progress);
}

/* pushback3d's pushed-back view (PushBack3D.pushedBackTransform(at:) with its defaults: no scale,
 * no dimming) in a frame W x H pixels. Relative to the anchor, the right-edge midpoint (W, H / 2),
 * rotateY(-t) (Core Animation's matrix: x' = cos(t) x, z' = sin(t) x) and m34 = -1/d (d = 300 pt in
 * pixels) send the source point (x, y, 0) to (x', y, z') with w = 1 - z' / d = 1 - k x,
 * k = sin(t) / d, projected to (X, Y) = (cos(t) x, y) / w; x <= 0 over the view, so its left edge
 * recedes (w > 1). Solving for (x, y) gives the homography (x, y) = (X, cos(t) Y) / (cos(t) + k X):
 * the left edge lands at X = -W cos(t) / (1 + k W), x = W - W cos(t) / (1 + (W / d) sin(t)) in frame
 * pixels, and the top and bottom edges run from the frame's right corners to
 * H / 2 -+ (H / 2) / (1 + k W) at the left edge. */
static double pushback3d_angle(double progress) { return progress * 10.0 * M_PI / 180.0; }

static double pushback3d_distance(void) { return 300.0 * sc->scale; }

/* The rows of the frame whose pixel centres map into the source at u >= 1/16, v >= 1/16 (and
 * v < H + 1/2, beyond which bilinear sampling reads nothing of the image), one box a row, into rows[];
 * returns how many. pixman 0.42's projective fetch divides the homogeneous coordinates as unsigned
 * 64-bit numbers (bits_image_fetch_general: ((uint64_t) x << 16) / w), so a destination pixel
 * whose source point lies left of or above the image samples a wrapped-around point instead of
 * nothing: without this clip, stray pixels of "from" show in the black wedge above the view. The
 * view's left and top edges are therefore not anti-aliased (its bottom edge is). */
static int pushback3d_rows(double c, double k, pixman_box32_t *rows) {
    double ax = sc->width, ay = sc->height * 0.5, lo = 1.0 / 16, hi = sc->height + 0.5;
    /* in anchor-relative X: u >= lo from the left edge on; the source row v = V crosses frame row
     * Y at X = c (Y - V) / ((V - ay) k), and v >= lo (v < hi) right of it */
    double left = c * (lo - ax) / (1 + k * (ax - lo));
    int count = 0;
    for (int y = 0; y < sc->height; y++) {
        double Y = y + 0.5;
        double from_x = fmax(left, fmax(c * (Y - lo) / ((lo - ay) * k), c * (Y - hi) / ((hi - ay) * k)));
        int x0 = clamp_int((int)ceil(from_x + ax - 0.5), 0, sc->width);
        if (x0 < sc->width) rows[count++] = (pixman_box32_t){ x0, y, sc->width, y + 1 };
    }
    return count;
}

static void pushback3d_draw(double progress) {
    clear_black();
    double t = pushback3d_angle(progress), c = cos(t), k = sin(t) / pushback3d_distance();
    if (k == 0) { /* progress 0: the untouched view */
        struct pixman_f_transform identity = { { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } };
        warp_from(&identity, 0, 0, sc->width, sc->height);
        slide_in_from_right(progress);
        return;
    }
    /* the inverse in frame pixels: translate by -anchor, the anchor-relative homography
     * [[1, 0, 0], [0, c, 0], [k, 0, c]], translate by +anchor */
    double ax = sc->width, ay = sc->height * 0.5, den = c - k * ax; /* last row: k X + den */
    struct pixman_f_transform m = { { { 1 + ax * k, 0, -ax + ax * den },
                                      { ay * k, c, -c * ay + ay * den },
                                      { k, 0, den } } };
    /* 16.16 fixed point, scaled as warp_from scales a projective map (largest component over the
     * frame's corners 2^14), then down to where the perspective entry k is a whole number of
     * 1/65536 steps: rounding k itself, the one tiny entry (about 41 steps at p = 0.5), would move the
     * view's bottom-left corner by up to 3.4 pixels over a 120-frame sweep at 1179x2556; so scaled,
     * every other entry rounds to within 0.01 pixel (checked: every pixel of the sweep within 1/8
     * pixel of the exact source point, the 8-bit readout's step). Where k is under one step even
     * at 1.9 times the scale (below about 0.07 deg at 1179x2556, no frame of a 120-frame sweep) it
     * rounds as it falls, and the corner may move by up to 2.4 pixels. */
    double largest = 0;
    for (int corner = 0; corner < 4; corner++) {
        double x = (corner & 1) ? sc->width : 0, y = (corner & 2) ? sc->height : 0;
        for (int i = 0; i < 3; i++) largest = fmax(largest, fabs(m.m[i][0] * x + m.m[i][1] * y + m.m[i][2]));
    }
    double scale = 16384.0 / largest, steps = floor(k * scale * 65536.0);
    if (steps >= 1) scale = steps / (k * 65536.0);
    else if (1 / (k * 65536.0) < 1.9 * scale) scale = 1 / (k * 65536.0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) m.m[i][j] *= scale;
    pixman_transform_t fixed;
    if (!pixman_transform_from_pixman_f_transform(&fixed, &m)) peers_fail("pushback3d transform overflows 16.16");
    int count = pushback3d_rows(c, k, warp_rows);
    pixman_image_set_transform(from_image, &fixed);
    pixman_image_set_filter(from_image, PIXMAN_FILTER_BILINEAR, NULL, 0);
    composite_in_boxes(from_image, NULL, warp_rows, count);
    pixman_image_set_transform(from_image, NULL);
    pixman_image_set_filter(from_image, PIXMAN_FILTER_NEAREST, NULL, 0);
    slide_in_from_right(progress);
}

/* "from" scaled by s about the frame centre (affine, bilinear) OVER the frame. */
static void scale_from(double s) {
    double cx = sc->width * 0.5, cy = sc->height * 0.5;
    struct pixman_f_transform m = { { { 1 / s, 0, cx - cx / s }, { 0, 1 / s, cy - cy / s }, { 0, 0, 1 } } };
    int x0 = clamp_int((int)floor(cx - s * cx) - 1, 0, sc->width), x1 = clamp_int((int)ceil(cx + s * cx) + 1, 0, sc->width);
    int y0 = clamp_int((int)floor(cy - s * cy) - 1, 0, sc->height), y1 = clamp_int((int)ceil(cy + s * cy) + 1, 0, sc->height);
    warp_from(&m, x0, y0, x1, y1);
}

static void pushback_affine_draw(double progress) {
    clear_black();
    scale_from(pushback_scale(progress));
    slide_in_from_right(progress);
}

/* ---- slide ---- */

/* "to" OVER the frame, moved down by slide_offset (a fractional number of pixels: bilinear). */
static void slide_to_down(double progress) {
    double dy = slide_offset(sc, progress);
    int y0 = (int)floor(dy);
    if (y0 >= sc->height) return;
    pixman_transform_t shift;
    pixman_transform_init_translate(&shift, 0, pixman_double_to_fixed(-dy));
    pixman_image_set_transform(to_image, &shift);
    pixman_image_set_filter(to_image, PIXMAN_FILTER_BILINEAR, NULL, 0);
    pixman_image_composite32(PIXMAN_OP_OVER, to_image, NULL, dst_image, 0, y0, 0, 0, 0, y0, sc->width, sc->height - y0);
    pixman_image_set_transform(to_image, NULL);
    pixman_image_set_filter(to_image, PIXMAN_FILTER_NEAREST, NULL, 0);
}

static void slide_draw(double progress) {
    copy_from();
    pixman_color_t half_black = { 0, 0, 0, 0x8000 };
    pixman_image_t *dim = pixman_image_create_solid_fill(&half_black);
    pixman_image_composite32(PIXMAN_OP_OVER, dim, NULL, dst_image, 0, 0, 0, 0, 0, 0, sc->width, sc->height);
    pixman_image_unref(dim);
    slide_to_down(progress);
}

/* ---- drag-dismiss ---- */

/* The dismiss frame: the view behind grows back from 0.9 (1 - 0.1 b, b = 1 - p the presented
 * fraction) while the modal slides down and out. */
static void dragdismiss_draw(double progress) {
    clear_black();
    scale_from(1.0 - 0.1 * (1.0 - progress));
    slide_to_down(progress);
}

const struct peer_case pixman_cases[] = {
    { "radial_pixman", "copy from; to OVER through an anti-aliased circle", pixman_prepare, radial_draw },
    { "fade_pixman", "copy from; to OVER at alpha p", pixman_prepare, fade_draw },
    { "pushback_pixman_projective", "black; from projective bilinear warp; to slides in", pixman_prepare,
      pushback_projective_draw },
    { "pushback_pixman_affine", "black; from scaled (affine bilinear); to slides in", pixman_prepare,
      pushback_affine_draw },
    { "pushback3d_pixman", "pushback3d's frame: black; from rotateY -10p about (1, 0.5), m34 -1/300 pt; to slides in",
      pixman_prepare, pushback3d_draw },
    { "slide_pixman_subpx", "copy from; 50% black; to OVER at a fractional y (bilinear)", pixman_prepare, slide_draw },
    { "dragdismiss_pixman", "black; from scaled 1-0.1(1-p) (affine bilinear); to OVER at a fractional y", pixman_prepare,
      dragdismiss_draw },
    { 0, 0, 0, 0 },
};
