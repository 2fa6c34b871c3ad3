import TransitionKitCore

/// Resampling by box filter: each destination pixel is the rounded mean of the source
/// pixels whose indices map onto it (`x·srcWidth/dstWidth ..< (x+1)·srcWidth/dstWidth`,
/// at least one pixel). Averaging premultiplied values is the correct way to mix colours
/// with alpha. When enlarging, every box is one pixel: nearest neighbour.
enum BoxFilter {
    /// Draws `source` resampled to `width`x`height` pixels into `destination` with its
    /// top-left corner at (`x`, `y`), replacing (not blending) the pixels there. The
    /// rectangle must lie inside `destination`.
    /// - Complexity: O(max(source pixels, width·height)).
    static func draw(_ source: Bitmap, into destination: inout Bitmap, x originX: Int, y originY: Int, width: Int, height: Int) {
        precondition(
            width >= 1 && height >= 1 && originX >= 0 && originY >= 0
                && originX + width <= destination.width && originY + height <= destination.height,
            "rectangle \(originX),\(originY) \(width)x\(height) outside \(destination.width)x\(destination.height)")
        let sw = source.width, sh = source.height, sStride = source.rowStride, dStride = destination.rowStride
        // Source column range of each destination column, computed once.
        var columnStart = [Int](repeating: 0, count: width + 1)
        for i in 0...width { columnStart[i] = i * sw / width }
        columnStart.withUnsafeBufferPointer { starts in
            source.withUnsafePixels { src in
                destination.withUnsafeMutablePixels { dst in
                    for dy in 0..<height {
                        let y0 = dy * sh / height
                        let y1 = max(y0 + 1, (dy + 1) * sh / height)
                        let out = dst + (originY + dy) * dStride + originX
                        for dx in 0..<width {
                            let x0 = starts[dx]
                            let x1 = max(x0 + 1, starts[dx + 1])
                            var r = 0, g = 0, b = 0, a = 0
                            for sy in y0..<y1 {
                                let row = src + sy * sStride
                                for sx in x0..<x1 {
                                    let p = row[sx]
                                    r &+= Int(p & 0xFF)
                                    g &+= Int(p >> 8 & 0xFF)
                                    b &+= Int(p >> 16 & 0xFF)
                                    a &+= Int(p >> 24)
                                }
                            }
                            let n = (y1 - y0) &* (x1 - x0), half = n >> 1
                            let mr = UInt32((r &+ half) / n), mg = UInt32((g &+ half) / n)
                            let mb = UInt32((b &+ half) / n), ma = UInt32((a &+ half) / n)
                            out[dx] = mr | mg << 8 | mb << 16 | ma << 24
                        }
                    }
                }
            }
        }
    }
}
