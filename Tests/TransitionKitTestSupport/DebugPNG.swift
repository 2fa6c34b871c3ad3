import Foundation
import TransitionKitCore

/// A minimal PNG writer for looking at test output (uncompressed "stored" deflate blocks,
/// RGBA8 straight alpha), independent of the renderer's own PNG code so a bug there cannot
/// hide a bug in what is being looked at. Formats: PNG (RFC 2083, W3C PNG 2nd ed.),
/// zlib (RFC 1950), deflate stored blocks (RFC 1951 §3.2.4).
public enum DebugPNG {
    /// The PNG file bytes of `bitmap` (premultiplied pixels are un-premultiplied).
    /// - Complexity: O(width·height).
    public static func encode(_ bitmap: Bitmap) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((bitmap.width * 4 + 1) * bitmap.height)
        let bytes = bitmap.packedBytes
        for y in 0..<bitmap.height {
            raw.append(0)  // filter: none
            for x in 0..<bitmap.width {
                let i = (y * bitmap.width + x) * 4
                let a = Int(bytes[i + 3])
                for c in 0..<3 {
                    raw.append(a == 0 ? 0 : UInt8(min(255, (Int(bytes[i + c]) * 255 + a / 2) / a)))
                }
                raw.append(UInt8(a))
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            zlib.append(offset + n == raw.count ? 1 : 0)
            zlib += [UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += be32(b << 16 | a)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(bitmap.width)) + be32(UInt32(bitmap.height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    /// Writes `bitmap` as a PNG file at `path`, creating the directory.
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(encode(bitmap)).write(to: url)
    }

    /// Three images side by side: `actual`, `reference`, and their difference (each channel
    /// |a − b| × `gain`, opaque), all the size of `actual`.
    public static func comparison(_ actual: Bitmap, _ reference: Bitmap, gain: Int = 8) throws -> Bitmap {
        let w = actual.width, h = actual.height
        var out = try Bitmap(width: 3 * w + 20, height: h, fill: RGBA8(r: 40, g: 40, b: 40, a: 255))
        for y in 0..<h {
            for x in 0..<w {
                let a = actual[x, y]
                let r = (x < reference.width && y < reference.height) ? reference[x, y] : .transparent
                out[x, y] = a
                out[w + 10 + x, y] = r
                func d(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(min(255, abs(Int(p) - Int(q)) * gain)) }
                out[2 * w + 20 + x, y] = RGBA8(r: d(a.r, r.r), g: d(a.g, r.g), b: d(a.b, r.b), a: 255)
            }
        }
        return out
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(body.count)) + typeBytes + body + be32(crc32(typeBytes + body))
    }

    /// CRC-32 (ISO 3309 / ITU-T V.42, reflected polynomial 0xEDB88320), as PNG requires.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
