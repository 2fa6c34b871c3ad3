import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// A scaled screen clipped by a rounded-rect mask (the zoom's frame): the deferred shape clip's
/// spans intersected with the scaled contents' spans (`ShapeClipRows`), and a translucent
/// dimming layer fused with the 1:1 screen copy under it (`PendingCopies.tint`), against the
/// general path, and the clip's coverage against the closed-form area of a rounded rect.
extension FastPathTests {
    /// The zoom's layers: a 1:1 opaque screen behind, a black dimming layer at `dim`, and a
    /// screen of `contents` scaled by `scale` about its centre, moved by `offset` points and
    /// masked by a rounded rect (`maskRect` in its own points, corner radius `radius`).
    func zoomScene(
        behind: Bitmap, contents: Bitmap, scale: CGFloat, offset: CGPoint, maskRect: CGRect, radius: CGFloat, dim: Float,
        behindOffset: CGFloat = 0
    ) -> LayerSnapshot {
        let bounds = CGRect(origin: .zero, size: Self.size)
        let mask = layer(bounds) { $0.path = .roundedRect(maskRect, cornerRadius: radius) }
        return layer(
            bounds, .black,
            sublayers: [
                screen(bounds.offsetBy(dx: behindOffset, dy: 0), behind),
                layer(bounds, Color(red: 0, green: 0, blue: 0, alpha: 0.2)) { $0.opacity = dim },
                screen(bounds, contents, mask: mask) {
                    $0.transform = Transform3D(scaleX: scale, y: scale).concatenating(Transform3D(translationX: offset.x, y: offset.y))
                },
            ])
    }

    /// A solid opaque image: sampling it gives the same pixel on every path, so any difference
    /// between the paths is a difference of coverage.
    static func solidImage(width: Int, height: Int, _ color: RGBA8) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { b.setPixel(color, x: x, y: y) } }
        return b
    }

    static let zoomCases: [(scale: CGFloat, offset: CGPoint, mask: CGRect, radius: CGFloat)] = [
        (1, CGPoint(x: 0, y: 0), CGRect(x: 0, y: 0, width: 60, height: 100), 0),
        (0.5, CGPoint(x: 3, y: -7), CGRect(x: 0, y: 20, width: 60, height: 60), 12),
        (0.37, CGPoint(x: 0.33, y: 11.7), CGRect(x: 4.2, y: 10.6, width: 41.3, height: 70.1), 9.45),
        (0.81, CGPoint(x: -2.5, y: 1.25), CGRect(x: 0, y: 0, width: 60, height: 100), 4.1),
        (1.3, CGPoint(x: 0.1, y: 0.2), CGRect(x: 1, y: 2, width: 50, height: 90), 25),
        (0.993, CGPoint(x: 0, y: 0.4), CGRect(x: 0.2, y: 0.2, width: 59.6, height: 99.6), 0.7),
    ]

    @Test func roundedClipOfScaledScreenCoverageIsExact() throws {
        // Solid contents: both paths sample the same colour, so the pictures must be equal byte
        // for byte: the clip's and the contents' edge coverages multiply as the general path's
        // mask does, and the dimming fused with the copy under it blends as the plain fill.
        let behind = Self.image(width: 180, height: 300, opaque: true)
        let solid = Self.solidImage(width: 180, height: 300, RGBA8(r: 250, g: 120, b: 30, a: 255))
        for (i, c) in Self.zoomCases.enumerated() {
            // The screen behind slid by whole pixels: its row copies no longer match the dimming's rows.
            for (dim, slide): (Float, CGFloat) in [(1, 0), (0.37, 0), (0.37, 2), (1, -5)] {
                let root = zoomScene(
                    behind: behind, contents: solid, scale: c.scale, offset: c.offset, maskRect: c.mask, radius: c.radius, dim: dim,
                    behindOffset: slide)
                try check("zoom_solid_\(i)_\(dim)_\(slide)", root, size: Self.size, scale: 3, exact: true)
            }
        }
    }

    @Test func roundedClipOfScaledScreenMatchesGeneralPath() throws {
        // Busy contents: the separable sampler may differ from the per-pixel projective one by
        // 1/255 (`ContentsSampling`); nothing more.
        let behind = Self.image(width: 180, height: 300, opaque: true)
        let busy = Self.image(width: 180, height: 300, opaque: true)
        let translucent = Self.image(width: 180, height: 300, opaque: false)
        for (i, c) in Self.zoomCases.enumerated() {
            for (name, contents) in [("opaque", busy), ("translucent", translucent)] {
                let root = zoomScene(
                    behind: behind, contents: contents, scale: c.scale, offset: c.offset, maskRect: c.mask, radius: c.radius, dim: 0.6)
                try check("zoom_\(name)_\(i)", root, size: Self.size, scale: 3, exact: false)
            }
        }
    }

    @Test func scaledScreenRowsBetweenItsEdgesStandForEachOther() throws {
        // A screen scaled off whole pixels through a rounded mask as large as it (the zoom near
        // full screen) or inside it: the rows between the screen's top and bottom edges are
        // rasterised once (`forEachShapeClippedSpan`). Top and bottom edges at several fractions
        // of a pixel, in one band and three: solid contents must match the general path byte for
        // byte (coverage), busy contents within the separable sampler's 1/255 (each row samples
        // its own image rows).
        let behind = Self.image(width: 180, height: 300, opaque: true)
        let solid = Self.solidImage(width: 180, height: 300, RGBA8(r: 20, g: 200, b: 90, a: 255))
        let busy = Self.image(width: 180, height: 300, opaque: true)
        let full = CGRect(origin: .zero, size: Self.size)
        let cases: [(scale: CGFloat, offset: CGPoint, mask: CGRect, radius: CGFloat)] = [
            (0.97, CGPoint(x: 0.4, y: 0.13), full, 6), (0.991, CGPoint(x: -0.2, y: 0.71), full, 1.5),
            (0.83, CGPoint(x: 1.1, y: -0.52), full.insetBy(dx: 3.3, dy: 5.1), 8), (1.07, CGPoint(x: 0, y: 0.29), full, 12),
        ]
        for (i, c) in cases.enumerated() {
            for (name, contents) in [("solid", solid), ("busy", busy)] {
                let root = zoomScene(
                    behind: behind, contents: contents, scale: c.scale, offset: c.offset, maskRect: c.mask, radius: c.radius, dim: 0.8)
                try check("zoom_rows_\(name)_\(i)", root, size: Self.size, scale: 3, exact: name == "solid")
            }
        }
    }

    @Test func roundedClipCoverageIsTheRoundedRectArea() throws {
        // White contents scaled past the mask on every side, on black, nothing behind: the green
        // summed over the frame is the rounded rect's area in pixels, w·h − (4 − π)·r² (a rect
        // minus its four corner squares plus four quarter discs). Tolerance: ½/255 per partly
        // covered pixel, plus the chords of the flattened arcs (within 0.02 px of the arc,
        // `LoweredFrame.flatteningTolerance`, along the arcs' length 2πr).
        let white = Self.solidImage(width: 180, height: 300, RGBA8(r: 255, g: 255, b: 255, a: 255))
        let bounds = CGRect(origin: .zero, size: Self.size)
        for (rect, radius, scale) in [
            (CGRect(x: 10.3, y: 20.6, width: 30.2, height: 40.45), 7.7, 1.1), (CGRect(x: 5, y: 5, width: 50, height: 90), 25.0, 1.05),
            (CGRect(x: 12.1, y: 30.9, width: 20, height: 20), 0.35, 1.01),
        ] {
            let mask = layer(bounds) { $0.path = .roundedRect(rect, cornerRadius: radius) }
            let root = layer(
                bounds, .black,
                sublayers: [screen(bounds, white, mask: mask) { $0.transform = Transform3D(scaleX: scale, y: scale) }])
            for fast in [true, false] {
                var options = RenderOptions(scale: 3, background: .black)
                options.disableFastPaths = !fast
                let frame = try Compositor(options: options).render(root, size: Self.size)
                // The mask is in the layer's points, scaled about the layer's centre, then by 3.
                let k = 3 * scale
                let w = Double(rect.width * k), h = Double(rect.height * k), r = Double(radius * k)
                let area = w * h - (4 - Double.pi) * r * r
                var covered = LineCoverage([RGBA8]())
                for y in 0..<frame.height {
                    let line = LineCoverage((0..<frame.width).lazy.map { frame.pixel(x: $0, y: y)! })
                    covered.length += line.length
                    covered.tolerance += line.tolerance
                }
                let tolerance = covered.tolerance + 0.02 * 2 * Double.pi * r
                #expect(abs(covered.length - area) <= tolerance, "fast \(fast) r \(radius): \(covered.length) vs \(area) ± \(tolerance)")
            }
        }
    }
}
