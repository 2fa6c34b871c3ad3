import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// The tab stage's geometry: full-screen images aspect-filled into a content area above a bar,
/// so at scale 3 each is centred on a half pixel (an odd number of pixels cropped) and drawn by
/// the separable mode's uniform two-tap rows, deferred and fused like 1:1 copies
/// (`RowSamples`, `PendingCopies`). Against the general path (the same numbers: a weight of
/// exactly ½ is computed alike both ways, so equal bytes) and closed forms.
extension FastPathTests {
    /// 60x100 pt at scale 3: a content area 83 pt high (249 px; a 300 px image loses 51 px, so
    /// it sits 25.5 px up), a bar 17 pt high below it.
    static let tabContent = CGRect(x: 0, y: 0, width: 60, height: 83)
    static let tabBar = CGRect(x: 0, y: 83, width: 60, height: 17)

    /// The stage: black, the bar, `from` in the content area, `to` over it.
    func tabStage(_ from: LayerSnapshot, _ to: LayerSnapshot) -> LayerSnapshot {
        layer(
            CGRect(origin: .zero, size: Self.size), .black,
            sublayers: [layer(Self.tabBar, Color(red: 0.97, green: 0.97, blue: 0.97)), from, to])
    }

    @Test func tabStageFadeAndRadialMatchGeneralPath() throws {
        let from = Self.image(width: 180, height: 300, opaque: true)
        let to = Self.image(width: 180, height: 300, opaque: true)
        // Cross-fade at several opacities (the fused pass over two half-pixel rows).
        for opacity: Float in [0.01, 0.3, 0.5, 0.999] {
            let root = tabStage(screen(Self.tabContent, from), screen(Self.tabContent, to) { $0.opacity = opacity })
            try check("tab_fade_\(opacity)", root, size: Self.size, scale: 3, exact: true)
        }
        // Fade through a colour: a translucent layer over the outgoing screen's deferred rows.
        for opacity: Float in [0.2, 0.8] {
            let tint = layer(CGRect(origin: .zero, size: Self.tabContent.size), Color(red: 0, green: 0, blue: 0)) { $0.opacity = opacity }
            let root = tabStage(
                LayerSnapshot(sublayers: [tint]) {
                    $0.bounds = CGRect(origin: .zero, size: Self.tabContent.size)
                    $0.position = CGPoint(x: Self.tabContent.midX, y: Self.tabContent.midY)
                    $0.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9)
                    $0.contents = from
                    $0.contentsGravity = .resizeAspectFill
                    $0.masksToBounds = true
                },
                screen(Self.tabContent, to) { $0.opacity = 0.4 })
            try check("tab_through_\(opacity)", root, size: Self.size, scale: 3, exact: true)
        }
        // Radial reveal: circles from a dot to past the corners, centred in the content and on
        // the bar (the tapped item), at full and partial opacity.
        for centre in [CGPoint(x: 48, y: 10), CGPoint(x: 50, y: 91)] {
            for radius: CGFloat in [0.4, 17.5, 50, 140] {
                for opacity: Float in [1, 0.55] {
                    let mask = layer(CGRect(origin: .zero, size: Self.tabContent.size)) {
                        $0.path = .ellipse(in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
                    }
                    let root = tabStage(screen(Self.tabContent, from), screen(Self.tabContent, to, mask: mask) { $0.opacity = opacity })
                    try check("tab_radial_\(centre.y)_\(radius)_\(opacity)", root, size: Self.size, scale: 3, exact: true)
                }
            }
        }
    }

    @Test(arguments: [Float(0.01), 0.3, 0.5, 0.77, 0.999])
    func tabStageFadeMatchesClosedForm(opacity: Float) throws {
        // White under blue at opacity o, both on half-pixel rows: every content pixel's green is
        // 255·(255 − m)/255 rounded = 255 − m with m = round(255·o) (the average of two equal
        // rows is that row); the bar keeps its own colour, 0.97 → 247.
        let white = screen(Self.tabContent, try Self.solidImage(RGBA8(r: 255, g: 255, b: 255, a: 255)))
        let blue = screen(Self.tabContent, try Self.solidImage(RGBA8(r: 0, g: 0, b: 255, a: 255))) { $0.opacity = opacity }
        let m = Int((Double(opacity) * 255).rounded())
        let root = tabStage(white, blue)
        let frames = try renders(root, size: Self.size, scale: 3)
        for (name, frame) in frames {
            var wrong = 0
            for y in 0..<frame.height {
                let expected = y < 249 ? 255 - m : 247
                for x in 0..<frame.width where Int(frame.pixel(x: x, y: y)!.g) != expected { wrong += 1 }
            }
            #expect(wrong == 0, "\(name) opacity \(opacity): \(wrong) pixels off the closed form")
        }
        #expect(frames[0].1 == frames[1].1, "banded render differs")
    }

    @Test(arguments: [CGFloat(6.3), 17.5, 27])
    func tabStageRadialEdgesMatchClosedForm(radius r: CGFloat) throws {
        // The blue screen through a circle of radius r (points) centred at (30, 40) over the white
        // one, both on half-pixel rows: along pixel row [y0, y1) (device pixels, s = 3) the blue
        // area is G(y1 − cy) − G(y0 − cy) with G(t) = t·√(R² − t²) + R²·asin(t/R), R = s·r, t
        // clamped to ±R (twice the integral of the half chord), so the white length is the
        // width minus it. The circle is flattened to within 0.02 px, which moves the area of a
        // row by at most 2·0.02.
        let centre = CGPoint(x: 30, y: 40)
        let mask = layer(CGRect(origin: .zero, size: Self.tabContent.size)) {
            $0.path = .ellipse(in: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r))
        }
        let root = tabStage(
            screen(Self.tabContent, try Self.solidImage(RGBA8(r: 255, g: 255, b: 255, a: 255))),
            screen(Self.tabContent, try Self.solidImage(RGBA8(r: 0, g: 0, b: 255, a: 255)), mask: mask))
        let s = 3.0, big = s * Double(r), cy = s * Double(centre.y)
        func g(_ t: Double) -> Double {
            let u = min(max(t, -big), big)
            return u * (big * big - u * u).squareRoot() + big * big * asin(u / big)
        }
        let frames = try renders(root, size: Self.size, scale: 3)
        for (name, frame) in frames {
            for y in stride(from: Int(cy - big) - 1, through: Int(cy + big) + 1, by: 1) {
                let blueArea = g(Double(y + 1) - cy) - g(Double(y) - cy)
                let white = Self.row(frame, y: y)
                let expected = Double(frame.width) - blueArea
                #expect(
                    abs(white.length - expected) <= white.tolerance + 0.04,
                    "\(name) radius \(r) row \(y): \(white), closed form \(expected)")
            }
        }
        #expect(frames[0].1 == frames[1].1, "banded render differs")
        #expect(Self.compare(frames[0].1, frames[2].1).maxChannel <= 1)
    }

    /// A full-screen (60x100 pt at scale 3) image of one colour.
    static func solidImage(_ color: RGBA8) throws -> Bitmap {
        var image = Bitmap(width: 180, height: 300)
        for y in 0..<300 { for x in 0..<180 { image.setPixel(color, x: x, y: y) } }
        return image
    }

    @Test func tabStageScreenHidesTheBlackContentAreaUnderIt() throws {
        // A tab bar controller's tree: its black view, the black content area holding the screen
        // (on half-pixel rows), the bar. The screen and the content area leave the same rows
        // visible (the bar's); the later one, the screen, must cut, so the content area's black
        // is not painted under it (and the frame is the general path's).
        let content = layer(Self.tabContent, .black, sublayers: [screen(Self.tabContent, Self.image(width: 180, height: 300, opaque: true))])
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [content, layer(Self.tabBar, .white)])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 180, y1: 300), width: 180, kernels: .native)
        let probe = renderer.occlusion(root, projection: Projection(PlaneHomography(scale: 3)))
        let (occluder, cut, hole) = (probe.occluder, probe.cut, probe.hole)
        #expect(occluder?.path == [] && occluder?.part == .background)
        // The screen hides the content area's rows and the bar, drawn after it, the rest: nothing
        // before the screen shows; the screen itself is drawn above the bar only.
        #expect(cut.map { Array($0.path) } == [0, 0] && cut?.part == .contents, "cut: \(String(describing: cut?.path))")
        #expect(cut?.visible.isEmpty == true)
        #expect(probe.cuts.count == 2)
        #expect(probe.cuts.last.map { Array($0.path) } == [1] && probe.cuts.last?.part == .background)
        #expect(probe.cuts.last?.visible == PixelRect(x0: 0, y0: 0, x1: 180, y1: 249))
        #expect(hole == nil)
        try check("tab_content_area", root, size: Self.size, scale: 3, exact: true)
    }

    @Test(arguments: [0.1, 0.5, 0.77])
    func tabStagePushBackHidesTheTiltedScreenUnderTheSlider(progress: Double) throws {
        // Push-back in a tab bar controller: in the content area (249 px) the outgoing screen
        // tilts back about its right edge while the incoming one slides in from the right by a
        // fraction of a pixel; the bar is drawn after both. The slider covers the right side of
        // the content rows only, so it hides the tilted screen only together with the bar. Cuts,
        // last first: the bar (the content rows stay visible), the slider (their left part), the
        // content area's black (nothing before it shows). The tilted screen is drawn left of the
        // slider alone. Pixels equal the general path's (within 1/255: the per-column warp).
        let from = Self.image(width: 180, height: 300, opaque: true), to = Self.image(width: 180, height: 300, opaque: true)
        let c = Self.tabContent, theta = 10 * progress * .pi / 180
        let pushed = screen(c, from) {
            $0.anchorPoint = CGPoint(x: 1, y: 0.5)
            $0.position = CGPoint(x: c.maxX, y: c.midY)
            $0.transform = Transform3D(rotationAngle: -theta, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
        }
        let slider = screen(c, to) { $0.transform = Transform3D(translationX: c.width * (1 - progress), y: 0) }
        let content = layer(c, .black, sublayers: [pushed, slider])
        let bar = layer(Self.tabBar, Color(red: 0.97, green: 0.97, blue: 0.97))
        let root = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [content, bar])
        let renderer = BandRenderer(band: PixelRect(x0: 0, y0: 0, x1: 180, y1: 300), width: 180, kernels: .native)
        let probe = renderer.occlusion(root, projection: Projection(PlaneHomography(scale: 3)))
        // The slider's whole columns start at ⌈3·60·(1 − progress)⌉.
        let left = Int((3 * c.width * (1 - progress)).rounded(.up))
        #expect(probe.cuts.map { Array($0.path) } == [[0], [0, 1], [1]], "cuts: \(probe.cuts.map(\.path))")
        #expect(probe.cuts.map(\.part) == [.background, .contents, .background])
        #expect(probe.cuts.map(\.visible) == [.empty, PixelRect(x0: 0, y0: 0, x1: left, y1: 249), PixelRect(x0: 0, y0: 0, x1: 180, y1: 249)])
        try check("tab_pushback_\(progress)", root, size: Self.size, scale: 3, exact: false)
    }

    @Test func halfPixelRowsAreDeferredOnEveryColumn() {
        // An image exactly as wide as the layer, half a pixel up: separable with one uniform run
        // over every column, the last one included (its second x tap is clamped, at weight 0).
        let img = Self.image(width: 8, height: 8, opaque: true)
        img.withUnsafePixels { pixels in
            let sampler = BilinearSampler(pixels: pixels, width: 8, height: 8, stride: img.rowStride)
            let sampling = ContentsSampling(
                map: Homography(scaleX: 1, y: 1, translationX: 0, y: 0.5), sampler: sampler, opaque: true, columns: 0..<8,
                tables: SamplingTables(kernels: .native), fastPaths: true)
            #expect(sampling.mode == .separable)
            #expect(sampling.defers(x: 0, count: 8))
            #expect(!sampling.defers(x: 0, count: 9))
        }
    }

    @Test func halfWeightLerpIsTheRoundedAverage() {
        // BlendKernels.lerp at weight 128 (the average) against BilinearSampler.blend with
        // wx = 0, wy = 128 (the general path's two-tap y blend), every pair of channel values.
        let pairs = 256 * 256
        let a = (0..<pairs).map { i -> UInt32 in
            let x = UInt32(i / 256), y = UInt32(i % 256)
            return x | (x ^ 0x55) << 8 | y << 16 | (255 - x) << 24
        }
        let b = (0..<pairs).map { i -> UInt32 in
            let x = UInt32(i / 256), y = UInt32(i % 256)
            return y | (y ^ 0xaa) << 8 | x << 16 | (255 - y) << 24
        }
        var out = [UInt32](repeating: 0, count: pairs)
        BlendKernels.lerp(&out, a, b, count: pairs, weight: 128, kernels: .native)
        let wrong = (0..<pairs).filter { out[$0] != BilinearSampler.blend(a[$0], a[$0], b[$0], b[$0], wx: 0, wy: 128) }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first \(wrong.prefix(3))")
    }

    @Test func fadeOfSamplesMatchesPerPixelOver() {
        // BlendKernels.fade over RowSamples (copies, averages, lerps, 2x2; a scratch of 7 pixels so every
        // chunk boundary is crossed) against PixelMath.over(PixelMath.scale(source, m), under)
        // per pixel, with each sample from BilinearSampler.blend.
        let n = 61
        let img = Self.image(width: n + 1, height: 2, opaque: true)
        img.withUnsafePixels { p in
            let r0 = p, r1 = p + img.rowStride
            let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 7)
            defer { scratch.deallocate() }
            let kinds: [(UInt32, UInt32)] = [(0, 0), (0, 128), (128, 0), (0, 77), (200, 0), (31, 190)]
            for (sx, sy) in kinds {
                for under in [nil] + kinds.map(Optional.some) {
                    for m: UInt32 in [1, 128, 254] {
                        let source = RowSamples(a: r1, b: r0, wx: sx, wy: sy)
                        let samplesUnder = under.map { RowSamples(a: r0, b: r1, wx: $0.0, wy: $0.1) }
                        var dst = (0..<n).map { UInt32(truncatingIfNeeded: $0 &* 0x0102_0304) | 0xff00_0000 }
                        let before = dst
                        BlendKernels.fade(
                            &dst, source: source, under: samplesUnder, count: n, alpha: m, scratch: scratch, scratchCount: 7, kernels: .native)
                        for i in 0..<n {
                            let s = BilinearSampler.blend(r1[i], r1[i + 1], r0[i], r0[i + 1], wx: sx, wy: sy)
                            let u = under.map { BilinearSampler.blend(r0[i], r0[i + 1], r1[i], r1[i + 1], wx: $0.0, wy: $0.1) } ?? before[i]
                            #expect(
                                dst[i] == PixelMath.over(PixelMath.scale(s, m), u),
                                "source \(sx),\(sy) under \(String(describing: under)) m \(m) pixel \(i)")
                        }
                    }
                }
            }
        }
    }
}
