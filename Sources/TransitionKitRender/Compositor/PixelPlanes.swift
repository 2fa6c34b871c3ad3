import Foundation
import TransitionKitCore

/// Rows of RGBA8 premultiplied pixels (packed `UInt32`, r in the low byte) for the device rows
/// of one band, each row the full device width. Row `y` (absolute device row) starts at
/// `base + (y - originY)·stride`. A view: it owns nothing.
struct PixelPlane {
    let base: UnsafeMutablePointer<UInt32>
    /// Pixels between row starts.
    let stride: Int
    /// The absolute device row stored first.
    let originY: Int

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + (y &- originY) &* stride }
}

/// A zero-initialised (transparent) pixel plane for one band: a group's offscreen buffer or a
/// general mask layer's render. Freed when released.
/// - Complexity: O(width·rows) to allocate and clear.
final class ScratchPlane {
    let plane: PixelPlane
    let capacity: Int

    /// Clears the whole plane to transparent for reuse by the same band.
    func clear() { plane.base.update(repeating: 0, count: capacity) }

    init(width: Int, band: PixelRect) {
        let stride = (width + 15) & ~15
        let count = stride * max(band.height, 1)
        capacity = count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: count * 4)
        plane = PixelPlane(base: raw.bindMemory(to: UInt32.self, capacity: count), stride: stride, originY: band.y0)
    }

    deinit { UnsafeMutableRawPointer(plane.base).deallocate() }
}

/// 8-bit coverage (0 = outside, 255 = inside) for the device rows of one band, full width:
/// the result of intersecting clip shapes and mask layers. Zero-initialised.
/// - Complexity: O(width·rows) to allocate and clear.
final class CoverageMask {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let originY: Int
    let capacity: Int

    /// Zeroes the storage for reuse by the same band.
    func clear() { base.update(repeating: 0, count: capacity) }

    init(width: Int, band: PixelRect) {
        stride = (width + 63) & ~63
        let count = stride * max(band.height, 1)
        capacity = count
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        originY = band.y0
    }

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y &- originY) &* stride }

    deinit { base.deallocate() }
}
