/* floor.c - the memory floor: what moving one frame costs before any compositing.
 *
 *   floor_memcpy  copy one frame (glibc memcpy): the least work a frame that starts as a copy of
 *                 "from" can do
 *   floor_r2w1    read two frames, write one (byte-wise rounded average, 16 bytes a step with
 *                 SSE2 where the compiler targets it): the least work of a blend of two screens
 *   floor_copy2   copy one frame whose pixels come from two screens: "to" inside the radial
 *                 circle (radial_circle; a pixel is inside when its centre is), "from" outside,
 *                 each row's pieces copied with streaming stores of whole 64-byte lines (no line
 *                 of the frame is read first) and memcpy for the pieces of lines at the ends.
 *                 The pixels a radial frame moves, with no anti-aliased edge: floor_memcpy reads
 *                 one 12 MB screen again and again, a radial frame reads parts of two, so the
 *                 screens and the frame no longer fit a 32 MB last-level cache together
 *   floor_memcpy_threads2
 *                 floor_memcpy split in two halves of rows, the top half copied by the calling
 *                 thread and the bottom half by one worker thread started once (it spins, yielding, between
 *                 frames): how much faster the memory moves one frame with two cores than with
 *                 one, the most a frame that only moves memory can gain from a second thread.
 *                 Run it on two cores (compare-peers.sh pins it to cores 0 and 1).
 *
 * The same buffers every frame, as a compositor redrawing into one frame buffer uses them.
 */
#include "peers.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const struct scene *current;

static void floor_prepare(const struct scene *scene) { current = scene; }

static void floor_memcpy(double progress) {
    (void)progress;
    memcpy(current->dst, current->from, (size_t)current->stride * current->height);
}

static void floor_r2w1(double progress) {
    (void)progress;
    const uint8_t *a = (const uint8_t *)current->from, *b = (const uint8_t *)current->to;
    uint8_t *out = (uint8_t *)current->dst;
    size_t bytes = (size_t)current->stride * current->height, i = 0;
#if defined(__SSE2__)
    /* the buffers are 64-byte aligned (main.c), so aligned loads and stores */
    for (; i + 32 <= bytes; i += 32) {
        __m128i lo = _mm_avg_epu8(_mm_load_si128((const __m128i *)(a + i)), _mm_load_si128((const __m128i *)(b + i)));
        __m128i hi = _mm_avg_epu8(_mm_load_si128((const __m128i *)(a + i + 16)),
                                  _mm_load_si128((const __m128i *)(b + i + 16)));
        _mm_store_si128((__m128i *)(out + i), lo);
        _mm_store_si128((__m128i *)(out + i + 16), hi);
    }
#endif
    for (; i < bytes; i++) out[i] = (uint8_t)((a[i] + b[i] + 1) >> 1);
}

/* Copies n bytes: whole 64-byte lines of dst with streaming stores where SSE2 has them, memcpy
 * for the part lines at both ends. */
static void copy_streamed(uint8_t *dst, const uint8_t *src, size_t n) {
#if defined(__SSE2__)
    size_t head = (size_t)(-(uintptr_t)dst & 63);
    if (head >= n) { memcpy(dst, src, n); return; }
    memcpy(dst, src, head);
    size_t i = head;
    for (; i + 64 <= n; i += 64) {
        const __m128i *s = (const __m128i *)(src + i);
        __m128i a = _mm_loadu_si128(s), b = _mm_loadu_si128(s + 1), c = _mm_loadu_si128(s + 2), d = _mm_loadu_si128(s + 3);
        __m128i *o = (__m128i *)(dst + i);
        _mm_stream_si128(o, a), _mm_stream_si128(o + 1, b), _mm_stream_si128(o + 2, c), _mm_stream_si128(o + 3, d);
    }
    memcpy(dst + i, src + i, n - i);
#else
    memcpy(dst, src, n);
#endif
}

static void floor_copy2(double progress) {
    double cx, cy, r;
    radial_circle(current, progress, &cx, &cy, &r);
    const uint8_t *from = (const uint8_t *)current->from, *to = (const uint8_t *)current->to;
    uint8_t *out = (uint8_t *)current->dst;
    size_t stride = (size_t)current->stride;
    for (int y = 0; y < current->height; y++) {
        size_t row = (size_t)y * stride;
        double dy = y + 0.5 - cy;
        int x0 = current->width, x1 = current->width; /* [x0, x1): pixels whose centre is inside */
        if (fabs(dy) < r) {
            double half = sqrt(r * r - dy * dy);
            x0 = (int)fmax(0, fmin(current->width, ceil(cx - half - 0.5)));
            x1 = (int)fmax(x0, fmin(current->width, floor(cx + half - 0.5) + 1));
        }
        if (x1 <= x0) x0 = x1 = current->width;
        copy_streamed(out + row, from + row, (size_t)x0 * 4);
        copy_streamed(out + row + (size_t)x0 * 4, to + row + (size_t)x0 * 4, (size_t)(x1 - x0) * 4);
        copy_streamed(out + row + (size_t)x1 * 4, from + row + (size_t)x1 * 4, (size_t)(current->width - x1) * 4);
    }
#if defined(__SSE2__)
    _mm_sfence(); /* the streamed lines are in memory before the frame counts as drawn */
#endif
}

/* ---- two threads ---- */

static atomic_uint frame_started, frame_finished; /* frames the worker was asked for / has copied */
static pthread_t worker;

static void copy_rows(int y0, int y1) {
    size_t stride = (size_t)current->stride;
    memcpy((uint8_t *)current->dst + (size_t)y0 * stride, (const uint8_t *)current->from + (size_t)y0 * stride,
           (size_t)(y1 - y0) * stride);
}

static void *worker_main(void *unused) {
    (void)unused;
    unsigned done = 0;
    for (;;) {
        /* sched_yield: on one core (taskset -c 1) the other thread runs at once instead of at
         * the next scheduler tick; on two cores nothing else is runnable and it returns. */
        while (atomic_load_explicit(&frame_started, memory_order_acquire) == done) sched_yield();
        copy_rows(current->height / 2, current->height);
        atomic_store_explicit(&frame_finished, ++done, memory_order_release);
    }
    return NULL;
}

static void floor_threads2_prepare(const struct scene *scene) {
    current = scene;
    if (pthread_create(&worker, NULL, worker_main, NULL) != 0) peers_fail("could not start the second thread");
}

static void floor_memcpy_threads2(double progress) {
    (void)progress;
    unsigned frame = atomic_fetch_add_explicit(&frame_started, 1, memory_order_release) + 1;
    copy_rows(0, current->height / 2);
    while (atomic_load_explicit(&frame_finished, memory_order_acquire) != frame) sched_yield();
}

const struct peer_case floor_cases[] = {
    { "floor_memcpy", "memcpy of one frame", floor_prepare, floor_memcpy },
    { "floor_r2w1", "read two frames, write one (a + b -> c)", floor_prepare, floor_r2w1 },
    { "floor_copy2", "copy from and to split at the radial circle (streamed, no edge)", floor_prepare, floor_copy2 },
    { "floor_memcpy_threads2", "memcpy of one frame, half the rows on a second thread", floor_threads2_prepare,
      floor_memcpy_threads2 },
    { 0, 0, 0, 0 },
};
