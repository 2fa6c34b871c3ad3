import CPixelKernels
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The per-column warp at a steep turn (a flip's card past about 60°): the device row's image
/// row changes by more than one row a column, and the image by more than five pixels every four
/// columns. Three mechanisms: strips split while their rows spread too wide for the window
/// (`ContentsSampling.drawColumnRuns`), the AVX2 y lerp's per-column gather of held pairs and the
/// AVX2 x pass's gather of `pairs` quads (`tk_column_lerp_avx2`, `tk_blend_row_avx2`), each
/// checked against `LerpKernels`' per-channel arithmetic (its `biased` and `finish`, the
/// two passes of `BilinearSampler.blend`) or against the row kernel's pixels.
extension FastPathTests {
    @Test func steepStripsSplitUntilTheirRowsFitTheWindow() {
        // v = 1.3 rows a device column: a 256-column strip spreads 333 rows at each end, more than
        // `BlendedRowWindow.maxSlots` (256); its halves spread 166 (and read fewer image rows than
        // twice the 300 device rows).
        let width = 600, height = 700, columns = 512, rows = 300
        let img = Self.image(width: width, height: height, opaque: true)
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let map = Homography(m11: 1.1, m12: 1.3, m13: 0.0002, m21: 0, m22: 1, m23: 0, m31: 0.3, m32: -20.4, m33: 1)
            let band = PixelRect(x0: 0, y0: 10, x1: columns, y1: 10 + rows)
            func run(_ y: Int) -> (x: Int, count: Int) {
                let x = 1 + (y * 7) % 13
                return (x, columns - 2 - x - (y * 5) % 11)
            }
            func render(_ strips: Bool, _ kernels: KernelTable) -> [UInt32] {
                let tables = SamplingTables(kernels: kernels)
                tables.runs.prepare(band: band)
                let sampling = ContentsSampling(
                    map: map, sampler: sampler, opaque: true, columns: 0..<columns, tables: tables, fastPaths: true)
                #expect(sampling.mode == .columns)
                var out = [UInt32](repeating: 0xdead_beef, count: columns * rows)
                out.withUnsafeMutableBufferPointer { buffer in
                    let plane = PixelPlane(base: buffer.baseAddress!, stride: columns, originY: band.y0)
                    for y in band.y0..<band.y1 {
                        let (x, count) = run(y)
                        if strips {
                            #expect(tables.runs.record(y: y, x: x, count: count))
                        } else {
                            sampling.drawColumnsRun(plane.row(y) + x, x: x, y: y, count: count)
                        }
                    }
                    guard strips else { return }
                    #if arch(x86_64)
                        // The whole strip declines for its spread (drawing nothing), a half of it does not.
                        #expect(sampling.drawStripSeparably(tables.runs, into: plane, x0: 0, x1: 256) == .spread)
                        #expect(buffer.allSatisfy { $0 == 0xdead_beef })
                    #endif
                    sampling.drawColumnRuns(tables.runs, into: plane)
                }
                return out
            }
            let rowByRow = render(false, .native)
            for kernels in [KernelTable.native, .sse2] {
                #expect(render(true, kernels) == rowByRow, "\(kernels.instructionSet)")
            }
            #expect(rowByRow.filter { $0 != 0xdead_beef }.count == (band.y0..<band.y1).reduce(0) { $0 + run($1).count })
        }
        // A half strip's rows fit: drawn separably.
        #if arch(x86_64)
            let tables = SamplingTables(kernels: .native)
            img.withUnsafePixels { pixels in
                let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
                let map = Homography(m11: 1.1, m12: 1.3, m13: 0.0002, m21: 0, m22: 1, m23: 0, m31: 0.3, m32: -20.4, m33: 1)
                let sampling = ContentsSampling(
                    map: map, sampler: sampler, opaque: true, columns: 0..<columns, tables: tables, fastPaths: true)
                tables.runs.prepare(band: PixelRect(x0: 0, y0: 10, x1: columns, y1: 10 + rows))
                for y in 10..<(10 + rows) { #expect(tables.runs.record(y: y, x: 0, count: columns)) }
                var out = [UInt32](repeating: 0, count: columns * rows)
                out.withUnsafeMutableBufferPointer { buffer in
                    let plane = PixelPlane(base: buffer.baseAddress!, stride: columns, originY: 10)
                    #expect(sampling.drawStripSeparably(tables.runs, into: plane, x0: 0, x1: 128) == .drawn)
                }
            }
        #endif
    }

    #if arch(x86_64)
        /// A window of `slots` slots holding image rows `rows` of 32 columns, each column's
        /// biased lanes a pattern of (row, column, channel).
        private static func patternWindow(slots: Int, rows: ClosedRange<Int>) -> BlendedRowWindow {
            let window = BlendedRowWindow()
            window.start(slots: slots, columns: 32)
            window.ensure(rows.lowerBound, rows.upperBound) { r in
                for j in 0..<32 {
                    var lanes: UInt64 = 0
                    for c in 0..<4 {
                        let c0 = UInt32((r * 37 + j * 11 + c * 71) & 255), c1 = UInt32((r * 13 + j * 29 + c * 5) & 255)
                        let lane: UInt16 = LerpKernels.biased(c0, c1, weight: UInt32((r + j + c) % 257))
                        lanes |= UInt64(lane) << UInt64(16 * c)
                    }
                    window.row(r)[j] = lanes
                }
            }
            return window
        }

        @Test func columnLerpGathersEachColumnsHeldPair() throws {
            try #require(KernelTable.cpuHasAVX2, "needs an AVX2 CPU")
            // Columns 0..<24 read rows 3 + 2j (steps of two: neither one pair nor three rows),
            // each its own fraction, one device row down (b = 1 row + a fraction).
            let window = Self.patternWindow(slots: 64, rows: 0...60)
            func fixed(_ row: Int, _ fraction: Int) -> Int64 { Int64(row) << 32 | Int64(fraction) }
            let b: [Int64] = (0..<32).map { (j: Int) -> Int64 in fixed(1, (j * 0x0913_5713) & 0x7fff_ffff) }
            b.withUnsafeBufferPointer { window.setSteps($0.baseAddress!, count: 32) }
            let start: [Int64] = (0..<32).map { (j: Int) -> Int64 in fixed(3 + 2 * j, (j * 0x2468_ace1) & 0xffff_ffff) }
            for j in 0..<32 { window.setV(j, start[j]) }
            var dst = [UInt32](repeating: 0, count: 32)
            let rows = UnsafeRawPointer(window.row(0)).assumingMemoryBound(to: UInt8.self)
            let pairs = UInt(window.hi - window.lo - 1), threes = UInt(window.hi - window.lo - 2)
            let done = dst.withUnsafeMutableBufferPointer {
                tk_column_lerp_avx2(
                    window.fraction, BlendedRowWindow.lanes, rows, BlendedRowWindow.columns * 8, window.slots - 1, window.lo, pairs,
                    threes, $0.baseAddress!, 0, 0, 24)
            }
            #expect(done == 24)
            for j in 0..<24 {
                let v = start[j] &+ b[j], i = Int(v >> 32), f = UInt32(truncatingIfNeeded: v)
                let wy = Int32(((f >> 23) + 1) >> 1)
                var expected: UInt32 = 0
                for c in 0..<4 {
                    let shift = UInt64(16 * c)
                    let t = UInt16(truncatingIfNeeded: window.row(i)[j] >> shift), u = UInt16(truncatingIfNeeded: window.row(i + 1)[j] >> shift)
                    let channel: UInt32 = LerpKernels.finish(t, u, 256 - wy, wy)
                    expected |= channel << UInt32(8 * c)
                }
                #expect(dst[j] == expected, "column \(j), rows \(i), \(i + 1)")
                #expect(window.index[j] == UInt32(i) && window.fraction[j] == f, "column \(j)'s v stored")
            }
            // A column whose pair the window does not hold (row 60's next): the step stops there,
            // its v not stored.
            window.setV(5, Int64(59) << 32)
            let stopped = dst.withUnsafeMutableBufferPointer {
                tk_column_lerp_avx2(
                    window.fraction, BlendedRowWindow.lanes, rows, BlendedRowWindow.columns * 8, window.slots - 1, window.lo, pairs,
                    threes, $0.baseAddress!, 0, 0, 16)
            }
            #expect(stopped == 0 && window.index[5] == 59)
        }

        @Test func rowBlendGathersPairsQuads() throws {
            try #require(KernelTable.cpuHasAVX2, "needs an AVX2 CPU")
            // x scale 2.6: four columns span ten image pixels, so every quad is `pairs` alone.
            let width = 400, height = 4, columns = 120
            let img = Self.image(width: width, height: height, opaque: true)
            img.withUnsafePixels { pixels in
                let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
                let tables = SamplingTables(kernels: .native)
                let map = Homography(m11: 2.6, m12: 0.01, m13: 0.0003, m21: 0, m22: 1, m23: 0, m31: 1.7, m32: 0, m33: 1)
                var total = QuadKinds()
                let sampling = Self.sampling(map, sampler, columns: columns, tables: tables, mode: .columns, "x scale 2.6", total: &total)
                #expect(total.pairsOnly == columns - 3 && total.contiguous == 0 && total.skipped == 0, "\(total)")
                let window = BlendedRowWindow()
                window.start(slots: 8, columns: 96)
                for j in 0..<96 {
                    let wx = UInt64(tables.wx[j]), ax = 256 - wx
                    window.weights[j] = wx | wx << 16 | wx << 32 | wx << 48
                    window.weights[BlendedRowWindow.columns + j] = ax | ax << 16 | ax << 32 | ax << 48
                }
                let src = UnsafeRawPointer(pixels + 2 * img.rowStride)
                let w = UnsafeRawPointer(window.weights).assumingMemoryBound(to: UInt16.self)
                let done = tk_blend_row_avx2(
                    src.assumingMemoryBound(to: UInt8.self), tables.quad, tables.x0,
                    UnsafeRawPointer(tables.stepMasks).assumingMemoryBound(to: UInt32.self), w, w + 4 * BlendedRowWindow.columns,
                    UnsafeMutableRawPointer(window.row(2)).assumingMemoryBound(to: UInt16.self), 0, 96)
                #expect(done == 96)
                let row = pixels + 2 * img.rowStride
                for j in 0..<96 {
                    var expected: UInt64 = 0
                    for c in 0..<4 {
                        let shift = UInt32(8 * c)
                        let p0: UInt32 = (row[Int(tables.x0[j])] >> shift) & 255, p1: UInt32 = (row[Int(tables.x1[j])] >> shift) & 255
                        let lane: UInt16 = LerpKernels.biased(p0, p1, weight: tables.wx[j])
                        expected |= UInt64(lane) << UInt64(16 * c)
                    }
                    #expect(window.row(2)[j] == expected, "column \(j)")
                }
                // The blend of a whole row by `blendRow` (AVX2 and the SSE2 remainder) is the same.
                let copy = (0..<96).map { window.row(2)[$0] }
                sampling.blendRow(2, into: window, k0: 0, count: 96)
                #expect((0..<96).map { window.row(2)[$0] } == copy)
            }
        }
    #endif
}
