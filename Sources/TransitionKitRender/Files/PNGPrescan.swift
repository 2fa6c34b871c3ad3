import CZlib

/// What the decoder learns from a PNG stream's chunk layout before libpng sees it, and the
/// stream libpng should decode.
///
/// The walk reads only chunk lengths and types (and the IHDR CRC) so it is cheap, O(chunk
/// count) plus one copy when chunks are dropped. It keeps the chunks the decoder needs
/// (every critical chunk, i.e. one whose type starts with an upper-case letter, plus
/// `tRNS`) and drops the other ancillary chunks:
/// - colour-management chunks (`gAMA`, `cHRM`, `sRGB`, `iCCP`) would make libpng's
///   simplified API convert values (a `gAMA` of 1.0 is decoded as linear light), while
///   TransitionKit keeps sRGB values as stored;
/// - compressed text and profiles (`zTXt`, `iTXt`, `iCCP`) are decompression-bomb vectors
///   that the decoder has no use for.
/// A stream that is cut off or malformed is passed on unchanged from the first bad chunk,
/// so libpng reports the problem in its own words.
struct PNGPrescan {
    /// Width and height from an `IHDR` that is the first chunk, has length 13 and a good
    /// CRC; nil otherwise (libpng then reports the problem).
    var headerSize: (width: Int, height: Int)?
    /// True when the walk reached `IEND` with every chunk's bytes present.
    var isComplete = false
    /// The stream to decode when chunks were dropped; nil when it is the input unchanged.
    var filtered: [UInt8]?

    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Walks the chunks of `bytes`, which must start with `signature`.
    /// - Complexity: O(number of chunks), plus O(bytes.count) when a chunk is dropped.
    init(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var keep: [Range<Int>] = [0..<8]
        var dropped = false
        var offset = 8
        func be32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        while offset + 8 <= count {
            let length = Int(be32(offset))
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= count else { break }
            let type = (bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7])
            let isIHDR = type == (0x49, 0x48, 0x44, 0x52)
            if offset == 8, isIHDR, length == 13 {
                let crc = crc32(0, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset + 4, 17)
                if UInt32(truncatingIfNeeded: crc) == be32(offset + 21) {
                    headerSize = (Int(be32(offset + 8)), Int(be32(offset + 12)))
                }
            }
            let isCritical = type.0 & 0x20 == 0
            let isTRNS = type == (0x74, 0x52, 0x4E, 0x53)
            if isCritical || isTRNS {
                if let last = keep.last, last.upperBound == offset {
                    keep[keep.count - 1] = last.lowerBound..<end
                } else {
                    keep.append(offset..<end)
                }
            } else {
                dropped = true
            }
            offset = end
            if type == (0x49, 0x45, 0x4E, 0x44) {  // IEND: anything after it is ignored
                isComplete = true
                break
            }
        }
        if !isComplete, offset < count {
            // Cut off or malformed from here: hand the rest to libpng unchanged.
            if let last = keep.last, last.upperBound == offset {
                keep[keep.count - 1] = last.lowerBound..<count
            } else {
                keep.append(offset..<count)
            }
        }
        if dropped {
            var out = [UInt8]()
            out.reserveCapacity(keep.reduce(0) { $0 + $1.count })
            for range in keep { out.append(contentsOf: bytes[range]) }
            filtered = out
        }
    }
}
