import CPixelKernels
import Foundation
import TransitionKitCore

/// Drawing a shadow (`LoweredCommand.shadow`): per row of the band, the plan's slabs that reach
/// it are summed (each its vertical factor at the row times its horizontal table) into the row's
/// coverage, and the shadow's colour is blended over the target through the clip with it.
extension BandRenderer {
    /// Blends `color` (premultiplied, packed) with `plan`'s coverage over `plane` through `clip`.
    /// - Complexity: O(rows · (slabs + Σ the reaching slabs' widths)) in the band; no allocation
    ///   once the row buffers have grown.
    func drawShadow(_ plan: ShadowPlan, color: UInt32, clip: Clip, into plane: PixelPlane) {
        guard color != 0, let clip = materialized(clip) else { return }
        let b = plan.box.intersection(clip.bounds)
        guard !b.isEmpty else { return }
        let n = b.width
        if shadowSums.count < n {
            shadowSums = [Float](repeating: 0, count: n)
            shadowCoverage = [UInt8](repeating: 0, count: n)
        }
        let pending = tables.pending
        if clip.mask != nil { pending.flushAll() }
        shadowSums.withUnsafeMutableBufferPointer { sums in
            shadowCoverage.withUnsafeMutableBufferPointer { coverage in
                plan.profiles.withUnsafeBufferPointer { profiles in
                    for y in b.y0..<b.y1 {
                        sums.baseAddress!.update(repeating: 0, count: n)
                        var any = false
                        for j in 0..<plan.slabCount where plan.reaches(j, y: y) {
                            let w = plan.rowWeight(j, y: y)
                            let lo = max(plan.lo[j], b.x0), hi = min(plan.hi[j], b.x1)
                            guard w > 0, lo < hi else { continue }
                            any = true
                            let src = profiles.baseAddress! + plan.offset[j] + (lo - plan.lo[j])
                            let dst = sums.baseAddress! + (lo - b.x0)
                            for i in 0..<(hi - lo) { dst[i] += w * src[i] }
                        }
                        guard any else { continue }
                        let row = plane.row(y), maskRow = clip.mask?.row(y)
                        forEachDamagedRun(y: y, from: b.x0, to: b.x1) { lo, hi in
                            if clip.mask == nil { pending.flush(y: y, dst: row + lo, count: hi - lo, reads: true) }
                            // Without a clip mask, the AVX2 span kernel where the table has it; the
                            // rest (or all of it) through the coverage row (the same bytes).
                            var done = 0
                            #if arch(x86_64)
                                if maskRow == nil && tables.kernels.avx2 {
                                    done = tk_shadow_span_avx2(row + lo, sums.baseAddress! + (lo - b.x0), hi - lo, color)
                                    if done > 0 { tables.kernels.tookAVX2() }
                                }
                            #endif
                            let x = lo + done, k = x - b.x0
                            guard x < hi else { return }
                            for i in k..<(hi - b.x0) { coverage[i] = UInt8(min(max(sums[i] * 255 + 0.5, 0), 255)) }
                            SpanKernels.solid(
                                row + x, coverage: UnsafePointer(coverage.baseAddress! + k),
                                clip: maskRow.map { UnsafePointer($0 + x) }, count: hi - x, color: color)
                        }
                    }
                }
            }
        }
    }
}
