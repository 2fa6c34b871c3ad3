import Foundation
import TransitionKitCore

/// How many row bands a frame is rendered in: `RenderOptions.threads` is the most, and the
/// frame's work and the machine decide whether more than one pays.
///
/// The rule: every band when the contents drawn through resampling (any map but a whole-pixel
/// translation: a scale, a rotation, a perspective, a sub-pixel slide) cover at least
/// `parallelResampledFraction` of the frame's pixels, or when copies get faster with a second
/// thread on this machine (`CopyScaling.measured`) and the frame is not small
/// (`CopyScaling.minimumPixels`); one band otherwise. A frame made of 1:1
/// copies, fills and blends is bound by memory bandwidth, which a second thread adds to on
/// some machines and not on others (`CopyScaling`: a copy-bound frame split where copies do
/// not scale measured 0.91–1.0x, slower than one band). Resampling does a bilinear tap per
/// pixel, arithmetic that splits across cores on any machine: the push-back and drag-dismiss
/// frames, resampled over most of the frame, measured 1.93–1.99x with two bands.
///
/// The estimate is read from the lowered frame (`LoweredFrame.resampledPixels`, no other walk),
/// without rasterising: a layer's contents count as resampled when its points-to-pixels map
/// is not a translation by whole pixels of an image the size of its contents rectangle in
/// pixels (the rectangle `contentsGravity` places, `LayerPixelGeometry`; tolerance 1e-7 as the
/// sampler's 1:1 test), and their area is the frame's part of the whole-pixel box around that
/// rectangle (cropped to the bounds when the layer masks to bounds) under the layer's
/// projection, `Projection.deviceBox(of:)` as the damage regions measure it (the whole frame
/// when a corner is at or behind the eye). Layers lowering leaves out (hidden, transparent to
/// 8 bits, drawing nothing, under a mask that hides everything) and mask subtrees do not
/// count; other masks, ancestors' clips and occlusion are ignored, and the box holds every
/// pixel the contents can touch: the estimate can only over-count resampled pixels.
enum BandCount {
    /// The fraction of the frame's pixels that must be resampled for more than one band.
    /// A quarter: below it the copy-bound rest of the frame dominates its cost, so splitting
    /// could gain little and risks the slowdown measured on copy-bound frames.
    static let parallelResampledFraction = 0.25

    /// The band count for rendering `list` (a lowered frame of `width`×`height` pixels) with
    /// `options` (at most `threads`, >= 1; exactly that many, up to the height, when
    /// `choosesBandCount` is false). `rows`: the rows drawn (a damage render's; default all
    /// `height`). `copiesScale`: whether copy-bound frames split too (by default this machine's
    /// `CopyScaling.measured`, read only when it decides: two or more threads, a frame that
    /// resamples too little, at least `CopyScaling.minimumPixels` drawn).
    /// - Complexity: O(1); no allocation (after the one-time `CopyScaling` measurement).
    static func choose(
        _ list: LoweredFrame, options: RenderOptions, width: Int, height: Int, rows: Int? = nil,
        copiesScale: @autoclosure () -> Bool = CopyScaling.measured.splitsCopies
    ) -> Int {
        let most = min(options.threads, height)
        guard most > 1, options.choosesBandCount else { return most }
        if Double(list.resampledPixels) >= Double(width) * Double(height) * parallelResampledFraction { return most }
        return CopyScaling.splitsCopyBoundFrame(pixels: width * (rows ?? height), copiesScale: copiesScale()) ? most : 1
    }

    /// `choose` for `root` lowered at `options.scale` (tests).
    static func choose(
        _ root: LayerSnapshot, options: RenderOptions, width: Int, height: Int, rows: Int? = nil,
        copiesScale: @autoclosure () -> Bool = CopyScaling.measured.splitsCopies
    ) -> Int {
        let list = LoweredFrame()
        list.lower(
            root, projection: Projection(PlaneHomography(scale: Double(options.scale))), width: width, height: height,
            findsOccluders: false)
        return choose(list, options: options, width: width, height: height, rows: rows, copiesScale: copiesScale())
    }

    /// Whether `projection` draws `contents` onto `rect` (layer points) pixel for pixel: one
    /// stage without rotation or perspective, the image's size equal to the rectangle's size in
    /// pixels, whole-pixel origin.
    static func isWholePixelCopy(_ projection: Projection, _ rect: CGRect, _ contents: Bitmap) -> Bool {
        guard let map = projection.singleStage, map.m12 == 0, map.m21 == 0, map.m13 == 0, map.m23 == 0, map.m33 == 1 else {
            return false
        }
        let w = Double(rect.width) * map.m11, h = Double(rect.height) * map.m22
        let x = Double(rect.minX) * map.m11 + map.m31, y = Double(rect.minY) * map.m22 + map.m32
        let tolerance = 1e-7
        return abs(w - Double(contents.width)) < tolerance && abs(h - Double(contents.height)) < tolerance
            && abs(x - x.rounded()) < tolerance && abs(y - y.rounded()) < tolerance
    }
}
