// Private to CPixelKernels: the one rule by which a row kernel prefetches the next row.
#ifndef TK_ROW_AHEAD_H
#define TK_ROW_AHEAD_H

#include <stdint.h>

#include "memory_hints.h"

#if defined(__x86_64__)
#include <xmmintrin.h>

/// The rule for both cache levels: `HINT` is `_MM_HINT_T0` or `_MM_HINT_T2` (a macro because
/// `_mm_prefetch` takes its hint as a compile-time constant).
#ifdef DEBUG
#define TK_NOTE_AHEAD_PREFETCH() tk_note_ahead_prefetch()
#else
#define TK_NOTE_AHEAD_PREFETCH() ((void)0)
#endif
#define TK_PREFETCH_AHEAD(ahead, i, HINT)                                          \
    do {                                                                           \
        if ((ahead) && (((uintptr_t)(ahead) + 4 * (uintptr_t)(i)) & 32) == 0) {    \
            _mm_prefetch((const char *)(ahead) + 4 * (i), HINT);                   \
            TK_NOTE_AHEAD_PREFETCH();                                              \
        }                                                                          \
    } while (0)

/// Called at pixel i of a row kernel's 8-pixel loop, i stepping by 8 from any start (a
/// streamed row's loop starts its stores at the row's first whole 64-byte line, which need not
/// be a multiple of 8, `TK_STORE_ROW8`): when `ahead` is not NULL and pixel i of `ahead` lies
/// in the first half of its 64-byte line, asks for that line. Of two steps 32 bytes apart
/// exactly one lies in a line's first half, so each line of `ahead` the loop passes is asked for
/// once, whatever i's start and `ahead`'s alignment. `ahead` is the row the next call will read
/// at the same pixels: each of its lines is then in cache a row's work before it is needed. A
/// hint only: `prefetcht0` never faults and `ahead` is never read, so it may point anywhere.
/// Measured on a 2-core AMD EPYC VM (1179x2556 px): a drag-dismiss frame that rescales the whole
/// view behind the card, 3.3–3.5 -> 2.5–2.9 ms; the hardware prefetcher alone leaves the next
/// image row to be fetched when it is first read. Debug builds count the lines asked for, per
/// thread (`tk_ahead_prefetches`).
static inline void tk_prefetch_ahead(const uint32_t *ahead, long i) { TK_PREFETCH_AHEAD(ahead, i, _MM_HINT_T0); }

/// `tk_prefetch_ahead` into the second-level cache only (`prefetcht2` rather than `prefetcht0`),
/// for a loop whose own loads of the current row are the misses it waits on: a line asked for
/// into L1 holds one of L1's few miss buffers until it arrives, and a loop that asks for a whole
/// row ahead while loading its current one then stalls on the buffers. Measured on the 2-core
/// EPYC VM, the separable vertical pass of a drag-dismiss dismiss frame (p = 0.5, 1179x2556, the
/// frame drawn 500 times, best of 5 × 100, two runs each): prefetcht0 2.17–2.37 ms, prefetcht2
/// 2.05–2.07, none 2.68–2.96.
static inline void tk_prefetch_ahead_l2(const uint32_t *ahead, long i) { TK_PREFETCH_AHEAD(ahead, i, _MM_HINT_T2); }
#endif

#endif
