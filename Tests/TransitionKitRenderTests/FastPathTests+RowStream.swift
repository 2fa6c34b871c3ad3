import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// Row stores into a band bigger than the cache (`RowStores.streams`): the copy (C
/// `tk_stream_copy`), the AVX2 cross-fade, vertical lerp and separable horizontal pass then
/// write the row's whole 64-byte lines with non-temporal stores, the pixels before the first
/// whole line with ordinary stores (the last 8-pixel group masked to end at the line), and those
/// after the last one ordinarily (C `TK_STORE_ROW8`). Every start alignment within a line and
/// lengths around the 16-pixel line and the 8-pixel group must write exactly the pixels asked
/// for, and the same bytes as unstreamed stores; the copy is also checked against its source,
/// the fade and the lerp against their closed forms (`fadeClosedForm`, `lerpClosedForm`).
extension FastPathTests {
    @Test func streamedRowStoresWriteTheSameBytesAsOrdinaryStores() {
        Self.onBothKernelTables { checkStreamedRows($0) }
    }

    /// Lengths from the streaming minimum on: a whole number of lines and of groups, one over,
    /// one under, and a group and a half over.
    private static let streamedCounts = [256, 257, 263, 264, 271, 272, 279, 300, 319]

    private func checkStreamedRows(_ kernels: KernelTable) {
        #expect(RowStores.streams(count: 256, streaming: true))
        #expect(!RowStores.streams(count: 255, streaming: true))
        #expect(!RowStores.streams(count: 4096, streaming: false))
        let width = 340, height = 4, sentinel: UInt32 = 0xDEAD_BEEF
        let img = Self.image(width: width, height: height, opaque: true)
        // 64-byte aligned rows with room for every start offset within a line and a sentinel
        // pixel after the longest run.
        let capacity = 16 + width + 16
        let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * 4 * 2, alignment: 64)
        defer { raw.deallocate() }
        let streamed = raw.bindMemory(to: UInt32.self, capacity: capacity * 2), plain = streamed + capacity
        var wrong: [String] = [], checked = 0
        img.withUnsafePixels { pixels in
            let r0 = UnsafePointer(pixels + img.rowStride), r1 = UnsafePointer(pixels + 2 * img.rowStride)
            func compare(
                _ what: String, offset: Int, count n: Int, expected: ((Int) -> UInt32)?, _ write: (UnsafeMutablePointer<UInt32>, Bool) -> Void
            ) {
                streamed.initialize(repeating: sentinel, count: capacity)
                plain.initialize(repeating: sentinel, count: capacity)
                write(streamed + offset, true)
                write(plain + offset, false)
                RowStores.fence()
                checked += 1
                for i in 0..<capacity {
                    let inside = i >= offset && i < offset + n
                    if streamed[i] != plain[i] || (!inside && streamed[i] != sentinel)
                        || (inside && expected.map { $0(i - offset) != streamed[i] } ?? false)
                    {
                        wrong.append("\(what) offset \(offset) count \(n) pixel \(i)")
                        return
                    }
                }
            }
            for offset in 0..<16 {
                for n in Self.streamedCounts {
                    compare("copy", offset: offset, count: n, expected: { i in r0[i] }) { dst, streaming in
                        RowStores.copy(dst, from: r0, count: n, streaming: streaming, ahead: r1)
                    }
                    for m: UInt32 in [1, 128, 254] {
                        compare("fade m \(m)", offset: offset, count: n, expected: { i in Self.fadeClosedForm(r0[i], r1[i], m) }) { dst, streaming in
                            BlendKernels.fade(dst, source: r0, under: r1, count: n, alpha: m, kernels: kernels, streaming: streaming)
                        }
                    }
                    for w: UInt32 in [1, 77, 255] {
                        compare("lerp w \(w)", offset: offset, count: n, expected: { i in Self.lerpClosedForm(r0[i], r1[i], w) }) { dst, streaming in
                            BlendKernels.lerp(dst, r0, r1, count: n, weight: w, kernels: kernels, streaming: streaming)
                        }
                    }
                    // The tinted lerp (a dimmed sliding screen; w = 0 a dimmed 1:1 copy).
                    for w: UInt32 in [0, 77, 128] {
                        let tint = Self.dimmingTint
                        compare("tinted lerp w \(w)", offset: offset, count: n, expected: { i in Self.tintedLerpClosedForm(r0[i], r1[i], w, tint) }) {
                            dst, streaming in
                            BlendKernels.lerp(dst, r0, r1, count: n, weight: w, tint: tint, kernels: kernels, streaming: streaming)
                        }
                    }
                }
            }
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: kernels)
            for (sx, tx) in [(0.9, 0.3), (1.0015, -0.2), (-0.97, 320.0)] {
                _ = ContentsSampling(
                    map: Homography(scaleX: sx, y: 1, translationX: tx, y: 0), sampler: sampler, opaque: true,
                    columns: 0..<width, tables: tables, fastPaths: true)
                for offset in 0..<16 {
                    for n in Self.streamedCounts where n <= width {
                        compare("separable scale \(sx)", offset: offset, count: n, expected: nil) { dst, streaming in
                            tables.separableRows.write(dst, k: 0, count: n, r0: r0, r1: r1, wy: 77, imageWidth: width, streaming: streaming)
                        }
                    }
                }
            }
        }
        #expect(checked == 16 * Self.streamedCounts.count * 10 + 3 * 16 * Self.streamedCounts.count)
        let differing = wrong.count
        #expect(differing == 0, "first rows that differ: \(wrong.prefix(5))")
    }

    /// mul(s, m) + mul(u, 255 − m) per channel, mul(x, a) = (t + (t >> 8)) >> 8 with t = x·a + 128
    /// (x·a/255 rounded to nearest, pixman's MUL_UN8; `BlendKernels.fade`'s definition).
    private static func fadeClosedForm(_ s: UInt32, _ u: UInt32, _ m: UInt32) -> UInt32 {
        func mul(_ x: UInt32, _ a: UInt32) -> UInt32 {
            let t = x * a + 128
            return (t + (t >> 8)) >> 8
        }
        var p: UInt32 = 0
        for k: UInt32 in [0, 8, 16, 24] {
            p |= (mul((s >> k) & 0xff, m) + mul((u >> k) & 0xff, 255 - m)) << k
        }
        return p
    }

    /// A premultiplied tint whose channels differ (alpha 0x40 over colour channels 0x30, 0x20,
    /// 0x10), so a channel mixed up with another shows.
    private static let dimmingTint: UInt32 = 0x4010_2030

    /// The lerp's closed form, then the premultiplied colour `c` over it at full strength:
    /// c_k + mul(x_k, 255 − alpha(c)) per channel k (`SpanKernels.tint`), mul as in `fadeClosedForm`.
    private static func tintedLerpClosedForm(_ a: UInt32, _ b: UInt32, _ w: UInt32, _ c: UInt32) -> UInt32 {
        let x = lerpClosedForm(a, b, w), ia = 255 - (c >> 24)
        var p: UInt32 = 0
        for k: UInt32 in [0, 8, 16, 24] {
            let t = ((x >> k) & 0xff) * ia + 128
            p |= (((c >> k) & 0xff) + ((t + (t >> 8)) >> 8)) << k
        }
        return p
    }

    /// (a·(256 − w) + b·w + 128) >> 8 per channel.
    private static func lerpClosedForm(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        var p: UInt32 = 0
        for s: UInt32 in [0, 8, 16, 24] {
            p |= ((((a >> s) & 0xff) * (256 - w) + ((b >> s) & 0xff) * w + 128) >> 8) << s
        }
        return p
    }
}
