import CPixelKernels
import Foundation

/// Memory a blur works in (`BandRenderer.drawBlur`): two images, row scratch, column sums and
/// kernel weights, grown to the largest blur drawn and kept across frames, so a steady
/// sequence of blurred frames allocates nothing. Freed when released.
final class BlurScratch {
    private(set) var a = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var b = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var rows = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var sums = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var lanes = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
    private var imageCapacity = 1, rowCapacity = 1
    /// The exact kernel's weights (`BlurPlan.exactWeights`) and the σ they are for.
    var weights: [Int32] = []
    var weightsSigma = -1.0

    /// Makes room for images of `pixels` pixels and rows of `width` pixels.
    func reserve(pixels: Int, width: Int) {
        if pixels > imageCapacity {
            a.deallocate()
            b.deallocate()
            a = .allocate(capacity: pixels)
            b = .allocate(capacity: pixels)
            imageCapacity = pixels
        }
        if width > rowCapacity {
            rows.deallocate()
            sums.deallocate()
            lanes.deallocate()
            rows = .allocate(capacity: 4 * width)
            sums = .allocate(capacity: 4 * width)
            lanes = .allocate(capacity: 4 * width)
            rowCapacity = width
        }
    }

    deinit {
        a.deallocate()
        b.deallocate()
        rows.deallocate()
        sums.deallocate()
        lanes.deallocate()
    }
}

extension BandRenderer {
    /// Blurs `blur.box`'s pixels of `plane` in place as `blur.plan` says (`BlurPlan`), treating
    /// pixels beyond the box as its edge pixels (transparent where the box was grown past what
    /// was drawn, the frame's edge pixels where it was cut to the frame).
    /// - Complexity: O(box pixels) (the exact kernel, σ < 2: O(box pixels · σ)); no allocation
    ///   once `blurScratch` has grown to the box.
    func drawBlur(_ blur: LoweredBlur, in plane: PixelPlane) {
        let box = blur.box.intersection(band)
        guard !box.isEmpty else { return }
        let plan = blur.plan
        let w = box.width, h = box.height
        let s = blurScratch
        let origin = plane.row(box.y0) + box.x0, stride = plane.stride
        if plan.exact {
            s.reserve(pixels: w * h, width: w)
            if s.weightsSigma != plan.sigma {
                plan.exactWeights(into: &s.weights)
                s.weightsSigma = plan.sigma
            }
            let r = BlurPlan.exactRadius(plan.sigma)
            s.weights.withUnsafeBufferPointer { k in
                tk_blur_kernel(s.a, w, origin, stride, w, h, k.baseAddress, r, 0)
                tk_blur_kernel(origin, stride, s.a, w, w, h, k.baseAddress, r, 1)
            }
            return
        }
        let k = plan.levels
        let mw = (w + (1 << k) - 1) >> k, mh = (h + (1 << k) - 1) >> k
        s.reserve(pixels: mw * mh, width: max(w, mw))
        let r = plan.radius, inner = plan.inner, outer = plan.outer
        if k == 0 {
            // Rows in place, then columns: box → b → a → box.
            tk_blur_box3_rows(origin, stride, origin, stride, w, h, r, inner, outer, s.rows)
            tk_blur_box_cols(s.b, w, origin, stride, w, h, r, inner, outer, s.sums)
            tk_blur_box_cols(s.a, w, s.b, w, w, h, r, inner, outer, s.sums)
            tk_blur_box_cols(origin, stride, s.a, w, w, h, r, inner, outer, s.sums)
        } else {
            // Down into a, rows in place, columns a → b → a → b, up from b into the box.
            tk_blur_downsample(s.a, mw, origin, stride, w, h, k, s.rows)
            tk_blur_box3_rows(s.a, mw, s.a, mw, mw, mh, r, inner, outer, s.rows)
            tk_blur_box_cols(s.b, mw, s.a, mw, mw, mh, r, inner, outer, s.sums)
            tk_blur_box_cols(s.a, mw, s.b, mw, mw, mh, r, inner, outer, s.sums)
            tk_blur_box_cols(s.b, mw, s.a, mw, mw, mh, r, inner, outer, s.sums)
            tk_blur_upsample(origin, stride, w, h, s.b, mw, mw, mh, k, s.lanes)
        }
    }
}
