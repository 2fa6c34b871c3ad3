import Foundation

/// The shape of a layer's gradient (`CAGradientLayerType`).
public enum GradientType: Sendable, Hashable {
    /// `kCAGradientLayerAxial` (the default): the colour varies along the axis from `startPoint`
    /// to `endPoint`; every line perpendicular to it (in unit coordinates) has one colour.
    case axial
    /// `kCAGradientLayerRadial`: an ellipse centred at `startPoint` whose half-width and
    /// half-height are `|endPoint.x − startPoint.x|` and `|endPoint.y − startPoint.y|` (unit
    /// coordinates); location 0 is its centre, 1 its outline.
    case radial
    /// `kCAGradientLayerConic`: a full turn about `startPoint`, location 0 along the direction
    /// towards `endPoint`, growing from the +x axis towards the +y axis (clockwise on a y-down
    /// screen) up to 1 after one turn.
    case conic
}

/// A colour gradient filling a layer's bounds: `CAGradientLayer`'s `colors`, `locations`,
/// `startPoint`, `endPoint` and `type`, as one value (`Layer.gradient`).
///
/// Positions are in the layer's unit coordinate space: (0, 0) is the bounds' top-left corner,
/// (1, 1) the bottom-right one (y down, as UIKit; Apple's header describes the unflipped macOS
/// layer, where (0, 0) is the bottom-left), so a non-square layer stretches the gradient with
/// its bounds (an axial gradient's lines of one colour are perpendicular to the axis in unit
/// coordinates, a radial one's circles become ellipses). Points may lie outside 0...1 (any
/// finite value): the colour line then starts or ends beyond the bounds.
///
/// Every point of the bounds gets a location t (see `GradientType`), and its colour is that of
/// the colour line at t: below the first location the first colour, above the last the last
/// (Core Animation pads with the end colours, `kCGGradientDrawsBeforeStartLocation` and
/// `…AfterEndLocation`), and between two neighbouring stops the straight (not premultiplied)
/// components interpolated linearly, then premultiplied, as Core Animation and Core Graphics
/// interpolate: the midpoint of opaque white and `Color.clear` (transparent black) is grey at
/// alpha 0.5, not white at alpha 0.5 (Stack Overflow, "Draw transparent-to-white gradient over
/// white in iOS", and the common advice to fade to `white.withAlphaComponent(0)` instead).
/// Equal neighbouring locations make a hard step (the later colour from that location on).
///
/// Degenerate geometry (start and end equal for `.axial` and `.conic`, a zero radius for
/// `.radial`) has no colour line across the layer: the last colour fills it (as a CSS gradient
/// of zero length is its last colour; Core Animation leaves the case undefined).
///
/// The semantics of `.radial` and `.conic` are those of QuartzCore's `CAGradientLayer.h` (the
/// SDK header's comments on `kCAGradientLayerRadial`: an ellipse centred at `startPoint`, width
/// and height 2·(endPoint − startPoint); on `kCAGradientLayerConic`: centred at `startPoint`,
/// its 0° direction the vector from `startPoint` to `endPoint`, the angle increasing from +x
/// towards +y).
///
/// Colours are sRGB components and alpha, each clamped to 0...1 (NaN as 0) where the colour
/// line is evaluated (`color(at:)`); `locations` are fractions of the colour line, 0...1.
///
/// Values are checked by `validate()`: `Layer.gradient` traps on an invalid one (a programmer
/// error, as Core Animation raises on invalid geometry), `init(validatingColors:…)` throws
/// `TransitionKitError.invalidValue` for values from outside, and the renderer skips an
/// invalid gradient in a `LayerSnapshot` built without a `Layer`.
///
/// Cost in `TransitionKitRender`: a frame whose gradient equals the previous frame's reuses its
/// colour ramp (1024 premultiplied entries); a changed gradient rebuilds it, O(1024 · colours)
/// once, with no allocation after the first frame. Each drawn pixel then costs O(1): its unit
/// position (one multiply-add per coordinate, a division under perspective), its location (a
/// square root for `.radial`, an arctangent for `.conic`) and one ramp read, blended as the
/// background is.
public struct Gradient: Sendable, Hashable {
    /// The colours of the stops, in order (`CAGradientLayer.colors`), any count. Empty: nothing
    /// is drawn; one colour fills the bounds.
    public var colors: [Color]
    /// Where each colour sits on the colour line, 0...1, one per colour, ascending (equal
    /// neighbours allowed) (`CAGradientLayer.locations`). Nil: evenly spaced, colour i at
    /// i / (count − 1), as Core Animation. Default nil.
    public var locations: [Double]?
    /// Where location 0 is, unit coordinates, finite (`CAGradientLayer.startPoint`); the centre
    /// of `.radial` and `.conic`. Default (0.5, 0), the top edge's middle, as Core Animation.
    public var startPoint: CGPoint
    /// Where location 1 is, unit coordinates, finite (`CAGradientLayer.endPoint`); for `.radial`
    /// a corner of the ellipse's bounding box, for `.conic` a point on the 0° ray. Default
    /// (0.5, 1), the bottom edge's middle, as Core Animation.
    public var endPoint: CGPoint
    /// The gradient's shape (`CAGradientLayer.type`). Default `.axial`.
    public var type: GradientType

    /// A gradient of literal values.
    /// - Precondition: the values pass `validate()` (a programmer error; use
    ///   `init(validatingColors:locations:startPoint:endPoint:type:)` for values from outside).
    /// - Complexity: O(colours).
    public init(
        colors: [Color], locations: [Double]? = nil, startPoint: CGPoint = CGPoint(x: 0.5, y: 0),
        endPoint: CGPoint = CGPoint(x: 0.5, y: 1), type: GradientType = .axial
    ) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.type = type
        let g = self
        TransitionKitError.require { () throws(TransitionKitError) in try g.validate() }
    }

    /// A gradient of values read from outside (a file, a command line) or computed from them.
    /// - Throws: `TransitionKitError.invalidValue` as `validate()`.
    /// - Complexity: O(colours).
    public init(
        validatingColors colors: [Color], locations: [Double]? = nil, startPoint: CGPoint = CGPoint(x: 0.5, y: 0),
        endPoint: CGPoint = CGPoint(x: 0.5, y: 1), type: GradientType = .axial
    ) throws(TransitionKitError) {
        let g = Gradient(unchecked: colors, locations: locations, startPoint: startPoint, endPoint: endPoint, type: type)
        try g.validate()
        self = g
    }

    private init(unchecked colors: [Color], locations: [Double]?, startPoint: CGPoint, endPoint: CGPoint, type: GradientType) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.type = type
    }

    /// Checks the values: `startPoint` and `endPoint` finite; `locations` nil or one per colour,
    /// each finite, in 0...1 and not below the one before it.
    /// - Throws: `TransitionKitError.invalidValue` naming the first bad value (e.g.
    ///   `gradient locations[2]`) and what is accepted.
    /// - Complexity: O(colours); allocates only to make the error.
    public func validate() throws(TransitionKitError) {
        guard !isValid else { return }
        let points = [("startPoint.x", startPoint.x), ("startPoint.y", startPoint.y), ("endPoint.x", endPoint.x), ("endPoint.y", endPoint.y)]
        for (name, v) in points where !v.isFinite {
            throw .invalidValue(name: "gradient \(name)", value: Double(v), accepted: "a finite number (unit coordinates)")
        }
        guard let locations else { return }
        guard locations.count == colors.count else {
            throw .invalidValue(
                name: "gradient locations count", value: Double(locations.count),
                accepted: "nil or one location per colour (\(colors.count))")
        }
        var previous = 0.0
        for (i, v) in locations.enumerated() {
            guard v.isFinite, (previous...1).contains(v) else {
                let floor = i == 0 ? "0" : "locations[\(i - 1)] = \(previous)"
                throw .invalidValue(name: "gradient locations[\(i)]", value: v, accepted: "finite, in 0...1, not below \(floor)")
            }
            previous = v
        }
    }

    /// Whether `validate()` passes. O(colours), no allocation when it does.
    public var isValid: Bool {
        guard startPoint.x.isFinite, startPoint.y.isFinite, endPoint.x.isFinite, endPoint.y.isFinite else { return false }
        guard let locations else { return true }
        guard locations.count == colors.count else { return false }
        var previous = 0.0
        for v in locations {
            guard v.isFinite, v >= previous, v <= 1 else { return false }
            previous = v
        }
        return true
    }

    /// The location of stop `i` (0..<colors.count): `locations[i]`, or i / (count − 1) when
    /// `locations` is nil (0 for a single colour).
    /// - Precondition: `i` is in 0..<colors.count, and `locations` (when set) has one entry per colour.
    /// - Complexity: O(1).
    public func location(ofStop i: Int) -> Double {
        if let locations { return locations[i] }
        return colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0
    }

    /// The colour at location `t` on the colour line (straight components, each clamped to
    /// 0...1 before interpolating, NaN as 0): the end colours beyond the first and last
    /// locations, a linear interpolation between neighbouring stops; nil without colours.
    /// - Complexity: O(colours).
    public func color(at t: Double) -> Color? {
        guard let first = colors.first else { return nil }
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), 0), 1) }
        func clamped(_ c: Color) -> Color {
            Color(red: CGFloat(clamp(c.red)), green: CGFloat(clamp(c.green)), blue: CGFloat(clamp(c.blue)), alpha: CGFloat(clamp(c.alpha)))
        }
        let n = colors.count
        if !(t > location(ofStop: 0)) || n == 1 { return clamped(first) }
        if t >= location(ofStop: n - 1) { return clamped(colors[n - 1]) }
        // The last stop at or before t; the next one is after t (so their locations differ).
        var i = 0
        while i + 1 < n - 1 && location(ofStop: i + 1) <= t { i += 1 }
        let l0 = location(ofStop: i), l1 = location(ofStop: i + 1)
        let f = (t - l0) / (l1 - l0)
        let a = clamped(colors[i]), b = clamped(colors[i + 1])
        func lerp(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(f) }
        return Color(red: lerp(a.red, b.red), green: lerp(a.green, b.green), blue: lerp(a.blue, b.blue), alpha: lerp(a.alpha, b.alpha))
    }
}
