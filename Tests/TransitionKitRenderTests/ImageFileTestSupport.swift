import CZlib
import Foundation
import TransitionKitCore

/// Paths, temporary directories and a small independent PNG chunk parser for the image-file tests.
enum ImageFileTestSupport {
    /// `Tests/Fixtures/`, found from this source file's path.
    static let fixtures: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func fixture(_ relative: String) -> String { fixtures + "/" + relative }

    static func bytes(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A new empty directory under the system temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "tk-png-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func zlibCRC(_ bytes: some Collection<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return UInt32(array.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func be16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }

    struct Chunk {
        var type: String
        var data: [UInt8]
        var storedCRC: UInt32
        var computedCRC: UInt32
        /// Offset of the chunk's length field in the file.
        var offset: Int
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Splits a PNG stream into chunks, written for the tests from the PNG specification
    /// (length, type, data, CRC over type and data) without using TransitionKit's code.
    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var out: [Chunk] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(be32(png, at))
            guard at + 12 + length <= png.count else { return nil }
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(png[(at + 8)..<(at + 8 + length)])
            out.append(
                Chunk(
                    type: type, data: data, storedCRC: be32(png, at + 8 + length),
                    computedCRC: zlibCRC(png[(at + 4)..<(at + 8 + length)]), offset: at))
            at += 12 + length
        }
        return at == png.count ? out : nil
    }

    /// One chunk with its CRC computed by zlib.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var out: [UInt8] = []
        appendBE32(UInt32(data.count), &out)
        out += typeBytes + data
        appendBE32(zlibCRC(typeBytes + data), &out)
        return out
    }

    static func appendBE32(_ v: UInt32, _ out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 6) -> [UInt8] {
        var data: [UInt8] = []
        appendBE32(width, &data)
        appendBE32(height, &data)
        data += [bitDepth, colourType, 0, 0, 0]
        return chunk("IHDR", data)
    }

    /// Deterministic pseudo-random bytes (SplitMix64), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// A bitmap of random pixels; `opaque` forces alpha 255, otherwise alpha is random and
    /// every colour channel is <= alpha (validly premultiplied).
    static func randomBitmap(width: Int, height: Int, opaque: Bool, seed: UInt64) throws -> Bitmap {
        var random = Random(state: seed)
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = opaque ? 255 : [0, 1, 128, 254, 255, random.byte()][Int(random.next() % 6)]
                func channel() -> UInt8 { a == 0 ? 0 : UInt8(UInt16(random.byte()) % (UInt16(a) + 1)) }
                bitmap.setPixel(RGBA8(r: channel(), g: channel(), b: channel(), a: a), x: x, y: y)
            }
        }
        return bitmap
    }
}
