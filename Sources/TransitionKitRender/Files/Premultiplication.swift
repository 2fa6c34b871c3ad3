import TransitionKitCore

/// Conversions between TransitionKit's premultiplied pixels and the straight (not
/// premultiplied) RGBA that PNG stores.
///
/// Formulas (integer, exact round-to-nearest; 255 is odd so there are no ties):
/// - premultiply: `c' = (c·a + 127) / 255`
/// - un-premultiply: `c = (c'·255 + a/2) / a`, 0 when `a == 0`, clamped to 255.
///
/// Un-premultiplying then premultiplying gives back every valid premultiplied pixel
/// (`c' <= a`): the straight value is within 0.5 of `255·c'/a`, so re-multiplying by
/// `a/255 <= 1` lands within 0.5 of `c'`. The other way round loses information: the
/// 256 straight values of a channel map onto only `a + 1` premultiplied ones.
enum Premultiplication {
    /// Premultiplies `count` packed RGBA pixels (r in the low byte) in place.
    /// - Complexity: O(count).
    @inline(__always)
    static func premultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let p = pixels[i]
            let a = p >> 24
            if a == 255 { continue }
            if a == 0 { pixels[i] = 0; continue }
            let r = ((p & 0xFF) &* a &+ 127) / 255
            let g = ((p >> 8 & 0xFF) &* a &+ 127) / 255
            let b = ((p >> 16 & 0xFF) &* a &+ 127) / 255
            pixels[i] = r | g << 8 | b << 16 | a << 24
        }
    }

    /// The straight value of one premultiplied channel `c` with alpha `a`.
    @inline(__always)
    static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
        if a == 255 { return UInt8(truncatingIfNeeded: c) }
        if a == 0 { return 0 }
        return UInt8(truncatingIfNeeded: min((c &* 255 &+ a / 2) / a, 255))
    }

    /// Whether every pixel of `bitmap` has alpha 255.
    /// - Complexity: O(width·height).
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.withUnsafePixels { pixels in
            for y in 0..<bitmap.height {
                let row = pixels + y * bitmap.rowStride
                for x in 0..<bitmap.width where row[x] < 0xFF00_0000 { return false }
            }
            return true
        }
    }

    /// The pixels of `bitmap` un-premultiplied into tightly packed rows of `channels`
    /// bytes per pixel: 4 (RGBA) or 3 (RGB, alpha dropped; use only for opaque bitmaps).
    /// Each row is preceded by `rowPrefix` zero bytes (1 for PNG's filter byte, else 0).
    /// - Complexity: O(width·height).
    static func straightRows(of bitmap: Bitmap, channels: Int, rowPrefix: Int = 0) -> [UInt8] {
        precondition(channels == 3 || channels == 4, "channels must be 3 or 4, got \(channels)")
        let width = bitmap.width, height = bitmap.height, stride = bitmap.rowStride
        let rowBytes = rowPrefix + width * channels
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        out.withUnsafeMutableBufferPointer { buffer in
            let dst = buffer.baseAddress!
            bitmap.withUnsafePixels { src in
                for y in 0..<height {
                    let row = src + y * stride
                    var o = dst + y * rowBytes + rowPrefix
                    for x in 0..<width {
                        let p = row[x]
                        let a = p >> 24
                        o[0] = unpremultiply(p & 0xFF, a)
                        o[1] = unpremultiply(p >> 8 & 0xFF, a)
                        o[2] = unpremultiply(p >> 16 & 0xFF, a)
                        if channels == 4 { o[3] = UInt8(truncatingIfNeeded: a) }
                        o += channels
                    }
                }
            }
        }
        return out
    }
}
