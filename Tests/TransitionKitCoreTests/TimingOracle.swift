import Foundation

/// The independent reference values of `Tests/Fixtures/oracles/timing.json`, decoded as
/// they are written there. Nothing in here is computed by TransitionKit.
struct TimingOracle: Decodable, Sendable {
    struct NamedCurves: Decodable, Sendable {
        let source: String
        let controlPoints: [String: [Double]]
        enum CodingKeys: String, CodingKey {
            case source
            case controlPoints = "control_points_x1_y1_x2_y2"
        }
    }

    struct SampledCurve: Decodable, Sendable {
        let source: String
        let tolerance: Double
        let curve: [Double]
        let samples: [[Double]]
        enum CodingKeys: String, CodingKey {
            case source, tolerance, curve
            case samples = "x_y"
        }
    }

    struct ExactGroup: Decodable, Sendable {
        struct Case: Decodable, Sendable {
            let curve: [Double]
            let x: Double
            let y: Double
        }
        let source: String
        let cases: [Case]
    }

    struct SlopeGroup: Decodable, Sendable {
        let source: String
        let tolerance: Double
        let samples: [[Double]]
        enum CodingKeys: String, CodingKey {
            case source, tolerance
            case samples = "x_dydx"
        }
    }

    struct OutsideGroup: Decodable, Sendable {
        struct Case: Decodable, Sendable {
            let curve: [Double]
            let atMinus1: Double
            let at2: Double
            enum CodingKeys: String, CodingKey {
                case curve
                case atMinus1 = "at_minus1"
                case at2 = "at_2"
            }
        }
        let source: String
        let cases: [Case]
    }

    struct ReversedRule: Decodable, Sendable {
        struct Example: Decodable, Sendable {
            let curve: [Double]
            let reversed: [Double]
        }
        let source: String
        let example: Example
    }

    struct SpringMappings: Decodable, Sendable {
        struct Example: Decodable, Sendable {
            let given: [String: Double]
            let expect: [String: Double]
            let tolerance: Double
        }
        let source: String
        let formulas: [String]
        let docExamples: [Example]
        enum CodingKeys: String, CodingKey {
            case source, formulas
            case docExamples = "doc_examples"
        }
    }

    struct UnitStep: Decodable, Sendable {
        let source: String
        let tolerance: Double
        let samples: [[Double]]
        enum CodingKeys: String, CodingKey {
            case source, tolerance
            case samples = "t_value"
        }
    }

    struct FramerMotion: Decodable, Sendable {
        struct Case: Decodable, Sendable {
            let params: [String: Double]
            let samples: [Double]
            enum CodingKeys: String, CodingKey {
                case params
                case samples = "samples_every_200ms"
            }
        }
        let source: String
        let cases: [Case]
    }

    struct UIKitInteractive: Decodable, Sendable {
        let source: String
        let rules: [String]
    }

    let namedCubicBezier: NamedCurves
    let chromiumBasic: SampledCurve
    let chromiumUnclampedY: SampledCurve
    let chromiumExact: ExactGroup
    let chromiumSlope: SlopeGroup
    let chromiumOutside: OutsideGroup
    let reversedRule: ReversedRule
    let springMappings: SpringMappings
    let springUnitStep: UnitStep
    let framerMotion: FramerMotion
    let uikitInteractive: UIKitInteractive

    enum CodingKeys: String, CodingKey {
        case namedCubicBezier = "named_cubic_bezier"
        case chromiumBasic = "chromium_cubic_bezier_basic"
        case chromiumUnclampedY = "chromium_cubic_bezier_unclamped_y"
        case chromiumExact = "chromium_cubic_bezier_exact"
        case chromiumSlope = "chromium_cubic_bezier_slope"
        case chromiumOutside = "chromium_cubic_bezier_outside_0_1"
        case reversedRule = "reversed_curve_rule"
        case springMappings = "spring_mappings"
        case springUnitStep = "spring_unit_step_ca_defaults"
        case framerMotion = "framer_motion_spring"
        case uikitInteractive = "uikit_interactive"
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/oracles/timing.json")

    private static let loaded = Result { try JSONDecoder().decode(TimingOracle.self, from: Data(contentsOf: url)) }

    /// The decoded file, read once per test process.
    static func load() throws -> TimingOracle { try loaded.get() }
}

/// |actual − expected| <= tolerance, with both printed on failure by `#expect`.
func isClose(_ actual: Double, _ expected: Double, _ tolerance: Double) -> Bool {
    abs(actual - expected) <= tolerance
}
