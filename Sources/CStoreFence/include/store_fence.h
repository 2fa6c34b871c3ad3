// The store fence after non-temporal stores (TransitionKitRender's `RowStores`): Swift can
// call the SSE2 stream-store intrinsic, which clang's headers define inline, but not
// `_mm_sfence`, which they only declare.
#ifndef TK_STORE_FENCE_H
#define TK_STORE_FENCE_H

/// `sfence` on x86 (every non-temporal store before it is visible before any store after it);
/// nothing elsewhere.
void tk_store_fence(void);

#endif
