import Foundation

/// The size of `SweepBuffers`' floor ring.
enum FloorRing {
    /// The last-level cache in bytes (Linux: `sysconf(_SC_LEVEL3_CACHE_SIZE)`, else level 2);
    /// 32 MiB where the system does not say.
    static var lastLevelCacheBytes: Int {
        #if os(Linux)
            for name in [_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE] {
                let bytes = sysconf(Int32(name))
                if bytes > 0 { return bytes }
            }
        #endif
        return 32 << 20
    }

    /// Buffers of `frameBytes` (> 0) whose total is at least twice `cacheBytes`: 2...64.
    static func count(frameBytes: Int, cacheBytes: Int = lastLevelCacheBytes) -> Int {
        precondition(frameBytes > 0, "a floor ring of \(frameBytes)-byte frames")
        return min(64, max(2, (2 * cacheBytes + frameBytes - 1) / frameBytes))
    }
}
