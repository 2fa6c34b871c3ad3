import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The compositor's fast paths (`ContentsSampling`, deferred shape clips, hidden backgrounds,
/// occlusion) against the general per-pixel path (`RenderOptions.disableFastPaths`), scene by
/// scene: identical pixels where the fast path does the same arithmetic on the same numbers
/// (1:1 copies, masks), at most 1/255 per channel where it computes the mapped coordinate in a
/// different order (separable, per-row and per-column perspective).
@Suite struct FastPathTests {
    /// A deterministic busy image (every neighbour differs, so any sampling error shows).
    static func image(width: Int, height: Int, opaque: Bool) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = opaque ? 255 : ((x &* 3 &+ y &* 5) & 255) | 0x20
                func c(_ v: Int) -> UInt8 { UInt8(v * a / 255) }
                b.setPixel(RGBA8(r: c((x &* 7 &+ y &* 3) & 255), g: c((x &* y) & 255), b: c((x ^ y) & 255), a: UInt8(a)), x: x, y: y)
            }
        }
        return b
    }

    struct Difference: CustomStringConvertible {
        var maxChannel = 0
        var pixels = 0
        var description: String { "max \(maxChannel)/255 in \(pixels) pixels" }
    }

    static func compare(_ a: Bitmap, _ b: Bitmap) -> Difference {
        var d = Difference()
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y) ?? .transparent, q = b.pixel(x: x, y: y) ?? .transparent
                let m = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if m > 0 { d.pixels += 1; d.maxChannel = max(d.maxChannel, m) }
            }
        }
        return d
    }

    /// Renders `root` both ways (and the fast way in 3 bands) and checks the differences.
    @discardableResult
    func check(_ name: String, _ root: LayerSnapshot, size: CGSize, scale: CGFloat = 1, exact: Bool) throws -> Difference {
        var fastOptions = RenderOptions(scale: scale, background: .black)
        var slowOptions = fastOptions
        slowOptions.disableFastPaths = true
        let fast = try Compositor(options: fastOptions).render(root, size: size)
        let slow = try Compositor(options: slowOptions).render(root, size: size)
        fastOptions.threads = 3
        fastOptions.choosesBandCount = false
        let banded = try Compositor(options: fastOptions).render(root, size: size)
        writeForLooking(fast, name: "fastpath_\(name)")
        writeForLooking(slow, name: "fastpath_\(name)_general")
        let d = Self.compare(fast, slow)
        print("fast path \(name): \(d)")
        #expect(d.maxChannel <= (exact ? 0 : 1), "\(name): \(d)")
        #expect(banded == fast, "\(name): banded render differs")
        return d
    }

    /// A screen-sized layer showing `contents` (aspect fill, masked to bounds, with an opaque
    /// background as UIKit's snapshot views have), `configure` applied last.
    func screen(
        _ frame: CGRect, _ contents: Bitmap, mask: LayerSnapshot? = nil,
        _ configure: (inout LayerProperties) -> Void = { _ in }
    ) -> LayerSnapshot {
        layer(frame, Color(red: 0.2, green: 0.45, blue: 0.9), mask: mask) {
            $0.contents = contents
            $0.contentsGravity = .resizeAspectFill
            $0.masksToBounds = true
            configure(&$0)
        }
    }

    static let size = CGSize(width: 60, height: 100)

    @Test(arguments: [true, false])
    func translationOneToOneIntegerOffsets(opaque: Bool) throws {
        // Scale 3, a 180x300 image in a 60x100 pt layer: 1:1; offsets of whole pixels.
        let img = Self.image(width: 180, height: 300, opaque: opaque)
        for (dx, dy) in [(0.0, 0.0), (1.0 / 3, 0.0), (-5.0, 2.0 / 3), (20.0, -7.0)] {
            for opacity: Float in [1, 0.5] {
                let root = layer(
                    CGRect(origin: .zero, size: Self.size), .black,
                    sublayers: [
                        screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)),
                        screen(CGRect(x: dx, y: dy, width: 60, height: 100), img) { $0.opacity = opacity },
                    ])
                try check("translate_\(opaque ? "opaque" : "alpha")_\(dx)_\(dy)_\(opacity)", root, size: Self.size, scale: 3, exact: true)
            }
        }
    }

    @Test(arguments: [true, false])
    func translationSubPixel(opaque: Bool) throws {
        let img = Self.image(width: 180, height: 300, opaque: opaque)
        for (dx, dy) in [(0.5 / 3, 0.0), (0.0, 0.5 / 3), (0.25 / 3, 10.75 / 3), (-8.367663737208375, 0.3)] {
            let root = layer(
                CGRect(origin: .zero, size: Self.size), .black,
                sublayers: [
                    screen(CGRect(x: dx, y: dy, width: 60, height: 100), img) { $0.opacity = 0.8 }
                ])
            try check("subpixel_\(opaque ? "opaque" : "alpha")_\(dx)_\(dy)", root, size: Self.size, scale: 3, exact: false)
        }
    }

    @Test func aspectFillScale() throws {
        // A 97x61 image filling a 60x100 layer (scaled up, cropped), and a scaled-down layer.
        let img = Self.image(width: 97, height: 61, opaque: true)
        let root = layer(
            CGRect(origin: .zero, size: Self.size), .black,
            sublayers: [
                screen(CGRect(origin: .zero, size: Self.size), img),
                screen(CGRect(x: 7.3, y: 11.1, width: 40, height: 70), Self.image(width: 240, height: 400, opaque: false)) {
                    $0.opacity = 0.6
                },
                screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)) {
                    $0.transform = Transform3D(scaleX: 0.8990178798430507, y: 0.8990178798430507)
                    $0.opacity = 0.7
                },
            ])
        try check("aspect_fill", root, size: Self.size, scale: 2, exact: false)
    }

    @Test(arguments: [Float(1), Float(0.6)])
    func perspectiveRotateX(opacity: Float) throws {
        // perspective_quad: scale, rotateX, perspective about the centre.
        for angle in [10.0, -35.0] {
            let t = Transform3D(scaleX: 0.9, y: 0.9)
                .concatenating(Transform3D(rotationAngle: angle * .pi / 180, x: 1, y: 0, z: 0))
                .concatenating(.perspective(distance: 150))
            let root = layer(
                CGRect(origin: .zero, size: Self.size), .black,
                sublayers: [
                    screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 120, height: 200, opaque: opacity == 1)) {
                        $0.transform = t
                        $0.opacity = opacity
                    }
                ])
            try check("rotateX_\(angle)_\(opacity)", root, size: Self.size, scale: 2, exact: false)
        }
    }

    @Test(arguments: [Float(1), Float(0.6)])
    func perspectiveRotateY(opacity: Float) throws {
        // Push-back: rotateY about the right edge under m34 = −1/300, a slid layer on top.
        for angle in [-10.0, -40.0, 25.0] {
            let t = Transform3D(rotationAngle: angle * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
            let pushed = screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: opacity == 1)) {
                $0.anchorPoint = CGPoint(x: 1, y: 0.5)
                $0.position = CGPoint(x: 60, y: 50)
                $0.transform = t
                $0.opacity = opacity
            }
            let slider = screen(CGRect(x: 41.37, y: 0, width: 60, height: 100), Self.image(width: 180, height: 300, opaque: true))
            let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [pushed, slider])
            try check("rotateY_\(angle)_\(opacity)", root, size: Self.size, scale: 3, exact: false)
        }
    }

    @Test func rotateYUnderSlidInOccluder() throws {
        // Push-back at several progresses: the tilted screen (its interior by the row kernel) partly
        // under an opaque screen slid in from the right by a sub-pixel amount (partial occlusion,
        // the hidden columns are not drawn; the slider's background shows only on its edge).
        for (angle, left) in [(-0.3, 59.1), (-2.5, 45.37), (-6.0, 30.0), (-9.7, 3.2)] {
            let t = Transform3D(rotationAngle: angle * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
            let pushed = screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)) {
                $0.anchorPoint = CGPoint(x: 1, y: 0.5)
                $0.position = CGPoint(x: 60, y: 50)
                $0.transform = t
            }
            let slider = screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)) {
                $0.transform = Transform3D(translationX: left, y: 0)
            }
            let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [pushed, slider])
            try check("rotateY_slid_\(angle)_\(left)", root, size: Self.size, scale: 3, exact: false)
        }
    }

    @Test func scaledBehindSubPixelModal() throws {
        // Drag-dismiss: the screen behind scaled about its centre (separable, contiguous quads),
        // a modal above it moved down by a sub-pixel amount (two-row lerp) hiding its rows.
        for (scale, dy) in [(0.9, 37.123), (0.95, 80.5 / 3), (0.99, 0.1), (0.9, 99.7)] {
            let behind = screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)) {
                $0.transform = Transform3D(scaleX: scale, y: scale)
            }
            let modal = screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)) {
                $0.transform = Transform3D(translationX: 0, y: dy)
            }
            let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [behind, modal])
            try check("dragdismiss_\(scale)_\(dy)", root, size: Self.size, scale: 3, exact: false)
        }
    }

    @Test func fadeOfTwoOpaqueScreens() throws {
        // Cross-fade: the incoming screen at constant opacity over the outgoing one (the copy
        // of the outgoing screen is fused with the blend), full-screen and offset by whole pixels.
        for opacity: Float in [0.01, 0.25, 0.5, 0.77, 0.999] {
            for offset: CGFloat in [0, 7] {
                let root = layer(
                    CGRect(origin: .zero, size: Self.size), .black,
                    sublayers: [
                        screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 180, height: 300, opaque: true)),
                        screen(CGRect(x: offset, y: offset / 2, width: 60, height: 100), Self.image(width: 180, height: 300, opaque: true)) {
                            $0.opacity = opacity
                        },
                    ])
                try check("fade_\(opacity)_\(offset)", root, size: Self.size, scale: 3, exact: true)
            }
        }
    }

    @Test func circleMasks() throws {
        // The radial reveal: the incoming screen through an ellipse mask, radii from a dot to
        // past the farthest corner, at full and partial opacity, over the outgoing screen.
        let from = Self.image(width: 180, height: 300, opaque: true)
        let to = Self.image(width: 180, height: 300, opaque: false)
        let centre = CGPoint(x: 48, y: 10)
        for radius: CGFloat in [0.4, 3.3, 17.5, 50, 95.7, 140] {
            for opacity: Float in [1, 0.55] {
                let mask = layer(CGRect(origin: .zero, size: Self.size)) {
                    $0.path = .ellipse(in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
                }
                let root = layer(
                    CGRect(origin: .zero, size: Self.size), .black,
                    sublayers: [
                        screen(CGRect(origin: .zero, size: Self.size), from),
                        screen(CGRect(origin: .zero, size: Self.size), to, mask: mask) { $0.opacity = opacity },
                    ])
                try check("circle_\(radius)_\(opacity)", root, size: Self.size, scale: 3, exact: true)
            }
        }
    }

    @Test func radialRevealOfTwoOpaqueScreens() throws {
        // Both screens opaque and 1:1: the outgoing screen's deferred row copy is written only
        // outside the incoming circle's interior (each pixel once); edges blend over it. Circles
        // from a dot to past the corners, centred inside and outside the screen, and the
        // incoming screen offset by whole pixels, or at an opacity (its edges then blend over
        // the outgoing screen's source at that strength, `PendingCopies.takeUnder`).
        let from = Self.image(width: 180, height: 300, opaque: true)
        let to = Self.image(width: 180, height: 300, opaque: true)
        for centre in [CGPoint(x: 48, y: 10), CGPoint(x: 30, y: 50), CGPoint(x: -12, y: 70)] {
            for radius: CGFloat in [0.4, 3.3, 17.5, 50, 95.7, 140] {
                for (offset, opacity): (CGFloat, Float) in [(0, 1), (5, 1), (0, 0.55)] {
                    let mask = layer(CGRect(origin: .zero, size: Self.size)) {
                        $0.path = .ellipse(in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
                    }
                    let root = layer(
                        CGRect(origin: .zero, size: Self.size), .black,
                        sublayers: [
                            screen(CGRect(origin: .zero, size: Self.size), from),
                            screen(CGRect(x: offset, y: offset, width: 60, height: 100), to, mask: mask) { $0.opacity = opacity },
                        ])
                    try check("radial_opaque_\(centre.x)_\(radius)_\(offset)_\(opacity)", root, size: Self.size, scale: 3, exact: true)
                }
            }
        }
    }

    @Test func shapeClipUnderOtherGeometry() throws {
        // A mask on a layer whose contents are not on whole pixels (rotated), whose sublayers
        // draw a background and a path, and an ellipse (not circle) mask: the deferred clip
        // must become the general path's mask bit for bit.
        let mask = layer(CGRect(origin: .zero, size: Self.size)) {
            $0.path = .ellipse(in: CGRect(x: 5, y: 20, width: 45, height: 70))
        }
        let child = layer(CGRect(x: 10, y: 10, width: 30, height: 30), Color(red: 1, green: 0.5, blue: 0, alpha: 0.7)) {
            $0.path = .ellipse(in: CGRect(x: 0, y: 0, width: 30, height: 30))
            $0.fillColor = Color(red: 0, green: 1, blue: 0.2)
        }
        let root = layer(
            CGRect(origin: .zero, size: Self.size), .black,
            sublayers: [
                screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 60, height: 100, opaque: true)),
                layer(CGRect(origin: .zero, size: Self.size), Color(red: 0.9, green: 0.9, blue: 0.1), sublayers: [child], mask: mask) {
                    $0.contents = Self.image(width: 50, height: 50, opaque: true)
                    $0.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
                    $0.opacity = 0.8
                },
            ])
        try check("shape_clip_general", root, size: Self.size, scale: 1, exact: false)
    }

    @Test func occlusionSkipsHiddenLayers() throws {
        // Backgrounds and a full-screen opaque image under another one; a translucent one on top.
        let root = layer(
            CGRect(origin: .zero, size: Self.size), .white,
            sublayers: [
                layer(
                    CGRect(origin: .zero, size: Self.size), Color(red: 1, green: 0, blue: 0),
                    sublayers: [
                        screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 60, height: 100, opaque: true))
                    ]),
                screen(CGRect(origin: .zero, size: Self.size), Self.image(width: 120, height: 200, opaque: true)),
                screen(CGRect(x: 3, y: 4, width: 50, height: 50), Self.image(width: 100, height: 100, opaque: false)) { $0.opacity = 0.5 },
            ])
        try check("occlusion", root, size: Self.size, scale: 2, exact: true)
    }

    @Test func samplingModesAreChosenPerLayer() {
        let img = Self.image(width: 8, height: 8, opaque: true)
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: 8, height: 8, stride: img.rowStride)
            let tables = SamplingTables(kernels: .native)
            func mode(_ h: Homography) -> ContentsSampling.Mode {
                ContentsSampling(map: h, sampler: sampler, opaque: true, columns: 0..<8, tables: tables, fastPaths: true).mode
            }
            #expect(mode(Homography(scaleX: 1, y: 1, translationX: 3, y: -2)) == .translation)
            #expect(mode(Homography(scaleX: 1, y: 1, translationX: 3.5, y: -2)) == .separable)
            #expect(mode(Homography(scaleX: 0.5, y: 2, translationX: 0, y: 0)) == .separable)
            #expect(mode(Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0.001, m31: 0, m32: 0, m33: 1)) == .rows)
            #expect(mode(Homography(m11: 1, m12: 0.2, m13: 0.001, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)) == .columns)
            #expect(mode(Homography(m11: 1, m12: 0.2, m13: 0.001, m21: 0.1, m22: 1, m23: 0.001, m31: 0, m32: 0, m33: 1)) == .general)
            #expect(
                ContentsSampling(
                    map: .identity, sampler: sampler, opaque: true, columns: 0..<8, tables: tables,
                    fastPaths: false
                ).mode == .general)
        }
    }

    @Test func blendMatchesPerChannelFormula() {
        // BilinearSampler.blend (two channels per multiply) against the per-channel definition.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        for _ in 0..<20000 {
            let p = (next(), next(), next(), next())
            let wx = next() % 257, wy = next() % 257
            var expected: UInt32 = 0
            for shift: UInt32 in stride(from: 0, to: 32, by: 8) {
                let top = ((p.0 >> shift) & 255) * (256 - wx) + ((p.1 >> shift) & 255) * wx
                let bottom = ((p.2 >> shift) & 255) * (256 - wx) + ((p.3 >> shift) & 255) * wx
                expected |= ((top * (256 - wy) + bottom * wy + 32768) >> 16) << shift
            }
            #expect(BilinearSampler.blend(p.0, p.1, p.2, p.3, wx: wx, wy: wy) == expected)
            // The 4-pixel SIMD form, this pixel in lane 2 among others.
            let four = BilinearSampler.blend4(
                SIMD4(p.1, p.0, p.0, p.3), SIMD4(p.2, p.3, p.1, p.0), SIMD4(p.3, p.1, p.2, p.2),
                SIMD4(p.0, p.2, p.3, p.1), wx: SIMD4(256 - wx, wy, wx, 0), wy: SIMD4(wx, 256, wy, 7))
            #expect(four[2] == expected)
            #expect(four[0] == BilinearSampler.blend(p.1, p.2, p.3, p.0, wx: 256 - wx, wy: wx))
            #expect(four[1] == BilinearSampler.blend(p.0, p.3, p.1, p.2, wx: wy, wy: 256))
            #expect(four[3] == BilinearSampler.blend(p.3, p.0, p.2, p.1, wx: 0, wy: 7))
        }
    }
}
