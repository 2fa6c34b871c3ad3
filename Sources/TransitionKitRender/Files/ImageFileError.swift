import TransitionKitCore

/// Errors from reading and writing image files (PNG, APNG): each case says what was wrong
/// and what is accepted.
///
/// These are errors in input that comes from outside the program (files, paths). Bad
/// arguments such as a negative frame delay are `TransitionKitError`s instead, and broken
/// invariants trap with a `precondition` whose message carries the values.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be opened or read; `reason` is the system's message
    /// (`strerror(errno)`, e.g. "No such file or directory").
    case unreadableFile(path: String, reason: String)
    /// The data does not start with the 8-byte PNG signature `89 50 4E 47 0D 0A 1A 0A`;
    /// `prefix` holds up to the first 8 bytes that were found instead.
    case notPNG(prefix: [UInt8])
    /// The PNG data ends before the image is complete (cut off inside a chunk or before
    /// `IEND`); `reason` is libpng's message, e.g. "read beyond end of data".
    case truncated(reason: String)
    /// The PNG data is damaged or breaks the PNG specification (bad CRC, bad zlib stream,
    /// invalid header field); `reason` is libpng's message, e.g. "IDAT: CRC error".
    case corrupt(reason: String)
    /// The image header asks for more pixels than accepted: each side must be
    /// 1...`maximumDimension` pixels (`Bitmap.maximumDimension`, 16384) and `width·height`
    /// at most `maximumPixelCount` (a guard against decompression bombs).
    case tooLarge(width: Int, height: Int, maximumDimension: Int, maximumPixelCount: Int)
    /// The output file at `path` could not be written; `reason` is the system's message.
    /// Nothing was left at `path` (an existing file there is unchanged).
    case unwritableOutput(path: String, reason: String)
    /// Encoding could not produce a file; `reason` says why (e.g. an animation with no
    /// frames, or libpng's message).
    case encodingFailed(reason: String)

    /// One line (control characters in paths and libpng's messages are escaped).
    public var description: String { message.escapingControlCharacters }

    private var message: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot read '\(path)': \(reason); accepted: a readable PNG file"
        case let .notPNG(prefix):
            let hex = prefix.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
            return
                "not a PNG file: starts with [\(hex.joined(separator: " "))]; accepted: data starting with the PNG signature 89 50 4E 47 0D 0A 1A 0A"
        case let .truncated(reason):
            return "truncated PNG data: \(reason); accepted: a complete PNG stream ending with IEND"
        case let .corrupt(reason):
            return "corrupt PNG data: \(reason); accepted: a PNG stream valid per the PNG specification"
        case let .tooLarge(width, height, maximumDimension, maximumPixelCount):
            return
                "image too large: \(width)x\(height) pixels; accepted: 1...\(maximumDimension) pixels a side and at most \(maximumPixelCount) pixels in all"
        case let .unwritableOutput(path, reason):
            return "cannot write '\(path)': \(reason); accepted: a path in an existing, writable directory"
        case let .encodingFailed(reason):
            return "cannot encode image: \(reason)"
        }
    }
}
