import CPixelKernels
import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// The row the kernels prefetch while drawing a row (`RowSamples.ahead`, `SeparableRows.write`'s
/// `ahead`): the image row the next device row reads and this one does not, worked out here by
/// hand from the tap definition (`BilinearSampler.tap`: device row Y's centre maps to image
/// v = (Y + ½)·sy + ty − ½, read from rows ⌊v⌋ and ⌊v⌋ + 1 clamped to the image); and the
/// prefetch is a hint only: pointing it at an inaccessible page changes nothing and faults
/// nowhere, on both kernel paths.
extension FastPathTests {
    @Test func rowAheadIsTheImageRowTheNextDeviceRowAddsInPreference() {
        let width = 8, height = 20
        let img = Self.image(width: width, height: height, opaque: true)
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            // (sy, ty, [(device row Y, the row ahead or nil)]).
            let cases: [(Double, Double, [(Int, Int?)])] = [
                // A quarter-pixel slide: v = Y + ¼, rows Y and Y + 1; row Y + 1 reads Y + 2. At
                // Y = 18 the next row reads 19 and 19 (clamped): nothing new.
                (1, 0.25, [(0, 2), (5, 7), (17, 19), (18, nil), (19, nil)]),
                // A 2x upscale: v = Y/2 − ¼; Y = 0 reads 0 and 0 (clamped), Y = 1 reads 0 and 1,
                // Y = 2 reads 0 and 1, Y = 3 reads 1 and 2.
                (0.5, 0, [(0, 1), (1, nil), (2, 2)]),
                // A 3x downscale: v = 3Y + 1, rows 3Y + 1 and 3Y + 2; both of the next row's are
                // new and the first is taken.
                (3, 0, [(0, 4), (1, 7)]),
                // A flip: v = 19 − Y, rows 19 − Y and 20 − Y (clamped to 19); the next row adds 18 − Y.
                (-1, 20, [(0, 18), (4, 14)]),
            ]
            let tables = SamplingTables(kernels: .native)
            for (sy, ty, expected) in cases {
                let sampling = ContentsSampling(
                    map: Homography(scaleX: 1, y: sy, translationX: 0, y: ty), sampler: sampler, opaque: true, columns: 0..<width,
                    tables: tables, fastPaths: true)
                #expect(sampling.mode == .separable, "sy \(sy)")
                for (y, row) in expected {
                    let got = sampling.rowAhead(y: y, rows: sampling.separableRowTap(y))
                    #expect(got == row.map { UnsafePointer(pixels + $0 * img.rowStride) }, "sy \(sy) ty \(ty) row \(y)")
                }
            }
        }
    }

    @Test func rowKernelsNeverReadTheRowAhead() {
        Self.onBothKernelTables { checkRowAheadUnread($0) }
    }

    private func checkRowAheadUnread(_ kernels: KernelTable) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let guardPage = mmap(nil, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        precondition(guardPage != MAP_FAILED)
        defer { munmap(guardPage, page) }
        let unreadable = UnsafePointer(guardPage.bindMemory(to: UInt32.self, capacity: page / 4))
        let width = 300, height = 9, columns = 300
        let img = Self.image(width: width, height: height, opaque: true)
        var wrong: [String] = []
        img.withUnsafePixels { pixels in
            let r0 = pixels + 3 * img.rowStride, r1 = pixels + 4 * img.rowStride
            var plain = [UInt32](repeating: 0, count: columns), hinted = plain
            for n in [0, 1, 7, 8, 15, 16, 17, 63, 64, 65, 256, 271, width] {
                for w: UInt32 in [1, 77, 255] {
                    plain.withUnsafeMutableBufferPointer { BlendKernels.lerp($0.baseAddress!, r0, r1, count: n, weight: w, kernels: kernels) }
                    hinted.withUnsafeMutableBufferPointer {
                        BlendKernels.lerp($0.baseAddress!, r0, r1, count: n, weight: w, ahead: unreadable, kernels: kernels)
                    }
                    if plain != hinted { wrong.append("lerp n \(n) w \(w)") }
                }
                // A streamed copy (from 256 pixels) prefetches its row ahead.
                plain.withUnsafeMutableBufferPointer { RowStores.copy($0.baseAddress!, from: r0, count: n, streaming: false) }
                hinted.withUnsafeMutableBufferPointer {
                    RowStores.copy($0.baseAddress!, from: r0, count: n, streaming: true, ahead: unreadable)
                }
                if plain != hinted { wrong.append("copy n \(n)") }
            }
            let sampler = BilinearSampler(pixels: pixels, width: width, height: height, stride: img.rowStride)
            let tables = SamplingTables(kernels: kernels)
            for (sx, tx) in Self.separableRowMaps {
                _ = ContentsSampling(
                    map: Homography(scaleX: sx, y: 1, translationX: tx, y: 0), sampler: sampler, opaque: true,
                    columns: 0..<columns, tables: tables, fastPaths: true)
                for (x, n) in [(0, columns), (3, 17), (64, 65)] {
                    plain.withUnsafeMutableBufferPointer {
                        tables.separableRows.write($0.baseAddress!, k: x, count: n, r0: r0, r1: r1, wy: 77, imageWidth: width)
                    }
                    hinted.withUnsafeMutableBufferPointer {
                        tables.separableRows.write(
                            $0.baseAddress!, k: x, count: n, r0: r0, r1: r1, wy: 77, imageWidth: width, ahead: unreadable)
                    }
                    if plain != hinted { wrong.append("separable scale \(sx) run \(x)..<\(x + n)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) rows differ: \(wrong.prefix(5))")
    }

    /// The AVX2 vertical lerp asks for each 64-byte line of its row ahead once (`row_ahead.h`),
    /// streamed or not, at every start alignment of the destination and of the row ahead: a
    /// streamed row's 8-pixel steps start at the row's first whole line (`TK_STORE_ROW8`), not
    /// at a multiple of 8, and a rule keyed to the step's index (a multiple of 16) then asked for
    /// none of the row's lines after the first at 14 of the 16 alignments. The row ahead is an
    /// inaccessible page, so a read of it would fault. Counted in debug builds only
    /// (`tk_ahead_prefetches`), where the AVX2 kernels run.
    @Test func verticalLerpPrefetchesEachLineOfTheRowAheadAtEveryAlignment() {
        Self.onBothKernelTables { checkRowAheadPrefetches($0) }
    }

    private func checkRowAheadPrefetches(_ kernels: KernelTable) {
        #if DEBUG && arch(x86_64)
            guard kernels.avx2 else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let guardPage = mmap(nil, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
            precondition(guardPage != MAP_FAILED)
            defer { munmap(guardPage, page) }
            let unreadable = UnsafePointer(guardPage.bindMemory(to: UInt32.self, capacity: page / 4))
            let width = 300, n = 300
            let img = Self.image(width: width, height: 2, opaque: true)
            let raw = UnsafeMutableRawPointer.allocate(byteCount: (n + 16) * 4, alignment: 64)
            defer { raw.deallocate() }
            let row = raw.bindMemory(to: UInt32.self, capacity: n + 16)
            var wrong: [String] = []
            img.withUnsafePixels { pixels in
                let r0 = UnsafePointer(pixels), r1 = UnsafePointer(pixels + img.rowStride)
                for streaming in [false, true] {
                    for offset in 0..<16 {
                        for aheadOffset in 0..<16 {
                            let before = tk_ahead_prefetches()
                            BlendKernels.lerp(
                                row + offset, r0, r1, count: n, weight: 77, ahead: unreadable + aheadOffset, kernels: kernels, streaming: streaming)
                            let asked = tk_ahead_prefetches() - before
                            // At least n − 15 pixels in 8-pixel steps: 18 or 19 lines, the first
                            // and last perhaps not asked for (or the first twice, after the
                            // masked step before the first whole line).
                            if asked < n / 16 - 2 || asked > n / 16 + 2 {
                                wrong.append("streaming \(streaming) offset \(offset) ahead +\(aheadOffset): \(asked) lines")
                            }
                        }
                    }
                }
            }
            RowStores.fence()
            #expect(wrong.isEmpty, "\(wrong.count) rows: \(wrong.prefix(5))")
        #endif
    }
}
