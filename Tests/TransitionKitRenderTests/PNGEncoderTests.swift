import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

@Suite("PNG encoder")
struct PNGEncoderTests {
    typealias Support = ImageFileTestSupport

    @Test("opaque images round-trip exactly and are written as RGB")
    func opaqueRoundTrip() throws {
        let bitmap = try Support.randomBitmap(width: 37, height: 23, opaque: true, seed: 1)
        let png = try PNGEncoder.encode(bitmap)
        let ihdr = try #require(Support.chunks(png)?.first)
        #expect(ihdr.type == "IHDR" && ihdr.data[8] == 8 && ihdr.data[9] == 2, "8-bit colour type 2 (RGB)")
        #expect(try PNGDecoder.decode(png) == bitmap)
    }

    /// Un-premultiplying and premultiplying again is exact for every validly premultiplied
    /// pixel (each colour channel <= alpha): the straight value is within 0.5 of 255·c/a and
    /// multiplying back by a/255 <= 1 keeps the error under 0.5 (see `Premultiplication`).
    @Test("validly premultiplied images with any alpha round-trip exactly, as RGBA")
    func translucentRoundTrip() throws {
        let bitmap = try Support.randomBitmap(width: 64, height: 31, opaque: false, seed: 2)
        let png = try PNGEncoder.encode(bitmap)
        let ihdr = try #require(Support.chunks(png)?.first)
        #expect(ihdr.data[9] == 6, "colour type 6 (RGBA)")
        #expect(try PNGDecoder.decode(png) == bitmap)
    }

    @Test("every (colour, alpha) pair with colour <= alpha survives the round trip")
    func exhaustivePremultipliedPairs() throws {
        // 256 rows (alpha) x 256 columns (colour); pixels with colour > alpha are set to colour = alpha.
        var bitmap = Bitmap(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let v = UInt8(min(c, a))
                bitmap.setPixel(RGBA8(r: v, g: UInt8(min(255 - c, a)), b: v / 2, a: UInt8(a)), x: c, y: a)
            }
        }
        #expect(try PNGDecoder.decode(PNGEncoder.encode(bitmap)) == bitmap)
    }

    /// Pixels whose colour exceeds alpha are not valid premultiplied values: the straight value
    /// would exceed 255, so it is clamped, and decoding gives colour = alpha.
    @Test("invalid premultiplied pixels (colour > alpha) are clamped")
    func invalidPremultipliedClamped() throws {
        var bitmap = Bitmap(width: 2, height: 1)
        bitmap.setPixel(RGBA8(r: 200, g: 10, b: 0, a: 100), x: 0, y: 0)
        bitmap.setPixel(RGBA8(r: 5, g: 0, b: 0, a: 0), x: 1, y: 0)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(bitmap))
        #expect(decoded.pixel(x: 0, y: 0) == RGBA8(r: 100, g: 10, b: 0, a: 100))
        #expect(decoded.pixel(x: 1, y: 0) == .transparent)
    }

    @Test("write then read gives the bitmap back; writing again replaces the file")
    func writeAndRead() throws {
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.png"
        let first = try Support.randomBitmap(width: 5, height: 9, opaque: false, seed: 3)
        try PNGEncoder.write(first, to: path)
        #expect(try PNGDecoder.read(contentsOf: path) == first)
        let second = Bitmap(width: 3, height: 3, fill: .white)
        try PNGEncoder.write(second, to: path)
        #expect(try PNGDecoder.read(contentsOf: path) == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.png"], "no temporary files left")
    }

    @Test("writing into a missing directory throws and leaves no file")
    func missingDirectory() throws {
        let path = "/tmp/tk-missing-\(UUID().uuidString)/out.png"
        #expect(throws: ImageFileError.unwritableOutput(path: path, reason: "No such file or directory")) {
            try PNGEncoder.write(Bitmap(width: 2, height: 2, fill: .black), to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("writing under /proc throws and leaves no file")
    func procPath() throws {
        let path = "/proc/x/y.png"
        let error = #expect(throws: ImageFileError.self) { try PNGEncoder.write(Bitmap(width: 2, height: 2), to: path) }
        guard case .unwritableOutput(let errorPath, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(errorPath == path && !reason.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a failed rename (the target is a non-empty directory) removes the temporary file")
    func failedRenameCleansUp() throws {
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/taken.png"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data([1]).write(to: URL(fileURLWithPath: target + "/keep"))
        let error = #expect(throws: ImageFileError.self) { try PNGEncoder.write(Bitmap(width: 2, height: 2), to: target) }
        guard case .unwritableOutput? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken.png"], "no temporary file left")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["keep"])
    }

    @Test("a path ending in a slash names a directory and is rejected")
    func trailingSlash() throws {
        #expect(throws: ImageFileError.unwritableOutput(path: "/tmp/", reason: "the path names a directory, not a file")) {
            try PNGEncoder.write(Bitmap(width: 1, height: 1), to: "/tmp/")
        }
    }
}
