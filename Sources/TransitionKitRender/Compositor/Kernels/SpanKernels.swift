import TransitionKitCore

/// Row kernels: blend one span of a row into the destination. Each takes the coverage span
/// from the rasteriser, an optional clip-mask span at the same pixels and a premultiplied
/// paint; per pixel the source is paint × coverage × clip (× opacity) and is composited
/// source-over with `PixelMath` rounding. No allocation, no dynamic dispatch.
enum SpanKernels {
    /// A solid premultiplied colour `color` (opacity already applied).
    /// - Complexity: O(count).
    @inline(__always)
    static func solid(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>,
        clip: UnsafePointer<UInt8>?, count: Int, color: UInt32
    ) {
        let opaque = color &>> 24 == 255
        var i = 0
        while i < count {
            var m = UInt32(coverage[i])
            if let clip { m = PixelMath.mul(m, UInt32(clip[i])) }
            if m == 255 {
                dst[i] = opaque ? color : PixelMath.over(color, dst[i])
            } else if m != 0 {
                dst[i] = PixelMath.over(PixelMath.scale(color, m), dst[i])
            }
            i &+= 1
        }
    }

    /// A solid premultiplied colour at constant coverage `coverage` (0...255): an interior run.
    /// Opaque colour, full coverage and no clip mask make it a plain fill.
    /// - Complexity: O(count).
    @inline(__always)
    static func solidRun(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, color: UInt32
    ) {
        if clip == nil && coverage == 255 && color &>> 24 == 255 {
            dst.update(repeating: color, count: count)
            return
        }
        guard let clip else {
            tint(dst, under: UnsafePointer(dst), count: count, color: coverage == 255 ? color : PixelMath.scale(color, coverage))
            return
        }
        // Through a clip mask the strength is coverage × clip, rounded once, then the colour
        // scaled by it: what `solid` does for the same pixel (scaling the colour by the coverage
        // and then by the clip rounds twice, up to 1/255 away, and a translucent colour over
        // that compounds it).
        let opaque = color &>> 24 == 255
        var i = 0
        while i < count {
            let m = coverage == 255 ? UInt32(clip[i]) : PixelMath.mul(coverage, UInt32(clip[i]))
            if m == 255 {
                dst[i] = opaque ? color : PixelMath.over(color, dst[i])
            } else if m != 0 {
                dst[i] = PixelMath.over(PixelMath.scale(color, m), dst[i])
            }
            i &+= 1
        }
    }

    /// Source-over of one premultiplied colour `c` at full strength onto the pixels `under`,
    /// written to `dst` (`under` may be `dst`): `c + under·(255 − a)/255` per channel, each
    /// product rounded as `PixelMath.mul`, as `PixelMath.addSaturating(c, PixelMath.scale(under, 255 − a))`.
    /// For a valid premultiplied `c` (no channel above its alpha a) a channel's sum is at most
    /// (255 − a) + a, so the add cannot carry: per block of 64 pixels, a byte loop of the
    /// products (16-bit lanes, vectorised by LLVM), then one 32-bit add of `c` per pixel.
    /// - Complexity: O(count).
    @inline(__always)
    static func tint(_ dst: UnsafeMutablePointer<UInt32>, under: UnsafePointer<UInt32>, count: Int, color c: UInt32) {
        let ia = 255 &- c &>> 24
        guard isPremultiplied(c) else {
            for i in 0..<count { dst[i] = PixelMath.addSaturating(c, PixelMath.scale(under[i], ia)) }
            return
        }
        let d = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt8.self)
        let u = UnsafeRawPointer(under).assumingMemoryBound(to: UInt8.self)
        let w = UInt16(truncatingIfNeeded: ia)
        var i = 0
        while i < count {
            let n = min(64, count &- i)
            let j0 = i &* 4, j1 = j0 &+ n &* 4
            var j = j0
            while j < j1 {
                let t = UInt16(u[j]) &* w &+ 128
                d[j] = UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
                j &+= 1
            }
            var k = i
            while k < i &+ n {
                dst[k] = dst[k] &+ c
                k &+= 1
            }
            i &+= n
        }
    }

    /// Whether no colour channel of the packed pixel `c` exceeds its alpha (a valid premultiplied
    /// colour: `tint`'s per-pixel add cannot carry between channels).
    @inline(__always)
    static func isPremultiplied(_ c: UInt32) -> Bool {
        let a = c &>> 24
        return c & 0xff <= a && (c &>> 8) & 0xff <= a && (c &>> 16) & 0xff <= a
    }

    /// Contents sampled bilinearly through `inverse` (device pixel → image pixel), times
    /// `alpha` (0...255), at per-pixel `coverage` or, when nil, `constantCoverage`.
    /// - Complexity: O(count).
    @inline(__always)
    static func image(
        _ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32,
        clip: UnsafePointer<UInt8>?, count: Int, x: Int, y: Int,
        sampler: BilinearSampler, inverse h: PlaneHomography, alpha: UInt32
    ) {
        // Each pixel's map from its own centre (not stepped from the span's first pixel), so a
        // pixel's sample does not depend on where its span starts.
        let py = Double(y) + 0.5
        let u0 = py * h.m21 + h.m31, v0 = py * h.m22 + h.m32, w0 = py * h.m23 + h.m33
        var i = 0
        while i < count {
            let m = SpanKernels.strength(i, coverage: coverage, constantCoverage: constantCoverage, clip: clip, alpha: alpha)
            let px = Double(x &+ i) + 0.5
            let w = px * h.m13 + w0
            if m != 0 && w > 0 {
                let iw = 1 / w
                // Sample at the pixel centre: image pixel (i, j) has its centre at (i + ½, j + ½).
                var s = sampler.sample((px * h.m11 + u0) * iw - 0.5, (px * h.m12 + v0) * iw - 0.5)
                if m != 255 { s = PixelMath.scale(s, m) }
                dst[i] = PixelMath.over(s, dst[i])
            }
            i &+= 1
        }
    }

    /// The strength a source is drawn with at pixel `i` of a span: its coverage (per pixel, or
    /// `constantCoverage` when `coverage` is nil) times the clip mask times `alpha`, each
    /// product rounded as `PixelMath.mul`. The image kernels' rule, fast paths included.
    @inline(__always)
    static func strength(
        _ i: Int, coverage: UnsafePointer<UInt8>?, constantCoverage: UInt32, clip: UnsafePointer<UInt8>?, alpha: UInt32
    ) -> UInt32 {
        var m = coverage.map { UInt32($0[i]) } ?? constantCoverage
        if let clip { m = PixelMath.mul(m, UInt32(clip[i])) }
        if alpha != 255 { m = PixelMath.mul(m, alpha) }
        return m
    }

    /// A premultiplied source row (a group's offscreen buffer) times clip × `alpha`.
    /// - Complexity: O(count).
    @inline(__always)
    static func buffer(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>,
        clip: UnsafePointer<UInt8>?, count: Int, alpha: UInt32
    ) {
        var i = 0
        while i < count {
            var s = source[i]
            if s != 0 {
                var m = alpha
                if let clip { m = PixelMath.mul(UInt32(clip[i]), alpha) }
                if m != 255 { s = PixelMath.scale(s, m) }
                if s != 0 { dst[i] = PixelMath.over(s, dst[i]) }
            }
            i &+= 1
        }
    }
}
