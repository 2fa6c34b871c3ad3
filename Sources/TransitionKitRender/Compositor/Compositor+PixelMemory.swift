import Foundation
import TransitionKitCore

extension Compositor {
    /// Renders `root` over every pixel of a frame in memory the caller owns (a locked
    /// streaming texture, a mapped buffer, a window surface), so the frame needs no copy
    /// between the compositor and its destination.
    ///
    /// The memory holds `height` rows of `width` pixels, RGBA8 premultiplied (bytes R, G, B, A
    /// in memory order, the layout of `Bitmap`; SDL_PIXELFORMAT_RGBA32, SDL_PIXELFORMAT_ABGR8888
    /// on a little-endian machine), rows `bytesPerRow` bytes apart from `base` (SDL's `pitch`,
    /// `CGContext`'s `bytesPerRow`). Every pixel of the `width`x`height` rectangle is written
    /// (the background first, as `render(_:into:)`), so the memory's content beforehand does
    /// not matter (a locked texture's is undefined); the bytes of a row past `width` pixels are
    /// not touched. The container size in points is the size in pixels divided by
    /// `options.scale`. The pixels equal, byte for byte, those `render(_:into:)` gives a
    /// `Bitmap` of the same size.
    /// - Parameters:
    ///   - root: the tree; its `position`/`bounds` place it in the container (points).
    ///   - base: the first pixel of the first row; 4-byte aligned; writable for
    ///     `bytesPerRow · (height − 1) + 4 · width` bytes until the call returns.
    ///   - width: pixels a row, 1...`Bitmap.maximumDimension`.
    ///   - height: rows, 1...`Bitmap.maximumDimension`.
    ///   - bytesPerRow: bytes from one row's start to the next, a multiple of 4, >= 4 · `width`.
    /// - Precondition: the shape above (a programmer error: traps naming the value), and
    ///   `options.scale` finite and > 0, `options.threads` >= 1.
    /// - Complexity: as `render(_:into:)`: O(w·h) per drawn layer in the worst case, split over
    ///   row bands; no allocation once the pool's buffers and workers have grown to the frames.
    public func render(_ root: LayerSnapshot, intoPixels base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        precondition((1...Bitmap.maximumDimension).contains(width), "render width \(width) pixels out of 1...\(Bitmap.maximumDimension)")
        precondition((1...Bitmap.maximumDimension).contains(height), "render height \(height) pixels out of 1...\(Bitmap.maximumDimension)")
        precondition(
            bytesPerRow % 4 == 0 && bytesPerRow >= 4 * width, "render bytesPerRow \(bytesPerRow) must be a multiple of 4 and >= 4 x width \(width)")
        precondition(Int(bitPattern: base) % 4 == 0, "render pixel memory \(base) is not 4-byte aligned")
        let pixels = base.bindMemory(to: UInt32.self, capacity: bytesPerRow / 4 * (height - 1) + width)
        render(root, pixels: pixels, width: width, height: height, stride: bytesPerRow / 4, rows: 0..<height, damage: nil)
    }
}
