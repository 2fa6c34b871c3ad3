// See include/store_fence.h.
#include "store_fence.h"
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
void tk_store_fence(void) { _mm_sfence(); }
#else
void tk_store_fence(void) {}
#endif
