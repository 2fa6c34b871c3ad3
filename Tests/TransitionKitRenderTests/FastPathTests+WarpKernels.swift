import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The four-pixel kernels of the per-column warp (`drawColumnsRun`) and of the separable
/// scale (`SeparableSource.pixels4`) against the per-pixel form of the same numbers
/// (`ColumnSource.pixel`, `SeparableSource.pixel`): bit for bit, with maps chosen so that every
/// load pattern occurs (consecutive columns, one skipped column, wider steps, rows stepping
/// between neighbouring columns, taps clamped at the image's edges, columns behind the eye).
/// The per-pixel forms themselves are compared with the general path (`FastPathTests`) and
/// with closed-form edges (`FastPathTests+EdgeCoverage`).
extension FastPathTests {
    /// How many 4-column quads of the current layer have each `SamplingTables.quad` layout.
    struct QuadKinds {
        var contiguous = 0, skipped = 0, pairsOnly = 0, none = 0

        init() {}

        init(_ tables: SamplingTables) {
            for k in 0..<max(tables.count - 3, 0) {
                let f = tables.quad[k]
                if f & SamplingTables.contiguous != 0 {
                    contiguous += 1
                } else if f & SamplingTables.steps != 0 {
                    skipped += 1
                } else if f & SamplingTables.pairs != 0 {
                    pairsOnly += 1
                } else {
                    none += 1
                }
            }
        }

        mutating func add(_ other: QuadKinds) {
            contiguous += other.contiguous; skipped += other.skipped; pairsOnly += other.pairsOnly; none += other.none
        }
    }

    /// The opaque fast-path sampling of `map` over device columns `0..<columns`, expected in
    /// `mode` (`name` in the message), its quads' layouts added to `total`.
    static func sampling(
        _ map: Homography, _ sampler: BilinearSampler, columns: Int, tables: SamplingTables, mode: ContentsSampling.Mode,
        _ name: String, total: inout QuadKinds
    ) -> ContentsSampling {
        let sampling = ContentsSampling(map: map, sampler: sampler, opaque: true, columns: 0..<columns, tables: tables, fastPaths: true)
        #expect(sampling.mode == mode, "\(name)")
        total.add(QuadKinds(tables))
        return sampling
    }

    /// Device → image maps of the `columns` mode over 120 device columns of a 97x83 image:
    /// (m11, m12, m13, m31, m32) with m22 = 1, m21 = m23 = 0, m33 = 1.
    static let columnMaps: [(String, [Double])] = [
        ("near identity", [1, 0.004, 0.0002, 0.3, 0.2]),
        ("tilted back", [1.2, 0.02, 0.001, 0.1, -0.4]),
        ("steep", [2.4, 0.01, 0.002, 0, 0]),
        ("rows step every column", [0.9, 0.35, 0.0005, 0, 0]),
        ("clamped at every edge", [1.05, 0.01, 0.0004, -9.5, -6.25]),
        ("behind the eye", [1, 0.01, -0.0125, 0, 0]),
    ]

    @Test func columnWarpRowKernelMatchesPerPixelSource() {
        let width = 97, height = 83, columns = 120
        let img = Self.image(width: width, height: height, opaque: true)
        var total = QuadKinds()
        var behindTheEye = 0
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: .native)
            for (name, m) in Self.columnMaps {
                let map = Homography(m11: m[0], m12: m[1], m13: m[2], m21: 0, m22: 1, m23: 0, m31: m[3], m32: m[4], m33: 1)
                let sampling = Self.sampling(map, sampler, columns: columns, tables: tables, mode: .columns, name, total: &total)
                behindTheEye += (0..<columns).filter { tables.wx[$0] == SamplingTables.invalid }.count
                // Rows in order (one add a row), then back and out of order (a multiply-add),
                // runs of every phase and length, across the 64-column blocks of `v`.
                let rows = Array(-3..<(height + 3)) + [40, 7, 41, 90, 2]
                let runs = [(0, columns), (3, 61), (70, 50), (1, 6), (63, 2), (5, 114)]
                for (n, y) in rows.enumerated() {
                    let (x, count) = runs[n % runs.count]
                    let sentinel: UInt32 = 0xdead_beef
                    var got = [UInt32](repeating: sentinel, count: columns)
                    got.withUnsafeMutableBufferPointer { sampling.drawColumnsRun($0.baseAddress! + x, x: x, y: y, count: count) }
                    let source = ColumnSource(
                        pixels: pixels, stride: img.rowStride, height: height, row: Int64(y),
                        x0: tables.x0, x1: tables.x1, wx: tables.wx, a: tables.a, b: tables.b)
                    var mismatches = 0
                    for X in 0..<columns {
                        let inRun = X >= x && X < x + count
                        let expected = inRun && source.covers(X) ? source.pixel(X) : sentinel
                        if got[X] != expected { mismatches += 1 }
                    }
                    #expect(mismatches == 0, "\(name), row \(y), run \(x)..<\(x + count): \(mismatches) pixels differ")
                    // Drawn: the run's columns in front of the eye, where the map's w =
                    // m13·(X + ½) + m33 (m23 = 0, pixel centres) is positive.
                    let inFront = (x..<(x + count)).filter { m[2] * (Double($0) + 0.5) + 1 > 0 }.count
                    #expect(got.filter { $0 != sentinel }.count == inFront, "\(name), row \(y): \(inFront) columns in front")
                }
            }
        }
        // Every load pattern of the kernel was exercised.
        #expect(total.contiguous > 0 && total.skipped > 0 && total.pairsOnly > 0 && total.none > 0, "\(total)")
        #expect(behindTheEye > 0)
    }

    @Test func columnRunsInStripsMatchRowByRow() {
        // Runs recorded per row across three strips of `ContentsSampling.stripColumns`, drawn
        // strip by strip, against the same runs drawn row by row as they come.
        let width = 700, height = 90, rows = 40
        let img = Self.image(width: width, height: height, opaque: true)
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let map = Homography(m11: 1.15, m12: 0.02, m13: 0.0004, m21: 0, m22: 1, m23: 0, m31: 0.2, m32: 3.3, m33: 1)
            let band = PixelRect(x0: 0, y0: 5, x1: width, y1: 5 + rows)
            func render(_ strips: Bool) -> [UInt32] {
                let tables = SamplingTables(kernels: .native)
                tables.runs.prepare(band: band)
                let sampling = ContentsSampling(
                    map: map, sampler: sampler, opaque: true, columns: 0..<width, tables: tables, fastPaths: true)
                var out = [UInt32](repeating: 0xdead_beef, count: width * rows)
                out.withUnsafeMutableBufferPointer { buffer in
                    let plane = PixelPlane(base: buffer.baseAddress!, stride: width, originY: band.y0)
                    for y in band.y0..<band.y1 {
                        let x = 3 + (y * 37) % 50, count = width - 10 - x - (y * 11) % 60
                        if strips {
                            #expect(tables.runs.record(y: y, x: x, count: count))
                        } else {
                            sampling.drawColumnsRun(plane.row(y) + x, x: x, y: y, count: count)
                        }
                    }
                    if strips { sampling.drawColumnRuns(tables.runs, into: plane) }
                }
                #expect(tables.runs.rows.isEmpty)
                return out
            }
            let inStrips = render(true), rowByRow = render(false)
            #expect(width > 2 * ContentsSampling.stripColumns)
            #expect(inStrips == rowByRow)
            #expect(inStrips.contains(0xdead_beef) && inStrips.contains { $0 != 0xdead_beef })
        }
    }

    @Test func separableQuadsMatchPerPixelSource() {
        let width = 97, height = 83, columns = 150
        let img = Self.image(width: width, height: height, opaque: true)
        var total = QuadKinds()
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: .native)
            // Downscales (one skipped column, wider steps), an upscale, clamped edges.
            for (sx, tx) in [(0.95, 0.3), (1.07, -0.2), (1.9, 0.45), (0.6, 0.1), (0.93, -7.5), (1.01, 20.0)] {
                let map = Homography(scaleX: sx, y: 1.03, translationX: tx, y: 0.37)
                _ = Self.sampling(map, sampler, columns: columns, tables: tables, mode: .separable, "scale \(sx)", total: &total)
                for (r0, r1, wy) in [(0, 1, UInt32(77)), (40, 41, 256), (82, 82, 0), (10, 11, 1)] {
                    let source = SeparableSource(
                        r0: pixels + r0 * img.rowStride, r1: pixels + r1 * img.rowStride, x0: tables.x0, x1: tables.x1,
                        wx: tables.wx, quad: tables.quad, masks: tables.stepMasks, wy: wy)
                    for i in 0..<(columns - 3) {
                        let four = source.pixels4(i)
                        let expected = SIMD4(source.pixel(i), source.pixel(i + 1), source.pixel(i + 2), source.pixel(i + 3))
                        #expect(four == expected, "scale \(sx) at column \(i), rows \(r0), \(r1)")
                    }
                }
            }
        }
        #expect(total.contiguous > 0 && total.skipped > 0 && total.pairsOnly > 0 && total.none > 0, "\(total)")
    }
}
