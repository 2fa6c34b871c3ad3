import Foundation

/// SwiftUI's perceptual spring parameters (response and damping ratio; duration and
/// bounce), mapped onto mass, stiffness and damping.
///
/// Source: Apple's SwiftUI documentation of `Spring`:
/// - `stiffness = (2π / response)² · mass`, `damping = 4π · dampingRatio · mass / response`;
/// - `dampingRatio = 1 − bounce` for bounce >= 0, `1 / (1 + bounce)` for bounce < 0, and
///   `response = duration`.
/// Doc example: duration 0.5, bounce 0.3 is mass 1, stiffness ≈ 157.9, damping ≈ 17.6.
extension Spring {
    /// Creates a spring of mass 1 from SwiftUI's response and damping ratio.
    ///
    /// Use this for values written in code; for values from outside use
    /// ``init(validatingResponse:dampingRatio:initialVelocity:)``.
    ///
    /// - Parameters:
    ///   - response: seconds, finite and > 0: the period of the undamped spring,
    ///     2π·√(mass / stiffness).
    ///   - dampingRatio: finite and >= 0; 1 is critically damped, below 1 bounces.
    ///   - initialVelocity: step distances per second, finite.
    /// - Precondition: the parameters are in those ranges.
    public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(
            response.isFinite && response > 0 && dampingRatio.isFinite && dampingRatio >= 0,
            "Spring(response: \(response), dampingRatio: \(dampingRatio)): response must be finite and > 0, dampingRatio finite and >= 0"
        )
        let mass = 1.0
        let angularFrequency = 2 * Double.pi / response
        self.init(
            mass: mass,
            stiffness: angularFrequency * angularFrequency * mass,
            damping: 4 * Double.pi * dampingRatio * mass / response,
            initialVelocity: initialVelocity
        )
    }

    /// Creates a spring from response and damping ratio that come from outside.
    ///
    /// - Parameters: as ``init(response:dampingRatio:initialVelocity:)``.
    /// - Throws: `TransitionKitError.invalidValue` naming `"response"`, `"dampingRatio"` or
    ///   `"initialVelocity"` with the value given.
    public init(
        validatingResponse response: Double, dampingRatio: Double, initialVelocity: Double = 0
    ) throws(TransitionKitError) {
        try TransitionKitError.check(response, "response", in: 1e-4...1e4, accepted: "1e-4...1e4 seconds")
        try TransitionKitError.check(dampingRatio, "dampingRatio", in: 0...1e4, accepted: "0...1e4")
        try TransitionKitError.check(initialVelocity, "initialVelocity", in: -1e6...1e6, accepted: "-1e6...1e6 distances per second")
        self.init(response: response, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    /// Creates a spring of mass 1 from SwiftUI's perceptual duration and bounce.
    ///
    /// - Parameters:
    ///   - duration: seconds, finite and > 0 (SwiftUI's default is 0.5).
    ///   - bounce: in −1 < bounce <= 1: 0 is critically damped, positive bounces (1 never
    ///     stops), negative is overdamped.
    ///   - initialVelocity: step distances per second, finite.
    /// - Precondition: the parameters are in those ranges.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        precondition(
            duration.isFinite && duration > 0 && bounce.isFinite && bounce > -1 && bounce <= 1,
            "Spring(duration: \(duration), bounce: \(bounce)): duration must be finite and > 0, bounce in -1 < bounce <= 1"
        )
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    /// Creates a spring from duration and bounce that come from outside.
    ///
    /// - Parameters: as ``init(duration:bounce:initialVelocity:)``.
    /// - Throws: `TransitionKitError.invalidValue` naming `"duration"`, `"bounce"` or
    ///   `"initialVelocity"` with the value given.
    public init(
        validatingDuration duration: Double, bounce: Double, initialVelocity: Double = 0
    ) throws(TransitionKitError) {
        try TransitionKitError.check(duration, "duration", in: 1e-4...1e4, accepted: "1e-4...1e4 seconds")
        // bounce near −1 makes the damping ratio 1/(1 + bounce) unbounded; −0.999 gives 1000.
        try TransitionKitError.check(bounce, "bounce", in: -0.999...1, accepted: "-0.999...1")
        try TransitionKitError.check(initialVelocity, "initialVelocity", in: -1e6...1e6, accepted: "-1e6...1e6 distances per second")
        self.init(duration: duration, bounce: bounce, initialVelocity: initialVelocity)
    }

    /// SwiftUI's response: the period of the undamped spring, 2π·√(mass / stiffness),
    /// in seconds.
    public var response: Double {
        2 * Double.pi * (mass / stiffness).squareRoot()
    }

    /// SwiftUI's perceptual duration in seconds; equal to ``response``.
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − dampingRatio when dampingRatio <= 1, else
    /// 1 / dampingRatio − 1 (negative, overdamped). In −1 < bounce <= 1.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }
}
