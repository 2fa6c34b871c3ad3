import CZlib
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

@Suite("PNG decoder")
struct PNGDecoderTests {
    typealias Support = ImageFileTestSupport

    @Test("real screenshots decode to the size and pixels pypng reads", arguments: PNGFixtureExpectations.screenshots.map(\.file))
    func screenshots(file: String) throws {
        let expected = try #require(PNGFixtureExpectations.screenshots.first { $0.file == file })
        let bitmap = try PNGDecoder.read(contentsOf: Support.fixture("screenshots/" + file))
        #expect(bitmap.width == expected.width && bitmap.height == expected.height)
        for sample in expected.samples {
            let p = bitmap.pixel(x: sample.x, y: sample.y) ?? .transparent
            #expect([p.r, p.g, p.b, p.a] == sample.rgba, "pixel (\(sample.x), \(sample.y)) of \(file)")
        }
        // Every pixel: CRC-32 of the packed premultiplied rows, as computed from pypng's output.
        #expect(Support.zlibCRC(bitmap.packedBytes) == expected.pixelsCRC32)
    }

    @Test("PNG variants decode to pypng's values, premultiplied", arguments: PNGFixtureExpectations.images.map(\.file))
    func variants(file: String) throws {
        let expected = try #require(PNGFixtureExpectations.images.first { $0.file == file })
        let bitmap = try PNGDecoder.decode(Support.bytes(Support.fixture("png/" + file)))
        #expect(bitmap.width == expected.width && bitmap.height == expected.height)
        let actual = bitmap.packedBytes
        #expect(actual.count == expected.pixels.count)
        var mismatches: [String] = []
        for i in stride(from: 0, to: min(actual.count, expected.pixels.count), by: 4)
        where actual[i..<(i + 4)] != expected.pixels[i..<(i + 4)] {
            let n = i / 4
            mismatches.append(
                "(\(n % expected.width), \(n / expected.width)): \(Array(actual[i..<(i + 4)])) expected \(Array(expected.pixels[i..<(i + 4)]))")
        }
        #expect(mismatches.isEmpty, "\(file): \(mismatches.count) pixels differ, first \(mismatches.prefix(5))")
    }

    @Test("Data and [UInt8] inputs give the same bitmap")
    func dataInput() throws {
        let bytes = try Support.bytes(Support.fixture("png/graya8.png"))
        #expect(try PNGDecoder.decode(Data(bytes)) == PNGDecoder.decode(bytes))
    }

    // MARK: - Malformed input

    /// The RGBA 16-bit fixture: one IDAT chunk, handy to cut and corrupt.
    private func sample() throws -> (bytes: [UInt8], chunks: [Support.Chunk]) {
        let bytes = try Support.bytes(Support.fixture("png/rgba16.png"))
        return (bytes, try #require(Support.chunks(bytes)))
    }

    @Test("empty data is not a PNG")
    func empty() {
        #expect(throws: ImageFileError.notPNG(prefix: [])) { try PNGDecoder.decode([UInt8]()) }
    }

    @Test("a wrong signature is not a PNG and the error shows the bytes found")
    func wrongSignature() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0]
        #expect(throws: ImageFileError.notPNG(prefix: Array(jpeg[0..<8]))) { try PNGDecoder.decode(jpeg) }
        #expect(ImageFileError.notPNG(prefix: Array(jpeg[0..<8])).description.contains("FF D8 FF E0 00 10 4A 46"))
        // A PNG signature with one bit changed (the 7-bit-transmission check byte).
        var png = Support.signature
        png[0] = 0x09
        #expect(throws: ImageFileError.notPNG(prefix: png)) { try PNGDecoder.decode(png + Support.ihdr(width: 1, height: 1)) }
    }

    @Test("data cut off after IHDR is truncated")
    func truncatedAfterHeader() throws {
        let (bytes, _) = try sample()
        let error = #expect(throws: ImageFileError.self) { try PNGDecoder.decode(Array(bytes[0..<33])) }
        guard case .truncated(let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(!reason.isEmpty)
    }

    @Test("data cut off in the middle of IDAT is truncated")
    func truncatedInIDAT() throws {
        let (bytes, chunks) = try sample()
        let idat = try #require(chunks.first { $0.type == "IDAT" })
        let cut = idat.offset + 8 + idat.data.count / 2
        let error = #expect(throws: ImageFileError.self) { try PNGDecoder.decode(Array(bytes[0..<cut])) }
        guard case .truncated(let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(!reason.isEmpty)
    }

    /// libpng's simplified reader stops after the image data and never reads `IEND`; this
    /// pins that leniency so a change in libpng shows up here.
    @Test("a stream missing only IEND still decodes (libpng stops after the image data)")
    func missingIEND() throws {
        let (bytes, _) = try sample()
        let expected = try PNGDecoder.decode(bytes)
        #expect(try PNGDecoder.decode(Array(bytes.dropLast(12))) == expected)
        #expect(try PNGDecoder.decode(Array(bytes.dropLast(1))) == expected)
    }

    @Test("a bad CRC on IDAT is corrupt data, with libpng's message")
    func corruptCRC() throws {
        var (bytes, chunks) = try sample()
        let idat = try #require(chunks.first { $0.type == "IDAT" })
        bytes[idat.offset + 8 + idat.data.count] ^= 0xFF
        let error = #expect(throws: ImageFileError.self) { try PNGDecoder.decode(bytes) }
        guard case .corrupt(let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("CRC"), "libpng said: \(reason)")
    }

    @Test("a damaged zlib stream is corrupt data")
    func corruptDeflate() throws {
        var (bytes, chunks) = try sample()
        let idat = try #require(chunks.first { $0.type == "IDAT" })
        var data = idat.data
        data[0] = 0x00  // not a valid zlib header (CMF)
        let rebuilt = Support.chunk("IDAT", data)
        bytes.replaceSubrange(idat.offset..<(idat.offset + 12 + data.count), with: rebuilt)
        let error = #expect(throws: ImageFileError.self) { try PNGDecoder.decode(bytes) }
        guard case .corrupt? = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test("a header claiming 20000x20000 is too large, before any pixel memory is allocated")
    func tooLarge() throws {
        let idat = Support.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        let png = Support.signature + Support.ihdr(width: 20000, height: 20000) + idat + Support.chunk("IEND", [])
        #expect(
            throws: ImageFileError.tooLarge(
                width: 20000, height: 20000, maximumDimension: 16384,
                maximumPixelCount: PNGDecoder.defaultMaximumPixelCount)
        ) {
            try PNGDecoder.decode(png)
        }
        // Also when the file ends right after the header.
        #expect(
            throws: ImageFileError.tooLarge(
                width: 20000, height: 20000, maximumDimension: 16384,
                maximumPixelCount: PNGDecoder.defaultMaximumPixelCount)
        ) {
            try PNGDecoder.decode(Support.signature + Support.ihdr(width: 20000, height: 20000))
        }
    }

    @Test("sides within 16384 but too many pixels in all are too large (decompression-bomb guard)")
    func tooManyPixels() throws {
        let png = Support.signature + Support.ihdr(width: 16384, height: 16384) + Support.chunk("IEND", [])
        #expect(
            throws: ImageFileError.tooLarge(
                width: 16384, height: 16384, maximumDimension: 16384,
                maximumPixelCount: 1 << 26)
        ) {
            try PNGDecoder.decode(png)
        }
        // The limit is a parameter.
        let small = try Support.bytes(Support.fixture("png/rgba16.png"))  // 9x7 = 63 pixels
        #expect(throws: ImageFileError.tooLarge(width: 9, height: 7, maximumDimension: 16384, maximumPixelCount: 62)) {
            try PNGDecoder.decode(small, maximumPixelCount: 62)
        }
        #expect(try PNGDecoder.decode(small, maximumPixelCount: 63).width == 9)
    }

    @Test("a 20000-pixel header with a bad CRC is corrupt, not too large: the size is not trusted")
    func badHeaderCRC() throws {
        var header = Support.ihdr(width: 20000, height: 20000)
        header[header.count - 1] ^= 1
        let error = #expect(throws: ImageFileError.self) {
            try PNGDecoder.decode(Support.signature + header + Support.chunk("IEND", []))
        }
        guard case .corrupt(let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("CRC"), "libpng said: \(reason)")
    }

    @Test("a zero width is corrupt per libpng")
    func zeroWidth() throws {
        let png = Support.signature + Support.ihdr(width: 0, height: 5) + Support.chunk("IEND", [])
        let error = #expect(throws: ImageFileError.self) { try PNGDecoder.decode(png) }
        guard case .corrupt(let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason.contains("IHDR"), "libpng said: \(reason)")
    }

    @Test("a missing file is unreadable, with the system's reason")
    func missingFile() {
        let path = "/nonexistent-\(UUID().uuidString)/image.png"
        #expect(throws: ImageFileError.unreadableFile(path: path, reason: "No such file or directory")) {
            try PNGDecoder.read(contentsOf: path)
        }
    }

    @Test("a directory is unreadable")
    func directory() throws {
        let path = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImageFileError.unreadableFile(path: path, reason: "Is a directory")) {
            try PNGDecoder.read(contentsOf: path)
        }
    }

    @Test("ancillary chunks a viewer would use for colour management are ignored, text chunks dropped")
    func prescanDropsAncillaryChunks() throws {
        let bytes = try Support.bytes(Support.fixture("png/gamma1_rgb8.png"))
        let scan = bytes.withUnsafeBytes { PNGPrescan($0) }
        let filtered = try #require(scan.filtered)
        let types = try #require(Support.chunks(filtered)).map(\.type)
        #expect(Support.chunks(bytes)?.map(\.type).contains("gAMA") == true)
        #expect(!types.contains("gAMA") && types.first == "IHDR" && types.last == "IEND")
        #expect(scan.isComplete)
        #expect(scan.headerSize?.width == 6 && scan.headerSize?.height == 4)
    }
}
