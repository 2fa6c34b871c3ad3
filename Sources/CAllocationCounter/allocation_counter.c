// See include/allocation_counter.h. glibc exports __libc_malloc and friends precisely so an
// interposing malloc can forward to the real allocator (glibc manual, "Replacing malloc").
#include "allocation_counter.h"
#include <stddef.h>
#include <errno.h>

// A sanitizer that instruments this file itself (SwiftPM's `--sanitize=thread`, which compiles
// C targets with -fsanitize too, where `-Xswiftc -sanitize=thread` does not) starts its runtime
// through these very functions before it can serve them: the process stopped at start-up. Then
// nothing is interposed and counting is off (`tk_allocation_counter_active` is 0; the tests that
// need counts are skipped).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define TK_SANITIZED_BUILD 1
#endif
#endif

#if (defined(__GLIBC__) || defined(__linux__)) && !defined(TK_SANITIZED_BUILD)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

// Under a sanitizer (-sanitize=address or thread) its runtime's allocator must serve every
// block, or it cannot see heap errors: its malloc is a weak alias of __interceptor_malloc,
// which the strong definitions below would replace. So they forward to the interceptors when
// the runtime is linked in (weak references, null otherwise) and to glibc's allocator when not.
extern void *__interceptor_malloc(size_t) __attribute__((weak));
extern void *__interceptor_calloc(size_t, size_t) __attribute__((weak));
extern void *__interceptor_realloc(void *, size_t) __attribute__((weak));
extern void *__interceptor_memalign(size_t, size_t) __attribute__((weak));
extern void __interceptor_free(void *) __attribute__((weak));

static uint64_t counted_calls;
static uint64_t counted_bytes;
// The calling thread's calls alone. initial-exec: the variable lives in the static TLS block
// set up when the thread starts, so reading it never calls __tls_get_addr (which may itself
// allocate, recursing into these wrappers).
static __thread uint64_t thread_calls __attribute__((tls_model("initial-exec")));

static inline void tk_count(size_t n) {
    thread_calls += 1;
    __atomic_fetch_add(&counted_calls, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&counted_bytes, (uint64_t)n, __ATOMIC_RELAXED);
}

// Whether a sanitizer runtime provides the whole allocator (all or nothing, so a block is
// always freed by the allocator that made it).
static inline int tk_sanitized(void) {
    return __interceptor_malloc && __interceptor_calloc && __interceptor_realloc && __interceptor_memalign && __interceptor_free;
}

static inline void *tk_memalign(size_t align, size_t n) {
    return tk_sanitized() ? __interceptor_memalign(align, n) : __libc_memalign(align, n);
}

void *malloc(size_t n) { tk_count(n); return tk_sanitized() ? __interceptor_malloc(n) : __libc_malloc(n); }
void *calloc(size_t a, size_t b) { tk_count(a * b); return tk_sanitized() ? __interceptor_calloc(a, b) : __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { tk_count(n); return tk_sanitized() ? __interceptor_realloc(p, n) : __libc_realloc(p, n); }
void free(void *p) { if (tk_sanitized()) __interceptor_free(p); else __libc_free(p); }
void *memalign(size_t align, size_t n) { tk_count(n); return tk_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { tk_count(n); return tk_memalign(align, n); }
void *valloc(size_t n) { tk_count(n); return tk_memalign(4096, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    tk_count(n);
    void *p = tk_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

uint64_t tk_allocation_count(void) { return __atomic_load_n(&counted_calls, __ATOMIC_RELAXED); }
uint64_t tk_allocation_bytes(void) { return __atomic_load_n(&counted_bytes, __ATOMIC_RELAXED); }
uint64_t tk_thread_allocation_count(void) { return thread_calls; }
int tk_allocation_counter_active(void) {
    uint64_t before = tk_allocation_count();
    void *volatile p = malloc(16);  // volatile: the compiler must not elide the pair
    free(p);
    return tk_allocation_count() > before;
}
#else
uint64_t tk_allocation_count(void) { return 0; }
uint64_t tk_allocation_bytes(void) { return 0; }
uint64_t tk_thread_allocation_count(void) { return 0; }
int tk_allocation_counter_active(void) { return 0; }
#endif
