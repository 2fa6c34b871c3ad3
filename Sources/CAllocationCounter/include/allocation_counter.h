// Counts heap allocations made through malloc and friends, in the whole process (effect-bench's
// "allocations per frame") and per thread (TransitionKitTesting's zero-allocation law). The counting wrappers replace the C library's
// malloc family by symbol interposition and forward to glibc's __libc_* entry points.
#ifndef TRANSITIONKIT_ALLOCATION_COUNTER_H
#define TRANSITIONKIT_ALLOCATION_COUNTER_H
#include <stdint.h>

/// Number of allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign, valloc) since the process started; 0 forever if interposition is not active.
uint64_t tk_allocation_count(void);
/// Bytes requested by those calls.
uint64_t tk_allocation_bytes(void);
/// Number of those calls made by the calling thread alone since it started: what a check of
/// code running on one thread reads, unaffected by other threads (tests running in parallel).
uint64_t tk_thread_allocation_count(void);
/// 1 if the counting wrappers are the process's malloc (probed with one malloc/free pair).
int tk_allocation_counter_active(void);
#endif
