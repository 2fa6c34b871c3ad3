import CZlib
import TransitionKitCore

/// Builds an animated PNG (APNG) from equally sized frames, e.g. the frames of a rendered
/// transition.
///
/// The file follows the APNG specification (wiki.mozilla.org/APNG_Specification):
/// signature, `IHDR` (8-bit RGBA, not interlaced), `acTL` (frame count, `playCount`), then
/// per frame an `fcTL` (full-size region at offset 0,0, the frame's delay,
/// `dispose_op` NONE, `blend_op` SOURCE) followed by its image data: `IDAT` for the first
/// frame, which is therefore also the still image that decoders without APNG support show,
/// and `fdAT` for the others; finally `IEND`. `fcTL` and `fdAT` chunks share one sequence
/// counter starting at 0. Image data is filtered per row (`ScanlineFilter`, adaptive) and
/// compressed with zlib at `compress2` level 9, split into chunks of at most 1 MiB.
///
/// Frames are un-premultiplied like `PNGEncoder` does and compressed when appended, so the
/// encoder holds compressed data only.
///
/// ```swift
/// var apng = APNGEncoder(width: 390, height: 844)
/// for frame in frames { try apng.append(frame, delay: 1.0 / 60) }
/// try apng.write(to: "push.png")
/// ```
public struct APNGEncoder: Sendable {
    /// Width of every frame, in pixels.
    public let width: Int
    /// Height of every frame, in pixels.
    public let height: Int
    /// How many times decoders play the animation; 0 (the default) means forever. Values
    /// above 2³¹−1 (the largest PNG integer) are written as 2³¹−1.
    public var playCount: UInt32 = 0
    /// The frames appended so far.
    public var frameCount: Int { frames.count }

    private struct Frame: Sendable {
        var compressed: [UInt8]
        var delayNumerator: UInt16
        var delayDenominator: UInt16
    }
    private var frames: [Frame] = []

    /// The largest image-data chunk written, in bytes.
    static let maximumDataChunk = 1 << 20

    /// An empty animation whose frames are `width`x`height` pixels (a `Bitmap`'s size, so
    /// any bitmap's width and height are valid).
    /// - Precondition: both sides are in 1...`Bitmap.maximumDimension` pixels (a programmer error).
    public init(width: Int, height: Int) {
        let side = 1...Bitmap.maximumDimension
        precondition(
            side.contains(width) && side.contains(height),
            "APNG size \(width)x\(height) outside 1...\(Bitmap.maximumDimension) pixels a side")
        self.width = width
        self.height = height
    }

    /// Adds a frame shown for `delay` seconds.
    /// - Parameters:
    ///   - bitmap: the frame; must be `width`x`height` pixels.
    ///   - delay: display time in seconds, finite, 0...65535. It is stored as the closest
    ///     fraction with numerator and denominator <= 65535 (`1/60` exactly, `0.1` as `1/10`);
    ///     0 asks decoders to show the next frame as soon as possible.
    /// - Throws: `TransitionKitError.invalidSize` for a frame of another size,
    ///   `.invalidValue` for a bad delay. The encoder is unchanged then.
    /// - Complexity: O(width·height) (filtering and compression).
    public mutating func append(_ bitmap: Bitmap, delay: Double) throws(TransitionKitError) {
        guard bitmap.width == width, bitmap.height == height else {
            throw .invalidSize(
                name: "APNG frame \(frames.count)", width: Double(bitmap.width), height: Double(bitmap.height),
                accepted: "\(width)x\(height) pixels, the size of the animation")
        }
        try TransitionKitError.check(delay, "APNG frame delay", in: 0...65535, accepted: "finite, 0...65535 seconds")
        let (numerator, denominator) = APNGEncoder.delayFraction(seconds: delay)
        var rows = Premultiplication.straightRows(of: bitmap, channels: 4, rowPrefix: 1)
        ScanlineFilter.filter(&rows, rowBytes: width * 4, height: height, bytesPerPixel: 4)
        frames.append(Frame(compressed: APNGEncoder.compress(rows), delayNumerator: numerator, delayDenominator: denominator))
    }

    /// The APNG file, in memory.
    /// - Returns: a complete APNG stream (signature to `IEND`).
    /// - Throws: `ImageFileError.encodingFailed` when no frame was appended (an APNG needs
    ///   at least one).
    /// - Complexity: O(total compressed size).
    public func encoded() throws(ImageFileError) -> [UInt8] {
        guard !frames.isEmpty else {
            throw .encodingFailed(reason: "an APNG needs at least one frame; none was appended")
        }
        var png = PNGChunkWriter()
        var header = [UInt8]()
        PNGChunkWriter.appendBE32(UInt32(width), to: &header)
        PNGChunkWriter.appendBE32(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
        png.append("IHDR", header)

        var control = [UInt8]()
        PNGChunkWriter.appendBE32(UInt32(frames.count), to: &control)
        PNGChunkWriter.appendBE32(min(playCount, 0x7FFF_FFFF), to: &control)
        png.append("acTL", control)

        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            var fcTL = [UInt8]()
            PNGChunkWriter.appendBE32(sequence, to: &fcTL)
            PNGChunkWriter.appendBE32(UInt32(width), to: &fcTL)
            PNGChunkWriter.appendBE32(UInt32(height), to: &fcTL)
            PNGChunkWriter.appendBE32(0, to: &fcTL)  // x_offset
            PNGChunkWriter.appendBE32(0, to: &fcTL)  // y_offset
            PNGChunkWriter.appendBE16(frame.delayNumerator, to: &fcTL)
            PNGChunkWriter.appendBE16(frame.delayDenominator, to: &fcTL)
            fcTL += [0, 0]  // dispose_op APNG_DISPOSE_OP_NONE, blend_op APNG_BLEND_OP_SOURCE
            png.append("fcTL", fcTL)
            sequence += 1
            var start = 0
            repeat {
                let end = min(start + APNGEncoder.maximumDataChunk, frame.compressed.count)
                if index == 0 {
                    png.append("IDAT", Array(frame.compressed[start..<end]))
                } else {
                    var fdAT = [UInt8]()
                    fdAT.reserveCapacity(4 + end - start)
                    PNGChunkWriter.appendBE32(sequence, to: &fdAT)
                    fdAT += frame.compressed[start..<end]
                    png.append("fdAT", fdAT)
                    sequence += 1
                }
                start = end
            } while start < frame.compressed.count
        }
        png.append("IEND", [])
        return png.bytes
    }

    /// Writes the APNG file at `path`, atomically (see `PNGEncoder.write(_:to:)`): a failed
    /// write leaves no file behind.
    /// - Throws: `ImageFileError.unwritableOutput` (with the system's reason) or the errors
    ///   of `encoded()`.
    /// - Complexity: O(total compressed size).
    public func write(to path: String) throws(ImageFileError) {
        try FileBytes.writeAtomically(encoded(), to: path)
    }

    /// `data` as one zlib stream (`compress2`, level 9).
    /// - Complexity: O(data.count).
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { dst in
            data.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &capacity, src.baseAddress, uLong(src.count), 9)
            }
        }
        // compress2 fails only without memory or with a buffer below compressBound.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        out.removeSubrange(Int(capacity)...)
        return out
    }
}
