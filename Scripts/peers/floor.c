/* floor.c - the memory floor: what moving one frame costs before any compositing.
 *
 *   floor_memcpy  copy one frame (glibc memcpy): the least work a frame that starts as a copy of
 *                 "from" can do
 *   floor_r2w1    read two frames, write one (byte-wise rounded average, 16 bytes a step with
 *                 SSE2 where the compiler targets it): the least work of a blend of two screens
 *
 * The same buffers every frame, as a compositor redrawing into one frame buffer uses them.
 */
#include "peers.h"

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

const struct peer_case floor_cases[] = {
    { "floor_memcpy", "memcpy of one frame", floor_prepare, floor_memcpy },
    { "floor_r2w1", "read two frames, write one (a + b -> c)", floor_prepare, floor_r2w1 },
    { 0, 0, 0, 0 },
};
