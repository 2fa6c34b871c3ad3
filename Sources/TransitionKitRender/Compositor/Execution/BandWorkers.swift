import CPixelKernels
import Foundation
import Synchronization

/// Threads kept by a compositor (in its `BandRendererPool`) to render a frame's row bands
/// beside the calling thread: started the first time a frame is split into more than one band
/// (a compositor that only ever renders one band starts none), parked on a condition between
/// frames (after a short spin, `SpinWait`), woken once per frame, and stopped and waited for
/// when the pool is released.
///
/// A frame of `bands` bands runs band 0 on the calling thread and band k on worker k − 1, so
/// the frame costs one wake-up per worker and one hand-back instead of a dispatch per band.
/// Nothing is allocated per frame: the job is a C function pointer and a pointer to the
/// caller's frame description, which stays on the caller's stack until every worker has
/// handed its band back. Workers are added (and never removed) when a frame has more bands
/// than there are workers; that allocates once.
///
/// One frame at a time: `perform` returns false at once, doing nothing, while another frame
/// is using the workers (two renders sharing a compositor's pool on two threads); the caller
/// then renders every band itself.
final class BandWorkers: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written only under `busy`
    // (`workers`, `cpus`) or inside `Crew`, whose own state is guarded by its conditions and atomics.

    /// A band job: renders band `band` of the frame that `context` points to.
    typealias Job = @convention(c) (_ context: UnsafeRawPointer, _ band: Int) -> Void

    /// The state shared with the worker threads (they hold it, never the `BandWorkers`, so
    /// the pool can be released while they are parked).
    let crew = Crew()
    /// Held by the frame using the workers.
    private let busy = NSLock()
    /// Worker threads started so far.
    private var workers = 0
    /// Whether starting a worker has failed (the system refused a thread: a process or
    /// container thread limit, address space); no more are tried, and frames needing more
    /// workers than exist are rendered on the calling thread.
    private var startFailed = false
    /// The CPUs this process may run on (`tk_available_cpus`), asked once, by the first frame
    /// split between threads (0: not asked yet); tests set it.
    var cpus = 0
    /// The most workers this keeps (tests lower it to stand for a system that refuses threads).
    var threadLimit = Int.max

    /// Worker threads started so far (for tests).
    var threadCount: Int {
        busy.lock()
        defer { busy.unlock() }
        return workers
    }

    /// Runs `job(context, band)` for every band in 0..<bands, band 0 on the calling thread and
    /// the others on kept worker threads, and returns when all have returned; false, having
    /// run nothing, when the workers are busy with another frame or when the frame needs more
    /// workers than the system would start (then the caller renders the bands itself).
    /// - Precondition: bands >= 2; `context` valid until this returns.
    /// - Complexity: one wake-up per worker used; no allocation once `bands − 1` workers exist.
    func perform(bands: Int, context: UnsafeRawPointer, job: Job) -> Bool {
        guard busy.try() else { return false }
        defer { busy.unlock() }
        while workers < bands - 1 {
            guard !startFailed, workers < threadLimit, crew.start(index: workers) else {
                startFailed = true
                return false
            }
            workers += 1
        }
        if cpus == 0 { cpus = Int(tk_available_cpus()) }
        crew.publish(bands: bands, context: context, job: job, spin: SpinWait.spins(bands: bands, cpus: cpus))
        job(context, 0)
        crew.waitForBands()
        return true
    }

    deinit { crew.stop(workers: workers) }
}

/// The workers' side: a generation number bumped per frame under `wake` (and published in an
/// atomic for workers spinning for it), the count of bands still running (an atomic; the
/// worker that brings it to 0 signals `done`), and a semaphore each worker signals as it
/// leaves its loop.
final class Crew: @unchecked Sendable {
    // @unchecked Sendable: `generation`, `job`, `context`, `bands`, `stopping` and `exits` are
    // read and written only with `wake` locked; `running`, `published`, `spinning` and `exited`
    // are themselves thread-safe. The context pointer is dereferenced only by the job while the publishing
    // thread waits in `waitForBands`, so the frame it points to outlives every use.
    private let wake = NSCondition()
    private let done = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    private var generation = 0
    private var job: BandWorkers.Job?
    private var context: UnsafeRawPointer?
    private var bands = 0
    private var stopping = false
    /// Bands of the last frame still running on workers (a worker's decrement to 0 then signals
    /// `done`, for a caller parked there).
    private let running = Atomic<Int>(0)
    /// `generation`, readable without `wake` (a worker spinning for the next frame).
    private let published = Atomic<Int>(0)
    /// Whether the last frame's threads spin before parking (`SpinWait.spins`).
    private let spinning = Atomic<Bool>(false)
    private var exits = 0

    /// Workers that have left their loop (for tests: all of them once the `BandWorkers` is gone).
    var exitedWorkers: Int {
        wake.lock()
        defer { wake.unlock() }
        return exits
    }

    /// Starts worker `index`, which renders band `index + 1` of each frame that has it; false
    /// when the system refuses the thread (`pthread_create` fails: a thread limit, no address
    /// space for its stack). A POSIX thread, not Foundation's `Thread`, whose `start()` fails
    /// without telling: a frame would then wait for a band nobody renders.
    func start(index: Int) -> Bool {
        let worker = Unmanaged.passRetained(Worker(crew: self, band: index + 1))
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, Crew.run, worker.toOpaque())
        guard status == 0 else {
            worker.release()
            return false
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return true
    }

    /// What a new worker thread is handed: its crew and its band.
    private final class Worker {
        let crew: Crew
        let band: Int
        init(crew: Crew, band: Int) {
            self.crew = crew
            self.band = band
        }
    }

    #if canImport(Darwin)
        private static let run: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { argument in
            let worker = Unmanaged<Worker>.fromOpaque(argument).takeRetainedValue()
            worker.crew.loop(band: worker.band)
            return nil
        }
    #else
        private static let run: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { argument in
            guard let argument else { return nil }
            let worker = Unmanaged<Worker>.fromOpaque(argument).takeRetainedValue()
            worker.crew.loop(band: worker.band)
            return nil
        }
    #endif

    /// Hands a frame to the workers whose band it has; `spin`: whether its threads spin before
    /// parking (`SpinWait`), the caller in `waitForBands` and the workers after their band.
    func publish(bands n: Int, context c: UnsafeRawPointer, job j: BandWorkers.Job, spin: Bool) {
        running.store(n - 1, ordering: .releasing)
        spinning.store(spin, ordering: .relaxed)
        wake.lock()
        job = j
        context = c
        bands = n
        generation &+= 1
        published.store(generation, ordering: .releasing)
        wake.broadcast()
        wake.unlock()
    }

    /// Returns once every worker has handed its band of the last frame back: spinning first
    /// when the frame's threads spin (`publish(…spin:)`, `SpinWait`), then parked on `done`.
    func waitForBands() {
        if spinning.load(ordering: .relaxed) && SpinWait.spin(until: { running.load(ordering: .acquiring) == 0 }) { return }
        done.lock()
        while running.load(ordering: .acquiring) > 0 { done.wait() }
        done.unlock()
    }

    /// Stops the `workers` threads and waits until each has left its loop.
    func stop(workers: Int) {
        wake.lock()
        stopping = true
        wake.broadcast()
        wake.unlock()
        for _ in 0..<workers { exited.wait() }
    }

    /// A worker's life: spin (when the last frame's threads spin, `SpinWait`), then park,
    /// until a frame with band `band` is published (or stop); render it; hand it back.
    private func loop(band: Int) {
        var seen = 0
        while true {
            if spinning.load(ordering: .relaxed) { _ = SpinWait.spin(until: { published.load(ordering: .acquiring) != seen }) }
            wake.lock()
            while !stopping && (generation == seen || band >= bands) {
                // A frame with fewer bands: nothing to do for it, wait for the next.
                seen = generation
                wake.wait()
            }
            if stopping {
                exits += 1
                wake.unlock()
                break
            }
            seen = generation
            let job = self.job, context = self.context
            wake.unlock()
            if let job, let context { job(context, band) }
            if running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                done.lock()
                done.signal()
                done.unlock()
            }
        }
        exited.signal()
    }
}
