import CZlib

/// Builds a PNG byte stream chunk by chunk: big-endian length, 4-byte type, data, and the
/// CRC-32 of type and data (zlib's `crc32`, the CRC the PNG specification defines).
struct PNGChunkWriter {
    /// The stream so far, starting with the PNG signature.
    private(set) var bytes: [UInt8] = PNGPrescan.signature

    /// Appends one chunk.
    /// - Parameters:
    ///   - type: the 4-letter chunk type, e.g. `"IHDR"`.
    ///   - data: the chunk data, at most 2³¹−1 bytes.
    /// - Complexity: O(data.count).
    mutating func append(_ type: StaticString, _ data: [UInt8]) {
        precondition(type.utf8CodeUnitCount == 4, "chunk type \(type) must have 4 letters")
        precondition(data.count <= 0x7FFF_FFFF, "chunk data of \(data.count) bytes exceeds the PNG limit 2^31-1")
        PNGChunkWriter.appendBE32(UInt32(data.count), to: &bytes)
        let typeBytes = UnsafeBufferPointer(start: type.utf8Start, count: 4)
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        var crc = crc32(0, typeBytes.baseAddress, 4)
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        PNGChunkWriter.appendBE32(UInt32(truncatingIfNeeded: crc), to: &bytes)
    }

    /// Appends `value` as 4 big-endian bytes (PNG's integer format).
    static func appendBE32(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 24))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value` as 2 big-endian bytes.
    static func appendBE16(_ value: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }
}
