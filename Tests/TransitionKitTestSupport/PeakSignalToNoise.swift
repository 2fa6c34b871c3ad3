import Foundation
import TransitionKitCore

/// PSNR of the RGB channels of two same-sized opaque frames in dB: 10·log10(255² / MSE), the
/// mean over every pixel's red, green and blue; ∞ when they are equal. Nil when the sizes
/// differ or a pixel cannot be read.
/// - Complexity: O(width · height).
public func rgbPSNR(_ a: Bitmap, _ b: Bitmap) -> Double? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var sum = 0.0
    for y in 0..<a.height {
        for x in 0..<a.width {
            guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { return nil }
            let dr = Double(p.r) - Double(q.r), dg = Double(p.g) - Double(q.g), db = Double(p.b) - Double(q.b)
            sum += dr * dr + dg * dg + db * db
        }
    }
    let mse = sum / Double(a.width * a.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
