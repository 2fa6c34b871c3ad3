import Foundation
import Synchronization

/// An image in memory: RGBA8 premultiplied, sRGB values as stored, rows top to bottom.
///
/// Pixels are contiguous rows of `rowStride` pixels (`rowStride >= width`, rounded up so every
/// row starts on a 64-byte boundary); the storage is one aligned allocation shared
/// copy-on-write, so a `Bitmap` is a cheap, `Sendable` value. It is the layer `contents` type
/// and the renderer's output.
///
/// Sizes are limited to `Bitmap.maximumDimension` pixels a side so a malformed file or
/// argument cannot ask for an absurd allocation.
public struct Bitmap: Sendable {
    /// Width in pixels, 1...`maximumDimension`.
    public let width: Int
    /// Height in pixels, 1...`maximumDimension`.
    public let height: Int
    /// Distance between the starts of two rows, in pixels (4 bytes each).
    public let rowStride: Int
    @usableFromInline var storage: BitmapStorage

    /// The largest accepted width or height in pixels (16384, the texture limit of most GPUs
    /// and of Core Animation on current iPhones).
    public static let maximumDimension = 16384

    /// A bitmap of `width`x`height` pixels, every pixel `fill` (transparent by default).
    /// - Precondition: both sides are in 1...`maximumDimension` (a programmer error; use
    ///   `init(validatingWidth:height:fill:)` for a size read from outside or computed from it).
    /// - Complexity: O(width·height).
    public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
        TransitionKitError.require { () throws(TransitionKitError) in try Self.checkSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.rowStride = (width + 15) & ~15
        self.storage = BitmapStorage(count: rowStride * height)
        if fill != .transparent { self.fill(fill) }
    }

    /// A bitmap of a size read from outside (a file's header, a command line) or computed from it.
    /// - Throws: `TransitionKitError.invalidSize` if a side is < 1 or > `maximumDimension`.
    /// - Complexity: O(width·height).
    public init(validatingWidth width: Int, height: Int, fill: RGBA8 = .transparent) throws(TransitionKitError) {
        try Self.checkSize(width: width, height: height)
        self.init(width: width, height: height, fill: fill)
    }

    private static func checkSize(width: Int, height: Int) throws(TransitionKitError) {
        guard (1...Bitmap.maximumDimension).contains(width), (1...Bitmap.maximumDimension).contains(height) else {
            throw .invalidSize(
                name: "bitmap size", width: Double(width), height: Double(height),
                accepted: "1...\(Bitmap.maximumDimension) pixels a side")
        }
    }

    /// Total pixel count of the storage (`rowStride · height`).
    @inlinable public var storagePixelCount: Int { rowStride * height }

    /// The pixel at (`x`, `y`), nil when that is outside the bitmap (0..<width, 0..<height).
    /// - Complexity: O(1).
    @inlinable
    public func pixel(x: Int, y: Int) -> RGBA8? {
        guard x >= 0 && x < width && y >= 0 && y < height else { return nil }
        return RGBA8(packed: storage.pixels[y * rowStride + x])
    }

    /// Sets the pixel at (`x`, `y`), copying the storage first if it is shared.
    /// - Precondition: (`x`, `y`) is inside the bitmap (a write outside is a programmer error).
    @inlinable
    public mutating func setPixel(_ color: RGBA8, x: Int, y: Int) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        makeUnique()
        storage.pixels[y * rowStride + x] = color.packed
    }

    /// Sets every pixel to `color`.
    /// - Complexity: O(width·height).
    public mutating func fill(_ color: RGBA8) {
        makeUnique()
        storage.pixels.update(repeating: color.packed, count: storagePixelCount)
    }

    /// Read access to the pixels as packed `UInt32` (r in the low byte), row `y` starting at
    /// index `y · rowStride`. The pointer is valid only inside `body`.
    @inlinable
    public func withUnsafePixels<R, E: Error>(_ body: (UnsafePointer<UInt32>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(storage) { () throws(E) -> R in try body(UnsafePointer(storage.pixels)) }
    }

    /// Write access to the pixels as packed `UInt32`, copying the storage first if shared.
    @inlinable
    public mutating func withUnsafeMutablePixels<R, E: Error>(_ body: (UnsafeMutablePointer<UInt32>) throws(E) -> R) throws(E) -> R {
        makeUnique()
        return try withExtendedLifetime(storage) { () throws(E) -> R in try body(storage.pixels) }
    }

    /// The pixels as tightly packed RGBA8 bytes, `width·4` bytes a row, no padding.
    /// - Complexity: O(width·height), allocates.
    public var packedBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { dst in
            withUnsafePixels { src in
                for y in 0..<height {
                    UnsafeMutableRawPointer(dst.baseAddress! + y * width * 4)
                        .copyMemory(from: src + y * rowStride, byteCount: width * 4)
                }
            }
        }
        return out
    }

    /// Creates a bitmap from tightly packed RGBA8 premultiplied bytes (`width·height·4`).
    /// - Throws: `TransitionKitError.invalidSize` for a bad size or byte count.
    public init(width: Int, height: Int, packedBytes bytes: [UInt8]) throws(TransitionKitError) {
        try self.init(validatingWidth: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .invalidSize(
                name: "pixel data for \(width)x\(height)", width: Double(bytes.count), height: 1,
                accepted: "\(width * height * 4) bytes")
        }
        let w = width, h = height, stride = rowStride
        bytes.withUnsafeBytes { src in
            withUnsafeMutablePixels { dst in
                for y in 0..<h {
                    UnsafeMutableRawPointer(dst + y * stride)
                        .copyMemory(from: src.baseAddress! + y * w * 4, byteCount: w * 4)
                }
            }
        }
    }

    /// Copies the storage if it is shared, and forgets its cached opacity: every mutation
    /// goes through here first.
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.forgetOpacity()
    }

    /// True when every pixel has alpha 255. Computed once per storage (O(width·height) the
    /// first time, O(1) after, until the next mutation); the renderer uses it to copy opaque
    /// contents instead of blending them.
    package var isOpaque: Bool {
        storage.isOpaque(width: width, height: height, rowStride: rowStride)
    }

    /// True when both are the same image storage (so the same pixels, whatever the content):
    /// an O(1) identity check, false for equal pixels in two allocations. The damage pass
    /// compares `contents` this way.
    package func sharesStorage(with other: Bitmap) -> Bool {
        storage === other.storage && width == other.width && height == other.height
    }
}

extension Bitmap: Equatable {
    /// Two bitmaps are equal when their sizes and visible pixels are equal (row padding ignored).
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        if lhs.storage === rhs.storage { return true }
        return lhs.withUnsafePixels { a in
            rhs.withUnsafePixels { b in
                for y in 0..<lhs.height where memcmp(a + y * lhs.rowStride, b + y * rhs.rowStride, lhs.width * 4) != 0 {
                    return false
                }
                return true
            }
        }
    }
}

/// The 64-byte aligned pixel allocation behind a `Bitmap`. Immutable once shared: `Bitmap`
/// copies it before writing unless uniquely referenced, which makes the sharing safe.
@usableFromInline
final class BitmapStorage: @unchecked Sendable {
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let count: Int
    /// 0 unknown, 1 opaque, 2 not opaque.
    private let opacity = Atomic<UInt8>(0)

    init(count: Int) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: count * 4)
        pixels = raw.bindMemory(to: UInt32.self, capacity: count)
    }

    @usableFromInline
    func copy() -> BitmapStorage {
        let c = BitmapStorage(count: count)
        c.pixels.update(from: pixels, count: count)
        return c
    }

    @usableFromInline
    func forgetOpacity() { opacity.store(0, ordering: .relaxed) }

    func isOpaque(width: Int, height: Int, rowStride: Int) -> Bool {
        let known = opacity.load(ordering: .relaxed)
        if known != 0 { return known == 1 }
        var all: UInt32 = 0xff00_0000
        for y in 0..<height {
            let row = pixels + y &* rowStride
            var x = 0
            while x < width { all &= row[x]; x &+= 1 }
        }
        let opaque = all & 0xff00_0000 == 0xff00_0000
        opacity.store(opaque ? 1 : 2, ordering: .relaxed)
        return opaque
    }

    deinit { UnsafeMutableRawPointer(pixels).deallocate() }
}
