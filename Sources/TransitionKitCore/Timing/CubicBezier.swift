import Foundation

/// A cubic Bézier timing function from (0, 0) to (1, 1), as `CAMediaTimingFunction` and CSS
/// `cubic-bezier()` define it.
///
/// The two inner control points are `(x1, y1)` and `(x2, y2)`; the end points are fixed at
/// (0, 0) and (1, 1). `x1` and `x2` must lie in 0...1 so that the curve is a function of
/// time; `y1` and `y2` may be any finite number, which lets a curve overshoot (anticipate or
/// bounce past its end value).
///
/// ```swift
/// let curve = CubicBezier.easeInEaseOut
/// curve.value(at: 0.25)   // ≈ 0.129
/// ```
///
/// Evaluation follows Chromium's `gfx::CubicBezier` (ui/gfx/geometry/cubic_bezier.cc): the
/// curve is solved for the parameter `t` whose x equals the input, and the y at that `t` is
/// returned. Input outside 0...1 is extrapolated along the end tangents exactly as Chromium
/// does. The solve is tighter than Chromium's (its epsilon is 1e-7 in x; here it is 1e-14).
public struct CubicBezier: Sendable, Hashable {
    /// x of the first control point, in 0...1 (progress of time).
    public let x1: Double
    /// y of the first control point (eased progress); any finite value.
    public let y1: Double
    /// x of the second control point, in 0...1 (progress of time).
    public let x2: Double
    /// y of the second control point (eased progress); any finite value.
    public let y2: Double

    // Power-basis coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
    // Source: Chromium CubicBezier::InitCoefficients.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    // Slopes dy/dx of the straight lines used outside 0...1.
    // Source: Chromium CubicBezier::InitGradients.
    private let startGradient: Double
    private let endGradient: Double

    /// Creates a curve from the two inner control points.
    ///
    /// Use this for values written in code. For values from outside (files, command lines,
    /// user input) use ``init(validatingX1:y1:x2:y2:)``, which throws instead of trapping.
    ///
    /// - Parameters:
    ///   - x1: x of the first control point, finite, in 0...1.
    ///   - y1: y of the first control point, finite.
    ///   - x2: x of the second control point, finite, in 0...1.
    ///   - y2: y of the second control point, finite.
    /// - Precondition: the values are finite and `x1`, `x2` lie in 0...1.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition(
            x1.isFinite && x2.isFinite && y1.isFinite && y2.isFinite
                && (0...1).contains(x1) && (0...1).contains(x2),
            "CubicBezier(x1: \(x1), y1: \(y1), x2: \(x2), y2: \(y2)): x1 and x2 must be in 0...1 and all values finite"
        )
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by

        // Chromium CubicBezier::InitGradients. At each end: the tangent towards the nearer
        // control point; if that point coincides with the end, the tangent towards the
        // farther one; if both coincide with ends the curve is linear (slope 1); a vertical
        // tangent is replaced by slope 0.
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    /// Creates a curve from control points that come from outside the program.
    ///
    /// - Parameters:
    ///   - x1: x of the first control point, finite, in 0...1.
    ///   - y1: y of the first control point, finite.
    ///   - x2: x of the second control point, finite, in 0...1.
    ///   - y2: y of the second control point, finite.
    /// - Throws: `TransitionKitError.invalidValue` naming `"x1"`, `"y1"`, `"x2"` or `"y2"`
    ///   (the first offending one, in that order) with the value given.
    public init(validatingX1 x1: Double, y1: Double, x2: Double, y2: Double) throws(TransitionKitError) {
        try TransitionKitError.check(x1, "x1", in: 0...1, accepted: "finite, in 0...1")
        // |y| bounded so the polynomial's coefficients (3·y1, 3·y2 − 6·y1, …) stay finite.
        try TransitionKitError.check(y1, "y1", in: -1e6...1e6, accepted: "-1e6...1e6")
        try TransitionKitError.check(x2, "x2", in: 0...1, accepted: "finite, in 0...1")
        try TransitionKitError.check(y2, "y2", in: -1e6...1e6, accepted: "-1e6...1e6")
        self.init(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The two inner control points, in the unit square of (time progress, eased progress).
    public var controlPoints: (CGPoint, CGPoint) {
        (CGPoint(x: x1, y: y1), CGPoint(x: x2, y: y2))
    }

    /// The same curve played backwards: `reversed.value(at: p) == 1 - value(at: 1 - p)`.
    ///
    /// Its control points are (1 − x2, 1 − y2, 1 − x1, 1 − y1), the rule of
    /// material-motion/motion-interchange-objc for a curve run in reverse (as when an
    /// interactive transition is cancelled). `easeIn.reversed` is `easeOut`.
    public var reversed: CubicBezier {
        CubicBezier(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1)
    }

    /// The eased progress at a time progress.
    ///
    /// Inside 0...1 the curve is solved for the parameter whose x is `progress` (Newton's
    /// method from the guess t = progress, with a bisection fallback), accurate to about
    /// 1e-12 in y for curves with moderate slopes. `value(at: 0)` is exactly 0 and
    /// `value(at: 1)` exactly 1. Outside 0...1 the result continues along the end tangent,
    /// as Chromium's `CubicBezier::Solve` does: `startGradient · progress` below 0 and
    /// `1 + endGradient · (progress − 1)` above 1.
    ///
    /// - Parameter progress: time progress, finite; usually 0...1.
    /// - Returns: eased progress; may leave 0...1 when `y1` or `y2` do.
    /// - Precondition: `progress` is finite.
    /// - Complexity: O(1): at most 8 Newton steps, else at most 64 bisection steps.
    public func value(at progress: Double) -> Double {
        precondition(progress.isFinite, "CubicBezier.value(at: \(progress)): progress must be finite")
        if progress <= 0 {
            return progress == 0 ? 0 : startGradient * progress
        }
        if progress >= 1 {
            return progress == 1 ? 1 : 1 + endGradient * (progress - 1)
        }
        return sampleY(parameter(forX: progress))
    }

    /// The slope d(eased progress)/d(time progress) at a time progress.
    ///
    /// Inside (0, 1) this is dy/dt ÷ dx/dt at the solved parameter, as Chromium's
    /// `CubicBezier::Slope`. At and outside the ends it is the slope of the line that
    /// ``value(at:)`` extrapolates along (Chromium's start and end gradients), so it is the
    /// derivative of ``value(at:)`` there.
    ///
    /// Two degenerate cases differ from Chromium on purpose: where dx/dt and dy/dt are both
    /// 0 (at an end whose control point coincides with it, or e.g. the middle of
    /// `(1, 1, 0, 0)`) this returns the limit of dy/dx (ratio of the next non-vanishing
    /// derivatives, L'Hôpital) where Chromium returns 0; at an end with a vertical tangent
    /// it returns the extrapolation slope 0 where Chromium's `Slope` returns ±infinity.
    ///
    /// - Parameter progress: time progress, finite.
    /// - Returns: the slope, unitless (eased progress per unit of time progress).
    /// - Precondition: `progress` is finite.
    /// - Complexity: O(1), as ``value(at:)``.
    public func slope(at progress: Double) -> Double {
        precondition(progress.isFinite, "CubicBezier.slope(at: \(progress)): progress must be finite")
        if progress <= 0 { return startGradient }
        if progress >= 1 { return endGradient }
        let t = parameter(forX: progress)
        let dx = (3 * ax * t + 2 * bx) * t + cx
        let dy = (3 * ay * t + 2 * by) * t + cy
        if dx == 0 && dy == 0 {
            let ddx = 6 * ax * t + 2 * bx
            let ddy = 6 * ay * t + 2 * by
            if ddx != 0 || ddy != 0 { return ddy / ddx }
            return ay / ax
        }
        return dy / dx
    }

    // MARK: - Solving

    @inline(__always)
    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    @inline(__always)
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// The parameter t in 0...1 with x(t) = x, for x in (0, 1). x(t) is non-decreasing
    /// because x1, x2 ∈ 0...1, so bisection always converges.
    private func parameter(forX x: Double) -> Double {
        let epsilon = 1e-14
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let derivative = (3 * ax * t + 2 * bx) * t + cx
            if abs(derivative) < 1e-7 { break }
            let next = t - error / derivative
            if !(next >= 0 && next <= 1) { break }
            t = next
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<64 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            if error < 0 { low = t } else { high = t }
            let middle = (low + high) * 0.5
            if middle <= low || middle >= high { return middle }
            t = middle
        }
        return t
    }
}
