import Foundation
import TransitionKitCore

/// How a `Compositor` turns a layer tree into pixels.
///
/// ```swift
/// let options = RenderOptions(scale: 3, background: .black, threads: 2)
/// let frame = try Compositor(options: options).render(tree, size: CGSize(width: 393, height: 852))
/// ```
public struct RenderOptions: Sendable, Equatable {
    /// Pixels per point (UIKit's `UIScreen.scale`), finite and > 0. Default 1.
    public var scale: CGFloat
    /// The colour of the transition container behind the root layer, RGBA8 premultiplied.
    /// Default opaque black: what shows behind a tilted or scaled view.
    public var background: RGBA8
    /// The most horizontal row bands to render concurrently, >= 1 (clamped to the bitmap's
    /// height). Each band renders the whole tree restricted to its rows with its own scratch
    /// memory, so the result does not depend on this number: byte for byte (tested on every
    /// built-in effect's frames and on random layer trees), since a shape's coverage is summed
    /// from its own bounds whatever rows a band draws. The compositor picks the count
    /// per frame: all of them when contents resampled through a scale, rotation, perspective
    /// or sub-pixel offset cover at least a quarter of the frame; otherwise (a frame of 1:1
    /// copies and blends, bound by memory bandwidth) all of them only where a frame-sized copy
    /// runs at least 1.2x as fast on two threads as on one, measured once per process the
    /// first time it decides (`CopyScaling`, about 20 ms), and the frame has at least 2¹⁹
    /// pixels (512x1024), and one band elsewhere. The
    /// bands after the first run on `threads − 1` worker threads the compositor starts the first
    /// time it needs them and keeps (none with 1). Default 1.
    public var threads: Int
    /// Draw everything through the general per-pixel paths (projective bilinear sampling,
    /// rasterised masks, no occlusion culling) instead of the fast paths the compositor picks
    /// per layer (axis-aligned blits, rectangle and ellipse masks, culling of covered layers).
    /// For checking an effect's frames against the general path: the pictures agree within
    /// 1/255 per channel for trees whose coordinates stay below 1e9 pixels (beyond that the
    /// two paths' single- and double-precision edge maths part; tested on random trees), so
    /// a larger difference there is a compositor bug worth reporting. Slower
    /// (every pixel of every layer is sampled projectively). Default false.
    public var disableFastPaths = false
    /// Whether the compositor picks the band count per frame from the work, up to `threads`
    /// (default true); false renders every frame in exactly `min(threads, height)` bands, to
    /// check that banding does not change a picture or to measure a fixed split.
    public var choosesBandCount = true

    /// - Parameters:
    ///   - scale: pixels per point, finite and > 0.
    ///   - background: the container colour, premultiplied.
    ///   - threads: row bands rendered concurrently, >= 1.
    public init(scale: CGFloat = 1, background: RGBA8 = .black, threads: Int = 1) {
        precondition(scale > 0 && scale.isFinite, "RenderOptions.scale must be finite and > 0, got \(scale)")
        precondition(threads >= 1, "RenderOptions.threads must be >= 1, got \(threads)")
        self.scale = scale
        self.background = background
        self.threads = threads
    }
}
