import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Core Animation's shadow properties against closed forms and a brute-force blur. A white
/// shadow over black reads its coverage straight from a pixel (red / 255). The closed form of
/// a rectangle's shadow, averaged over a pixel, is the product of two one-dimensional pixel
/// averages of differences of normal distribution functions Φ (the Gaussian's integral across
/// each axis), integrated here by Simpson's rule from `erf`, independently of the renderer's
/// antiderivative table. A rounded rectangle has no closed form: its reference is its
/// indicator sampled 4 × 4 per pixel, convolved with a sampled Gaussian, averaged back.
@Suite struct ShadowTests {
    static let size = LayerPowerTests.size

    /// `sublayers` over black at `scale`, 60x60 pt.
    static func render(_ sublayers: [LayerSnapshot], scale: CGFloat = 1) throws -> Bitmap {
        try LayerPowerTests.render(sublayers, scale: scale)
    }

    /// Φ((x − edge) / σ) averaged over the pixel [p, p + 1), by Simpson's rule (64 steps).
    static func pixelAverage(_ p: Int, lo: Double, hi: Double, sigma: Double) -> Double {
        // σ = 0: the exact overlap of the pixel with the interval.
        guard sigma > 0 else { return max(0, min(hi, Double(p + 1)) - max(lo, Double(p))) }
        func f(_ x: Double) -> Double {
            let s = sigma * 2.0.squareRoot()
            return 0.5 * (erf((x - lo) / s) - erf((x - hi) / s))
        }
        let n = 64, h = 1.0 / Double(n)
        var sum = f(Double(p)) + f(Double(p + 1))
        for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * f(Double(p) + Double(i) * h) }
        return sum * h / 3
    }

    /// The largest difference (in 8-bit steps) between `bitmap`'s red and 255 × `expected(x, y)`.
    static func worstError(_ bitmap: Bitmap, _ expected: (Int, Int) -> Double) -> Double {
        var worst = 0.0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { worst = max(worst, abs(Double(bitmap.pixel(x: x, y: y)!.r) - 255 * expected(x, y))) }
        }
        return worst
    }

    /// A layer casting a white shadow of `path` (or of its own shape) and drawing nothing itself.
    static func caster(
        _ frame: CGRect, path: ShapePath?, radius: CGFloat, offset: CGSize = .zero, _ configure: (inout LayerProperties) -> Void = { _ in }
    ) -> LayerSnapshot {
        layer(frame) {
            $0.shadowPath = path
            $0.shadowColor = .white
            $0.shadowOpacity = 1
            $0.shadowRadius = radius
            $0.shadowOffset = offset
            configure(&$0)
        }
    }

    @Test func coreAnimationsDefaultsDrawNoShadow() throws {
        let p = LayerProperties()
        #expect(p.shadowOpacity == 0 && p.shadowRadius == 3 && p.shadowOffset == CGSize(width: 0, height: -3))
        #expect(p.shadowColor == .black && p.shadowPath == nil)
        // A white card over black with every default but the opacity: unchanged outside it.
        let plain = try Self.render([layer(CGRect(x: 20, y: 20, width: 20, height: 20), .white)])
        let defaults = try Self.render([layer(CGRect(x: 20, y: 20, width: 20, height: 20), .white) { $0.shadowColor = .white }])
        #expect(plain == defaults)
    }

    @Test(arguments: [(1.0, 4.0), (2.0, 4.0), (1.0, 0.6), (1.0, 0.0)])
    func aRectangleShadowIsTheProductOfTwoErfProfiles(scale: Double, radius: Double) throws {
        // A 24x16 pt rectangle at (12.3, 15.6) offset by (3, 4) pt, blurred by σ = radius points.
        let rect = CGRect(x: 2.3, y: 5.6, width: 24, height: 16), offset = CGSize(width: 3, height: 4)
        let bitmap = try Self.render(
            [Self.caster(CGRect(x: 10, y: 10, width: 40, height: 40), path: .rect(rect), radius: CGFloat(radius), offset: offset)],
            scale: CGFloat(scale))
        writeForLooking(bitmap, name: "shadow_rect_\(scale)x_r\(radius)")
        let x0 = (10 + rect.minX + offset.width) * scale, x1 = x0 + rect.width * scale
        let y0 = (10 + rect.minY + offset.height) * scale, y1 = y0 + rect.height * scale
        let sigma = radius * scale
        let worst = Self.worstError(bitmap) { x, y in
            Self.pixelAverage(x, lo: x0, hi: x1, sigma: sigma) * Self.pixelAverage(y, lo: y0, hi: y1, sigma: sigma)
        }
        #expect(worst <= 1, "largest difference \(worst)/255")
        // A pixel 3σ + 2 outside is untouched.
        #expect(bitmap.pixel(x: Int(x1 + 3 * sigma + 2), y: Int((y0 + y1) / 2))!.r == 0)
    }

    /// The shadow of `shape` (a test in points at 1x) blurred by `sigma`: the indicator sampled 4
    /// × 4 per pixel, convolved with a sampled Gaussian (±4σ) across and down, averaged back.
    static func bruteForceShadow(width: Int, height: Int, sigma: Double, inside: (Double, Double) -> Bool) -> [Double] {
        let k = 4, w = width * k, h = height * k
        var grid = [Double](repeating: 0, count: w * h)
        for j in 0..<h {
            for i in 0..<w where inside((Double(i) + 0.5) / Double(k), (Double(j) + 0.5) / Double(k)) { grid[j * w + i] = 1 }
        }
        let reach = Int((4 * sigma * Double(k)).rounded(.up))
        var kernel = (-reach...reach).map { exp(-0.5 * pow(Double($0) / (sigma * Double(k)), 2)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var across = [Double](repeating: 0, count: w * h), down = across
        for j in 0..<h {
            for i in 0..<w {
                var s = 0.0
                for (t, g) in kernel.enumerated() where i + t - reach >= 0 && i + t - reach < w { s += g * grid[j * w + i + t - reach] }
                across[j * w + i] = s
            }
        }
        for j in 0..<h {
            for i in 0..<w {
                var s = 0.0
                for (t, g) in kernel.enumerated() where j + t - reach >= 0 && j + t - reach < h { s += g * across[(j + t - reach) * w + i] }
                down[j * w + i] = s
            }
        }
        var out = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var s = 0.0
                for j in 0..<k { for i in 0..<k { s += down[(y * k + j) * w + x * k + i] } }
                out[y * width + x] = s / Double(k * k)
            }
        }
        return out
    }

    @Test func aRoundedRectangleShadowMatchesABruteForceBlur() throws {
        // 36x28 pt at (12, 16), corner radius 10, σ = 3 pt; and the card's own shape (its
        // background's rounded bounds) casts the same shadow as the equal `shadowPath`.
        let frame = CGRect(x: 12, y: 16, width: 36, height: 28), r = 10.0
        let viaPath = try Self.render([
            Self.caster(frame, path: .roundedRect(CGRect(origin: .zero, size: frame.size), cornerRadius: CGFloat(r)), radius: 3)
        ])
        writeForLooking(viaPath, name: "shadow_rounded_rect")
        let reference = Self.bruteForceShadow(width: 60, height: 60, sigma: 3) { x, y in
            guard frame.contains(CGPoint(x: x, y: y)) else { return false }
            let cx = min(max(x, frame.minX + r), frame.maxX - r), cy = min(max(y, frame.minY + r), frame.maxY - r)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        let worst = Self.worstError(viaPath) { x, y in reference[y * 60 + x] }
        #expect(worst <= 2, "largest difference \(worst)/255")
        // A layer whose translucent background is its shape: the same shadow at the background's alpha
        // (over black, with the card itself in black so only the shadow shows).
        let own = try Self.render([
            layer(frame, Color(red: 0, green: 0, blue: 0, alpha: 0.5)) {
                $0.cornerRadius = CGFloat(r)
                $0.shadowColor = .white
                $0.shadowOpacity = 1
                $0.shadowRadius = 3
                $0.shadowOffset = .zero
            }
        ])
        var worstOwn = 0.0
        for y in 0..<60 {
            for x in 0..<60 where !frame.insetBy(dx: -1, dy: -1).contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                worstOwn = max(worstOwn, abs(Double(own.pixel(x: x, y: y)!.r) - 255 * 0.5 * reference[y * 60 + x]))
            }
        }
        #expect(worstOwn <= 2, "outside the card: largest difference \(worstOwn)/255")
    }

    @Test func theOffsetIsInTheLayersOwnCoordinates() throws {
        // A layer turned 90° clockwise: its +y offset points to device −x. The shadow's centroid
        // moves from the layer's centre (30, 30) by 6 pt to (24, 30).
        let bitmap = try Self.render([
            Self.caster(CGRect(x: 20, y: 20, width: 20, height: 20), path: .rect(CGRect(x: 0, y: 0, width: 20, height: 20)), radius: 2) {
                $0.shadowOffset = CGSize(width: 0, height: 6)
                $0.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
            }
        ])
        var sx = 0.0, sy = 0.0, total = 0.0
        for y in 0..<60 {
            for x in 0..<60 {
                let v = Double(bitmap.pixel(x: x, y: y)!.r)
                (sx, sy, total) = (sx + v * (Double(x) + 0.5), sy + v * (Double(y) + 0.5), total + v)
            }
        }
        #expect(abs(sx / total - 24) < 0.05 && abs(sy / total - 30) < 0.05, "centroid (\(sx / total), \(sy / total))")
    }

    @Test func theShadowIsDrawnUnderTheLayerAndNotClippedByItsMasksToBounds() throws {
        // An opaque red card 20x20 with masksToBounds and a white shadow offset 10 pt right:
        // the card is red, the shadow shows to its right beyond the bounds (unlike Core
        // Animation, which drops a masking layer's shadow), and under the card it is hidden.
        let bitmap = try Self.render([
            layer(CGRect(x: 10, y: 20, width: 20, height: 20), Color(red: 1, green: 0, blue: 0)) {
                $0.masksToBounds = true
                $0.shadowColor = .white
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
                $0.shadowOffset = CGSize(width: 10, height: 0)
            }
        ])
        #expect(bitmap.pixel(x: 25, y: 30) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixel(x: 35, y: 30) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(bitmap.pixel(x: 45, y: 30) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func aHardShadowIsTheExactAreaFillOfItsShape() throws {
        // shadowRadius 0: the shadow of an ellipse equals the ellipse filled as a path, ±1.
        let ellipse = ShapePath.ellipse(in: CGRect(x: 3.3, y: 5.7, width: 31, height: 17))
        let shadow = try Self.render([Self.caster(CGRect(x: 10, y: 10, width: 40, height: 40), path: ellipse, radius: 0)])
        let fill = try Self.render([
            layer(CGRect(x: 10, y: 10, width: 40, height: 40)) {
                $0.path = ellipse
                $0.fillColor = .white
            }
        ])
        let worst = Self.worstError(shadow) { x, y in Double(fill.pixel(x: x, y: y)!.r) / 255 }
        #expect(worst <= 1, "largest difference \(worst)/255")
    }

    @Test func aReusedCompositorDrawsAHardShadowAsAFreshOneDoes() throws {
        // The lowered frame's polygon slots are kept between frames: a hard shadow's slot must
        // not keep the last frame's polygons (a wide ellipse, then a small square).
        let size = Self.size
        func scene(_ path: ShapePath) -> LayerSnapshot {
            layer(
                CGRect(origin: .zero, size: size), .black, sublayers: [Self.caster(CGRect(x: 5, y: 5, width: 50, height: 50), path: path, radius: 0)])
        }
        let reused = Compositor(options: RenderOptions(scale: 1))
        _ = try reused.render(scene(.ellipse(in: CGRect(x: 0, y: 0, width: 50, height: 30))), size: size)
        let second = try reused.render(scene(.rect(CGRect(x: 10, y: 10, width: 8, height: 8))), size: size)
        let fresh = try Compositor(options: RenderOptions(scale: 1)).render(scene(.rect(CGRect(x: 10, y: 10, width: 8, height: 8))), size: size)
        #expect(second == fresh)
        #expect(fresh.pixel(x: 19, y: 19)?.r == 255 && fresh.pixel(x: 40, y: 10)?.r == 0)
    }

    @Test func theDisplayListNamesTheShadow() throws {
        let root = layer(
            CGRect(origin: .zero, size: Self.size), .black,
            sublayers: [
                layer(CGRect(x: 10, y: 10, width: 30, height: 30), .white) {
                    $0.cornerRadius = 8
                    $0.shadowOpacity = 0.5
                    $0.shadowRadius = 4
                }
            ])
        let list = try Compositor(options: RenderOptions(scale: 2)).displayList(for: root, size: Self.size)
        let shadow = try #require(list.commands.first { $0.kind == .shadow })
        #expect(shadow.part == "shadow" && shadow.layerPath == [0])
        guard case .gaussian(let sx, let sy, let slabs)? = shadow.coverage else {
            Issue.record("coverage \(String(describing: shadow.coverage))")
            return
        }
        #expect(sx == 8 && sy == 8 && slabs > 1)
        #expect(shadow.source == .solid(RGBA8(r: 0, g: 0, b: 0, a: 128)))
        let kinds = list.commands.map(\.kind)
        #expect(kinds.firstIndex(of: .shadow)! < kinds.lastIndex(of: .fill)!)
        #expect(list.description.contains("coverage gaussian sigma 8.00x8.00 px"))
    }
}
