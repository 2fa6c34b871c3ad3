import Foundation

/// An sRGB colour with straight (not premultiplied) components in 0...1, like a `CGColor`
/// in the sRGB space. Converted to `RGBA8` premultiplied for drawing.
public struct Color: Sendable, Hashable {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    /// Components in 0...1; values outside are clamped when converted to pixels.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from 8-bit straight components.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: CGFloat(red8) / 255, green: CGFloat(green8) / 255,
            blue: CGFloat(blue8) / 255, alpha: CGFloat(alpha8) / 255)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// The colour with its alpha replaced by `alpha` (`UIColor.withAlphaComponent(_:)`, which
    /// replaces, not multiplies); `alpha` 0...1, values outside are clamped when drawn.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The premultiplied 8-bit pixel, each channel rounded to nearest: `round(c·a·255)` with
    /// every component first clamped to 0...1 (NaN counts as 0), so the result is always a
    /// valid premultiplied pixel (r, g, b <= a).
    public var premultipliedRGBA8: RGBA8 {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        func q(_ v: CGFloat) -> UInt8 { UInt8((v * 255).rounded()) }
        let a = clamp(alpha)
        return RGBA8(r: q(clamp(red) * a), g: q(clamp(green) * a), b: q(clamp(blue) * a), a: q(a))
    }
}

/// One pixel: RGBA8 premultiplied (each colour channel <= alpha), sRGB values as stored.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    public static let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
    public static let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

    /// The pixel packed little-endian into a `UInt32` (r in the low byte), its memory layout.
    @inlinable
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    @inlinable
    public init(packed v: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
            b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }

    public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}
