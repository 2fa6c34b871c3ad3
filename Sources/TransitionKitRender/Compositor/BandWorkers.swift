import Foundation

/// Threads kept by a compositor (in its `BandRendererPool`) to render a frame's row bands
/// beside the calling thread: started the first time a frame is split into more than one band
/// (a compositor that only ever renders one band starts none), parked on a condition between
/// frames, woken once per frame, and stopped and waited for when the pool is released.
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
    // (`workers`) or inside `Crew`, whose own state is guarded by its conditions.

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
        crew.publish(bands: bands, context: context, job: job)
        job(context, 0)
        crew.waitForBands()
        return true
    }

    deinit { crew.stop(workers: workers) }
}

/// The workers' side: a generation number bumped per frame under `wake`, the count of bands
/// still running under `done`, and a semaphore each worker signals as it leaves its loop.
final class Crew: @unchecked Sendable {
    // @unchecked Sendable: `generation`, `job`, `context`, `bands`, `stopping` and `exits` are
    // read and written only with `wake` locked, `running` only with `done` locked; `exited` is itself
    // thread-safe. The context pointer is dereferenced only by the job while the publishing
    // thread waits in `waitForBands`, so the frame it points to outlives every use.
    private let wake = NSCondition()
    private let done = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    private var generation = 0
    private var job: BandWorkers.Job?
    private var context: UnsafeRawPointer?
    private var bands = 0
    private var stopping = false
    private var running = 0
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

    /// Hands a frame to the workers whose band it has.
    func publish(bands n: Int, context c: UnsafeRawPointer, job j: BandWorkers.Job) {
        done.lock()
        running = n - 1
        done.unlock()
        wake.lock()
        job = j
        context = c
        bands = n
        generation &+= 1
        wake.broadcast()
        wake.unlock()
    }

    /// Returns once every worker has handed its band of the last frame back.
    func waitForBands() {
        done.lock()
        while running > 0 { done.wait() }
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

    /// A worker's life: park until a frame with band `band` is published (or stop), render it,
    /// hand it back.
    private func loop(band: Int) {
        var seen = 0
        while true {
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
            done.lock()
            running -= 1
            if running == 0 { done.signal() }
            done.unlock()
        }
        exited.signal()
    }
}
