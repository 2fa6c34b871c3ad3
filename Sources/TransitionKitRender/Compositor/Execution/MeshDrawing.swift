import CPixelKernels
import Foundation
import TransitionKitCore

/// Drawing a mesh plan (`MeshPlan`, a layer's `meshTransform`): faces are accumulated into a
/// strip of rows, then the strip is composited once, so edges shared by faces leave no seam.
///
/// Per strip of `CoverageRasterizer.bandHeight` rows, each face in painter's order is
/// rasterised (exact-area coverage c of the pixel, 0...1) and each of its pixels sampled
/// (bilinear, through the face's device → contents map, over the background, the back-face
/// tint over that for a face seen from behind: a premultiplied colour s of alpha a). The strip
/// keeps, per pixel, the premultiplied sum S and the covered area C (0...1) of the faces so far,
/// and adds a face by the disjoint rule: the face is taken to lie beside what is there as far
/// as the pixel's area allows, and only the excess o = max(0, C + c − 1) to lie over it, which it
/// covers by its alpha: S ← S·(1 − a·o/C) + c·s, C ← min(1, C + c). Two faces that share an
/// edge (c₁ + c₂ = 1) so sum their exact areas, and a face over an interior pixel of another
/// (C = 1) is source-over (S ← S·(1 − c·a) + c·s): Porter and Duff's disjoint assumption
/// ("Compositing Digital Images", SIGGRAPH 1984, §4; XRender's `DisjointOver`).
///
/// The rule holds for faces that lie side by side; a face crossing two faces it covers would
/// let the covered one show along their shared edge. So the faces are summed in runs: each
/// run of consecutive faces (in painter's order) turned the same way, front or back, is summed
/// alone and composited, rounded once, source-over through the clip times the layer's opacity
/// before the next run (a curled page: the roll's front strips, then its back strips and the
/// flat back over them).
extension BandRenderer {
    /// Draws `plan` times `alpha` (0...255) through `clip` into `plane`.
    /// - Complexity: O(faces · strips they touch) rasteriser calls, plus per face pixel one
    ///   bilinear sample and a perspective divide, plus per pixel of the faces' box one
    ///   composite. Where the kernels run on AVX2 (`KernelTable`), 8 pixels a step
    ///   (`tk_mesh_span_avx2`, `tk_mesh_resolve_avx2`: the same bytes).
    func drawMesh(_ plan: MeshPlan, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        guard let clip = materialized(clip) else { return }
        let box = clip.bounds.intersection(plan.box)
        guard !box.isEmpty, plan.count > 0 else { return }
        tables.pending.flushAll()
        let width = box.width, strip = CoverageRasterizer.bandHeight
        if meshCoverage.count < strip * width {
            // Zero once: every pass leaves the strip zero behind it (`resolveMeshStrip`).
            meshCoverage = [Float](repeating: 0, count: strip * width)
            meshSums = [Float](repeating: 0, count: 4 * strip * width)
        }
        let background = plan.background, tint = plan.backTint
        let planeSize = meshCoverage.count
        func draw(_ sampler: BilinearSampler?) {
            // The AVX2 kernel's gathers index the image with 32-bit offsets.
            let kernel = tables.kernels.avx2 && sampler.map { $0.height &* $0.stride < Int(Int32.max) } == true
            meshCoverage.withUnsafeMutableBufferPointer { coverageBuffer in
                meshSums.withUnsafeMutableBufferPointer { sumBuffer in
                    let coverage = coverageBuffer.baseAddress!
                    let strips = MeshStrip(area: coverage, sums: sumBuffer.baseAddress!, planeSize: planeSize, width: width)
                    var y0 = box.y0
                    while y0 < box.y1 {
                        let y1 = min(y0 + strip, box.y1)
                        let rows = PixelRect(x0: box.x0, y0: y0, x1: box.x1, y1: y1)
                        var touched = PixelRect.empty
                        for k in 0..<plan.count {
                            let face = plan.face(k)
                            if k > 0 && face.isBack != plan.face(k - 1).isBack && !touched.isEmpty {
                                // A new run: the last one composited (which clears the strip).
                                resolveMeshStrip(touched, origin: (box.x0, y0), strips, clip: clip, alpha: alpha, into: plane)
                                touched = .empty
                            }
                            guard !face.box.intersection(rows).isEmpty else { continue }
                            let h = face.deviceToSource
                            let faceTint = face.isBack ? tint : 0
                            let drawn = rasterizer.fill(face.polygon, rule: .nonZero, clip: rows) { span in
                                let py = Double(span.y) + 0.5
                                let u0 = py * h.m21 + h.m31, v0 = py * h.m22 + h.m32, w0 = py * h.m23 + h.m33
                                let at = (span.y - y0) * width - box.x0 + span.x
                                let n = span.count + span.solidCount
                                var done = 0
                                if kernel, let sampler {
                                    let map = (h.m11, h.m12, h.m13, u0, v0, w0)
                                    done = withUnsafePointer(to: map) { m in
                                        m.withMemoryRebound(to: Double.self, capacity: 6) { m in
                                            tk_mesh_span_avx2(
                                                sampler.pixels, sampler.width, sampler.height, sampler.stride, m, span.x, n,
                                                span.coverage, span.count, span.solidCoverage, background, faceTint, coverage + at,
                                                strips.plane(0) + at, strips.plane(1) + at, strips.plane(2) + at, strips.plane(3) + at)
                                        }
                                    }
                                    tables.kernels.tookAVX2()
                                }
                                for i in done..<n {
                                    let c = i < span.count ? UInt32(span.coverage[i]) : span.solidCoverage
                                    guard c > 0 else { continue }
                                    let px = Double(span.x + i) + 0.5
                                    var s = background
                                    if let sampler {
                                        let w = px * h.m13 + w0
                                        guard w > 0 else { continue }
                                        let iw = 1 / w
                                        s = PixelMath.over(sampler.sample((px * h.m11 + u0) * iw - 0.5, (px * h.m12 + v0) * iw - 0.5), background)
                                    }
                                    if faceTint != 0 { s = PixelMath.over(PixelMath.scale(faceTint, s &>> 24), s) }
                                    strips.accumulate(s, coverage: c, at: at + i)
                                }
                            }
                            touched = touched.isEmpty ? drawn : drawn.isEmpty ? touched : touched.union(drawn)
                        }
                        if !touched.isEmpty {
                            resolveMeshStrip(touched, origin: (box.x0, y0), strips, clip: clip, alpha: alpha, into: plane)
                        }
                        y0 = y1
                    }
                }
            }
        }
        if let image = plan.image {
            image.withUnsafePixels { pixels in
                draw(BilinearSampler(pixels: pixels, width: image.width, height: image.height, stride: image.rowStride))
            }
        } else {
            draw(nil)
        }
    }

    /// Composites the pixels `rect` of a strip whose top-left is `origin` (sums rounded to 8
    /// bits, channels kept at most their alpha) source-over through `clip` times `alpha`, and
    /// leaves the strip zero there.
    private func resolveMeshStrip(
        _ rect: PixelRect, origin: (x: Int, y: Int), _ strips: MeshStrip, clip: Clip, alpha: UInt32, into plane: PixelPlane
    ) {
        let kernel = tables.kernels.avx2
        for y in rect.y0..<rect.y1 {
            let row = plane.row(y), mask = clip.mask?.row(y)
            let line = (y - origin.y) * strips.width - origin.x
            let area = strips.area + line, r = strips.plane(0) + line, g = strips.plane(1) + line
            let b = strips.plane(2) + line, a = strips.plane(3) + line
            forEachDamagedRun(y: y, from: rect.x0, to: rect.x1) { lo, hi in
                if kernel {
                    tk_mesh_resolve_avx2(row + lo, mask.map { $0 + lo }, alpha, area + lo, r + lo, g + lo, b + lo, a + lo, hi - lo)
                    tables.kernels.tookAVX2()
                    return
                }
                for x in lo..<hi where area[x] > 0 {
                    let va = a[x]
                    let aa = UInt32(min(255, max(0, va + 0.5)))
                    guard aa > 0 else { continue }
                    func channel(_ f: Float) -> UInt32 { min(aa, UInt32(min(255, max(0, f + 0.5)))) }
                    var s = channel(r[x]) | channel(g[x]) << 8 | channel(b[x]) << 16 | aa << 24
                    var m = alpha
                    if let mask { m = PixelMath.mul(UInt32(mask[x]), alpha) }
                    guard m > 0 else { continue }
                    if m != 255 { s = PixelMath.scale(s, m) }
                    row[x] = PixelMath.over(s, row[x])
                }
            }
            // The strip is left zero for the next pass (every pixel a pass writes lies in `rect`).
            (area + rect.x0).update(repeating: 0, count: rect.width)
            (r + rect.x0).update(repeating: 0, count: rect.width)
            (g + rect.x0).update(repeating: 0, count: rect.width)
            (b + rect.x0).update(repeating: 0, count: rect.width)
            (a + rect.x0).update(repeating: 0, count: rect.width)
        }
    }
}

/// A mesh strip (`drawMesh`): per pixel, the covered area (0...1) and the premultiplied sums
/// of the faces so far, as five planes of `planeSize` floats (area, then r, g, b, a), rows
/// `width` apart.
struct MeshStrip {
    let area: UnsafeMutablePointer<Float>
    let sums: UnsafeMutablePointer<Float>
    let planeSize: Int
    let width: Int

    /// Channel plane `c` (0...3: r, g, b, a).
    @inline(__always) func plane(_ c: Int) -> UnsafeMutablePointer<Float> { sums + c &* planeSize }

    /// Adds a face's premultiplied sample `s` at coverage `c` (0...255) to pixel `i`'s sum and
    /// area by the disjoint rule (see `drawMesh`'s overview).
    @inline(__always)
    func accumulate(_ s: UInt32, coverage c: UInt32, at i: Int) {
        let cf = Float(c) * (1 / 255)
        let have = area[i]
        let sample = SIMD4<Float>(Float(s & 0xff), Float((s &>> 8) & 0xff), Float((s &>> 16) & 0xff), Float(s &>> 24))
        let excess = have + cf - 1
        var sum = SIMD4<Float>(plane(0)[i], plane(1)[i], plane(2)[i], plane(3)[i])
        if excess > 0 && have > 0 {
            sum = sum * (1 - excess / have * sample.w * (1 / 255)) + sample * cf
        } else {
            sum += sample * cf
        }
        plane(0)[i] = sum.x
        plane(1)[i] = sum.y
        plane(2)[i] = sum.z
        plane(3)[i] = sum.w
        area[i] = min(1, have + cf)
    }
}
