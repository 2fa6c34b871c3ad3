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
/// the AVX2 kernels (where the CPU has AVX2, which the test checks is then used) and SSE2.
/// Serialises `FastPathTests.onBothKernelPaths` and `onTheCPUsKernelPath`.
private let kernelPathLock = NSLock()

extension FastPathTests {
    /// (x scale, x offset) of the device → image map over `columns` device columns.
    static let separableRowMaps: [(Double, Double)] = [
        (0.9, 0.3), (0.9995, 0.01), (1.0015, -0.2), (1.1, 0.45), (2.05, 0.1), (0.45, 3.3),
        (0.93, -7.5), (1.01, 20.0), (-0.97, 140.0),
    ]

    @Test func separableRowRunsMatchPerPixelBlend() {
        #if arch(x86_64) && os(Linux)
            // The CPU's own word (the kernel's flag list) on AVX2 against the run-time check.
            #expect(LerpKernels.cpuHasAVX2 == cpuInfoListsFlag("avx2"))
        #endif
        Self.onBothKernelPaths { checkSeparableRowRuns() }
    }

    /// Runs `body` on the AVX2 kernels (`LerpKernels.avx2`), expecting them taken where the CPU
    /// has AVX2, then again with SSE2 forced. One switch for the process, and tests run in
    /// parallel: a lock keeps the callers of this from overlapping (the others get the same
    /// numbers on either path, but may count AVX2 calls, so the forced run is not checked
    /// for none).
    static func onBothKernelPaths(_ body: () -> Void) {
        kernelPathLock.lock()
        defer { LerpKernels.forceSSE2 = false; kernelPathLock.unlock() }
        for forceSSE2 in [false, true] {
            LerpKernels.forceSSE2 = forceSSE2
            let calls = LerpKernels.avx2Calls
            body()
            if !forceSSE2 { #expect((LerpKernels.avx2Calls > calls) == LerpKernels.cpuHasAVX2) }
        }
    }

    /// Runs `body` with the kernel path left as the CPU has it, serialised with
    /// `onBothKernelPaths`: for tests that check which path their kernels took (a run of
    /// `onBothKernelPaths` forcing SSE2 meanwhile made them see the other one).
    static func onTheCPUsKernelPath(_ body: () -> Void) {
        kernelPathLock.lock()
        defer { kernelPathLock.unlock() }
        body()
    }

    private func checkSeparableRowRuns() {
        let width = 131, height = 29, columns = 150
        let img = Self.image(width: width, height: height, opaque: true)
        var clampedLeft = 0, clampedRight = 0
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables()
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
