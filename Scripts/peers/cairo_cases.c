/* cairo_cases.c - the transition frames drawn with cairo's image backend, one cairo_t kept for
 * every frame, the way an application would draw them.
 *
 *   radial_cairo          copy "from"; "to" painted through a clip to an arc (default antialias)
 *   fade_cairo            copy "from"; "to" painted with alpha = progress
 *   pushback_cairo_affine black; "from" scaled 1 - 0.1 p about the centre (bilinear); "to" slid in
 *                         from the right. cairo cannot express the perspective of the projective case.
 */
#include "peers.h"

#include <cairo.h>
#include <math.h>

static const struct scene *sc;
static cairo_surface_t *from_surface, *to_surface;
static cairo_t *cr;

static void cairo_prepare(const struct scene *scene) {
    if (sc == scene) return;
    sc = scene;
    from_surface = cairo_image_surface_create_for_data((unsigned char *)sc->from, CAIRO_FORMAT_ARGB32, sc->width,
                                                       sc->height, sc->stride);
    to_surface = cairo_image_surface_create_for_data((unsigned char *)sc->to, CAIRO_FORMAT_ARGB32, sc->width,
                                                     sc->height, sc->stride);
    cairo_surface_t *dst = cairo_image_surface_create_for_data((unsigned char *)sc->dst, CAIRO_FORMAT_ARGB32,
                                                               sc->width, sc->height, sc->stride);
    cr = cairo_create(dst);
    cairo_surface_destroy(dst); /* cr holds its own reference */
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) peers_fail("cairo could not wrap the frames");
}

static void paint_opaque(cairo_surface_t *surface) {
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
}

static void radial_draw(double progress) {
    paint_opaque(from_surface);
    double cx, cy, r;
    radial_circle(sc, progress, &cx, &cy, &r);
    if (r <= 0) return;
    cairo_save(cr);
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    cairo_clip(cr);
    cairo_set_source_surface(cr, to_surface, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
}

static void fade_draw(double progress) {
    paint_opaque(from_surface);
    cairo_set_source_surface(cr, to_surface, 0, 0);
    cairo_paint_with_alpha(cr, progress);
}

static void pushback_affine_draw(double progress) {
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    double s = pushback_scale(progress), cx = sc->width * 0.5, cy = sc->height * 0.5;
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    cairo_scale(cr, s, s);
    cairo_translate(cr, -cx, -cy);
    cairo_set_source_surface(cr, from_surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
    cairo_paint(cr);
    cairo_restore(cr);
    int x = pushback_incoming_x(sc, progress);
    if (x < sc->width) {
        cairo_set_source_surface(cr, to_surface, x, 0);
        cairo_paint(cr);
    }
}

const struct peer_case cairo_cases[] = {
    { "radial_cairo", "copy from; to through an arc clip", cairo_prepare, radial_draw },
    { "fade_cairo", "copy from; to painted at alpha p", cairo_prepare, fade_draw },
    { "pushback_cairo_affine", "black; from scaled (bilinear); to slides in", cairo_prepare, pushback_affine_draw },
    { 0, 0, 0, 0 },
};
