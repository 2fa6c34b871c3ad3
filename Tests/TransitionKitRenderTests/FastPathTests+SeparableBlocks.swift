import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// `SeparableRows`' horizontal-first form (`SeparableBlocks`: the x lerp of each image row once,
/// in blocks of 8 columns by `pmaddubsw`, then the y lerp of two held rows) against the
/// per-pixel 2x2 blend of the same taps (`SeparableSource.pixel`, `BilinearSampler.blend`), bit
/// for bit: scales just under and over 1 (a column skipped or read twice in a block), a tap
/// weight of 256 (taken as the next pixel at weight 0), taps clamped at the image's left edge,
/// runs of every phase and length (the last pixels of a run stored twice, runs under 8 pixels
/// in Swift), y weights 0, 1, 128, 255 and 256, one image row for both taps, and rows taken in
/// the orders a band takes them (each device row one image row down, the same pair again, a
/// pair over a longer run than the one held).
extension FastPathTests {
    @Test func separableBlocksMatchPerPixelBlend() {
        Self.onBothKernelTables { checkSeparableBlocks($0) }
    }

    private func checkSeparableBlocks(_ kernels: KernelTable) {
        let width = 300, height = 12, columns = 256
        let img = Self.image(width: width, height: height, opaque: true)
        var weight256 = 0, clamped = 0, horizontalFirst = 0, checked = 0, mismatches: [String] = []
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: kernels)
            // (x scale, x offset): image x = (device x + ½)·scale + offset − ½.
            let maps: [(Double, Double)] = [(0.9, 0.3), (0.95, 5.2), (1.0, 0.999), (0.9995, 0.01), (1.05, 2.7), (1.1, 0.45), (0.93, -0.4)]
            for (sx, tx) in maps {
                let sampling = ContentsSampling(
                    map: Homography(scaleX: sx, y: 1, translationX: tx, y: 0), sampler: sampler, opaque: true,
                    columns: 0..<columns, tables: tables, fastPaths: true)
                #expect(sampling.mode == .separable, "scale \(sx)")
                weight256 += (0..<columns).filter { tables.wx[$0] == 256 && tables.x1[$0] == tables.x0[$0] + 1 }.count
                clamped += (0..<columns).filter { tables.x0[$0] == tables.x1[$0] }.count
                if tables.separableRows.horizontalFirst { horizontalFirst += 1 }
                let rowPairs: [(Int, Int, UInt32)] = [
                    (0, 1, 77), (1, 2, 1), (2, 3, 255), (2, 3, 128), (3, 4, 0), (4, 5, 256), (11, 11, 0), (11, 11, 200), (5, 6, 90),
                ]
                let runs = [(0, 8), (3, 5), (9, 61), (0, columns), (17, 200), (250, 6), (64, 64), (1, 7), (255, 1)]
                for (r0, r1, wy) in rowPairs {
                    for (x, count) in runs {
                        let wrong = Self.separableRunMismatches(
                            tables, pixels: pixels, stride: img.rowStride, rows: (r0, r1, wy), run: (x, count), columns: columns,
                            imageWidth: width, streaming: count >= 64)
                        checked += 1
                        if wrong > 0 { mismatches.append("scale \(sx) rows \(r0), \(r1) at \(wy), run \(x)..<\(x + count): \(wrong)") }
                    }
                }
            }
        }
        RowStores.fence()
        #expect(checked == 7 * 9 * 9)
        #expect(mismatches.count == 0, "runs differ: \(mismatches.prefix(4))")
        // The cases the form treats specially were there, and the form was taken wherever the
        // table is AVX2 (the 0.93 map clamps its first column, one block read column by column).
        #expect(weight256 > 0 && clamped > 0, "\(weight256) \(clamped)")
        #expect(horizontalFirst == (kernels.avx2 ? 7 : 0))
    }
}
