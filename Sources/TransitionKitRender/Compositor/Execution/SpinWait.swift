import CPixelKernels
import Foundation

/// A short spin before a thread parks, for the two waits of a frame split between threads
/// (`Crew`): the calling thread waiting for the workers' bands, and a worker waiting for the
/// next frame. Parking and being woken (a futex wait and wake) costs each side a wake-up on
/// every frame: 7–13 µs at the median and up to 21 µs at the 90th percentile on the 2-core
/// EPYC VM the bench targets (a C condition-variable ping-pong on cores 0 and 1, 1000 rounds),
/// besides the cache and frequency state a core loses while it sleeps. A wait that ends
/// within `budgetNanoseconds` ends spinning instead; a longer one parks as before.
///
/// Measured on that VM at 1179x2556, `--threads 2` on cores 0 and 1, p50 of three runs each,
/// two builds alternated: drag-dismiss present 0.48–0.50 → 0.42–0.45 ms (1.42–1.46x →
/// 1.58–1.67x its one-thread p50), dismiss 1.19–1.23 → 1.13–1.19 ms. Frames rendered back to
/// back (effect-bench, exporting a video) gain both waits; a display-driven render at 120 Hz,
/// whose frames are 8.3 ms apart, gains the calling thread's wait only, and its worker spends
/// at most `budgetNanoseconds` of CPU a frame (0.6 % of a core) before parking.
enum SpinWait {
    /// How long a wait spins before parking: 50 µs, several wake-ups (above) and well under a
    /// frame; a chosen value, not a measured optimum.
    static let budgetNanoseconds: UInt64 = 50_000

    /// Whether the threads of a frame of `bands` bands spin while they wait: only when each
    /// can have a CPU of its own (`cpus`, the CPUs this process may run on, `tk_available_cpus`).
    /// With fewer CPUs than threads a spinning thread would hold the CPU the one it waits for
    /// needs (`taskset -c 1` with `--threads 2`).
    /// - Complexity: O(1).
    static func spins(bands: Int, cpus: Int) -> Bool { bands >= 2 && bands <= cpus }

    /// Spins, with the CPU's spin-loop hint (`tk_spin_pause`), until `ready()` holds or
    /// `budgetNanoseconds` have passed, reading the clock once per 64 checks; whether `ready()`
    /// held. `ready` must be a cheap read of an atomic.
    /// - Complexity: O(budget) at most; no allocation.
    @inline(__always)
    static func spin(until ready: () -> Bool) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            for _ in 0..<64 {
                if ready() { return true }
                tk_spin_pause()
            }
            if DispatchTime.now().uptimeNanoseconds &- start > budgetNanoseconds { return ready() }
        }
    }
}
