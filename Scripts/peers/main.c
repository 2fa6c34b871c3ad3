/* main.c - runs one case of the peer harness and prints one line:
 *
 *   case=NAME width=W height=H frames=N p50_ms=X min_ms=Y mid_frames=M mid_p50_ms=X mid_min_ms=Y
 *
 * p50_ms / min_ms: nearest-rank median and least of N frames at progress k / (N - 1), k = 0...N-1 (the sweep
 * effect-bench's `run` makes); mid_*: the same figures over M repeats of the progress-0.5 frame
 * (a fixed amount of work, the least noisy figure). WARMUP frames sweeping 0...1 come first and
 * are not counted. Times are wall-clock milliseconds (CLOCK_MONOTONIC) on the calling thread.
 *
 * peers --list | peers --case NAME [--size WxH] [--scale S] [--frames N] [--warmup N]
 * peers --case NAME [--size WxH] [--scale S] --png FILE   (draws progress 0.5, writes FILE, no timing)
 */
#include "peers.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void peers_fail(const char *message) {
    fprintf(stderr, "peers: %s\n", message);
    exit(1);
}

void radial_circle(const struct scene *scene, double progress, double *cx, double *cy, double *radius) {
    *cx = 0.8 * scene->width;
    *cy = 0.1 * scene->height;
    double far_x = fmax(*cx, scene->width - *cx), far_y = fmax(*cy, scene->height - *cy);
    *radius = progress * sqrt(far_x * far_x + far_y * far_y);
}

double pushback_scale(double progress) { return 1.0 - 0.1 * progress; }

int pushback_incoming_x(const struct scene *scene, double progress) {
    return (int)lround(scene->width * (1.0 - progress));
}

double slide_offset(const struct scene *scene, double progress) { return progress * (scene->height - 1) + 0.37; }

static uint32_t *frame_buffer(const struct scene *scene) {
    size_t bytes = ((size_t)scene->stride * scene->height + 63) & ~(size_t)63;
    uint32_t *p = aligned_alloc(64, bytes);
    if (!p) peers_fail("out of memory for a frame");
    memset(p, 0, bytes); /* touch every page before timing */
    return p;
}

/* "from": a light list screen (rows 44 points high with a darker separator); "to": a blue
 * screen shading downwards with a lighter diagonal band. Opaque, so premultiplied = straight. */
static void paint_screens(const struct scene *scene) {
    int row_height = (int)lround(44 * scene->scale), w = scene->width, h = scene->height;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            uint32_t grey = (y % row_height == row_height - 1) ? 0xc8 : 0xf2 - (uint32_t)(x * 16 / w);
            scene->from[(size_t)y * w + x] = 0xff000000u | grey << 16 | grey << 8 | grey;
            uint32_t band = ((x + y) / 97) % 2 ? 40 : 0;
            uint32_t r = 0x20 + band, g = 0x60 + band, b = 0xe0 - (uint32_t)(y * 96 / h);
            scene->to[(size_t)y * w + x] = 0xff000000u | r << 16 | g << 8 | b;
        }
    }
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts t[0..n) and returns its nearest-rank median: the smallest value with at least half of
 * the values at or below it (effect-bench's definition of p50). */
static double median(double *t, int n) {
    qsort(t, (size_t)n, sizeof *t, by_value);
    return t[(n + 1) / 2 - 1];
}

static const struct peer_case *find_case(const char *name) {
    const struct peer_case *tables[] = { floor_cases, pixman_cases, cairo_cases };
    for (int i = 0; i < 3; i++)
        for (const struct peer_case *c = tables[i]; c->name; c++)
            if (!name || !strcmp(c->name, name)) {
                if (name) return c;
                printf("%-28s %s\n", c->name, c->summary);
            }
    return NULL;
}

static int parse_int(const char *flag, const char *text, int lo, int hi) {
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "peers: %s '%s' is not a whole number in %d...%d\n", flag, text, lo, hi);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv) {
    const char *name = NULL, *png = NULL;
    struct scene scene = { .width = 1179, .height = 2556, .scale = 3 };
    int frames = 120, warmup = 10;
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(flag, "--list")) { find_case(NULL); return 0; }
        if (!value) { fprintf(stderr, "peers: '%s' needs a value (see the head of main.c)\n", flag); return 2; }
        i++;
        if (!strcmp(flag, "--case")) name = value;
        else if (!strcmp(flag, "--png")) png = value;
        else if (!strcmp(flag, "--frames")) frames = parse_int(flag, value, 2, 100000);
        else if (!strcmp(flag, "--warmup")) warmup = parse_int(flag, value, 0, 100000);
        else if (!strcmp(flag, "--scale")) {
            char *end;
            scene.scale = strtod(value, &end);
            if (*end != '\0' || !(scene.scale >= 0.5 && scene.scale <= 8)) { fprintf(stderr, "peers: --scale '%s' is not in 0.5...8\n", value); return 2; }
        } else if (!strcmp(flag, "--size")) {
            char tail;
            if (sscanf(value, "%dx%d%c", &scene.width, &scene.height, &tail) != 2 || scene.width < 2 ||
                scene.height < 2 || scene.width > 16384 || scene.height > 16384) {
                fprintf(stderr, "peers: --size '%s' is not WIDTHxHEIGHT in pixels, 2...16384 each\n", value);
                return 2;
            }
        } else { fprintf(stderr, "peers: unknown option '%s' (see the head of main.c)\n", flag); return 2; }
    }
    if (!name) { fprintf(stderr, "peers: --case NAME is required; --list shows the names\n"); return 2; }
    const struct peer_case *pc = find_case(name);
    if (!pc) { fprintf(stderr, "peers: unknown case '%s'; --list shows the names\n", name); return 2; }

    scene.stride = scene.width * 4;
    scene.from = frame_buffer(&scene);
    scene.to = frame_buffer(&scene);
    scene.dst = frame_buffer(&scene);
    paint_screens(&scene);
    pc->prepare(&scene);

    if (png) {
        pc->draw(0.5);
        cairo_surface_t *s = cairo_image_surface_create_for_data((unsigned char *)scene.dst, CAIRO_FORMAT_ARGB32,
                                                                 scene.width, scene.height, scene.stride);
        if (cairo_surface_write_to_png(s, png) != CAIRO_STATUS_SUCCESS) peers_fail("could not write the PNG");
        cairo_surface_destroy(s);
        return 0;
    }
    for (int i = 0; i < warmup; i++) pc->draw(warmup > 1 ? (double)i / (warmup - 1) : 0.5);
    int mid_frames = frames / 4 > 15 ? frames / 4 : 15;
    double *t = malloc(sizeof(double) * (size_t)(frames + mid_frames));
    if (!t) peers_fail("out of memory");
    for (int k = 0; k < frames; k++) {
        double start = now_ms();
        pc->draw((double)k / (frames - 1));
        t[k] = now_ms() - start;
    }
    double *mid = t + frames;
    for (int k = 0; k < mid_frames; k++) {
        double start = now_ms();
        pc->draw(0.5);
        mid[k] = now_ms() - start;
    }
    double p50 = median(t, frames), mid_p50 = median(mid, mid_frames);
    printf("case=%s width=%d height=%d frames=%d p50_ms=%.3f min_ms=%.3f mid_frames=%d mid_p50_ms=%.3f mid_min_ms=%.3f\n",
           name, scene.width, scene.height, frames, p50, t[0], mid_frames, mid_p50, mid[0]);
    free(t);
    return 0;
}
