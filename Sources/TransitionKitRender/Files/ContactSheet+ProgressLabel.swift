import TransitionKitCore

extension ContactSheet {
    /// The mark and track colours for labels on `background`: black marks over a light
    /// background, white over a dark one (background composited over white, Rec. 601 luma
    /// ≥ 128 counts as light); the track is the mark colour at 25 % over the background.
    static func labelColours(on background: RGBA8) -> (mark: RGBA8, track: RGBA8) {
        // Premultiplied colour over white: c + (255 − a).
        let over = { (c: UInt8) in Int(c) + 255 - Int(background.a) }
        let luma = (299 * over(background.r) + 587 * over(background.g) + 114 * over(background.b)) / 1000
        let mark: RGBA8 = luma >= 128 ? .black : .white
        // Source-over of the mark at alpha 64/255 (premultiplied): m·64/255 + bg·(1 − 64/255).
        func mix(_ m: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(m) * 64 + Int(b) * 191 + 127) / 255) }
        let track = RGBA8(
            r: mix(mark.r, background.r), g: mix(mark.g, background.g), b: mix(mark.b, background.b),
            a: mix(255, background.a))
        return (mark, track)
    }

    /// Draws the progress bar and ticks for `progress` (clamped to 0...1) with the top-left
    /// corner at (`x`, `y`), `width` pixels wide and `labelHeight − labelGap` tall.
    /// - Complexity: O(width · barHeight).
    static func drawLabel(progress: Double, into sheet: inout Bitmap, x: Int, y: Int, width: Int, mark: RGBA8, track: RGBA8) {
        let filled = Int((min(max(progress, 0), 1) * Double(width)).rounded())
        let markPixel = mark.packed, trackPixel = track.packed, stride = sheet.rowStride
        sheet.withUnsafeMutablePixels { pixels in
            for row in 0..<barHeight {
                let line = pixels + (y + row) * stride + x
                line.update(repeating: markPixel, count: filled)
                (line + filled).update(repeating: trackPixel, count: width - filled)
            }
            for (index, t) in [0.0, 0.25, 0.5, 0.75, 1.0].enumerated() {
                let tickX = x + Int((t * Double(width - 1)).rounded())
                let tall = index % 2 == 0
                for row in 0..<(tall ? tickHeight : tickHeight / 2) {
                    pixels[(y + barHeight + row) * stride + tickX] = markPixel
                }
            }
        }
    }
}
