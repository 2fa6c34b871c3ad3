import CPixelKernels
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// Streamed row copies (`RowStores`, non-temporal stores of whole 64-byte lines) write the same
/// bytes as a plain copy, at every alignment and length, and nothing outside the row; a frame
/// big enough to stream (`BandRenderer.streamingBandBytes`) renders as the same frame in bands
/// too small to stream.
@Suite struct RowStoresTests {
    @Test func prefetchForWritingIsUsedWhereTheKernelListsIt() {
        #if arch(x86_64) && os(Linux)
            // The CPU's own word (the kernel's flag list: PRFCHW is "3dnowprefetch" there)
            // against the run-time check `tk_prefetch_write` takes.
            #expect((tk_cpu_has_prefetchw() != 0) == cpuInfoListsFlag("3dnowprefetch"))
        #endif
        // A prefetch is a hint: no fault on any address, and the bytes are unchanged.
        var row = [UInt32](repeating: 7, count: 100)
        row.withUnsafeMutableBufferPointer { p in
            tk_prefetch_write(p.baseAddress!, 400)
            tk_prefetch_write(UnsafeRawPointer(bitPattern: 64), 4096)
        }
        #expect(row.allSatisfy { $0 == 7 })
    }

    @Test(arguments: [0, 1, 15, 16, 17, 63, 255, 256, 257, 300, 1000, 1179])
    func aStreamedCopyEqualsAPlainCopy(count: Int) {
        let room = count + 64
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: room)
        let streamed = UnsafeMutablePointer<UInt32>.allocate(capacity: room)
        let plain = UnsafeMutablePointer<UInt32>.allocate(capacity: room)
        defer { source.deallocate(); streamed.deallocate(); plain.deallocate() }
        for i in 0..<room { source[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) }
        // Every start of the destination within a 64-byte line, and a source misaligned to it.
        for offset in 0..<16 {
            streamed.initialize(repeating: 0xDEAD_BEEF, count: room)
            plain.initialize(repeating: 0xDEAD_BEEF, count: room)
            RowStores.copy(streamed + offset, from: source + 3, count: count, streaming: true)
            RowStores.fence()
            (plain + offset).update(from: source + 3, count: count)
            #expect(
                Array(UnsafeBufferPointer(start: streamed, count: room)) == Array(UnsafeBufferPointer(start: plain, count: room)),
                "offset \(offset)")
        }
    }

    /// `root` rendered in `bands` fixed bands (one: streaming when the frame has at least
    /// `BandRenderer.streamingBandBytes`; more: only cross-fades stream, in bands that big,
    /// `BandRenderer.streaming(band:frameHeight:)`) and in four times as many is the same;
    /// returns the first.
    static func expectSameInSmallBands(_ root: LayerSnapshot, size: CGSize, bands: Int = 1) throws -> Bitmap {
        var options = RenderOptions(scale: 1, threads: bands)
        options.choosesBandCount = false
        let streamed = try Compositor(options: options).render(root, size: size)
        options.threads = 4 * bands
        let banded = try Compositor(options: options).render(root, size: size)
        #expect(streamed == banded)
        return streamed
    }

    /// The rule of which stores stream, worked out from its definition: a band of at least
    /// 4 MiB (`streamingBandBytes`) streams everything when it is the whole frame, only its
    /// cross-fades when the frame is split into bands, nothing when it is smaller.
    @Test func storesStreamInBandsOfTheCachesSizeAndFadesAlsoInSplitFrames() {
        #expect(BandRenderer.streamingBandBytes == 4 * 1024 * 1024)
        let big = PixelRect(x0: 0, y0: 0, x1: 1100, y1: 1000)  // 4,400,000 bytes
        let small = PixelRect(x0: 0, y0: 0, x1: 1100, y1: 953)  // 4,193,200 bytes, 992 short
        let lower = PixelRect(x0: 0, y0: 1000, x1: 1100, y1: 2000)
        #expect(BandRenderer.streaming(band: big, frameHeight: 1000) == (true, true))
        #expect(BandRenderer.streaming(band: big, frameHeight: 2000) == (false, true))
        #expect(BandRenderer.streaming(band: lower, frameHeight: 2000) == (false, true))
        #expect(BandRenderer.streaming(band: small, frameHeight: 953) == (false, false))
        #expect(BandRenderer.streaming(band: small, frameHeight: 2000) == (false, false))
    }

    @Test func aStreamedFrameEqualsTheSameFrameInSmallBands() throws {
        // 1100x1000 px = 4.4 MB, at least streamingBandBytes in one band; a quarter of it less.
        let width = 1100, height = 1000
        #expect(width * height * 4 >= BandRenderer.streamingBandBytes)
        #expect(width * height < BandRenderer.streamingBandBytes)
        let from = try BandWorkersTests.pattern(width: width, height: height)
        var blue = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) { blue[4 * i] = UInt8(i % 97); blue[4 * i + 1] = UInt8(i % 61) }
        let to = try Bitmap(width: width, height: height, packedBytes: blue)
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        // A radial reveal's frame: "from" copied whole, "to" through a circle (copied inside,
        // blended on the edge), the circle's centre at (0.8 w, 0.1 h).
        let mask = LayerSnapshot { $0.path = .circle(center: CGPoint(x: 880, y: 100), radius: 640) }
        let root = layer(
            frame, .black,
            sublayers: [
                layer(frame) { $0.contents = from },
                layer(frame, mask: mask) { $0.contents = to },
            ])
        let streamed = try Self.expectSameInSmallBands(root, size: frame.size)
        // Both pictures were drawn: a pixel of each screen.
        #expect(streamed.pixel(x: 5, y: 995) == from.pixel(x: 5, y: 995))
        #expect(streamed.pixel(x: 880, y: 100) == to.pixel(x: 880, y: 100))
    }

    /// Every streamed store of a frame (`RowStores.streams`): a copy, a cross-fade, a sub-pixel
    /// slide (the two-tap lerp), a scale (the separable passes), and the offscreen planes of a
    /// group (a translucent layer with sublayers) and of a general mask (a layer tree), which
    /// are drawn unstreamed (`BandRenderer.withoutStreaming`): the same bytes in one band big
    /// enough to stream as in four bands too small to.
    @Test func everyStreamedStoreGivesTheFrameOfBandsTooSmallToStream() throws {
        let streamed = try Self.expectSameInSmallBands(Self.everyStore(width: 1100, height: 1000), size: CGSize(width: 1100, height: 1000))
        writeForLooking(streamed, name: "every-streamed-store")
    }

    /// The same tree over a frame twice as high in two bands of 4.4 MB each, where only the
    /// cross-fades stream (`BandRenderer.streaming(band:frameHeight:)`): the bytes of eight
    /// bands too small to stream.
    @Test func aSplitFrameWhoseCrossFadesStreamGivesTheFrameOfBandsTooSmallToStream() throws {
        let width = 1100, height = 2000
        #expect(BandRenderer.streaming(band: PixelRect(x0: 0, y0: 0, x1: width, y1: height / 2), frameHeight: height) == (false, true))
        let streamed = try Self.expectSameInSmallBands(
            Self.everyStore(width: width, height: height), size: CGSize(width: width, height: height), bands: 2)
        writeForLooking(streamed, name: "every-streamed-store-split")
    }

    /// A copy, a cross-fade, a sub-pixel slide at an opacity, a scale, a translucent group and
    /// a layer-tree mask over a frame of `width` × `height` pixels.
    static func everyStore(width: Int, height: Int) throws -> LayerSnapshot {
        let from = try BandWorkersTests.pattern(width: width, height: height)
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) { bytes[4 * i] = UInt8(i % 97); bytes[4 * i + 1] = UInt8(i % 61) }
        let to = try Bitmap(width: width, height: height, packedBytes: bytes)
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        let maskTree = layer(frame, sublayers: [layer(CGRect(x: 100, y: 50, width: 700, height: 800), .white)])
        return layer(
            frame, .black,
            sublayers: [
                layer(frame) { $0.contents = from },
                layer(frame) {
                    $0.contents = to; $0.opacity = 0.4
                },
                layer(frame.offsetBy(dx: 0, dy: 0.37)) {
                    $0.contents = from; $0.opacity = 0.5
                },
                layer(frame) {
                    $0.contents = to
                    $0.transform = Transform3D(scaleX: 0.93, y: 0.93)
                },
                layer(frame, .white, sublayers: [layer(frame.insetBy(dx: 200, dy: 200)) { $0.contents = from }]) { $0.opacity = 0.6 },
                layer(frame, mask: maskTree) { $0.contents = from },
            ])
    }
}
