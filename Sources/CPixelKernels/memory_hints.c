// See include/memory_hints.h.
#include "memory_hints.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
void tk_store_fence(void) { _mm_sfence(); }
#else
void tk_store_fence(void) {}
#endif

void tk_prefetch_read(const void *p, long bytes) {
    const char *c = (const char *)p;
    for (long i = 0; i < bytes; i += 64) __builtin_prefetch(c + i, 0, 3);
    if (bytes > 0) __builtin_prefetch(c + bytes - 1, 0, 3);
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
