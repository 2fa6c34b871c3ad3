import Foundation

// The spelling of the first release (1.0.0), kept as a forwarding declaration; see CHANGELOG.md.
extension Bitmap {
    /// The pixel at (`x`, `y`) (1.0.0's subscript): reads through `pixel(x:y:)`, writes through
    /// `setPixel(_:x:y:)`.
    /// - Precondition: (`x`, `y`) is inside the bitmap (0..<width, 0..<height), for reading
    ///   as for writing, as in 1.0.0.
    @available(*, deprecated, message: "read with pixel(x:y:) (nil outside the bitmap), write with setPixel(_:x:y:)")
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            guard let p = pixel(x: x, y: y) else { preconditionFailure("pixel (\(x), \(y)) outside \(width)x\(height)") }
            return p
        }
        set { setPixel(newValue, x: x, y: y) }
    }
}
