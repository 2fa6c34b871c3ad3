import Testing

@testable import TransitionKitRender

/// The whole-row blend kernels (AVX2 where the CPU has it, SSE2, the byte loop for the last
/// pixels) against the definitions they implement, computed here in floating point,
/// independently of `PixelMath` and `BilinearSampler`, for every pair of channel values, on rows
/// whose start and length put pixels in every one of the loops, on both kernel paths:
/// - the cross-fade (`BlendKernels.fade`), per channel round(s·m/255) + round(u·(255 − m)/255)
///   (pixman's `MUL_UN8`: x·m/255 to nearest; 255 is odd, so x·m/255 is never halfway and
///   `rounded()` has no tie to break), at ten weights m from 0 to 255 (both ends, around the
///   middle, and a few between);
/// - the two-tap lerp (`BlendKernels.lerp`, a layer on a sub-pixel offset along one axis), per
///   channel floor((a·(256 − w) + b·w)/256 + 1/2) (the bilinear weights of `BilinearSampler`,
///   rounded half up), at ten weights w from 0 to 256 (128, the rounded average, included).
extension FastPathTests {
    /// Pixel i holds the channel pair (i / 256, i % 256) arranged four ways, so each channel
    /// meets every pair across the row: source channels s, under channels u.
    private static let pairSources: [UInt32] = (0..<256 * 256).map { i in
        let s = UInt32(i / 256), u = UInt32(i % 256)
        return s | (255 - s) << 8 | u << 16 | (s ^ 0x5a) << 24
    }
    private static let pairUnders: [UInt32] = (0..<256 * 256).map { i in
        let s = UInt32(i / 256), u = UInt32(i % 256)
        return u | (255 - u) << 8 | s << 16 | (u ^ 0x5a) << 24
    }

    private static func expectedFade(_ s: UInt32, _ u: UInt32, _ m: UInt32) -> UInt32 {
        var p: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let a = Double(s >> shift & 0xff), b = Double(u >> shift & 0xff), w = Double(m)
            let c = (a * w / 255).rounded() + (b * (255 - w) / 255).rounded()
            p |= UInt32(c) << shift
        }
        return p
    }

    /// `body` on pointers to copies of the rows (a destination of `n` pixels filled with
    /// 0xdeadbeef, then the rows in order); returns the destination.
    private static func rowResult(
        n: Int, rows: [[UInt32]], _ body: (UnsafeMutablePointer<UInt32>, [UnsafeMutablePointer<UInt32>]) -> Void
    ) -> [UInt32] {
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        dst.initialize(repeating: 0xdead_beef, count: n)
        let pointers = rows.map { row -> UnsafeMutablePointer<UInt32> in
            let p = UnsafeMutablePointer<UInt32>.allocate(capacity: row.count)
            p.initialize(from: row, count: row.count)
            return p
        }
        defer {
            dst.deallocate()
            for p in pointers { p.deallocate() }
        }
        body(dst, pointers)
        return Array(UnsafeBufferPointer(start: dst, count: n))
    }

    @Test func fadeKernelsEqualTheRoundedProductsForEveryChannelPair() {
        Self.onBothKernelTables { checkFadeKernels($0) }
    }

    private func checkFadeKernels(_ kernels: KernelTable) {
        let source = Self.pairSources, under = Self.pairUnders
        let n = source.count
        for m: UInt32 in [0, 1, 2, 77, 127, 128, 129, 200, 254, 255] {
            // From pixel `start`, `count` pixels: 0/n (whole), 1/n − 9 (shifted; after the AVX2
            // loop's multiple of 8, four pixels for the SSE2 loop and three for the byte loop).
            for start in [0, 1] {
                let count = start == 0 ? n : n - 9
                let dst = Self.rowResult(n: n, rows: [source, under]) { d, rows in
                    BlendKernels.fade(d + start, source: rows[0] + start, under: rows[1] + start, count: count, alpha: m, kernels: kernels)
                }
                let wrong = (start..<start + count).filter { dst[$0] != Self.expectedFade(source[$0], under[$0], m) }
                #expect(wrong.count == 0, "m \(m) start \(start): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
                let outside = Array(0..<start) + Array(start + count..<n)
                #expect(outside.allSatisfy { dst[$0] == 0xdead_beef }, "m \(m): a pixel outside the row was written")
            }
            // In place (the destination is the under row).
            let inPlace = Self.rowResult(n: n, rows: [source, under]) { d, rows in
                d.update(from: rows[1], count: n)
                BlendKernels.fade(d, source: rows[0], count: n, alpha: m, kernels: kernels)
            }
            let wrong = (0..<n).filter { inPlace[$0] != Self.expectedFade(source[$0], under[$0], m) }
            #expect(wrong.count == 0, "in place, m \(m): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
        }
    }

    /// (a + b + 1) >> 1 per channel.
    private static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var p: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) { p |= (((a >> shift & 0xff) + (b >> shift & 0xff) + 1) / 2) << shift }
        return p
    }

    @Test func fadeOfAveragedRowsEqualsTheRoundedProductsOfTheAverages() {
        Self.onBothKernelTables { checkFadeOfAveragedRows($0) }
    }

    private func checkFadeOfAveragedRows(_ kernels: KernelTable) {
        // The tab stage's form: source = (s0 + s1 + 1) >> 1 and under = (u0 + u1 + 1) >> 1 per
        // channel, then the fade. s1 and u1 are the pair arrays rotated by unrelated amounts (not
        // reversed: every channel of a pixel and its mirror adds up to 255, so those averages are all 128).
        let s0 = Self.pairSources, u0 = Self.pairUnders
        let s1 = Array(u0[12345...] + u0[..<12345]), u1 = Array(s0[777...] + s0[..<777])
        let n = s0.count, count = n - 3
        for m: UInt32 in [0, 1, 128, 254, 255] {
            let dst = Self.rowResult(n: n, rows: [s0, s1, u0, u1]) { d, rows in
                BlendKernels.fade(d, averageOf: rows[0], rows[1], under: rows[2], rows[3], count: count, alpha: m, kernels: kernels)
            }
            let wrong = (0..<count).filter { dst[$0] != Self.expectedFade(Self.average(s0[$0], s1[$0]), Self.average(u0[$0], u1[$0]), m) }
            #expect(wrong.count == 0, "m \(m): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
        }
    }

    @Test func lerpKernelEqualsTheRoundedTwoTapBlendForEveryChannelPair() {
        Self.onBothKernelTables { checkLerpKernel($0) }
    }

    private func checkLerpKernel(_ kernels: KernelTable) {
        let a = Self.pairSources, b = Self.pairUnders
        let n = a.count
        func expected(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
            var r: UInt32 = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let x = Double(p >> shift & 0xff), y = Double(q >> shift & 0xff), t = Double(w)
                r |= UInt32(((x * (256 - t) + y * t) / 256 + 0.5).rounded(.down)) << shift
            }
            return r
        }
        for w: UInt32 in [0, 1, 2, 77, 127, 128, 129, 200, 255, 256] {
            for start in [0, 1] {
                let count = start == 0 ? n : n - 9
                let dst = Self.rowResult(n: n, rows: [a, b]) { d, rows in
                    BlendKernels.lerp(d + start, rows[0] + start, rows[1] + start, count: count, weight: w, kernels: kernels)
                }
                let wrong = (start..<start + count).filter { dst[$0] != expected(a[$0], b[$0], w) }
                #expect(wrong.count == 0, "w \(w) start \(start): \(wrong.count) pixels differ, first \(wrong.prefix(3))")
                let outside = Array(0..<start) + Array(start + count..<n)
                #expect(outside.allSatisfy { dst[$0] == 0xdead_beef }, "w \(w): a pixel outside the row was written")
            }
        }
    }
}
