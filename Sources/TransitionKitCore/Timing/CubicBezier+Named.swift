extension CubicBezier {
    /// Constant speed: control points (0, 0, 1, 1).
    ///
    /// Source: Core Animation `CAMediaTimingFunctionName.linear` as printed from iOS; CSS
    /// Easing Level 1 `cubic-bezier(0, 0, 1, 1)`.
    public static let linear = CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)

    /// Slow start: control points (0.42, 0, 1, 1).
    ///
    /// Source: Core Animation `CAMediaTimingFunctionName.easeIn` as printed from iOS; the
    /// same as CSS Easing Level 1 `ease-in`.
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)

    /// Slow end: control points (0, 0, 0.58, 1).
    ///
    /// Source: Core Animation `CAMediaTimingFunctionName.easeOut` as printed from iOS; the
    /// same as CSS Easing Level 1 `ease-out`.
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)

    /// Slow start and end: control points (0.42, 0, 0.58, 1).
    ///
    /// Source: Core Animation `CAMediaTimingFunctionName.easeInEaseOut` as printed from iOS;
    /// the same as CSS Easing Level 1 `ease-in-out`.
    public static let easeInEaseOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Core Animation's default curve for implicit animations: control points
    /// (0.25, 0.1, 0.25, 1).
    ///
    /// Source: Apple documentation of `CAMediaTimingFunctionName.default` ("a Bézier timing
    /// function with the control points (0.25,0.1) and (0.25,1.0)"); the same as CSS `ease`.
    public static let `default` = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
}
