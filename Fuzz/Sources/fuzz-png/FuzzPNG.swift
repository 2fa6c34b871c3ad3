import CFuzzMain
import Foundation
import TransitionKitCore
import TransitionKitRender

/// libFuzzer entry point: decodes `count` bytes at `data` as a PNG file.
///
/// Every input must give a bitmap or a typed `ImageFileError`, never a trap, a leak or a
/// memory error (address sanitizer). A decoded bitmap must be premultiplied (each colour
/// channel at most alpha) and within the decoder's documented size limits; anything else
/// traps so libFuzzer keeps the input. The pixel limit is lowered to 4 Mi pixels to keep
/// each run fast; the decoder's own checks are the same at any limit.
/// - Returns: 0 (libFuzzer's "keep going").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    do {
        let bitmap = try PNGDecoder.decode(bytes, maximumPixelCount: 1 << 22)
        precondition(bitmap.width >= 1 && bitmap.height >= 1 && bitmap.width * bitmap.height <= 1 << 22, "size outside the limits")
        bitmap.withUnsafePixels { pixels in
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let p = RGBA8(packed: pixels[y * bitmap.rowStride + x])
                    precondition(p.r <= p.a && p.g <= p.a && p.b <= p.a, "pixel (\(x), \(y)) \(p) is not premultiplied")
                }
            }
        }
    } catch {
        // A typed error is the expected outcome for almost every input; its message must be one line.
        precondition(!error.description.contains("\n"), "multi-line error: \(error)")
    }
    return 0
}
