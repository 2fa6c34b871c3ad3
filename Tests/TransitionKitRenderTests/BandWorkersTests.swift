import CPixelKernels
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The compositor's kept worker threads (`BandWorkers`): each band of each frame runs exactly
/// once, band 0 on the calling thread and the others on workers started once; frames rendered
/// through them equal one-thread renders byte for byte; one thread starts no worker; releasing
/// the compositor stops its parked workers and waits for them.
@Suite struct BandWorkersTests {
    /// What a test job records: how often each band ran, and on which thread.
    struct Log {
        var runs: UnsafeMutablePointer<Int>
        var threads: UnsafeMutablePointer<pthread_t>
    }

    static let record: BandWorkers.Job = { context, band in
        let log = context.assumingMemoryBound(to: Log.self).pointee
        log.runs[band] += 1
        log.threads[band] = pthread_self()
    }

    /// `cpus`: the CPUs the workers believe they have, so that every frame spins (8), only the
    /// frames of 2 bands spin (2), or none does (1) (`SpinWait.spins`).
    @Test(arguments: [1, 2, 8]) func everyBandRunsOnceAFrameOnKeptWorkers(cpus: Int) {
        let workers = BandWorkers()
        workers.cpus = cpus
        let most = 4
        let runs = UnsafeMutablePointer<Int>.allocate(capacity: most)
        let threads = UnsafeMutablePointer<pthread_t>.allocate(capacity: most)
        defer { runs.deallocate(); threads.deallocate() }
        runs.initialize(repeating: 0, count: most)
        threads.initialize(repeating: pthread_self(), count: most)
        var log = Log(runs: runs, threads: threads)
        // 300 frames of 2, 4, 3, 2, 4, 3, ... bands: a worker without a band in a frame skips it.
        let pattern = [2, 4, 3]
        var expected = [Int](repeating: 0, count: most)
        var workerThreads: [Set<pthread_t>] = Array(repeating: [], count: most)
        for frame in 0..<300 {
            let bands = pattern[frame % pattern.count]
            for b in 0..<bands { expected[b] += 1 }
            let done = withUnsafePointer(to: &log) { workers.perform(bands: bands, context: $0, job: Self.record) }
            #expect(done)
            #expect(pthread_equal(threads[0], pthread_self()) != 0, "band 0 runs on the calling thread")
            for b in 1..<bands {
                #expect(pthread_equal(threads[b], pthread_self()) == 0, "band \(b) runs on a worker")
                workerThreads[b].insert(threads[b])
            }
        }
        #expect(Array(UnsafeBufferPointer(start: runs, count: most)) == expected)
        #expect(workers.threadCount == most - 1)
        // Each band after the first always ran on the same kept thread.
        for b in 1..<most { #expect(workerThreads[b].count == 1, "band \(b) ran on \(workerThreads[b].count) threads") }
    }

    /// The spin rule: threads spin only when each has a CPU of its own; a frame of one band has
    /// no threads to wait for.
    @Test func threadsSpinOnlyWhenEachHasACPU() {
        #expect(SpinWait.spins(bands: 2, cpus: 2))
        #expect(SpinWait.spins(bands: 2, cpus: 8))
        #expect(SpinWait.spins(bands: 4, cpus: 4))
        #expect(!SpinWait.spins(bands: 2, cpus: 1), "taskset -c 1 with two threads")
        #expect(!SpinWait.spins(bands: 3, cpus: 2))
        #expect(!SpinWait.spins(bands: 1, cpus: 8))
    }

    /// A cgroup v2 CPU quota (`cpu.max`, as `docker --cpus` writes it) caps the CPUs counted.
    @Test func aCPUQuotaCountsItsWholeCPUs() {
        #expect(tk_quota_cpus("max 100000\n") == 0)
        #expect(tk_quota_cpus("100000 100000\n") == 1)
        #expect(tk_quota_cpus("250000 100000\n") == 2)
        #expect(tk_quota_cpus("50000 100000") == 1, "half a CPU still runs one thread")
        #expect(tk_quota_cpus("lots 100000") == 0)
        #expect(tk_quota_cpus("") == 0)
        #expect(tk_quota_cpus(nil) == 0)
    }

    /// A spin returns as soon as its condition holds, and gives up (false) when it never does.
    @Test func aSpinEndsWhenReadyOrGivesUp() {
        var checks = 0
        #expect(
            SpinWait.spin(until: {
                checks += 1
                return checks == 3
            }))
        #expect(checks == 3)
        #expect(!SpinWait.spin(until: { false }))
    }

    /// The count `SpinWait.spins` is given: this thread's affinity, at least one CPU and no
    /// more than the machine has online.
    @Test func availableCPUsAreBetweenOneAndTheOnlineCount() {
        let n = Int(tk_available_cpus())
        #expect(n >= 1)
        #expect(n <= ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A frame whose contents are scaled (resampled over the whole frame, so `BandCount` picks
    /// every band): an image of 100x160 pixels scaled by `s` about the centre.
    static func scaledFrame(_ s: Double, image: Bitmap) -> LayerSnapshot {
        let screen = layer(CGRect(x: 0, y: 0, width: 100, height: 160)) {
            $0.contents = image
            $0.transform = Transform3D(scaleX: CGFloat(s), y: CGFloat(s))
        }
        return layer(CGRect(x: 0, y: 0, width: 100, height: 160), .black, sublayers: [screen])
    }

    static func pattern(width: Int, height: Int) throws -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let x = i % width, y = i / width
            bytes[4 * i] = UInt8((x * 7 + y * 3) & 255)
            bytes[4 * i + 1] = UInt8((x ^ y) & 255)
            bytes[4 * i + 2] = UInt8((y * 5) & 255)
        }
        return try Bitmap(width: width, height: height, packedBytes: bytes)
    }

    @Test func keptWorkersRenderLikeOneThreadOverManyFrames() throws {
        let image = try Self.pattern(width: 100, height: 160)
        let one = Compositor(options: RenderOptions(scale: 1, threads: 1))
        let two = Compositor(options: RenderOptions(scale: 1, threads: 2))
        var a = Bitmap(width: 100, height: 160), b = Bitmap(width: 100, height: 160)
        for k in 0..<60 {
            let tree = Self.scaledFrame(0.7 + 0.005 * Double(k), image: image)
            #expect(BandCount.choose(tree, options: two.options, width: 100, height: 160) == 2)
            one.render(tree, into: &a)
            two.render(tree, into: &b)
            #expect(a == b, "frame \(k) differs with two bands")
        }
        #expect(two.pool.workers.threadCount == 1, "one worker, kept for every frame")
        #expect(one.pool.workers.threadCount == 0, "one thread starts no worker")
        // A small frame of whole-pixel copies (100x160 px, under `CopyScaling.minimumPixels`)
        // is rendered in one band, and so starts no worker, even where copies scale.
        let copies = Compositor(options: RenderOptions(scale: 1, threads: 2))
        copies.render(Self.scaledFrame(1, image: image), into: &a)
        #expect(copies.pool.workers.threadCount == 0)
    }

    @Test func releasingTheCompositorStopsItsIdleWorkers() throws {
        let image = try Self.pattern(width: 100, height: 160)
        weak var pool: BandRendererPool?
        var crew: Crew?
        do {
            var options = RenderOptions(scale: 1, threads: 3)
            options.choosesBandCount = false
            let compositor = Compositor(options: options)
            var frame = Bitmap(width: 100, height: 160)
            compositor.render(Self.scaledFrame(0.8, image: image), into: &frame)
            #expect(compositor.pool.workers.threadCount == 2)
            pool = compositor.pool
            crew = compositor.pool.workers.crew
            #expect(crew?.exitedWorkers == 0, "parked, not stopped")
        }
        // The pool's release ran `deinit`, which returns only after both workers left their loop.
        #expect(pool == nil)
        #expect(crew?.exitedWorkers == 2)
    }

    /// A system that refuses threads (a container's thread limit; `threadLimit` stands for it):
    /// a frame needing more workers than start is rendered on the calling thread, the same
    /// bytes, and returns (it used to wait forever for a band no thread would render).
    @Test func aFrameNeedingAThreadTheSystemRefusesRendersOnTheCaller() throws {
        let image = try Self.pattern(width: 100, height: 160)
        var options = RenderOptions(scale: 1, threads: 4)
        options.choosesBandCount = false
        let refused = Compositor(options: options)
        refused.pool.workers.threadLimit = 1
        let one = Compositor(options: RenderOptions(scale: 1, threads: 1))
        var a = Bitmap(width: 100, height: 160), b = Bitmap(width: 100, height: 160)
        for k in 0..<3 {
            let tree = Self.scaledFrame(0.75 + 0.01 * Double(k), image: image)
            one.render(tree, into: &a)
            refused.render(tree, into: &b)
            #expect(a == b, "frame \(k)")
        }
        #expect(refused.pool.workers.threadCount == 1, "one worker started, the second refused, no more tried")
        // Two bands fit the one worker: it is still used.
        var ctx = 0
        #expect(withUnsafePointer(to: &ctx) { refused.pool.workers.perform(bands: 2, context: $0, job: { _, _ in }) })
        #expect(!withUnsafePointer(to: &ctx) { refused.pool.workers.perform(bands: 3, context: $0, job: { _, _ in }) })
    }
}
