import CPixelKernels

/// The stores of long runs of a row into the frame: a deferred 1:1 copy (`PendingCopies`),
/// and the rows the AVX2 cross-fade, two-tap lerp and separable horizontal pass write. In a
/// band bigger than the cache (`streams(count:streaming:)`) the 64-byte lines a run covers
/// whole are written with non-temporal stores (the copy with SSE2 `movntdq`, the
/// architecture's baseline, C `tk_stream_copy`; the AVX2 kernels with `vmovntdq`, C
/// `TK_STORE_ROW8`), which do not read each line before writing it and do not evict the sources
/// from the cache; the partial lines at both ends (which a blend of an edge drawn next may read
/// back at once) are written with ordinary stores. The bytes written are the same either way.
/// Elsewhere than x86-64, plain stores.
enum RowStores {
    /// Copies shorter than this many pixels are never streamed: the line-aligned middle would
    /// be short, and the edge blends around short runs read their pixels back. 256 pixels is
    /// 1 KiB, 16 lines; a chosen value, not a measured optimum.
    static let streamingMinimumCount = 256

    /// Whether a store of `count` pixels into the band streams the whole 64-byte lines it
    /// covers: `streaming` (the band is bigger than the cache, `PendingCopies.streamsStores`)
    /// and `count >= streamingMinimumCount`. The rule for every streamed store: `copy`, and the
    /// AVX2 row kernels that write frame rows (`BlendKernels.fade`, `BlendKernels.lerp`,
    /// `SeparableRows`' horizontal pass; C `TK_STORE_ROW8`). After streamed stores, `fence()`
    /// must run before another thread reads the pixels.
    @inline(__always)
    static func streams(count: Int, streaming: Bool) -> Bool { streaming && count >= streamingMinimumCount }

    /// Copies `count` pixels from `source` to `dst` (not overlapping), streaming when
    /// `streams(count:streaming:)` (C `tk_stream_copy`: whole lines non-temporal, the last
    /// partial line asked for owned first). `ahead`: the source row the next row's copy reads at
    /// the same pixels (a screen's next image row), or nil; a streamed copy prefetches one of its
    /// lines per line it writes (a hint, never read). Measured on the 2-core EPYC VM at
    /// 1179x2556 px, a C harness copying rows whose halves come from two 12 MB images: 0.97–1.10
    /// ms a frame, 0.53–0.54 ms with the next rows prefetched (one image: 0.49–0.51 ms), since
    /// each half-row starts where the hardware prefetcher has no stream yet.
    /// - Complexity: O(count).
    @inline(__always)
    static func copy(
        _ dst: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int, streaming: Bool,
        ahead: UnsafePointer<UInt32>? = nil
    ) {
        if streams(count: count, streaming: streaming) {
            tk_stream_copy(dst, source, count, ahead)
            return
        }
        dst.update(from: source, count: count)
    }

    /// Orders the streamed stores before any later store (`sfence`, `tk_store_fence`): run it
    /// before handing a band's pixels to another thread. Nothing elsewhere than x86.
    /// - Complexity: O(1) (waits for the write-combining buffers to drain).
    static func fence() { tk_store_fence() }
}
