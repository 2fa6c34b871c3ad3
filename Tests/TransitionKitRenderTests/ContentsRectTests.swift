import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// `contentsRect` (Core Animation's unit sub-rectangle of the contents image) against closed
/// forms: the gravity places the part (its size in image pixels is the image's times the
/// rectangle's), the whole image is mapped so that the part lands there, and only the part's
/// area is drawn; bilinear samples at the part's edge read the image pixels next to it (Core
/// Animation's texture filtering does the same), and outside the unit square the image's edge
/// pixels repeat.
@Suite struct ContentsRectTests {
    /// A row of four opaque grey pixels, 0, 100, 200 and 250.
    static let ramp: Bitmap = {
        var b = Bitmap(width: 4, height: 1)
        for (x, v) in [UInt8(0), 100, 200, 250].enumerated() { b.setPixel(RGBA8(r: v, g: v, b: v, a: 255), x: x, y: 0) }
        return b
    }()

    /// Bilinear sample of `ramp` at image x coordinate `u` (pixel centres at i + 0.5), its edge
    /// pixels repeated: the closed form the compositor's sampler approximates to 1/256 weights.
    static func rampSample(_ u: Double) -> Double {
        let v = [0.0, 100, 200, 250]
        let t = u - 0.5, i = Int(floor(t)), f = t - floor(t)
        func at(_ k: Int) -> Double { v[min(max(k, 0), 3)] }
        return at(i) * (1 - f) + at(i + 1) * f
    }

    @Test func thePartIsStretchedOverTheBoundsAndItsEdgeSamplesReadTheNeighbours() throws {
        // Layer 20x10 pt at the origin, 1x, `.resize`; part x 0.25...0.75 (pixels 1 and 2). The
        // whole image then spans 40 pt from x = −10: device column X reads u = (X + 0.5 + 10) / 10.
        let bitmap = try LayerPowerTests.render([
            layer(CGRect(x: 0, y: 0, width: 20, height: 10)) {
                $0.contents = Self.ramp
                $0.contentsRect = CGRect(x: 0.25, y: 0, width: 0.5, height: 1)
            }
        ])
        var worst = 0.0
        for x in 0..<20 {
            let expected = Self.rampSample((Double(x) + 0.5 + 10) / 10)
            worst = max(worst, abs(Double(bitmap.pixel(x: x, y: 5)!.r) - expected))
        }
        #expect(worst <= 1, "largest difference \(worst)/255")
        // Column 0 blends pixel 0 (outside the part) in: 0.55 of the way from 0 to 100.
        #expect(abs(Double(bitmap.pixel(x: 0, y: 5)!.r) - 55) <= 1)
        // Nothing is drawn past the bounds (the part covers exactly them): black at column 20.
        #expect(bitmap.pixel(x: 20, y: 5)! == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func theGravityPlacesThePartBySizeNotTheWholeImage() throws {
        // `.resizeAspect` in 40x10 pt: the part (half the width of the 4x1 image: 2x1 pixels,
        // aspect 2:1) fits at 20x10 pt, centred: x 10...30. The whole image spans 40 pt from
        // x = 10 − 0.5·40 = −10, so device column X reads u = (X + 0.5 + 10) / 10 there.
        let bitmap = try LayerPowerTests.render([
            layer(CGRect(x: 0, y: 0, width: 40, height: 10)) {
                $0.contents = Self.ramp
                $0.contentsGravity = .resizeAspect
                $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
            }
        ])
        for x in [0, 9, 30, 39] { #expect(bitmap.pixel(x: x, y: 5)! == RGBA8(r: 0, g: 0, b: 0, a: 255), "column \(x) outside the part") }
        var worst = 0.0
        for x in 10..<30 {
            worst = max(worst, abs(Double(bitmap.pixel(x: x, y: 5)!.r) - Self.rampSample((Double(x) + 0.5 + 10) / 10)))
        }
        #expect(worst <= 1, "largest difference \(worst)/255")
    }

    @Test func outsideTheUnitSquareTheEdgePixelsRepeat() throws {
        // Part x 1...2 (entirely right of the image): every sample clamps to pixel 3, 250.
        let bitmap = try LayerPowerTests.render([
            layer(CGRect(x: 5, y: 5, width: 20, height: 10)) {
                $0.contents = Self.ramp
                $0.contentsRect = CGRect(x: 1, y: 0, width: 1, height: 1)
            }
        ])
        for x in 5..<25 { #expect(bitmap.pixel(x: x, y: 10)!.r == 250, "column \(x)") }
    }

    @Test func anEmptyOrNonFiniteRectDrawsNoContents() throws {
        let background = Color(red8: 0, green8: 0, blue8: 255)
        for r in [
            CGRect(x: 0, y: 0, width: 0, height: 1), CGRect(x: 0, y: 0, width: 1, height: 0),
            CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1),
        ] {
            let bitmap = try LayerPowerTests.render([
                layer(CGRect(x: 0, y: 0, width: 20, height: 10), background) {
                    $0.contents = Self.ramp
                    $0.contentsRect = r
                }
            ])
            #expect(bitmap.pixel(x: 10, y: 5)! == RGBA8(r: 0, g: 0, b: 255, a: 255), "\(r): the background, no contents")
        }
    }

    @Test func theWholeUnitSquareDrawsWhatNoRectDraws() throws {
        // The default rectangle and one built from other numbers with the same value.
        let a = try LayerPowerTests.render([layer(CGRect(x: 3.3, y: 2.7, width: 30, height: 20)) { $0.contents = Self.ramp }])
        let b = try LayerPowerTests.render([
            layer(CGRect(x: 3.3, y: 2.7, width: 30, height: 20)) {
                $0.contents = Self.ramp
                $0.contentsRect = CGRect(x: 0.5 - 0.5, y: 0, width: 0.25 * 4, height: 1)
            }
        ])
        #expect(a == b)
    }

    @Test func changingTheRectDamagesTheLayer() throws {
        // render(into:damage:) from the old frame gives the new frame byte for byte.
        func tree(_ r: CGRect) -> LayerSnapshot {
            layer(
                CGRect(origin: .zero, size: LayerPowerTests.size), .black,
                sublayers: [
                    layer(CGRect(x: 4.5, y: 6, width: 30, height: 12)) {
                        $0.contents = Self.ramp
                        $0.contentsRect = r
                    }
                ])
        }
        let old = tree(CGRect(x: 0, y: 0, width: 0.5, height: 1)), new = tree(CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
        let options = RenderOptions(scale: 1), size = LayerPowerTests.size
        let compositor = Compositor(options: options)
        var frame = try compositor.render(old, size: size)
        let full = try compositor.render(new, size: size)
        #expect(frame != full)
        let damage = DamageRegion(from: old, to: new, size: size, options: options)
        #expect(!damage.isEmpty)
        compositor.render(new, into: &frame, damage: damage)
        #expect(frame == full)
    }
}
