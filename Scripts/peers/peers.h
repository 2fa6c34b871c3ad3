/* peers.h - the frames TransitionKit's effect-bench draws, drawn by pixman and cairo, and the
 * memory floor under any compositor. Built and run by Scripts/compare-peers.sh.
 *
 * Every image is opaque, premultiplied 32-bit ARGB in native byte order (pixman a8r8g8b8, which
 * is cairo's CAIRO_FORMAT_ARGB32), width * 4 bytes a row. One thread draws every frame, but for
 * floor_memcpy_threads2 (floor.c), which splits its copy with a second thread and runs on two cores.
 */
#ifndef PEERS_H
#define PEERS_H

#include <stddef.h>
#include <stdint.h>

/* The two screens of a transition and the frame they are drawn into. */
struct scene {
    int width, height;   /* pixels */
    int stride;          /* bytes per row: width * 4 */
    double scale;        /* pixels per point: converts the perspective distances (500 and 300 points) */
    uint32_t *from;      /* outgoing screen */
    uint32_t *to;        /* incoming screen */
    uint32_t *dst;       /* the frame drawn */
};

/* One measured case. prepare runs once before timing; draw draws one whole frame at
 * transition progress 0...1 (the floor cases ignore it). */
struct peer_case {
    const char *name;
    const char *summary;
    void (*prepare)(const struct scene *scene);
    void (*draw)(double progress);
};

/* The case tables of floor.c, pixman_cases.c and cairo_cases.c, each ended by a zeroed entry. */
extern const struct peer_case floor_cases[];
extern const struct peer_case pixman_cases[];
extern const struct peer_case cairo_cases[];

/* Prints "peers: <message>" on standard error and exits with status 1. */
void peers_fail(const char *message);

/* ---- geometry shared by the pixman and cairo cases, so both libraries draw the same frame ---- */

/* Circular reveal: centre (0.8 w, 0.1 h) in pixels, radius progress times the distance from the
 * centre to the farthest frame corner, so the circle covers the frame exactly at progress 1. */
void radial_circle(const struct scene *scene, double progress, double *cx, double *cy, double *radius);

/* Push-back scale about the frame centre: 1 - 0.1 * progress. */
double pushback_scale(double progress);

/* Left edge in pixels of the incoming screen sliding in from the right: round(w * (1 - progress)). */
int pushback_incoming_x(const struct scene *scene, double progress);

/* Vertical offset in pixels of the sliding screen: progress * (h - 1) + 0.37, never a whole number
 * of pixels below h, so every frame takes the bilinear (sub-pixel) path. */
double slide_offset(const struct scene *scene, double progress);

#endif
