import CLibPNG
import Foundation
import TransitionKitCore

/// Reads PNG files into premultiplied `Bitmap`s with libpng's simplified API.
///
/// Every PNG the specification allows is accepted: grey, grey+alpha, RGB, RGBA and palette
/// images (with or without `tRNS` transparency), bit depths 1, 2, 4, 8 and 16, plain or
/// Adam7 interlaced. Pixels come out as 8-bit RGBA, premultiplied with
/// `(c·a + 127) / 255` (see `Premultiplication`).
///
/// Colour values are kept as stored and treated as sRGB: the decoder applies no gamma or
/// colour-profile conversion. To that end it drops `gAMA`, `cHRM`, `sRGB` and `iCCP`
/// chunks before libpng sees them (libpng would otherwise convert, e.g., a file with
/// `gAMA` 1.0 as linear light), and tells libpng that 16-bit files without such chunks are
/// sRGB-encoded (`PNG_IMAGE_FLAG_16BIT_sRGB`; by default the simplified API takes 16-bit
/// data as *linear* and would gamma-encode it). 16-bit samples are scaled to 8 bits with
/// libpng's `png_set_scale_16`, i.e. `round(v · 255 / 65535)`.
///
/// Leniency inherited from libpng: the simplified reader stops once it has the image data,
/// so a stream that lacks only its `IEND` chunk (or has a damaged one) still decodes.
///
/// Why the simplified API: libpng reports errors by `longjmp`, which must never cross Swift
/// frames. The simplified API does its `setjmp` inside libpng and returns a status and a
/// message instead, so no Swift frame is ever jumped over.
///
/// Limits (decompression-bomb guards), checked from the header before any pixel memory is
/// allocated: each side at most `Bitmap.maximumDimension` (16384) pixels and `width·height`
/// at most `maximumPixelCount` (default `defaultMaximumPixelCount`). `png_set_user_limits`
/// cannot be reached through the simplified API (its `png_struct` is private), so the
/// decoder checks the `IHDR` itself and again after libpng has read the header; libpng's
/// built-in limits (1,000,000 px a side, 8 MB per ancillary chunk, 1000 cached chunks)
/// still apply underneath, and the ancillary chunks that decompress (`zTXt`, `iTXt`,
/// `iCCP`) are dropped unread.
public enum PNGDecoder {
    /// The default limit on `width·height`: 64 Mi pixels (256 MiB of RGBA8), room for an
    /// 8K×8K image.
    public static let defaultMaximumPixelCount = 1 << 26

    /// Decodes a PNG stream held in memory.
    /// - Parameters:
    ///   - bytes: a complete PNG file.
    ///   - maximumPixelCount: the largest accepted `width·height`, in pixels.
    /// - Returns: the image, premultiplied RGBA8.
    /// - Throws: `ImageFileError.notPNG` (no PNG signature; also for empty data),
    ///   `.tooLarge` (a side above 16384 px or too many pixels), `.truncated` (the stream
    ///   ends early), `.corrupt` (anything else libpng rejects, with its message).
    /// - Complexity: O(width·height + bytes.count).
    public static func decode(_ bytes: [UInt8], maximumPixelCount: Int = defaultMaximumPixelCount) throws(ImageFileError) -> Bitmap {
        try bytes.withUnsafeBytes { decode(buffer: $0, maximumPixelCount: maximumPixelCount) }.get()
    }

    /// Decodes a PNG stream held in `Data`; see `decode(_:maximumPixelCount:)` for `[UInt8]`.
    /// - Throws: as `decode(_:maximumPixelCount:)`.
    /// - Complexity: O(width·height + data.count).
    public static func decode(_ data: Data, maximumPixelCount: Int = defaultMaximumPixelCount) throws(ImageFileError) -> Bitmap {
        try data.withUnsafeBytes { decode(buffer: $0, maximumPixelCount: maximumPixelCount) }.get()
    }

    /// Reads and decodes the PNG file at `path`.
    /// - Parameters:
    ///   - path: a file system path, absolute or relative to the current directory.
    ///   - maximumPixelCount: the largest accepted `width·height`, in pixels.
    /// - Throws: `ImageFileError.unreadableFile` (with the system's reason) and the errors
    ///   of `decode(_:maximumPixelCount:)`.
    /// - Complexity: O(width·height + file size).
    public static func read(contentsOf path: String, maximumPixelCount: Int = defaultMaximumPixelCount) throws(ImageFileError) -> Bitmap {
        try decode(FileBytes.read(path: path), maximumPixelCount: maximumPixelCount)
    }

    private static func decode(buffer: UnsafeRawBufferPointer, maximumPixelCount: Int) -> Result<Bitmap, ImageFileError> {
        guard buffer.count >= 8, buffer.prefix(8).elementsEqual(PNGPrescan.signature) else {
            return .failure(.notPNG(prefix: Array(buffer.prefix(8))))
        }
        let scan = PNGPrescan(buffer)
        // A zero side is left to libpng, which reports it as invalid (corrupt), not too large.
        if let (width, height) = scan.headerSize, width > 0, height > 0,
            let error = sizeError(width: width, height: height, maximumPixelCount: maximumPixelCount)
        {
            return .failure(error)
        }
        if let filtered = scan.filtered {
            return filtered.withUnsafeBytes { libpngDecode($0, scan: scan, maximumPixelCount: maximumPixelCount) }
        }
        return libpngDecode(buffer, scan: scan, maximumPixelCount: maximumPixelCount)
    }

    private static func sizeError(width: Int, height: Int, maximumPixelCount: Int) -> ImageFileError? {
        let side = 1...Bitmap.maximumDimension
        guard side.contains(width), side.contains(height), width * height <= maximumPixelCount else {
            return .tooLarge(
                width: width, height: height, maximumDimension: Bitmap.maximumDimension,
                maximumPixelCount: maximumPixelCount)
        }
        return nil
    }

    private static func libpngDecode(_ buffer: UnsafeRawBufferPointer, scan: PNGPrescan, maximumPixelCount: Int) -> Result<Bitmap, ImageFileError> {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        func failure() -> ImageFileError {
            let message = libpngMessage(image)
            return scan.isComplete ? .corrupt(reason: message) : .truncated(reason: message)
        }
        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
            return .failure(failure())
        }
        let width = Int(image.width), height = Int(image.height)
        if let error = sizeError(width: width, height: height, maximumPixelCount: maximumPixelCount) {
            return .failure(error)
        }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA (a macro Swift cannot import)
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        guard var bitmap = try? Bitmap(validatingWidth: width, height: height) else {
            preconditionFailure("size \(width)x\(height) was checked against Bitmap's limits")
        }
        let rowStride = bitmap.rowStride
        let ok = bitmap.withUnsafeMutablePixels { pixels in
            png_image_finish_read(&image, nil, pixels, png_int_32(rowStride * 4), nil) != 0
        }
        guard ok else { return .failure(failure()) }
        bitmap.withUnsafeMutablePixels { pixels in
            for y in 0..<height { Premultiplication.premultiply(pixels + y * rowStride, count: width) }
        }
        return .success(bitmap)
    }

    /// libpng's message from `image.message`, a NUL-terminated `char[64]`.
    private static func libpngMessage(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng failed without a message" : text
        }
    }
}
