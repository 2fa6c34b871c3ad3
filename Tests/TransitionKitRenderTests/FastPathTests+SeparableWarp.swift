import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The separable form of the per-column warp (`drawStripSeparably`: image rows blended in x
/// once into a `BlendedRowWindow`, one y lerp a pixel) against the per-pixel form of the same
/// numbers (`ColumnSource.pixel`), bit for bit: every load pattern of the x pass, strips of
/// `ContentsSampling.stripColumns` and a narrower last one, rows entering and leaving the
/// window going down, going up (a negative v step) and jumping (rows without runs), a zero v
/// step, a vertical upscale and downscale, taps clamped at every image edge, and the strips
/// it declines (a column behind the eye).
extension FastPathTests {
    /// Device → image maps over 600 device columns (three strips) of a 300x240 image, with
    /// whether the separable form takes them: (m11, m12, m13, m22, m31, m32), m21 = m23 = 0,
    /// m33 = 1.
    static let separableMaps: [(String, [Double], Bool)] = [
        ("tilted back", [0.5, 0.02, 0.0008, 1.1, 0.3, -0.4], true),
        ("one skipped column in five", [0.8, 0.004, 0.0001, 1, 0.1, 0.2], true),
        ("rows step every column", [0.45, 0.3, 0.0002, 1, 0, 0], true),
        ("clamped at every edge", [0.55, 0.01, 0.0004, 1.2, -9.5, -16.25], true),
        ("negative v step", [0.5, 0.015, 0.0006, -0.9, 2.2, 250.3], true),
        ("zero v step", [0.49, 0.1, 0.0003, 0, 0.7, 120.6], true),
        ("vertical upscale", [0.47, 0.01, 0.0002, 0.35, 0.2, 30.1], true),
        ("vertical downscale by 3, clamped below row 80", [0.5, 0.01, 0.0002, 3, 0, 0], true),
        ("behind the eye", [0.5, 0.01, -0.004, 1, 0, 0], false),
    ]

    @Test func separableColumnWarpMatchesPerPixelSource() {
        // Both y lerps: AVX2 where the CPU has it (and then taken), and SSE2.
        Self.onBothKernelTables { checkSeparableColumnWarp($0) }
    }

    private func checkSeparableColumnWarp(_ kernels: KernelTable) {
        let width = 300, height = 240, columns = 600
        let img = Self.image(width: width, height: height, opaque: true)
        let band = PixelRect(x0: 0, y0: 0, x1: columns, y1: 270)
        var total = QuadKinds()
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: kernels)
            for (name, m, separable) in Self.separableMaps {
                let map = Homography(m11: m[0], m12: m[1], m13: m[2], m21: 0, m22: m[3], m23: 0, m31: m[4], m32: m[5], m33: 1)
                let sampling = Self.sampling(map, sampler, columns: columns, tables: tables, mode: .columns, name, total: &total)
                // Runs of every phase and length; rows 100..<160 have none (the window jumps).
                tables.runs.prepare(band: band)
                func run(_ y: Int) -> (x: Int, count: Int) {
                    let x = (y * 37) % 61, end = columns - (y * 13) % 47
                    return (x, y % 29 == 5 ? 3 : end - x)
                }
                for y in band.y0..<band.y1 where !(100..<160).contains(y) {
                    let (x, count) = run(y)
                    #expect(tables.runs.record(y: y, x: x, count: count))
                }
                let sentinel: UInt32 = 0xdead_beef
                var got = [UInt32](repeating: sentinel, count: columns * band.height)
                var taken = 0
                got.withUnsafeMutableBufferPointer { buffer in
                    let plane = PixelPlane(base: buffer.baseAddress!, stride: columns, originY: band.y0)
                    var x0 = 0
                    while x0 < columns {
                        if sampling.drawStripSeparably(tables.runs, into: plane, x0: x0, x1: x0 + ContentsSampling.stripColumns) == .drawn {
                            taken += 1
                        }
                        x0 += ContentsSampling.stripColumns
                    }
                }
                #if arch(x86_64)
                    let separableHere = separable
                #else
                    // The separable form is SSE2 only; elsewhere every strip is the row kernel's.
                    let separableHere = false
                #endif
                #expect(taken == (separableHere ? 3 : 0), "\(name): \(taken) of 3 strips separable")
                guard separableHere else { continue }
                var mismatches = 0, drawn = 0
                for y in band.y0..<band.y1 {
                    let source = ColumnSource(
                        pixels: pixels, stride: img.rowStride, height: height, row: Int64(y),
                        x0: tables.x0, x1: tables.x1, wx: tables.wx, a: tables.a, b: tables.b)
                    let (x, count) = (100..<160).contains(y) ? (0, 0) : run(y)
                    for X in 0..<columns {
                        let expected = X >= x && X < x + count ? source.pixel(X) : sentinel
                        if got[(y - band.y0) * columns + X] != expected { mismatches += 1 }
                        if expected != sentinel { drawn += 1 }
                    }
                }
                #expect(mismatches == 0, "\(name): \(mismatches) pixels differ")
                #expect(drawn > columns * 150, "\(name)")
            }
        }
        // Every load pattern of the x pass was exercised.
        #expect(total.contiguous > 0 && total.skipped > 0 && total.pairsOnly > 0 && total.none > 0, "\(total)")
    }

    @Test func blendedRowWindowSlides() {
        // Rows 0...9 going down, then one beyond, then up, then far away: the rows it blends.
        let window = BlendedRowWindow()
        window.start(slots: 8, columns: 4)
        #expect(!window.holdsPair(0) && !window.holdsPair(-1))
        var blended: [Int] = []
        window.ensure(0, 5) { blended.append($0) }
        window.ensure(2, 9) { blended.append($0) }
        #expect(blended == Array(0...9))
        #expect(window.lo == 2 && window.hi == 10)
        blended = []
        window.ensure(3, 4) { blended.append($0) }
        window.ensure(1, 3) { blended.append($0) }
        #expect(blended == [1])
        #expect(window.lo == 1 && window.hi == 9)
        blended = []
        window.ensure(50, 51) { blended.append($0) }
        #expect(blended == [50, 51] && window.lo == 50 && window.hi == 52)
        #expect(window.holdsPair(50) && !window.holdsPair(51) && !window.holdsPair(49))
    }

    @Test func blendedRowWindowRepeatsItsFirstSlotsAfterItsEnd() {
        // Going down 40 rows through 8 slots (and jumping back): wherever the window holds
        // rows r and r + 1 (r + 2), they lie one (two) slots apart in memory, across the ring's
        // wrap too, as the kernel reads them.
        let window = BlendedRowWindow()
        window.start(slots: 8, columns: 5)
        func pattern(_ r: Int, _ j: Int) -> UInt64 { UInt64(r * 1000 + j) }
        var checked = 0
        for (m, last) in (0..<38).map({ ($0, $0 + 2) }) + [(3, 6), (1, 4)] {
            window.ensure(m, last) { r in for j in 0..<5 { window.row(r)[j] = pattern(r, j) } }
            for r in window.lo..<window.hi {
                for d in 1...2 where r + d < window.hi {
                    let moved = window.row(r) + d * BlendedRowWindow.columns
                    for j in 0..<5 where moved[j] != pattern(r + d, j) {
                        Issue.record("rows \(window.lo)..<\(window.hi): row \(r) + \(d) column \(j)")
                    }
                    checked += 1
                }
            }
        }
        // Every slot was the first of a pair and of a three somewhere.
        #expect(checked > 2 * 8 * 4)
    }

    /// v (32.32 fixed point) and its step b at the carry's edges: fractions summing to just
    /// below, at and beyond 2³², steps whose low half is 0 or all ones, negative steps, and
    /// indices wrapping past Int32.max and Int32.min.
    static let splitSteps: [(v: Int64, b: Int64)] = [
        (0x0000_0005_ffff_ffff, 1), (0x0000_0005_ffff_fffe, 1), (0x0000_0005_8000_0000, 0x8000_0000),
        (0x0000_0005_7fff_ffff, 0x8000_0000), (0x0000_0005_0000_0000, 0xffff_ffff), (0x0000_0005_0000_0001, 0xffff_ffff),
        (3, 0x1_0000_0000), (-1, -1), (0, -1), (0x0000_0001_0000_0000, -0x1_0000_0001), (0x7fff_ffff_ffff_ffff, 1),
        (0x7fff_ffff_0000_0000, 0x1_8000_0000), (Int64.min, -1), (-0x7fff_ffff_0000_0001, -0x0_ffff_ffff),
        (0x0000_0010_1234_5678, 0x0000_0000_edcb_a988), (-0x0000_0020_0000_0000, 0x0000_0001_0000_0001),
    ]

    @Test(arguments: [false, true]) func splitVStepsAsTheWrappingSum(fourAtATime: Bool) {
        // `stepV` (one column) or `stepLanes` (four, on x86-64) against Int64 wrapping
        // addition, three steps each: fraction = the sum's low 32 bits, index = its high 32.
        let window = BlendedRowWindow()
        let cases = Self.splitSteps
        let b = cases.map(\.b)
        b.withUnsafeBufferPointer { window.setSteps($0.baseAddress!, count: cases.count) }
        for (j, c) in cases.enumerated() { window.setV(j, c.v) }
        var expected = cases.map(\.v)
        for _ in 0..<3 {
            for j in 0..<cases.count { expected[j] = expected[j] &+ cases[j].b }
            var j = 0
            #if arch(x86_64)
                while fourAtATime && j + 4 <= cases.count {
                    _ = BlendedRowWindow.stepLanes(UnsafeMutableRawPointer(window.fraction + j))
                    j += 4
                }
            #endif
            while j < cases.count {
                #expect(window.stepV(j) == expected[j], "case \(j)")
                j += 1
            }
            for j in 0..<cases.count {
                #expect(window.fraction[j] == UInt32(truncatingIfNeeded: expected[j]), "case \(j)")
                #expect(window.index[j] == UInt32(truncatingIfNeeded: expected[j] >> 32), "case \(j)")
            }
        }
        // Some of them carried on the first step, some did not.
        let carried = cases.filter { UInt64(UInt32(truncatingIfNeeded: $0.v)) + UInt64(UInt32(truncatingIfNeeded: $0.b)) > 0xffff_ffff }
        #expect(carried.count > 3 && carried.count < cases.count - 3)
    }
}
