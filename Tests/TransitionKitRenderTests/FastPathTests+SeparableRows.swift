import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The separable mode's two-pass runs (`SeparableRows`: a vertical lerp per image column, then
/// a horizontal one per device pixel) against the per-pixel 2x2 blend of the same taps
/// (`SeparableSource.pixel`, which is `BilinearSampler.blend`): bit for bit, for downscales
/// (a skipped column now and then, every other column), upscales (a column read twice), a
/// flip, taps clamped at both of the image's edges, runs of every length and phase (the
/// four-pixel loop and the pixel-by-pixel tail), and rows at every kind of y weight; on both
/// kernel tables (`onBothKernelTables`: AVX2 where the CPU has it, which is then checked to be
/// used, and SSE2).
extension FastPathTests {
    /// (x scale, x offset) of the device → image map over `columns` device columns.
    static let separableRowMaps: [(Double, Double)] = [
        (0.9, 0.3), (0.9995, 0.01), (1.0015, -0.2), (1.1, 0.45), (2.05, 0.1), (0.45, 3.3),
        (0.93, -7.5), (1.01, 20.0), (-0.97, 140.0),
    ]

    @Test func separableRowRunsMatchPerPixelBlend() {
        Self.onBothKernelTables { checkSeparableRowRuns($0) }
    }

    private func checkSeparableRowRuns(_ kernels: KernelTable) {
        let width = 131, height = 29, columns = 150
        let img = Self.image(width: width, height: height, opaque: true)
        var clampedLeft = 0, clampedRight = 0
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: kernels)
            for (sx, tx) in Self.separableRowMaps {
                let map = Homography(scaleX: sx, y: 1, translationX: tx, y: 0)
                let sampling = ContentsSampling(
                    map: map, sampler: sampler, opaque: true, columns: 0..<columns, tables: tables, fastPaths: true)
                #expect(sampling.mode == .separable, "scale \(sx)")
                clampedLeft += (0..<columns).filter { tables.x0[$0] == 0 && tables.x1[$0] == 0 }.count
                clampedRight += (0..<columns).filter { Int(tables.x0[$0]) == width - 1 && Int(tables.x1[$0]) == width - 1 }.count
                let runs = [(0, columns), (1, 3), (2, 4), (3, 5), (7, 130), (140, 10), (149, 1), (64, 7)]
                for (r0, r1, wy) in [(0, 1, UInt32(77)), (10, 11, 256), (28, 28, 0), (5, 6, 1), (20, 21, 128), (0, 0, 200)] {
                    for (x, count) in runs {
                        let mismatches = Self.separableRunMismatches(
                            tables, pixels: pixels, stride: img.rowStride, rows: (r0, r1, wy), run: (x, count), columns: columns,
                            imageWidth: width)
                        #expect(mismatches == 0, "scale \(sx) offset \(tx), rows \(r0), \(r1) at \(wy), run \(x)..<\(x + count)")
                    }
                }
            }
        }
        // Both clamped edges were read (the flip and the offsets reach past them).
        #expect(clampedLeft > 0 && clampedRight > 0, "\(clampedLeft) \(clampedRight)")
    }

    /// `SeparableRows.write` of device columns `run` (x, count) between image rows r0 and r1 at
    /// weight wy (`rows`) into a row of `columns` + 1 sentinels, against `SeparableSource.pixel`
    /// of the same taps inside the run and the sentinel outside it: the pixels that differ.
    static func separableRunMismatches(
        _ tables: SamplingTables, pixels: UnsafePointer<UInt32>, stride: Int, rows: (Int, Int, UInt32), run: (Int, Int),
        columns: Int, imageWidth: Int, streaming: Bool = false
    ) -> Int {
        let (r0, r1, wy) = rows, (x, count) = run
        let source = SeparableSource(
            r0: pixels + r0 * stride, r1: pixels + r1 * stride, x0: tables.x0, x1: tables.x1, wx: tables.wx, quad: tables.quad,
            masks: tables.stepMasks, wy: wy)
        let sentinel: UInt32 = 0xdead_beef
        var got = [UInt32](repeating: sentinel, count: columns + 1)
        got.withUnsafeMutableBufferPointer {
            tables.separableRows.write(
                $0.baseAddress! + x, k: x, count: count, r0: pixels + r0 * stride, r1: pixels + r1 * stride, wy: wy,
                imageWidth: imageWidth, streaming: streaming)
        }
        return (0...columns).filter { X in got[X] != (X >= x && X < x + count ? source.pixel(X) : sentinel) }.count
    }
}
