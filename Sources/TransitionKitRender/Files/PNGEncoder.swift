import CLibPNG
import TransitionKitCore

/// Writes `Bitmap`s as PNG files with libpng's simplified API.
///
/// Pixels are un-premultiplied with `(c·255 + a/2) / a` (see `Premultiplication`) and written
/// as 8-bit RGBA, or as 8-bit RGB when every pixel is opaque (a quarter smaller before
/// compression). libpng adds an `sRGB` chunk, which matches TransitionKit's sRGB values as
/// stored. Decoding the result with `PNGDecoder` gives back the bitmap exactly when every
/// pixel is validly premultiplied (each colour channel <= alpha).
public enum PNGEncoder {
    /// The PNG file for `bitmap`, in memory.
    /// - Parameter bitmap: any bitmap; colour channels above alpha are clamped to 255 when
    ///   un-premultiplied.
    /// - Returns: a complete PNG stream (signature to `IEND`).
    /// - Throws: `ImageFileError.encodingFailed` with libpng's message (not expected for a
    ///   valid `Bitmap`; out-of-memory is the only known cause).
    /// - Complexity: O(width·height).
    public static func encode(_ bitmap: Bitmap) throws(ImageFileError) -> [UInt8] {
        let channels = Premultiplication.isOpaque(bitmap) ? 3 : 4
        let rows = Premultiplication.straightRows(of: bitmap, channels: channels)
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(bitmap.width)
        image.height = png_uint_32(bitmap.height)
        // PNG_FORMAT_RGB / PNG_FORMAT_RGBA, macros Swift cannot import.
        image.format = png_uint_32(channels == 4 ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
        defer { png_image_free(&image) }

        // An upper bound on the output size, following png.h's PNG_IMAGE_PNG_SIZE_MAX, so one
        // pass normally suffices; libpng reports the needed size if it is ever too small.
        let data = (bitmap.width * channels + 1) * bitmap.height
        let zlibMax = data + (data + 7) >> 3 + (data + 63) >> 6 + 11
        var capacity = 8 + 25 + 16 + 44 + 12 + 12 + 12 * (zlibMax / 8192 + 1) + zlibMax + 1024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = out.withUnsafeMutableBytes { memory in
                rows.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil) != 0
                }
            }
            if ok {
                out.removeSubrange(Int(size)...)
                return out
            }
            guard Int(size) > capacity else { break }
            capacity = Int(size)
            image.warning_or_error = 0
        }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        throw .encodingFailed(reason: message.isEmpty ? "libpng could not write the image" : message)
    }

    /// Writes `bitmap` as a PNG file at `path`, atomically: the data goes to a temporary file
    /// in the same directory, which is renamed over `path` only when complete. A failed write
    /// leaves no file behind (and an existing file at `path` unchanged).
    /// - Parameters:
    ///   - bitmap: the image.
    ///   - path: the output file; its directory must exist and be writable.
    /// - Throws: `ImageFileError.unwritableOutput` (with the system's reason) or the errors
    ///   of `encode(_:)`.
    /// - Complexity: O(width·height).
    public static func write(_ bitmap: Bitmap, to path: String) throws(ImageFileError) {
        try FileBytes.writeAtomically(encode(bitmap), to: path)
    }
}
