import Foundation
import TransitionKitCore

/// How many row bands a frame is rendered in: `RenderOptions.threads` is the most, and the
/// frame's work decides whether more than one pays.
///
/// The rule: every band when the contents drawn through resampling (any map but a whole-pixel
/// translation: a scale, a rotation, a perspective, a sub-pixel slide) cover at least
/// `parallelResampledFraction` of the frame's pixels; one band otherwise. A frame made of
/// 1:1 copies, fills and blends is bound by memory bandwidth, which a second thread does not
/// add to on the 2-core machine the bench targets: a plain copy of a 1179x2556 frame took
/// 0.41 ms on one thread and 0.42–0.44 ms on two there, and the copy-bound radial and fade
/// frames measured 0.91–1.0x with two bands in some runs (slower than one). Resampling does a
/// bilinear tap per pixel, arithmetic that splits across cores: the push-back and
/// drag-dismiss frames, resampled over most of the frame, measured 1.93–1.99x with two bands.
///
/// The estimate walks the presentation tree once, without rasterising: a layer's contents
/// count as resampled when its points-to-pixels map is not a translation by whole pixels of an
/// image the size of its bounds in pixels (the same test, within 1e-7, as the sampler's 1:1
/// path), and their area is the bounding box of the layer's projected bounds clipped to the
/// frame (the whole frame when a corner is at or behind the eye). Masks, clips and occlusion
/// are ignored: the estimate can only over-count resampled pixels.
enum BandCount {
    /// The fraction of the frame's pixels that must be resampled for more than one band.
    /// A quarter: below it the copy-bound rest of the frame dominates its cost, so splitting
    /// could gain little and risks the slowdown measured on copy-bound frames.
    static let parallelResampledFraction = 0.25

    /// The band count for rendering `root` into a `width`×`height` pixel frame with
    /// `options` (at most `threads`, >= 1; exactly that many, up to the height, when
    /// `choosesBandCount` is false).
    /// - Complexity: O(layers); no allocation.
    static func choose(_ root: LayerSnapshot, options: RenderOptions, width: Int, height: Int) -> Int {
        let most = min(options.threads, height)
        guard most > 1, options.choosesBandCount else { return most }
        let scale = Double(options.scale)
        let frame = Double(width) * Double(height)
        var resampled = 0.0
        accumulate(
            root, parent: PlaneHomography(scale: scale), parentSublayerToLocal: .identity, width: Double(width),
            height: Double(height), into: &resampled)
        return resampled >= frame * parallelResampledFraction ? most : 1
    }

    /// Adds the resampled pixels of `node`'s subtree to `total`; `parent` maps the parent's
    /// sublayer space to device pixels.
    private static func accumulate(
        _ node: LayerSnapshot, parent: PlaneHomography, parentSublayerToLocal: Transform3D, width: Double, height: Double,
        into total: inout Double
    ) {
        let p = node.properties
        guard !p.isHidden, p.opacity > 0 else { return }
        let map = PlaneHomography(flattening: p.localToParent.concatenating(parentSublayerToLocal)).concatenating(parent)
        guard map.isFinite else { return }
        if let contents = p.contents, p.bounds.width > 0, p.bounds.height > 0, !isWholePixelCopy(map, p.bounds, contents) {
            total += area(of: p.bounds, through: map, width: width, height: height)
        }
        let toLocal = p.sublayerToLocal
        for s in node.sublayers {
            accumulate(s, parent: map, parentSublayerToLocal: toLocal, width: width, height: height, into: &total)
        }
    }

    /// Whether `map` draws `contents` into `bounds` pixel for pixel: no rotation or
    /// perspective, the image's size equal to the bounds' size in pixels, whole-pixel origin.
    private static func isWholePixelCopy(_ map: PlaneHomography, _ bounds: CGRect, _ contents: Bitmap) -> Bool {
        guard map.m12 == 0, map.m21 == 0, map.m13 == 0, map.m23 == 0, map.m33 == 1 else { return false }
        let w = Double(bounds.width) * map.m11, h = Double(bounds.height) * map.m22
        let x = Double(bounds.minX) * map.m11 + map.m31, y = Double(bounds.minY) * map.m22 + map.m32
        let tolerance = 1e-7
        return abs(w - Double(contents.width)) < tolerance && abs(h - Double(contents.height)) < tolerance
            && abs(x - x.rounded()) < tolerance && abs(y - y.rounded()) < tolerance
    }

    /// Pixels of the frame inside the bounding box of `rect`'s corners mapped by `map`; the
    /// whole frame when a corner is at or behind the eye.
    private static func area(of rect: CGRect, through map: PlaneHomography, width: Double, height: Double) -> Double {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var behindEye = false
        func corner(_ px: CGFloat, _ py: CGFloat) {
            let q = map.apply(Double(px), Double(py))
            guard q.w > Projection.minimumW else { behindEye = true; return }
            x0 = min(x0, q.x / q.w); x1 = max(x1, q.x / q.w)
            y0 = min(y0, q.y / q.w); y1 = max(y1, q.y / q.w)
        }
        corner(rect.minX, rect.minY); corner(rect.maxX, rect.minY); corner(rect.minX, rect.maxY); corner(rect.maxX, rect.maxY)
        if behindEye { return width * height }
        let w = max(0, min(width, x1) - max(0, x0)), h = max(0, min(height, y1) - max(0, y0))
        return w * h
    }
}
