import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Core Animation's border, corner and back-face properties against closed forms: a border is
/// the area between two rounded rectangles (the bounds' outline and the bounds inset by the
/// width, radius reduced by it); `maskedCorners` rounds only the chosen corners; a
/// `.continuous` corner is PaintCode's Bézier curve (its area integrated here independently,
/// 100 000 steps a curve); `isDoubleSided = false` hides a layer turned past 90°.
@Suite struct LayerPowerTests {
    static let size = CGSize(width: 60, height: 60)

    /// `root` over black at 1x, 60x60.
    static func render(_ sublayers: [LayerSnapshot], scale: CGFloat = 1) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), .black, sublayers: sublayers)
        return try Compositor(options: RenderOptions(scale: scale)).render(root, size: size)
    }

    /// Σ red / 255 over the frame: the area a white shape over black covers, in pixels.
    static func coveredArea(_ b: Bitmap) -> Double {
        var sum = 0.0
        for y in 0..<b.height { for x in 0..<b.width { sum += Double(b.pixel(x: x, y: y)!.r) / 255 } }
        return sum
    }

    /// The length of `lo..<hi` inside pixel `p..<p+1`.
    static func overlap(_ lo: Double, _ hi: Double, _ p: Int) -> Double { max(0, min(hi, Double(p + 1)) - max(lo, Double(p))) }

    @Test func aSquareBorderCoversTheAreaBetweenItsTwoRectanglesInEveryPixel() throws {
        // 20x20 pt at (10.25, 10.5), border 2.5 pt, white, no background: each pixel's coverage
        // is its overlap with the outer square minus its overlap with the inner one.
        let frame = CGRect(x: 10.25, y: 10.5, width: 20, height: 20), b = 2.5
        let bitmap = try Self.render([
            layer(frame) {
                $0.borderWidth = CGFloat(b); $0.borderColor = .white
            }
        ])
        var worst = 0.0
        for y in 0..<60 {
            for x in 0..<60 {
                let outer = Self.overlap(10.25, 30.25, x) * Self.overlap(10.5, 30.5, y)
                let inner = Self.overlap(12.75, 27.75, x) * Self.overlap(13, 28, y)
                worst = max(worst, abs(Double(bitmap.pixel(x: x, y: y)!.r) - 255 * (outer - inner)))
            }
        }
        #expect(worst <= 1, "largest difference \(worst)/255")
        #expect(abs(Self.coveredArea(bitmap) - (400 - 225)) < 0.3)
    }

    @Test func aRoundedBorderIsTheOuterRoundedRectMinusTheInnerOne() throws {
        // 40x30 pt, radius 8, border 3: the inner edge has radius 5 (Core Animation's inner
        // corner, r − width). Area of a rounded rect: w·h − (4 − π)·r².
        let w = 40.0, h = 30.0, r = 8.0, b = 3.0
        let bitmap = try Self.render([
            layer(CGRect(x: 10.3, y: 12.6, width: w, height: h)) {
                $0.cornerRadius = CGFloat(r)
                $0.borderWidth = CGFloat(b)
                $0.borderColor = .white
            }
        ])
        writeForLooking(bitmap, name: "layer_power_rounded_border")
        let expected = (w * h - (4 - .pi) * r * r) - ((w - 2 * b) * (h - 2 * b) - (4 - .pi) * (r - b) * (r - b))
        let got = Self.coveredArea(bitmap)
        #expect(abs(got - expected) / expected < 1e-3, "covered \(got), closed form \(expected)")
    }

    @Test func theBorderIsDrawnAboveTheSublayersAndInsideTheGroup() throws {
        // A red sublayer over the whole layer: the border's pixels stay the border's (CA draws
        // the border last). At opacity 0.5 the layer is a group (background, sublayer, border).
        let inner = layer(CGRect(x: 0, y: 0, width: 40, height: 40), Color(red: 1, green: 0, blue: 0))
        let host = layer(CGRect(x: 10, y: 10, width: 40, height: 40), .white, sublayers: [inner]) {
            $0.borderWidth = 4
            $0.borderColor = Color(red: 0, green: 0, blue: 1)
        }
        let bitmap = try Self.render([host])
        #expect(bitmap.pixel(x: 11, y: 30) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap.pixel(x: 30, y: 30) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        var faded = host
        faded.properties.opacity = 0.5
        let list = try Compositor().displayList(for: layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [faded]), size: Self.size)
        #expect(list.commands.map(\.part).suffix(5) == ["group", "background", "background", "border", "group"], "\(list)")
        // Blue at half over black: 128 (PixelMath.alpha8(0.5)) of 255.
        #expect(try Self.render([faded]).pixel(x: 11, y: 30) == RGBA8(r: 0, g: 0, b: 128, a: 255))
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() throws {
        // Top corners only (min y: the top on a y-down screen), radius 8, on 40x30 at whole
        // points: area w·h − 2·(1 − π/4)·r²; the bottom corners' pixels are whole.
        let w = 40.0, h = 30.0, r = 8.0
        let bitmap = try Self.render([
            layer(CGRect(x: 10, y: 10, width: w, height: h), .white) {
                $0.cornerRadius = CGFloat(r)
                $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            }
        ])
        let expected = w * h - 2 * (1 - .pi / 4) * r * r
        #expect(abs(Self.coveredArea(bitmap) - expected) / expected < 1e-3)
        #expect(bitmap.pixel(x: 10, y: 39)?.r == 255 && bitmap.pixel(x: 49, y: 39)?.r == 255)
        #expect(bitmap.pixel(x: 10, y: 10)?.r == 0 && bitmap.pixel(x: 49, y: 10)?.r == 0)
        // No corner masked: a square.
        let square = try Self.render([
            layer(CGRect(x: 10, y: 10, width: w, height: h), .white) {
                $0.cornerRadius = 8; $0.maskedCorners = []
            }
        ])
        #expect(Self.coveredArea(square) == w * h)
    }

    /// The area of a rounded rectangle `w` × `h` whose four corners are PaintCode's continuous
    /// curve of radius `r`, by the shoelace formula over the curves cut in 100 000 steps each.
    static func continuousArea(w: Double, h: Double, r: Double) -> Double {
        // One corner's curves in radii from the corner (back along the incoming side, along the
        // outgoing one), from PaintCode's "Code for iOS 7 rounded rectangles".
        let curves: [[(Double, Double)]] = [
            [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
            [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399)],
            [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
        ]
        var corner: [(Double, Double)] = []
        for c in curves {
            for i in 0...100_000 {
                let t = Double(i) / 100_000, u = 1 - t
                let a = u * u * u * c[0].0 + 3 * u * u * t * c[1].0 + 3 * u * t * t * c[2].0 + t * t * t * c[3].0
                let b = u * u * u * c[0].1 + 3 * u * u * t * c[1].1 + 3 * u * t * t * c[2].1 + t * t * t * c[3].1
                corner.append((a, b))
            }
        }
        // The cut-off area of one corner: the region between the curve and the corner's square
        // of side 1.52866483·r (polygon: the curve, then the corner point).
        var pts = corner.map { (w - $0.0 * r, $0.1 * r) }  // top-right: x back along the top
        pts.append((w, 0))
        var twice = 0.0
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            twice += p.0 * q.1 - q.0 * p.1
        }
        return w * h - 4 * abs(twice) / 2
    }

    @Test func aContinuousCornerIsPaintCodesCurve() throws {
        // 40x40 pt, radius 8 (reach 12.2 pt fits in half the side: the full curve).
        let w = 40.0, r = 8.0
        let bitmap = try Self.render([
            layer(CGRect(x: 10, y: 10, width: w, height: w), .white) {
                $0.cornerRadius = CGFloat(r); $0.cornerCurve = .continuous
            }
        ])
        writeForLooking(bitmap, name: "layer_power_continuous")
        let expected = Self.continuousArea(w: w, h: w, r: r)
        let got = Self.coveredArea(bitmap)
        #expect(abs(got - expected) / expected < 5e-4, "covered \(got), closed form \(expected)")
        // The top edge leaves the straight line 1.53 r from the corner, where a circular corner
        // is still straight: one radius and a half from the right (x = 10 + 40 − 10 = 40 pt),
        // the top row is already partly open.
        let circular = try Self.render([layer(CGRect(x: 10, y: 10, width: w, height: w), .white) { $0.cornerRadius = CGFloat(r) }])
        #expect(circular.pixel(x: 40, y: 10)?.r == 255)
        let edge = Int(bitmap.pixel(x: 40, y: 10)?.r ?? 255)
        #expect(edge < 255 && edge > 200, "continuous corner's top row at x 40: \(edge)")
        // A radius of half the side: the round end of a capsule either way (within the
        // Bézier circle's error, 2.7e-4 of the radius).
        let capsule = try Self.render([
            layer(CGRect(x: 10, y: 20, width: 40, height: 20), .white) {
                $0.cornerRadius = 10; $0.cornerCurve = .continuous
            }
        ])
        let round = 40 * 20 - (4 - Double.pi) * 100
        #expect(abs(Self.coveredArea(capsule) - round) / round < 1e-3)
    }

    @Test func aOneSidedLayerTurnedPastNinetyDegreesIsNotDrawn() throws {
        // A white card turned about the vertical axis through its centre, perspective 200 pt:
        // at 80° its front still faces the viewer, at 100° its back does.
        func card(_ degrees: Double, doubleSided: Bool) -> LayerSnapshot {
            layer(CGRect(x: 10, y: 10, width: 40, height: 40), .white) {
                $0.transform = Transform3D(rotationAngle: CGFloat(degrees * .pi / 180), x: 0, y: 1, z: 0).concatenating(.perspective(distance: 200))
                $0.isDoubleSided = doubleSided
            }
        }
        #expect(Self.coveredArea(try Self.render([card(80, doubleSided: false)])) > 50)
        #expect(Self.coveredArea(try Self.render([card(100, doubleSided: false)])) == 0)
        #expect(Self.coveredArea(try Self.render([card(100, doubleSided: true)])) > 50)
        #expect(Self.coveredArea(try Self.render([card(180, doubleSided: false)])) == 0)
        // Turned about the z axis (in the plane) it still faces the viewer.
        let spun = layer(CGRect(x: 10, y: 10, width: 40, height: 40), .white) {
            $0.transform = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
            $0.isDoubleSided = false
        }
        #expect(Self.coveredArea(try Self.render([spun])) == 1600)
    }

    @Test func aFlipShowsTheBackFaceOnlyPastHalfway() throws {
        // Two one-sided faces in one container turned by θ: the front red, the back blue,
        // turned a further 180° (UIView.transition's flip). Before 90° only red shows, after only blue.
        func frame(_ degrees: Double) throws -> Bitmap {
            let turn = Transform3D(rotationAngle: CGFloat(degrees * .pi / 180), x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
            let front = layer(CGRect(x: 10, y: 10, width: 40, height: 40), Color(red: 1, green: 0, blue: 0)) {
                $0.transform = turn; $0.isDoubleSided = false
            }
            let back = layer(CGRect(x: 10, y: 10, width: 40, height: 40), Color(red: 0, green: 0, blue: 1)) {
                $0.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(turn)
                $0.isDoubleSided = false
            }
            return try Self.render([front, back])
        }
        for (degrees, red) in [(30.0, true), (150.0, false)] {
            let b = try frame(degrees)
            writeForLooking(b, name: "layer_power_flip_\(Int(degrees))")
            let centre = b.pixel(x: 30, y: 30)!
            #expect(centre == (red ? RGBA8(r: 255, g: 0, b: 0, a: 255) : RGBA8(r: 0, g: 0, b: 255, a: 255)), "\(degrees)°: \(centre)")
        }
    }

    @Test func aBorderChangeDamagesTheRingAndTheDamageRenderEqualsTheFullOne() throws {
        let old = layer(CGRect(origin: .zero, size: Self.size), .black, sublayers: [layer(CGRect(x: 10.5, y: 10, width: 30, height: 30), .white)])
        var new = old
        new.sublayers[0].properties.borderWidth = 3
        new.sublayers[0].properties.borderColor = Color(red: 0, green: 1, blue: 0)
        let options = RenderOptions(scale: 2)
        let damage = DamageRegion(from: old, to: new, size: Self.size, options: options)
        let compositor = Compositor(options: options)
        var bitmap = try compositor.render(old, size: Self.size)
        compositor.render(new, into: &bitmap, damage: damage)
        #expect(bitmap == (try compositor.render(new, size: Self.size)))
        #expect(damage.pixelCount(within: PixelRect(x0: 0, y0: 0, x1: 120, y1: 120)) >= 60 * 60)
    }
}
