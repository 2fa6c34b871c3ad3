import CZlib
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

@Suite("APNG encoder")
struct APNGEncoderTests {
    typealias Support = ImageFileTestSupport

    static let colours = [
        RGBA8(r: 255, g: 0, b: 0, a: 255),
        RGBA8(r: 0, g: 200, b: 0, a: 255),
        RGBA8(r: 0, g: 0, b: 100, a: 128),  // translucent blue, premultiplied
    ]

    private func threeFrames(delays: [Double] = [1.0 / 60, 0.1, 2.5]) throws -> APNGEncoder {
        var apng = APNGEncoder(width: 21, height: 13)
        for (colour, delay) in zip(Self.colours, delays) {
            try apng.append(Bitmap(width: 21, height: 13, fill: colour), delay: delay)
        }
        return apng
    }

    @Test("3 frames: chunk order, acTL, fcTL fields, sequence numbers and CRCs follow the APNG spec")
    func structure() throws {
        let png = try threeFrames().encoded()
        let chunks = try #require(Support.chunks(png), "not a well-formed chunk stream")
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        for chunk in chunks { #expect(chunk.storedCRC == chunk.computedCRC, "CRC of \(chunk.type) at \(chunk.offset)") }

        let ihdr = chunks[0].data
        #expect(Support.be32(ihdr, 0) == 21 && Support.be32(ihdr, 4) == 13 && Array(ihdr[8...]) == [8, 6, 0, 0, 0])
        let acTL = chunks[1].data
        #expect(acTL.count == 8 && Support.be32(acTL, 0) == 3 && Support.be32(acTL, 4) == 0, "3 frames, loop forever")

        // fcTL and fdAT share one sequence counter: 0, 1, 2, ... with no gap.
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { Support.be32($0.data, 0) } == Array(0..<UInt32(sequenced.count)))

        let controls = chunks.filter { $0.type == "fcTL" }
        let expectedDelays: [(UInt16, UInt16)] = [(1, 60), (1, 10), (5, 2)]
        for (fcTL, delay) in zip(controls.map(\.data), expectedDelays) {
            #expect(fcTL.count == 26)
            #expect(Support.be32(fcTL, 4) == 21 && Support.be32(fcTL, 8) == 13, "full-frame size")
            #expect(Support.be32(fcTL, 12) == 0 && Support.be32(fcTL, 16) == 0, "offsets 0")
            #expect(Support.be16(fcTL, 20) == delay.0 && Support.be16(fcTL, 22) == delay.1)
            #expect(fcTL[24] == 0 && fcTL[25] == 0, "dispose NONE, blend SOURCE")
        }
    }

    @Test("libpng decodes the default image, which is frame 0")
    func defaultImageIsFirstFrame() throws {
        let bitmap = try PNGDecoder.decode(threeFrames().encoded())
        #expect(bitmap == (Bitmap(width: 21, height: 13, fill: Self.colours[0])))
    }

    @Test("each frame's data, repackaged as a still PNG, decodes with libpng to that frame's colour")
    func everyFrameDecodes() throws {
        let chunks = try #require(Support.chunks(threeFrames().encoded()))
        let ihdr = Support.chunk("IHDR", chunks[0].data)
        var frames: [[UInt8]] = [[]]
        for chunk in chunks.dropFirst(3) {
            switch chunk.type {
            case "IDAT": frames[frames.count - 1] += chunk.data
            case "fdAT": frames[frames.count - 1] += chunk.data[4...]
            case "fcTL": frames.append([])
            default: break
            }
        }
        #expect(frames.count == 3)
        for (index, data) in frames.enumerated() {
            let still = Support.signature + ihdr + Support.chunk("IDAT", data) + Support.chunk("IEND", [])
            #expect(try PNGDecoder.decode(still) == Bitmap(width: 21, height: 13, fill: Self.colours[index]), "frame \(index)")
        }
    }

    @Test("adaptive filtering and compression keep non-uniform frames intact")
    func nonUniformFrame() throws {
        let frame = try Support.randomBitmap(width: 33, height: 17, opaque: false, seed: 9)
        var apng = APNGEncoder(width: 33, height: 17)
        try apng.append(frame, delay: 0)
        #expect(try PNGDecoder.decode(apng.encoded()) == frame)
    }

    @Test("a frame of another size, a bad delay and an empty animation are rejected")
    func errors() throws {
        var apng = APNGEncoder(width: 4, height: 4)
        #expect(
            throws: TransitionKitError.invalidSize(
                name: "APNG frame 0", width: 5, height: 4,
                accepted: "4x4 pixels, the size of the animation")
        ) {
            try apng.append(Bitmap(width: 5, height: 4), delay: 0.1)
        }
        for bad in [-1, .nan, .infinity, 70000] as [Double] {
            #expect(throws: TransitionKitError.self) { try apng.append(Bitmap(width: 4, height: 4), delay: bad) }
        }
        #expect(apng.frameCount == 0)
        #expect(throws: ImageFileError.encodingFailed(reason: "an APNG needs at least one frame; none was appended")) {
            try apng.encoded()
        }
    }

    @Test("delays become exact fractions where one fits in 16 bits")
    func delayFractions() {
        let cases: [(Double, UInt16, UInt16)] = [
            (0, 0, 1), (1.0 / 60, 1, 60), (1.0 / 24, 1, 24), (0.1, 1, 10),
            (0.5, 1, 2), (2, 2, 1), (1.0 / 30, 1, 30), (0.033, 33, 1000),
            (65535, 65535, 1),
        ]
        for (seconds, numerator, denominator) in cases {
            let fraction = APNGEncoder.delayFraction(seconds: seconds)
            #expect(fraction.numerator == numerator && fraction.denominator == denominator, "\(seconds) s")
        }
        let pi = APNGEncoder.delayFraction(seconds: .pi)
        // Convergents of π: 3, 22/7, 333/106, 355/113, then 103993/33102 whose numerator does not fit.
        #expect(pi.numerator == 355 && pi.denominator == 113)
    }

    @Test("write(to:) writes the same bytes atomically; a bad path throws and leaves nothing")
    func write() throws {
        let apng = try threeFrames()
        let directory = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try apng.write(to: directory + "/anim.png")
        #expect(try Support.bytes(directory + "/anim.png") == apng.encoded())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["anim.png"])
        let bad = directory + "/missing/anim.png"
        #expect(throws: ImageFileError.unwritableOutput(path: bad, reason: "No such file or directory")) { try apng.write(to: bad) }
    }
}
