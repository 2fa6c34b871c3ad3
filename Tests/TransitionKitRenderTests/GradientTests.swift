import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// Gradients against closed forms, from the semantics of `CAGradientLayer` (`Gradient`'s doc,
/// the SDK header `CAGradientLayer.h`): a pixel centre (px, py) of a layer filling the frame
/// has unit position (u, v) = (px / w, py / h); its location t is, axial, the projection of
/// (u, v) − start on the axis d = end − start over |d|²; radial, the ellipse distance
/// √(((u − sx) / rx)² + ((v − sy) / ry)²) with rx, ry = |end − start|; conic, the angle from
/// the direction of d, from +x towards +y, over 2π, mod 1. Its colour is the straight lerp of
/// the two neighbouring stops at t, the end colours beyond the first and last locations,
/// premultiplied. Tolerance 1/255: the 1024-entry ramp moves a channel by at most 0.12 of a
/// step (`GradientPlan`), plus the 8-bit rounding.
@Suite struct GradientTests {
    /// `sublayers` over an opaque `backdrop` root of `size` points, at 1x.
    static func render(_ sublayers: [LayerSnapshot], size: CGSize, backdrop: Color = .black) throws -> Bitmap {
        let root = layer(CGRect(origin: .zero, size: size), backdrop, sublayers: sublayers)
        return try Compositor(options: RenderOptions(scale: 1)).render(root, size: size)
    }

    /// A black-to-white gradient's red channel is 255·t (straight and premultiplied agree on
    /// opaque stops): checks every `step`-th pixel of a `size` frame against `expected(u, v)`
    /// (nil skips the pixel) within 1/255, and returns how many pixels it checked.
    static func checkGrey(
        _ gradient: Gradient, size: CGSize, step: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (Double, Double) -> Double?
    ) throws -> Int {
        let w = Int(size.width), h = Int(size.height)
        let bitmap = try render([layer(CGRect(origin: .zero, size: size)) { $0.gradient = gradient }], size: size)
        writeForLooking(bitmap, name: "gradient_\(gradient.type)")
        var checked = 0
        for y in stride(from: 0, to: h, by: step) {
            for x in stride(from: 0, to: w, by: step) {
                guard let t = expected((Double(x) + 0.5) / Double(w), (Double(y) + 0.5) / Double(h)) else { continue }
                let p = try #require(bitmap.pixel(x: x, y: y))
                let want = 255 * min(max(t, 0), 1)
                #expect(abs(Double(p.r) - want) <= 1 && p.a == 255, "(\(x), \(y)): \(p.r) vs \(want)", sourceLocation: sourceLocation)
                checked += 1
            }
        }
        return checked
    }

    @Test func anAxialGradientIsTheLerpOfItsStopsAtEachPixelCentre() throws {
        let g = Gradient(colors: [.red, .blue], startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5))
        let bitmap = try LayerPowerTests.render([layer(CGRect(x: 0, y: 0, width: 60, height: 60)) { $0.gradient = g }])
        writeForLooking(bitmap, name: "gradient_axial")
        for x in [0, 13, 30, 59] {
            let t = (Double(x) + 0.5) / 60
            let p = try #require(bitmap.pixel(x: x, y: 20))
            #expect(abs(Double(p.r) - 255 * (1 - t)) <= 1 && abs(Double(p.b) - 255 * t) <= 1 && p.a == 255, "x \(x): \(p)")
        }
    }

    @Test func aDiagonalAxialGradientOnAWideLayerIsPerpendicularInUnitCoordinates() throws {
        // Start (0.1, 0.2), end (0.8, 0.9) on 90x50: lines of one colour are perpendicular to the
        // axis in the unit square (stretched with the bounds), so t = ((u − .1)·.7 + (v − .2)·.7) / .98.
        let g = Gradient(colors: [.black, .white], startPoint: CGPoint(x: 0.1, y: 0.2), endPoint: CGPoint(x: 0.8, y: 0.9))
        let n = try Self.checkGrey(g, size: CGSize(width: 90, height: 50), step: 3) { u, v in
            ((u - 0.1) * 0.7 + (v - 0.2) * 0.7) / 0.98
        }
        #expect(n == 30 * 17)
    }

    @Test func aRadialGradientIsTheEllipseDistanceRatio() throws {
        // Centre (0.4, 0.5), end (0.9, 0.8): half-axes 0.5 and 0.3 of the 80x60 bounds, so
        // 40 x 18 pixels; outside the ellipse t > 1 pads with the last colour (white).
        let g = Gradient(colors: [.black, .white], startPoint: CGPoint(x: 0.4, y: 0.5), endPoint: CGPoint(x: 0.9, y: 0.8), type: .radial)
        var outside = 0
        let n = try Self.checkGrey(g, size: CGSize(width: 80, height: 60), step: 2) { u, v in
            let t = (((u - 0.4) / 0.5) * ((u - 0.4) / 0.5) + ((v - 0.5) / 0.3) * ((v - 0.5) / 0.3)).squareRoot()
            if t > 1 { outside += 1 }
            return t
        }
        #expect(n == 40 * 30 && outside > 200 && outside < n - 200, "\(outside) of \(n) outside the ellipse")
    }

    @Test func aConicGradientIsTheAngleFromTheEndPointDirection() throws {
        // Centre (0.5, 0.5), end (0.5, 0): 0 points up, growing clockwise on screen (+x towards
        // +y), so t = ((atan2(v − .5, u − .5) − atan2(−.5, 0)) / 2π) mod 1. Pixels within 1° of
        // the seam (where t wraps from 1 to 0) and the centre's are skipped.
        let g = Gradient(colors: [.black, .white], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 0.5, y: 0), type: .conic)
        let n = try Self.checkGrey(g, size: CGSize(width: 64, height: 48), step: 3) { u, v in
            guard abs(u - 0.5) > 0.02 || abs(v - 0.5) > 0.02 else { return nil }
            var t = (atan2(v - 0.5, u - 0.5) - atan2(-0.5, 0)) / (2 * Double.pi)
            t -= t.rounded(.down)
            return t < 1.0 / 360 || t > 359.0 / 360 ? nil : t
        }
        #expect(n > 300, "\(n) pixels checked")
        // A quarter turn clockwise from up is the right edge's middle: t = 0.25.
        let bitmap = try Self.render([layer(CGRect(x: 0, y: 0, width: 64, height: 48)) { $0.gradient = g }], size: CGSize(width: 64, height: 48))
        #expect(abs(Double(try #require(bitmap.pixel(x: 63, y: 23)).r) - 255 * 0.25) <= 3)
    }

    @Test func nonUniformLocationsPadBeforeTheFirstAndAfterTheLast() throws {
        // Red at 0.2, green at 0.5, blue at 0.9, horizontally on 100 px: columns with centre
        // t < 0.2 are pure red, t > 0.9 pure blue, between the lerp of the two stops around t.
        let stops: [(t: Double, r: Double, g: Double, b: Double)] = [(0.2, 1, 0, 0), (0.5, 0, 1, 0), (0.9, 0, 0, 1)]
        let g = Gradient(
            colors: [.red, .green, .blue], locations: stops.map(\.t), startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5))
        let bitmap = try Self.render([layer(CGRect(x: 0, y: 0, width: 100, height: 10)) { $0.gradient = g }], size: CGSize(width: 100, height: 10))
        writeForLooking(bitmap, name: "gradient_locations")
        var padded = 0
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100
            let want: (Double, Double, Double)
            if t <= stops[0].t {
                want = (1, 0, 0)
                padded += 1
            } else if t >= stops[2].t {
                want = (0, 0, 1)
                padded += 1
            } else {
                let i = t < stops[1].t ? 0 : 1
                let f = (t - stops[i].t) / (stops[i + 1].t - stops[i].t)
                let a = stops[i], b = stops[i + 1]
                want = (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f)
            }
            let p = try #require(bitmap.pixel(x: x, y: 5))
            let err = max(abs(Double(p.r) - 255 * want.0), abs(Double(p.g) - 255 * want.1), abs(Double(p.b) - 255 * want.2))
            #expect(err <= 1, "x \(x) t \(t): \(p) vs \(want)")
        }
        #expect(padded == 20 + 10)
        // The padded pixels are the end colours exactly.
        #expect(bitmap.pixel(x: 0, y: 5) == RGBA8(r: 255, g: 0, b: 0, a: 255) && bitmap.pixel(x: 99, y: 5) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func layerOpacityBlendsThePremultipliedGradientOverTheBackdrop() throws {
        // Opaque white to transparent black (`Color.clear`) across 100 px, layer opacity 0.5, over
        // an opaque (0.2, 0.4, 0.8) backdrop: the straight lerp at t is grey 1 − t at alpha
        // a = 1 − t, premultiplied c = a² (so the middle is grey 0.25 at alpha 0.5, not white
        // at 0.5); at opacity o = 128/255 (`PixelMath.alpha8`), source-over gives
        // c·o + backdrop·(1 − a·o) per channel. Two 8-bit roundings (the ramp's colour, then
        // the blend): within 2/255.
        let g = Gradient(colors: [.white, .clear], startPoint: CGPoint(x: 0, y: 0.5), endPoint: CGPoint(x: 1, y: 0.5))
        let backdrop = (0.2, 0.4, 0.8)
        let bitmap = try Self.render(
            [
                layer(CGRect(x: 0, y: 0, width: 100, height: 10)) {
                    $0.gradient = g; $0.opacity = 0.5
                }
            ], size: CGSize(width: 100, height: 10),
            backdrop: Color(red: CGFloat(backdrop.0), green: CGFloat(backdrop.1), blue: CGFloat(backdrop.2)))
        let o = 128.0 / 255
        var worst = 0.0
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100, a = 1 - t
            let p = try #require(bitmap.pixel(x: x, y: 5))
            let want = [backdrop.0, backdrop.1, backdrop.2].map { 255 * (a * a * o + $0 * (1 - a * o)) }
            let got = [Double(p.r), Double(p.g), Double(p.b)]
            worst = max(worst, zip(got, want).map { abs($0 - $1) }.max() ?? .infinity)
            #expect(p.a == 255)
        }
        #expect(worst <= 2, "largest difference \(worst)/255")
    }

    @Test func badValuesAreRejected() {
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red, .blue], locations: [0]) }
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red, .blue], locations: [0.6, 0.4]) }
        #expect(throws: TransitionKitError.self) { _ = try Gradient(validatingColors: [.red], startPoint: CGPoint(x: CGFloat.nan, y: 0)) }
    }
}
