// See include/memory_hints.h.
#include "memory_hints.h"

#include <string.h>

// Per thread: a test counts its own thread's prefetches, not those of tests running beside it.
static _Thread_local long ahead_prefetches;
void tk_note_ahead_prefetch(void) { ahead_prefetches += 1; }
long tk_ahead_prefetches(void) { return ahead_prefetches; }

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
void tk_store_fence(void) { _mm_sfence(); }
#else
void tk_store_fence(void) {}
#endif

void tk_prefetch_read(const void *p, long bytes) {
    const char *c = (const char *)p;
    for (long i = 0; i < bytes; i += 64) tk_prefetch_line(c + i);
    if (bytes > 0) tk_prefetch_line(c + bytes - 1);
}

#if defined(__x86_64__)
#include <cpuid.h>

#include "cpu_answer.h"

/// CPUID 0x80000001, ECX bit 8 (PRFCHW; AMD's 3DNowPrefetch).
static int ask_prefetchw(void) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(0x80000001u, &a, &b, &c, &d) && (c & (1u << 8));
}

int tk_cpu_has_prefetchw(void) {
    static int known = -1;
    return tk_cpu_answer(&known, ask_prefetchw);
}

__attribute__((target("prfchw"))) static void prefetch_lines_for_writing(const char *c, long bytes) {
    for (long i = 0; i < bytes; i += 64) __builtin_prefetch(c + i, 1, 3);
    if (bytes > 0) __builtin_prefetch(c + bytes - 1, 1, 3);
}

void tk_prefetch_write(const void *p, long bytes) {
    if (tk_cpu_has_prefetchw()) {
        prefetch_lines_for_writing((const char *)p, bytes);
    } else {
        tk_prefetch_read(p, bytes);
    }
}
#else
int tk_cpu_has_prefetchw(void) { return 0; }
void tk_prefetch_write(const void *p, long bytes) { tk_prefetch_read(p, bytes); }
#endif

#if defined(__x86_64__)
#include <emmintrin.h>

#include "row_ahead.h"
#include "row_stream.h"

void tk_stream_copy(uint32_t *dst, const uint32_t *src, long n, const uint32_t *ahead) {
    tk_streamed_lines lines = tk_row_streamed_lines(dst, n, 1);
    if (lines.body == 0) {
        memcpy(dst, src, (size_t)n * 4);
        return;
    }
    if (lines.body < n) tk_prefetch_write(dst + lines.body, 4);
    memcpy(dst, src, (size_t)lines.head * 4);
    for (long i = lines.head; i < lines.body; i += 16) {
        tk_prefetch_ahead(ahead, i);
        tk_prefetch_ahead(ahead, i + 8);
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i)), b = _mm_loadu_si128((const __m128i *)(src + i + 4));
        __m128i c = _mm_loadu_si128((const __m128i *)(src + i + 8)), e = _mm_loadu_si128((const __m128i *)(src + i + 12));
        _mm_stream_si128((__m128i *)(dst + i), a);
        _mm_stream_si128((__m128i *)(dst + i + 4), b);
        _mm_stream_si128((__m128i *)(dst + i + 8), c);
        _mm_stream_si128((__m128i *)(dst + i + 12), e);
    }
    memcpy(dst + lines.body, src + lines.body, (size_t)(n - lines.body) * 4);
}
#else
void tk_stream_copy(uint32_t *dst, const uint32_t *src, long n, const uint32_t *ahead) {
    (void)ahead;
    memcpy(dst, src, (size_t)n * 4);
}
#endif
