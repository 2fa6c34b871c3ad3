// Memory-system hints for TransitionKitRender's pixel loops that Swift cannot express: clang's
// headers define the stream-store intrinsics inline (Swift calls them), but `_mm_sfence` and
// `_mm_prefetch` are only declared or are macros. None of them changes a result.
#ifndef TK_MEMORY_HINTS_H
#define TK_MEMORY_HINTS_H

/// `sfence` on x86 (every non-temporal store before it is visible before any store after it);
/// nothing elsewhere.
void tk_store_fence(void);

/// Asks for the cache lines of bytes p..<p + bytes to be brought in for reading (a hint: no
/// fault, even outside mapped memory; no effect on results). One prefetch a 64-byte line.
void tk_prefetch_read(const void *p, long bytes);

/// As `tk_prefetch_read`, for writing (`prefetchw`: the lines come in owned, so the stores that
/// follow need no read-for-ownership) where the CPU has the instruction (`tk_cpu_has_prefetchw`);
/// a read prefetch elsewhere.
void tk_prefetch_write(const void *p, long bytes);

/// 1 when the CPU has `prefetchw` (CPUID 0x80000001 ECX bit 8, PRFCHW; checked once), 0
/// otherwise and off x86-64.
int tk_cpu_has_prefetchw(void);

#include <stdint.h>

/// Copies n RGBA8 pixels from src to dst (not overlapping), writing the whole 64-byte lines of
/// dst with non-temporal stores (SSE2 `movntdq`, the x86-64 baseline: no read-for-ownership of
/// the lines, no eviction of the sources from the cache) and the partial lines at both ends with
/// ordinary ones; the last partial line is asked for owned (`tk_prefetch_write`) before the
/// streamed lines, so its read-for-ownership overlaps them. `ahead`, when not NULL, is the row
/// the next call will read at the same pixels (a screen's next image row): one of its lines is
/// prefetched per streamed line (`row_ahead.h`), so that the next row's reads, which start where
/// the hardware prefetcher has no stream yet (a radial reveal's rows switch image at the
/// circle), find it in cache; it is never read. `tk_store_fence` must run before another thread
/// reads dst. Elsewhere than x86-64, a plain copy.
void tk_stream_copy(uint32_t *dst, const uint32_t *src, long n, const uint32_t *ahead);

/// The lines of a next row asked for by the row kernels' `ahead` prefetches (`row_ahead.h`) on
/// this thread so far, in debug builds (`DEBUG`, as SwiftPM defines it there); 0 in release
/// builds, which do not count. For tests.
long tk_ahead_prefetches(void);
/// Counts one `ahead` prefetch on this thread (`tk_ahead_prefetches`); debug builds call it.
void tk_note_ahead_prefetch(void);

/// Asks for the 64-byte line holding `p` (`prefetcht0` on x86, nothing elsewhere): a hint, no
/// fault even outside mapped memory. Inline, so a Swift caller calls no function.
static inline void tk_prefetch_line(const void *p) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_prefetch(p, 0, 3);
#else
    (void)p;
#endif
}

#endif
