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
/// general mask layer's render. Its storage is kept across frames and retargeted to any band
/// that fits it (`fits`, `prepare`), so a band that moves or shrinks from frame to frame (a
/// damage render's rows) reuses it. Freed when released.
/// - Complexity: O(width·rows) to allocate and to prepare (clearing the band's rows).
final class ScratchPlane {
    private(set) var plane: PixelPlane
    /// Pixels allocated.
    let capacity: Int

    init(width: Int, band: PixelRect) {
        let stride = ScratchPlane.stride(width)
        let count = stride * max(band.height, 1)
        capacity = count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: count * 4)
        plane = PixelPlane(base: raw.bindMemory(to: UInt32.self, capacity: count), stride: stride, originY: band.y0)
    }

    /// Row stride in pixels for a frame `width` pixels wide (a multiple of 16: 64-byte rows).
    static func stride(_ width: Int) -> Int { (width + 15) & ~15 }

    /// Whether the storage holds `band`'s rows of a frame `width` pixels wide.
    func fits(width: Int, band: PixelRect) -> Bool { ScratchPlane.stride(width) * max(band.height, 1) <= capacity }

    /// Retargets the plane to `band` (which `fits`) and clears its rows to transparent.
    func prepare(width: Int, band: PixelRect) {
        let stride = ScratchPlane.stride(width)
        plane = PixelPlane(base: plane.base, stride: stride, originY: band.y0)
        plane.base.update(repeating: 0, count: stride * max(band.height, 1))
    }

    deinit { UnsafeMutableRawPointer(plane.base).deallocate() }
}

/// 8-bit coverage (0 = outside, 255 = inside) for the device rows of one band, full width:
/// the result of intersecting clip shapes and mask layers. Zero-initialised; kept across
/// frames and retargeted like `ScratchPlane`.
/// - Complexity: O(width·rows) to allocate and to prepare.
final class CoverageMask {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var stride: Int
    private(set) var originY: Int
    /// Bytes allocated.
    let capacity: Int

    init(width: Int, band: PixelRect) {
        stride = CoverageMask.stride(width)
        let count = stride * max(band.height, 1)
        capacity = count
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        originY = band.y0
    }

    /// Row stride in bytes for a frame `width` pixels wide (a multiple of 64).
    static func stride(_ width: Int) -> Int { (width + 63) & ~63 }

    /// Whether the storage holds `band`'s rows of a frame `width` pixels wide.
    func fits(width: Int, band: PixelRect) -> Bool { CoverageMask.stride(width) * max(band.height, 1) <= capacity }

    /// Retargets the mask to `band` (which `fits`) and zeroes its rows.
    func prepare(width: Int, band: PixelRect) {
        stride = CoverageMask.stride(width)
        originY = band.y0
        base.update(repeating: 0, count: stride * max(band.height, 1))
    }

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y &- originY) &* stride }

    deinit { base.deallocate() }
}
