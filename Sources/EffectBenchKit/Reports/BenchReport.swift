import Foundation

/// The `--json` output, schema `transitionkit-effect-bench/1` (keys in snake_case):
///
/// ```
/// { "schema": "transitionkit-effect-bench/1",
///   "machine": { "cores", "cpu", "os", "toolchain", "configuration": "release"|"debug", "optimized" },
///   "scene": { "source": "built-in"|"images", "from", "to", "width_points", "height_points",
///              "scale", "width_pixels", "height_pixels" },
///   "frames", "threads", "allocation_counting" (false: allocation figures are not measured),
///   "repeats" (sweeps per operation after a discarded warm-up; absent in older reports: 1),
///   "copy_scaling": { "one_thread_ms", "two_threads_ms", "splits_copies" } (`--threads` 2 or
///                   more: the machine's copy measurement that decides whether copy-bound frames
///                   are split, `CopyScaling`; absent otherwise, and where it could not be
///                   measured: no second thread or no memory for the copy, so nothing split),
///   "parameters": { name: value } (`run --param`, as given; absent when none was),
///   "results": [ { "effect", "operation", "transition_duration" (s),
///                  "model_nanoseconds": { "p50", "p90", "p99", "max", "mean" },
///                  "render_milliseconds": { same },
///                  "frames_over_60hz", "frames_over_120hz"   (render + model over 16.67 / 8.33 ms),
///                  "render_p50_spread" ((max − min) ÷ min of the repeats' render p50s; absent: 1 sweep),
///                  "floor_milliseconds": { same } (the memory floor next to each frame: the fastest of
///                                    2 memcpys of a frame's bytes between frame-sized buffers that
///                                    together exceed the last-level cache, made between frames, not
///                                    timed into them; absent in older reports),
///                  "x_floor" (render p50 ÷ floor p50: the row as a multiple of the frame memcpy,
///                            which moves with the machine's memory speed as the render does; what
///                            `--baseline` compares when both reports have it; absent in older reports),
///                  "variant" ("flat" or "many-layer": `run --many-layer` rows, operation
///                            "push (flat)" / "push (many-layer)", the outgoing screen the
///                            40-cell list flattened into one bitmap or kept as its 200 layers;
///                            absent otherwise), and on those rows:
///                  "layers" (layers in the presentation tree each frame),
///                  "lowering_nanoseconds": { same } (per frame: presentation snapshot + a
///                                    1-pixel damage render of it, measured between frames),
///                  "ns_per_layer" ((model p50 + lowering p50) ÷ layers),
///                  "vs_flat" (many-layer rows: render p50 ÷ the flat row's render p50),
///                  "damaged_fraction": { same } (`run --damage` rows, operation "push (damage)" and
///                                    so on: fraction 0...1 of each frame redrawn; absent otherwise),
///                  "steady_state": { "model_allocations", "model_bytes",
///                                    "render_allocations", "render_bytes" }  (mean per frame,
///                                    frames 1...n−2),
///                  "per_frame": [ { "progress" (k ÷ (n − 1) for frame k of n: the fraction of the
///                                   transition's duration elapsed, before the effect's timing
///                                   curve), "model_nanoseconds", "render_milliseconds",
///                                   "model_allocations", "model_bytes", "render_allocations",
///                                   "render_bytes", "damaged_fraction" (damage rows),
///                                   "floor_milliseconds", "lowering_nanoseconds" (layer rows) } ] } ] }
/// ```
/// New keys may be added in version 1; renaming or removing one bumps the version.
public struct BenchReport: Codable, Equatable, Sendable {

    enum CodingKeys: String, CodingKey {
        case schema = "schema"
        case machine = "machine"
        case scene = "scene"
        case frames = "frames"
        case threads = "threads"
        case allocationCounting = "allocation_counting"
        case repeats = "repeats"
        case copyScaling = "copy_scaling"
        case parameters = "parameters"
        case results = "results"
    }
    /// The schema this version writes and reads.
    public static let schemaName = "transitionkit-effect-bench/1"

    /// The scene measured: sizes in points and pixels, scale in pixels per point, image paths.
    public struct Scene: Codable, Equatable, Sendable {

        enum CodingKeys: String, CodingKey {
            case source = "source"
            case from = "from"
            case to = "to"
            case widthPoints = "width_points"
            case heightPoints = "height_points"
            case scale = "scale"
            case widthPixels = "width_pixels"
            case heightPixels = "height_pixels"
        }
        /// "built-in" (`DemoScreens`) or "images".
        public var source: String
        /// The outgoing image's path, nil for the built-in scene.
        public var from: String?
        /// The incoming image's path, nil for the built-in scene.
        public var to: String?
        /// Window width, points.
        public var widthPoints: Double
        /// Window height, points.
        public var heightPoints: Double
        /// Pixels per point.
        public var scale: Double
        /// Frame width, pixels.
        public var widthPixels: Int
        /// Frame height, pixels.
        public var heightPixels: Int

        /// The scene `options` describes, its pixel size rounded from points × scale.
        public init(_ options: SceneOptions) {
            source = options.fromPath == nil ? "built-in" : "images"
            from = options.fromPath
            to = options.toPath
            widthPoints = Double(options.size.width)
            heightPoints = Double(options.size.height)
            scale = Double(options.scale)
            widthPixels = Int((options.size.width * options.scale).rounded())
            heightPixels = Int((options.size.height * options.scale).rounded())
        }

        init(
            source: String, from: String?, to: String?, widthPoints: Double, heightPoints: Double, scale: Double, widthPixels: Int,
            heightPixels: Int
        ) {
            self.source = source
            self.from = from
            self.to = to
            self.widthPoints = widthPoints
            self.heightPoints = heightPoints
            self.scale = scale
            self.widthPixels = widthPixels
            self.heightPixels = heightPixels
        }
    }

    /// Mean allocation calls and bytes per frame over frames 1...n−2 (frame 0 sets the
    /// transition up, the last one ends it).
    public struct SteadyState: Codable, Equatable, Sendable {

        enum CodingKeys: String, CodingKey {
            case modelAllocations = "model_allocations"
            case modelBytes = "model_bytes"
            case renderAllocations = "render_allocations"
            case renderBytes = "render_bytes"
        }
        /// Allocation calls per frame in the model step.
        public var modelAllocations: Double
        /// Bytes per frame in the model step.
        public var modelBytes: Double
        /// Allocation calls per frame in the render step.
        public var renderAllocations: Double
        /// Bytes per frame in the render step.
        public var renderBytes: Double
    }

    /// One effect and operation: statistics of its sweep and every frame.
    public struct Result: Codable, Equatable, Sendable {

        enum CodingKeys: String, CodingKey {
            case effect = "effect"
            case operation = "operation"
            case transitionDuration = "transition_duration"
            case modelNanoseconds = "model_nanoseconds"
            case renderMilliseconds = "render_milliseconds"
            case framesOver60hz = "frames_over_60hz"
            case framesOver120hz = "frames_over_120hz"
            case steadyState = "steady_state"
            case renderP50Spread = "render_p50_spread"
            case modelP50AfterRender = "model_p50_after_render"
            case perFrame = "per_frame"
            case damagedFraction = "damaged_fraction"
            case floorMilliseconds = "floor_milliseconds"
            case xFloor = "x_floor"
            case variant = "variant"
            case layers = "layers"
            case loweringNanoseconds = "lowering_nanoseconds"
            case nsPerLayer = "ns_per_layer"
            case vsFlat = "vs_flat"
        }
        /// The effect's registry name.
        public var effect: String
        /// push, pop, present, dismiss or tab; "push (damage)" and so on for a damage sweep
        /// (`effect-bench run --damage`).
        public var operation: String
        /// A damage sweep's fraction 0...1 of each frame redrawn (the first frame's is 1); nil
        /// for a full-render sweep.
        public var damagedFraction: Distribution?
        /// Seconds.
        public var transitionDuration: Double
        /// Model cost per frame, nanoseconds.
        public var modelNanoseconds: Distribution
        /// Render cost per frame, milliseconds.
        public var renderMilliseconds: Distribution
        /// Frames whose model + render cost exceeds `FrameBudget.hz60`.
        public var framesOver60hz: Int
        /// Frames whose model + render cost exceeds `FrameBudget.hz120`.
        public var framesOver120hz: Int
        /// Allocations per frame in steady state.
        public var steadyState: SteadyState
        /// Every frame's costs.
        public var perFrame: [FrameSample]
        /// The noise between the repeated sweeps this result folds (`SweepResult.renderP50Spread`);
        /// nil for a single sweep.
        public var renderP50Spread: Double?
        /// With a model-only sweep (`init(repeated:modelOnly:)`): the model p50 in nanoseconds
        /// of the rendered sweeps alone, where each tick follows a full-frame render that has
        /// evicted the model's data from the caches. nil otherwise.
        public var modelP50AfterRender: Double?
        /// The memory floor next to each frame (`FrameSample.floorMilliseconds`), milliseconds;
        /// nil when no frame has one (older reports).
        public var floorMilliseconds: Distribution?
        /// The render p50 as a multiple of the floor p50 (`renderMilliseconds.p50 ÷
        /// floorMilliseconds.p50`); nil without a floor or with a zero floor p50.
        public var xFloor: Double?
        /// "flat" or "many-layer" for the rows of `run --many-layer` (`ManyLayerScreen`); nil otherwise.
        public var variant: String?
        /// Layer rows: layers in the presentation tree each frame; nil otherwise.
        public var layers: Int?
        /// Layer rows: the per-layer work of each frame (`FrameSample.loweringNanoseconds`), nanoseconds.
        public var loweringNanoseconds: Distribution?
        /// Layer rows: (model p50 + lowering p50) ÷ `layers`, nanoseconds per layer per frame.
        public var nsPerLayer: Double?
        /// Many-layer rows: render p50 ÷ the flat row's render p50 (the same pixels as one bitmap).
        public var vsFlat: Double?

        /// The statistics of `sweep`.
        /// - Precondition: `sweep.frames` is not empty.
        /// - Complexity: O(n log n) in the frame count.
        public init(_ sweep: SweepResult) {
            effect = sweep.effect
            operation = sweep.operation
            transitionDuration = sweep.transitionDuration
            modelNanoseconds = Distribution(sweep.frames.map(\.modelNanoseconds))
            renderMilliseconds = Distribution(sweep.frames.map(\.renderMilliseconds))
            let total = sweep.frames.map { $0.renderMilliseconds + $0.modelNanoseconds / 1e6 }
            framesOver60hz = total.filter { $0 > FrameBudget.hz60 }.count
            framesOver120hz = total.filter { $0 > FrameBudget.hz120 }.count
            let steady = sweep.frames.count > 2 ? Array(sweep.frames.dropFirst().dropLast()) : sweep.frames
            func mean(_ f: (FrameSample) -> Int) -> Double { Double(steady.map(f).reduce(0, +)) / Double(steady.count) }
            steadyState = SteadyState(
                modelAllocations: mean(\.modelAllocations), modelBytes: mean(\.modelBytes),
                renderAllocations: mean(\.renderAllocations), renderBytes: mean(\.renderBytes))
            perFrame = sweep.frames
            let fractions = sweep.frames.compactMap(\.damagedFraction)
            damagedFraction = fractions.isEmpty ? nil : Distribution(fractions)
            let floors = sweep.frames.compactMap(\.floorMilliseconds)
            floorMilliseconds = floors.isEmpty ? nil : Distribution(floors)
            xFloor = floorMilliseconds.flatMap { $0.p50 > 0 ? renderMilliseconds.p50 / $0.p50 : nil }
            let lowering = sweep.frames.compactMap(\.loweringNanoseconds)
            loweringNanoseconds = lowering.isEmpty ? nil : Distribution(lowering)
        }

        /// Marks this result as a `run --many-layer` row of `variant` ("flat" or "many-layer")
        /// whose presentation tree has `layers` layers (>= 1), and sets `nsPerLayer` from its
        /// model and lowering p50s (left nil without a lowering measurement).
        public mutating func setLayerScene(variant: String, layers: Int) {
            precondition(layers >= 1, "a layer scene of \(layers) layers")
            self.variant = variant
            self.layers = layers
            nsPerLayer = loweringNanoseconds.map { (modelNanoseconds.p50 + $0.p50) / Double(layers) }
        }

        /// Sets `vsFlat`: this render p50 ÷ `flat`'s (nil when `flat`'s is 0).
        public mutating func compare(withFlat flat: Result) {
            vsFlat = flat.renderMilliseconds.p50 > 0 ? renderMilliseconds.p50 / flat.renderMilliseconds.p50 : nil
        }

        /// The statistics of repeated sweeps of one effect and operation: their per-frame
        /// minimum (`SweepResult.perFrameMinimum`) and, for two or more, their spread.
        /// - Precondition: `sweeps` is not empty and they have one frame count.
        public init(repeated sweeps: [SweepResult]) {
            self.init(folded: SweepResult.perFrameMinimum(sweeps), of: sweeps)
        }

        /// As `init(repeated:)`, with each frame's model cost the minimum over the rendered
        /// sweeps and `modelOnly`, a sweep of the same frames without rendering
        /// (`Sweep.run(…renders: false)`): the tick's own cost, not the cache refill after a
        /// frame's render. `modelP50AfterRender` keeps the rendered sweeps' model p50.
        /// - Precondition: `sweeps` is not empty and every sweep, `modelOnly` included, has one frame count.
        public init(repeated sweeps: [SweepResult], modelOnly: SweepResult) {
            var folded = SweepResult.perFrameMinimum(sweeps)
            precondition(modelOnly.frames.count == folded.frames.count, "the model-only sweep must have the sweeps' frame count")
            let afterRender = Distribution(folded.frames.map(\.modelNanoseconds)).p50
            for k in folded.frames.indices {
                let m = modelOnly.frames[k]
                if m.modelNanoseconds < folded.frames[k].modelNanoseconds { folded.frames[k].modelNanoseconds = m.modelNanoseconds }
            }
            self.init(folded: folded, of: sweeps)
            modelP50AfterRender = afterRender
        }

        /// The statistics of `folded`, the per-frame fold of `sweeps`, with their spread.
        private init(folded: SweepResult, of sweeps: [SweepResult]) {
            self.init(folded)
            renderP50Spread = sweeps.count > 1 ? SweepResult.renderP50Spread(sweeps) : nil
        }
    }

    /// `schemaName` for reports this version writes.
    public var schema = BenchReport.schemaName
    /// Where it was measured.
    public var machine: MachineInfo
    /// What was drawn.
    public var scene: Scene
    /// Frames a sweep.
    public var frames: Int
    /// Row bands composited in parallel.
    public var threads: Int
    /// Whether allocation figures were measured (`AllocationCounter.isActive`).
    public var allocationCounting: Bool
    /// Sweeps per effect and operation, after a discarded warm-up sweep, folded per frame by
    /// minimum; nil in reports written before `--repeat` existed (one sweep).
    public var repeats: Int?
    /// With two or more threads: whether a copy got faster on two threads on this machine, which
    /// decides whether copy-bound frames are split into bands (`CopyScaling` in
    /// TransitionKitRender); nil with one thread and in older reports.
    public var copyScaling: CopyScalingInfo?
    /// `run --param` settings of the run's one effect, name → value as given (`EffectRegistry`
    /// validated them); nil when every parameter had its default, and in older reports.
    public var parameters: [String: String]?
    /// `parameters` as one line, `name=value` sorted by name and space-separated; nil when
    /// every parameter had its default (the table's `parameters:` line, `BaselineComparison`).
    public var parametersText: String? {
        guard let p = parameters, !p.isEmpty else { return nil }
        return p.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
    /// One per effect and operation, in run order.
    public var results: [Result]

    /// `CopyScaling.Measurement` as reported: milliseconds for one frame-sized copy.
    public struct CopyScalingInfo: Codable, Equatable, Sendable {
        enum CodingKeys: String, CodingKey {
            case oneThread = "one_thread_ms"
            case twoThreads = "two_threads_ms"
            case splitsCopies = "splits_copies"
        }
        /// The copy on one thread, ms (fastest of the rounds).
        public var oneThread: Double
        /// The copy split between two threads, ms (fastest of the rounds).
        public var twoThreads: Double
        /// Whether copy-bound frames were split.
        public var splitsCopies: Bool

        /// The figures of one measurement.
        public init(oneThread: Double, twoThreads: Double, splitsCopies: Bool) {
            self.oneThread = oneThread
            self.twoThreads = twoThreads
            self.splitsCopies = splitsCopies
        }
    }

    /// A report of `results` measured on `machine` and `scene` with `frames` frames a sweep and
    /// `threads` row bands; `parameters` the run's `--param` settings (nil: none).
    public init(
        machine: MachineInfo, scene: Scene, frames: Int, threads: Int, allocationCounting: Bool, repeats: Int? = nil,
        copyScaling: CopyScalingInfo? = nil, parameters: [String: String]? = nil, results: [Result]
    ) {
        self.repeats = repeats
        self.copyScaling = copyScaling
        self.parameters = parameters
        self.machine = machine
        self.scene = scene
        self.frames = frames
        self.threads = threads
        self.allocationCounting = allocationCounting
        self.results = results
    }

    /// The first result for `effect` and `operation`, or nil.
    public func result(effect: String, operation: String) -> Result? {
        results.first { $0.effect == effect && $0.operation == operation }
    }

    /// The report as pretty-printed JSON with sorted keys.
    /// - Throws: `BenchError` (failure) if a value cannot be encoded (a non-finite number).
    public func encoded() throws(BenchError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return try encoder.encode(self) } catch { throw .failure("could not encode the report: \(error)") }
    }

    /// Reads a report; `path` names the source in messages. The `schema` key is read first, so
    /// a report of another schema (whatever its other keys) is named as such.
    /// - Throws: `BenchError` (failure) when `data` is not JSON of this schema.
    public static func decode(_ data: Data, path: String) throws(BenchError) -> BenchReport {
        struct SchemaOnly: Decodable { var schema: String? }
        let decoder = JSONDecoder()
        if let schema = (try? decoder.decode(SchemaOnly.self, from: data))?.schema, schema != schemaName {
            throw .failure("\(path) has schema '\(schema)'; accepted: \(schemaName)")
        }
        do {
            return try decoder.decode(BenchReport.self, from: data)
        } catch {
            throw .failure("\(path) is not an effect-bench JSON report (\(schemaName)): \(error)")
        }
    }
}
