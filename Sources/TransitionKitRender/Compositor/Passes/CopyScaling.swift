import Foundation

/// Whether copying memory gets faster with a second thread on this machine, measured once per
/// process: the compositor splits a copy-bound frame (1:1 copies, fills and blends, such as
/// the radial and fade frames) into bands only when it does (`BandCount`).
///
/// It differs between machines: on one 2-core VM (earlier sessions' measurements) a copy of a 1179x2556 px frame took 0.41 ms
/// on one thread and 0.42–0.44 ms on two, and the radial and fade frames measured 0.91–1.0x
/// with two bands; on another (a 2-core AMD EPYC VM) the same copy ran 1.37–2.0x faster on two
/// threads and the frames 1.4x (radial) and 1.9x (fade). A frame that resamples does enough
/// arithmetic per pixel to split either way.
package enum CopyScaling {
    /// One measurement: the fastest of `rounds` copies of `frameBytes` on one thread and on two
    /// (each copying half, through the compositor's own band workers), milliseconds.
    package struct Measurement: Equatable, Sendable {
        /// Milliseconds for the whole copy on the calling thread (the fastest round); infinity
        /// when the buffers could not be allocated (then `twoThreads` is too).
        package let oneThread: Double
        /// Milliseconds for the same copy split between two threads, from handing out the
        /// halves to both being done (the fastest round); infinity when no second thread could
        /// be started or the buffers could not be allocated.
        package let twoThreads: Double
        /// Whether copies scale enough to split copy-bound frames: `oneThread ÷ twoThreads` at
        /// least `CopyScaling.minimumSpeedup`.
        package var splitsCopies: Bool { CopyScaling.splits(oneThread: oneThread, twoThreads: twoThreads) }
    }

    /// The bytes copied: one 1179x2556 px RGBA8 frame (393x852 pt at scale 3, effect-bench's
    /// default scene), from one buffer to another, so the copy meets memory as a frame does.
    package static let frameBytes = frameWidth * frameHeight * 4
    /// The copied frame's width and height in pixels (`frameBytes`).
    package static let frameWidth = 1179, frameHeight = 2556
    /// Rounds of each; the fastest counts (the least disturbed by other work on the machine).
    /// 15: eight measurements on the AMD EPYC VM gave 1.35–1.71x with 5 rounds, 1.56–1.73x with
    /// 15, and one of 14 runs with 5 rounds fell below `minimumSpeedup` (1.12x).
    static let rounds = 15
    /// The speedup two threads must reach for copy-bound frames to be split: 1.2x, a margin over
    /// the run-to-run spread of a copy on a shared VM (a frame split on a machine where copies
    /// do not scale measured down to 0.91x).
    package static let minimumSpeedup = 1.2
    /// The fewest pixels (width × rows drawn) a copy-bound frame must have to be split where
    /// copies scale: 2¹⁹ (512x1024 or the same area). Below it a band's share of the copying is
    /// too short to repay waking and joining a worker. Measured on the 2-core AMD EPYC VM (fade,
    /// radial; one thread ÷ two): 20,000–80,000 px 0.4–0.7x, 180,000–335,000 px 0.9–1.1x,
    /// 720,000 px 1.2–1.3x, 1,620,000 px 1.7–1.9x.
    package static let minimumPixels = 1 << 19

    /// This machine's measurement, taken the first time it is read (about 20 ms: two buffers of
    /// `frameBytes` written once, then `rounds` copies each way; the buffers and the worker
    /// thread are released after). The compositor reads it the first time a copy-bound frame of
    /// at least `minimumPixels` may use two or more threads.
    package static let measured: Measurement = measure()

    /// Whether a copy-bound frame of `pixels` pixels (width × rows drawn) is split into bands:
    /// at least `minimumPixels`, and `copiesScale` (by default this machine's
    /// `measured.splitsCopies`, read only for a frame that large).
    package static func splitsCopyBoundFrame(
        pixels: Int, copiesScale: @autoclosure () -> Bool = measured.splitsCopies
    ) -> Bool {
        pixels >= minimumPixels && copiesScale()
    }

    /// The rule, apart from the measurement (for tests): two threads at least `minimumSpeedup`
    /// times as fast as one.
    static func splits(oneThread: Double, twoThreads: Double) -> Bool {
        oneThread.isFinite && twoThreads.isFinite && twoThreads > 0 && oneThread >= twoThreads * minimumSpeedup
    }

    /// The two halves' copy job for `BandWorkers`: band b copies half b of the buffers.
    private struct Halves {
        let source: UnsafeRawPointer
        let destination: UnsafeMutableRawPointer
        let count: Int

        static let copyHalf: BandWorkers.Job = { context, band in
            let h = context.assumingMemoryBound(to: Halves.self).pointee
            let half = h.count / 2
            let start = band == 0 ? 0 : half, n = band == 0 ? half : h.count - half
            (h.destination + start).copyMemory(from: h.source + start, byteCount: n)
        }
    }

    /// Measures copies of `n` bytes (`frameBytes` but in tests). When the two buffers cannot be
    /// allocated (a process short of memory), nothing is measured: both figures are infinity,
    /// so nothing is split, rather than stopping the process for an optional speed-up.
    static func measure(bytes n: Int = frameBytes) -> Measurement {
        let unmeasured = Measurement(oneThread: .infinity, twoThreads: .infinity)
        // posix_memalign reports a refusal, where `allocate` would stop the process.
        var s: UnsafeMutableRawPointer?, d: UnsafeMutableRawPointer?
        guard posix_memalign(&s, 64, n) == 0, let source = s else { return unmeasured }
        defer { free(source) }
        guard posix_memalign(&d, 64, n) == 0, let destination = d else { return unmeasured }
        defer { free(destination) }
        // Written once so the timed copies do not take the pages' first-touch faults.
        source.initializeMemory(as: UInt8.self, repeating: 1, count: n)
        destination.initializeMemory(as: UInt8.self, repeating: 2, count: n)
        let workers = BandWorkers()
        let clock = ContinuousClock()
        func milliseconds(_ d: Duration) -> Double {
            Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
        }
        var one = Double.infinity, two = Double.infinity
        let halves = Halves(source: UnsafeRawPointer(source), destination: destination, count: n)
        withUnsafePointer(to: halves) { context in
            for _ in 0..<rounds {
                one = min(one, milliseconds(clock.measure { destination.copyMemory(from: source, byteCount: n) }))
                var started = true
                let t = clock.measure { started = workers.perform(bands: 2, context: context, job: Halves.copyHalf) }
                if started { two = min(two, milliseconds(t)) }
            }
        }
        return Measurement(oneThread: one, twoThreads: two)
    }
}
