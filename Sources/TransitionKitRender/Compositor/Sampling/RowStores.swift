import CPixelKernels

#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// The stores of whole opaque rows into the frame (`PendingCopies` writing a deferred 1:1
/// copy). A long copy into a frame bigger than the cache is streamed: the 64-byte lines it
/// covers whole are written with non-temporal stores (SSE2 `movntdq`, `_mm_stream_si128`,
/// the architecture's baseline, so no run-time dispatch), which do not read each line before
/// writing it and do not evict the sources from the cache; the partial lines at both ends
/// (which a blend of an edge drawn next may read back at once) are written with ordinary stores.
/// The bytes written are the same either way. Elsewhere than x86-64, a plain copy.
enum RowStores {
    /// Copies shorter than this many pixels are never streamed: the line-aligned middle would
    /// be short, and the edge blends around short runs read their pixels back. 256 pixels is
    /// 1 KiB, 16 lines; a chosen value, not a measured optimum.
    static let streamingMinimumCount = 256

    /// Whether a store of `count` pixels into the band streams the whole 64-byte lines it
    /// covers: `streaming` (the band is bigger than the cache, `PendingCopies.streamsStores`)
    /// and `count >= streamingMinimumCount`. The rule for every streamed store: `copy`, and the
    /// AVX2 row kernels that write frame rows (`BlendKernels.lerp`, `SeparableRows`' horizontal
    /// pass; C `TK_STORE_ROW8`). After streamed stores, `fence()` must run before another thread
    /// reads the pixels.
    @inline(__always)
    static func streams(count: Int, streaming: Bool) -> Bool { streaming && count >= streamingMinimumCount }

    /// Copies `count` pixels from `source` to `dst` (not overlapping), streaming when
    /// `streams(count:streaming:)`.
    /// - Complexity: O(count).
    @inline(__always)
    static func copy(_ dst: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int, streaming: Bool) {
        #if arch(x86_64)
            if streams(count: count, streaming: streaming) {
                stream(dst, from: source, count: count)
                return
            }
        #endif
        dst.update(from: source, count: count)
    }

    /// Orders the streamed stores before any later store (`sfence`, `tk_store_fence`): run it
    /// before handing a band's pixels to another thread. Nothing elsewhere than x86.
    /// - Complexity: O(1) (waits for the write-combining buffers to drain).
    static func fence() { tk_store_fence() }

    #if arch(x86_64)
        /// The streamed copy: ordinary stores up to the first 64-byte boundary of `dst` and from
        /// the last one, non-temporal 16-byte stores of whole lines between (unaligned loads).
        @inline(never)
        private static func stream(_ dst: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
            let address = UInt(bitPattern: dst)
            let head = Int(((64 &- (address & 63)) & 63) >> 2)  // pixels to the first line boundary (dst is 4-byte aligned)
            let lines = (count &- head) >> 4  // whole 64-byte lines of 16 pixels
            let bodyEnd = head &+ lines &* 16
            tk_prefetch_write(dst + bodyEnd, 4)
            dst.update(from: source, count: head)
            var i = head
            while i < bodyEnd {
                let s = UnsafeRawPointer(source + i), d = UnsafeMutableRawPointer(dst + i)
                let a = s.loadUnaligned(as: __m128i.self), b = s.loadUnaligned(fromByteOffset: 16, as: __m128i.self)
                let c = s.loadUnaligned(fromByteOffset: 32, as: __m128i.self), e = s.loadUnaligned(fromByteOffset: 48, as: __m128i.self)
                let line = d.assumingMemoryBound(to: __m128i.self)
                _mm_stream_si128(line, a)
                _mm_stream_si128(line + 1, b)
                _mm_stream_si128(line + 2, c)
                _mm_stream_si128(line + 3, e)
                i &+= 16
            }
            (dst + bodyEnd).update(from: source + bodyEnd, count: count &- bodyEnd)
        }
    #endif
}
