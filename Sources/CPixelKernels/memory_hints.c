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
__attribute__((target("prfchw"))) void tk_prefetch_write(const void *p, long bytes) {
    const char *c = (const char *)p;
    for (long i = 0; i < bytes; i += 64) __builtin_prefetch(c + i, 1, 3);
    if (bytes > 0) __builtin_prefetch(c + bytes - 1, 1, 3);
}
#else
void tk_prefetch_write(const void *p, long bytes) { (void)p; (void)bytes; }
#endif
