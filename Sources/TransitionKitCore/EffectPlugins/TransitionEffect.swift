import Foundation

/// One tunable number of an effect: name, meaning, unit, default, accepted range and where
/// the default comes from. Shown by `effect-bench list` and validated by `EffectRegistry`.
public struct EffectParameter: Sendable, Hashable {
    /// Lowercase key used on the command line (`--param key=value`).
    public var name: String
    /// What it controls.
    public var summary: String
    /// Unit, e.g. "seconds", "points", "degrees", "progress 0...1".
    public var unit: String
    public var defaultValue: Double
    /// Accepted closed range; values outside are rejected with a typed error.
    public var range: ClosedRange<Double>
    /// The source of the default ("RadialTransition's 0.33 s").
    public var source: String
    /// Whether only whole numbers are accepted (choices such as a style 0 or 1, a direction 0, 1 or 2).
    public var wholeNumbers: Bool

    public init(
        name: String, summary: String, unit: String, defaultValue: Double, range: ClosedRange<Double>, source: String,
        wholeNumbers: Bool = false
    ) {
        precondition(range.contains(defaultValue), "default \(defaultValue) of \(name) outside \(range)")
        self.wholeNumbers = wholeNumbers
        self.name = name
        self.summary = summary
        self.unit = unit
        self.defaultValue = defaultValue
        self.range = range
        self.source = source
    }
}

/// Validated parameter values of one effect instance.
public struct EffectParameters: Sendable, Hashable {
    private var values: [String: Double]

    /// Every declared parameter at its default, then `overrides` applied.
    /// - Throws: `TransitionKitError.invalidValue` for an unknown name (value NaN, accepted
    ///   names listed) or a value that is not finite or outside the range.
    public init(_ declared: [EffectParameter], overrides: [String: Double] = [:]) throws(TransitionKitError) {
        var v: [String: Double] = [:]
        for p in declared { v[p.name] = p.defaultValue }
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let p = declared.first(where: { $0.name == name }) else {
                throw .invalidValue(
                    name: "parameter '\(name)'", value: value,
                    accepted: "one of: " + declared.map(\.name).joined(separator: ", "))
            }
            try TransitionKitError.check(
                value, name, in: p.range,
                accepted: "\(p.range.lowerBound)...\(p.range.upperBound) \(p.unit)")
            if p.wholeNumbers && value != value.rounded() {
                throw .invalidValue(name: name, value: value, accepted: "a whole number: \(p.unit)")
            }
            v[name] = value
        }
        values = v
    }

    /// The value of a declared parameter.
    /// - Precondition: `name` was declared.
    public subscript(name: String) -> Double {
        guard let v = values[name] else { preconditionFailure("undeclared effect parameter '\(name)'") }
        return v
    }
}

/// A plug-in transition effect: one module conforms a type to this and registers it.
///
/// The effect is a value that makes animators (and, for interactive effects, interaction
/// controllers) for the operations it supports.
public protocol TransitionEffect: Sendable {
    /// Registry and command-line name, lowercase (`radial`, `fade`, `pushback3d`, `dragdismiss`).
    static var name: String { get }
    /// One line describing the effect.
    static var summary: String { get }
    /// The tunable parameters with defaults and ranges.
    static var parameters: [EffectParameter] { get }
    /// Operations it animates.
    static var supportedOperations: [TransitionOperation] { get }
    /// An instance with validated parameters.
    init(parameters: EffectParameters) throws(TransitionKitError)
    /// How a presented view controller covers its presenter with this effect (default
    /// `.fullScreen`; an effect that keeps the presenter visible behind says `.overFullScreen`).
    static var modalPresentationStyle: ModalPresentationStyle { get }
    /// A fresh animator for `operation` (one of `supportedOperations`).
    @MainActor func makeAnimator(for operation: TransitionOperation) -> any AnimatedTransitioning
    /// The gestures that drive this effect's operations interactively (default none); see
    /// `EffectInteraction`. A pop gesture needs `.pop`, a dismiss one `.dismiss` in
    /// `supportedOperations`.
    var interactions: [EffectInteraction] { get }
    /// The animation of one interactive run of `operation`, given where the finger touched
    /// down (container coordinates, points). Default: `makeAnimator(for:)` alone; an effect
    /// whose look follows the finger (radial's reveal centre) returns `fingerMoved` too.
    @MainActor func makeInteractiveAnimation(for operation: TransitionOperation, touchDown: CGPoint) -> InteractiveAnimation
}

extension TransitionEffect {
    public static var modalPresentationStyle: ModalPresentationStyle { .fullScreen }
}
