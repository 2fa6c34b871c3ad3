import Foundation

/// The `--json` output, schema `transitionkit-effect-bench/1` (keys in snake_case):
///
/// ```
/// { "schema": "transitionkit-effect-bench/1",
///   "machine": { "cores", "cpu", "os", "toolchain", "configuration": "release"|"debug", "optimized" },
///   "scene": { "source": "built-in"|"images", "from", "to", "width_points", "height_points",
///              "scale", "width_pixels", "height_pixels" },
///   "frames", "threads", "allocation_counting" (false: allocation figures are not measured),
///   "results": [ { "effect", "operation", "transition_duration" (s),
///                  "model_nanoseconds": { "p50", "p90", "p99", "max", "mean" },
///                  "render_milliseconds": { same },
///                  "frames_over_60hz", "frames_over_120hz"   (render + model over 16.67 / 8.33 ms),
///                  "steady_state": { "model_allocations", "model_bytes",
///                                    "render_allocations", "render_bytes" }  (mean per frame,
///                                    frames 1...n−2),
///                  "per_frame": [ { "progress", "model_nanoseconds", "render_milliseconds",
///                                   "model_allocations", "model_bytes", "render_allocations",
///                                   "render_bytes" } ] } ] }
/// ```
/// New keys may be added in version 1; renaming or removing one bumps the version.
struct BenchReport: Codable, Equatable {

    enum CodingKeys: String, CodingKey {
        case schema = "schema"
        case machine = "machine"
        case scene = "scene"
        case frames = "frames"
        case threads = "threads"
        case allocationCounting = "allocation_counting"
        case results = "results"
    }
    static let schemaName = "transitionkit-effect-bench/1"

    struct Scene: Codable, Equatable {

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
        var source: String
        var from: String?
        var to: String?
        var widthPoints: Double
        var heightPoints: Double
        var scale: Double
        var widthPixels: Int
        var heightPixels: Int
    }

    struct SteadyState: Codable, Equatable {

        enum CodingKeys: String, CodingKey {
            case modelAllocations = "model_allocations"
            case modelBytes = "model_bytes"
            case renderAllocations = "render_allocations"
            case renderBytes = "render_bytes"
        }
        var modelAllocations: Double
        var modelBytes: Double
        var renderAllocations: Double
        var renderBytes: Double
    }

    struct Result: Codable, Equatable {

        enum CodingKeys: String, CodingKey {
            case effect = "effect"
            case operation = "operation"
            case transitionDuration = "transition_duration"
            case modelNanoseconds = "model_nanoseconds"
            case renderMilliseconds = "render_milliseconds"
            case framesOver60hz = "frames_over_60hz"
            case framesOver120hz = "frames_over_120hz"
            case steadyState = "steady_state"
            case perFrame = "per_frame"
        }
        var effect: String
        var operation: String
        var transitionDuration: Double
        var modelNanoseconds: Distribution
        var renderMilliseconds: Distribution
        var framesOver60hz: Int
        var framesOver120hz: Int
        var steadyState: SteadyState
        var perFrame: [FrameSample]

        init(_ sweep: SweepResult) {
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
        }
    }

    var schema = BenchReport.schemaName
    var machine: MachineInfo
    var scene: Scene
    var frames: Int
    var threads: Int
    var allocationCounting: Bool
    var results: [Result]

    func encoded() throws(BenchError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return try encoder.encode(self) } catch { throw .failure("could not encode the report: \(error)") }
    }

    static func decode(_ data: Data, path: String) throws(BenchError) -> BenchReport {
        let decoder = JSONDecoder()
        let report: BenchReport
        do {
            report = try decoder.decode(BenchReport.self, from: data)
        } catch {
            throw .failure("\(path) is not an effect-bench JSON report (\(schemaName)): \(error)")
        }
        guard report.schema == schemaName else {
            throw .failure("\(path) has schema '\(report.schema)'; accepted: \(schemaName)")
        }
        return report
    }
}
