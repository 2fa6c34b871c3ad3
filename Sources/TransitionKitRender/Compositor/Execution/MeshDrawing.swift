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
    ///   composite.
    func drawMesh(_ plan: MeshPlan, clip: Clip, alpha: UInt32, into plane: PixelPlane) {
        guard let clip = materialized(clip) else { return }
        let box = clip.bounds.intersection(plan.box)
        guard !box.isEmpty, plan.count > 0 else { return }
        tables.pending.flushAll()
        let width = box.width, strip = CoverageRasterizer.bandHeight
        if meshCoverage.count < strip * width {
            meshCoverage = [Float](repeating: 0, count: strip * width)
            meshSums = [SIMD4<Float>](repeating: .zero, count: strip * width)
        }
        let background = plan.background, tint = plan.backTint
        func draw(_ sampler: BilinearSampler?) {
            meshCoverage.withUnsafeMutableBufferPointer { coverageBuffer in
                meshSums.withUnsafeMutableBufferPointer { sumBuffer in
                    let coverage = coverageBuffer.baseAddress!, sums = sumBuffer.baseAddress!
                    var y0 = box.y0
                    while y0 < box.y1 {
                        let y1 = min(y0 + strip, box.y1)
                        let rows = PixelRect(x0: box.x0, y0: y0, x1: box.x1, y1: y1)
                        coverage.update(repeating: 0, count: (y1 - y0) * width)
                        sums.update(repeating: .zero, count: (y1 - y0) * width)
                        var touched = PixelRect.empty
                        for k in 0..<plan.count {
                            let face = plan.face(k)
                            if k > 0 && face.isBack != plan.face(k - 1).isBack && !touched.isEmpty {
                                // A new run: the last one composited, the strip cleared.
                                resolveMeshStrip(
                                    touched, origin: (box.x0, y0), width: width, sums: sums, coverage: coverage, clip: clip,
                                    alpha: alpha, into: plane)
                                coverage.update(repeating: 0, count: (y1 - y0) * width)
                                sums.update(repeating: .zero, count: (y1 - y0) * width)
                                touched = .empty
                            }
                            guard !face.box.intersection(rows).isEmpty else { continue }
                            let h = face.deviceToSource
                            let faceTint = face.isBack ? tint : 0
                            let drawn = rasterizer.fill(face.polygon, rule: .nonZero, clip: rows) { span in
                                let py = Double(span.y) + 0.5
                                let u0 = py * h.m21 + h.m31, v0 = py * h.m22 + h.m32, w0 = py * h.m23 + h.m33
                                let line = (span.y - y0) * width - box.x0
                                let n = span.count + span.solidCount
                                for i in 0..<n {
                                    let c = i < span.count ? UInt32(span.coverage[i]) : span.solidCoverage
                                    guard c > 0 else { continue }
                                    let x = span.x + i, px = Double(x) + 0.5
                                    var s = background
                                    if let sampler {
                                        let w = px * h.m13 + w0
                                        guard w > 0 else { continue }
                                        let iw = 1 / w
                                        s = PixelMath.over(sampler.sample((px * h.m11 + u0) * iw - 0.5, (px * h.m12 + v0) * iw - 0.5), background)
                                    }
                                    if faceTint != 0 { s = PixelMath.over(PixelMath.scale(faceTint, s &>> 24), s) }
                                    BandRenderer.accumulate(s, coverage: c, sum: sums + line + x, area: coverage + line + x)
                                }
                            }
                            touched = touched.isEmpty ? drawn : drawn.isEmpty ? touched : touched.union(drawn)
                        }
                        if !touched.isEmpty {
                            resolveMeshStrip(
                                touched, origin: (box.x0, y0), width: width, sums: sums, coverage: coverage, clip: clip, alpha: alpha,
                                into: plane)
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

    /// Adds a face's premultiplied sample `s` at coverage `c` (0...255) to a pixel's sum and
    /// area by the disjoint rule (see the extension's overview).
    @inline(__always)
    static func accumulate(_ s: UInt32, coverage c: UInt32, sum: UnsafeMutablePointer<SIMD4<Float>>, area: UnsafeMutablePointer<Float>) {
        let cf = Float(c) * (1 / 255)
        let have = area.pointee
        let sample = SIMD4<Float>(Float(s & 0xff), Float((s &>> 8) & 0xff), Float((s &>> 16) & 0xff), Float(s &>> 24))
        let excess = have + cf - 1
        if excess > 0 && have > 0 {
            sum.pointee = sum.pointee * (1 - excess / have * sample.w * (1 / 255)) + sample * cf
        } else {
            sum.pointee += sample * cf
        }
        area.pointee = min(1, have + cf)
    }

    /// Composites the pixels `rect` of a strip whose top-left is `origin` (sums rounded to 8
    /// bits, channels kept at most their alpha) source-over through `clip` times `alpha`.
    private func resolveMeshStrip(
        _ rect: PixelRect, origin: (x: Int, y: Int), width: Int, sums: UnsafeMutablePointer<SIMD4<Float>>,
        coverage: UnsafeMutablePointer<Float>, clip: Clip, alpha: UInt32, into plane: PixelPlane
    ) {
        for y in rect.y0..<rect.y1 {
            let row = plane.row(y), mask = clip.mask?.row(y)
            let line = (y - origin.y) * width - origin.x
            forEachDamagedRun(y: y, from: rect.x0, to: rect.x1) { lo, hi in
                for x in lo..<hi where coverage[line + x] > 0 {
                    let v = sums[line + x]
                    let a = UInt32(min(255, max(0, v.w + 0.5)))
                    guard a > 0 else { continue }
                    func channel(_ f: Float) -> UInt32 { min(a, UInt32(min(255, max(0, f + 0.5)))) }
                    var s = channel(v.x) | channel(v.y) << 8 | channel(v.z) << 16 | a << 24
                    var m = alpha
                    if let mask { m = PixelMath.mul(UInt32(mask[x]), alpha) }
                    guard m > 0 else { continue }
                    if m != 255 { s = PixelMath.scale(s, m) }
                    row[x] = PixelMath.over(s, row[x])
                }
            }
        }
    }
}
