import Foundation
import Testing
import TransitionKitCore
import TransitionKitTestSupport

@testable import TransitionKitRender

/// A gradient through the rest of the compositor: clipped by the rounded bounds with exact-area
/// corners, listed as a `gradient` command, hiding what it covers when opaque (the occlusion
/// pass) and redrawn by damage exactly over its own pixels.
@Suite struct GradientPipelineTests {
    static let opaque = Gradient(
        colors: [Color(red: 0, green: 0.8, blue: 1), Color(red: 1, green: 0, blue: 0.6)], startPoint: .zero, endPoint: CGPoint(x: 1, y: 1))

    /// The rounded rectangle `r` (radius `c`, circular corners) as the compositor outlines it:
    /// each corner `n` chords on the true arc, n the fewest whose sagitta c·(1 − cos(θ/2)) is at
    /// most 0.02 px (`LoweredFrame.flatteningTolerance`: curve chords stay within 0.02 device
    /// pixels of the outline), vertices clockwise on a y-down screen from the top-right corner.
    static func roundedOutline(_ r: CGRect, radius c: Double) -> [CGPoint] {
        let n = Int(((Double.pi / 2) / (2 * acos(1 - 0.02 / c))).rounded(.up))
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        let centres = [(x1 - c, y0 + c), (x1 - c, y1 - c), (x0 + c, y1 - c), (x0 + c, y0 + c)]
        var points: [CGPoint] = []
        for (k, (cx, cy)) in centres.enumerated() {
            let start = -Double.pi / 2 + Double(k) * Double.pi / 2
            for i in 0...n {
                let a = start + Double.pi / 2 * Double(i) / Double(n)
                points.append(CGPoint(x: cx + c * cos(a), y: cy + c * sin(a)))
            }
        }
        return points
    }

    @Test func aRoundedGradientCoversTheExactAreaOfItsCornersAndNothingOutside() throws {
        // 50x40 at (10, 10), radius 12, over a transparent frame: a pixel's alpha is its
        // coverage (every stop is opaque), 255·area(pixel ∩ outline) within 1/255 (8-bit
        // coverage, one rounding). Then over an opaque backdrop: pixels outside the outline keep
        // the backdrop's bytes exactly.
        let frame = CGRect(x: 10, y: 10, width: 50, height: 40), radius = 12.0
        let size = CGSize(width: 70, height: 60)
        let gradientLayer = layer(frame) {
            $0.gradient = Self.opaque
            $0.cornerRadius = CGFloat(radius)
        }
        let clear = try Compositor(options: RenderOptions(scale: 1, background: .transparent))
            .render(layer(CGRect(origin: .zero, size: size), sublayers: [gradientLayer]), size: size)
        let backdrop = RGBA8(r: 40, g: 50, b: 60, a: 255)
        let over = try GradientTests.render([gradientLayer], size: size, backdrop: Color(red8: 40, green8: 50, blue8: 60))
        writeForLooking(over, name: "gradient_rounded")
        let outline = Self.roundedOutline(frame, radius: radius)
        var worst = 0.0, partial = 0, outside = 0
        for y in 0..<Int(size.height) {
            for x in 0..<Int(size.width) {
                let area = Breaker2ExactAreaTests.area(outline, in: CGRect(x: x, y: y, width: 1, height: 1))
                let p = try #require(clear.pixel(x: x, y: y)), q = try #require(over.pixel(x: x, y: y))
                worst = max(worst, abs(Double(p.a) - 255 * area))
                if area == 0 {
                    outside += 1
                    #expect(p == .transparent && q == backdrop, "(\(x), \(y)) outside: \(p), \(q)")
                } else if area < 1 {
                    partial += 1
                }
            }
        }
        #expect(worst <= 1, "largest coverage difference \(worst)/255")
        // The corners' partly covered pixels exist (4 arcs of radius 12 cross about 4·12·√2 px).
        #expect(partial > 40 && outside > 70 * 60 - 50 * 40, "\(partial) partial, \(outside) outside")
    }

    @Test func theDisplayListNamesTheGradientCommandAndItsKind() throws {
        let size = CGSize(width: 80, height: 60)
        let g = Gradient(colors: [.white, .red, .black], startPoint: CGPoint(x: 0.5, y: 0.5), endPoint: CGPoint(x: 1, y: 1), type: .radial)
        let root = layer(
            CGRect(origin: .zero, size: size), .black, sublayers: [layer(CGRect(x: 10, y: 10, width: 60, height: 40)) { $0.gradient = g }])
        let list = try Compositor().displayList(for: root, size: size)
        let text = list.description
        print(text)
        let gradients = list.commands.filter { $0.kind == .gradient }
        #expect(gradients.count == 1 && gradients.first?.part == "gradient" && gradients.first?.layerPath == [0], "\(text)")
        #expect(gradients.first?.source == .gradient(type: .radial, colors: 3), "\(text)")
        #expect(text.contains("gradient layer 0 gradient px 10,10 60x40 coverage box gradient radial 3 colours copy"), "\(text)")
        // Conic and axial are named too, and a translucent stop blends (over), never copies.
        for type in [GradientType.axial, .conic] {
            var translucent = g
            translucent.type = type
            translucent.colors[1] = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
            let t = layer(
                CGRect(origin: .zero, size: size), .black,
                sublayers: [layer(CGRect(x: 10, y: 10, width: 60, height: 40)) { $0.gradient = translucent }])
            let d = try Compositor().displayList(for: t, size: size).description
            #expect(d.contains("gradient layer 0 gradient px 10,10 60x40 coverage box gradient \(type) 3 colours over 1.000"), "\(d)")
        }
    }

    /// The command index of the only gradient of `list`.
    static func gradientIndex(_ list: DisplayList) throws -> Int {
        try #require(list.commands.firstIndex { $0.kind == .gradient })
    }

    @Test func anOpaqueGradientOccludesWhatItCoversAndATranslucentOneDoesNot() throws {
        let size = CGSize(width: 100, height: 100)
        let below = layer(CGRect(x: 20, y: 20, width: 40, height: 40), .red)
        func scene(_ g: Gradient, _ frame: CGRect) -> LayerSnapshot {
            layer(CGRect(origin: .zero, size: size), .black, sublayers: [below, layer(frame) { $0.gradient = g }])
        }
        let full = CGRect(origin: .zero, size: size)
        // Opaque over the whole frame: it is every band's occluder (nothing before it is drawn).
        let covered = try Compositor().displayList(for: scene(Self.opaque, full), size: size)
        let g = try Self.gradientIndex(covered)
        #expect(!covered.bands.isEmpty && covered.bands.allSatisfy { $0.occluder == g }, "\(covered)")
        // Opaque over the left 70 %: the red layer is trimmed to what it leaves visible.
        let left = try Compositor().displayList(for: scene(Self.opaque, CGRect(x: 0, y: 0, width: 70, height: 100)), size: size)
        let gl = try Self.gradientIndex(left)
        #expect(left.bands.contains { $0.occluder == gl || $0.cuts.contains { $0.index == gl } || $0.hole?.index == gl }, "\(left)")
        // One stop at alpha 0.5: it hides nothing.
        var translucent = Self.opaque
        translucent.colors[1] = Color(red: 1, green: 0, blue: 0.6, alpha: 0.5)
        for frame in [full, CGRect(x: 0, y: 0, width: 70, height: 100)] {
            let list = try Compositor().displayList(for: scene(translucent, frame), size: size)
            let gt = try Self.gradientIndex(list)
            #expect(!list.bands.contains { $0.occluder == gt || $0.cuts.contains { $0.index == gt } || $0.hole?.index == gt }, "\(list)")
        }
        // The pass changes no pixel, with or without it.
        for (g, frame) in [(Self.opaque, full), (Self.opaque, CGRect(x: 0, y: 0, width: 70, height: 100)), (translucent, full)] {
            let root = scene(g, frame)
            let on = DisplayListPassTests.render(root, width: 100, height: 100, scale: 1, occlusion: true)
            #expect(on == DisplayListPassTests.render(root, width: 100, height: 100, scale: 1, occlusion: false))
        }
    }

    @Test func aChangedGradientDamagesExactlyItsRectAndTheDamageRenderIsTheFullRender() throws {
        // The layer covers x 20.5..<70.5, y 30.25..<70.25: its whole-pixel box plus the
        // one-pixel anti-aliasing margin of `DamageRegion` is x 19..<72, y 29..<72.
        let size = CGSize(width: 120, height: 100), options = RenderOptions(scale: 1)
        func scene(_ g: Gradient) -> LayerSnapshot {
            layer(
                CGRect(origin: .zero, size: size), Color(red: 0.5, green: 0.5, blue: 0.5),
                sublayers: [
                    layer(CGRect(x: 20.5, y: 30.25, width: 50, height: 40)) {
                        $0.gradient = g; $0.cornerRadius = 6
                    }
                ])
        }
        let old = scene(Self.opaque)
        let new = scene(
            Gradient(
                colors: [.green, Color(red: 1, green: 1, blue: 1, alpha: 0.4)], startPoint: CGPoint(x: 0.3, y: 0.5), endPoint: CGPoint(x: 1, y: 1),
                type: .radial))
        let damage = DamageRegion(from: old, to: new, size: size, options: options)
        #expect(damage.rects == [CGRect(x: 19, y: 29, width: 53, height: 43)], "\(damage.rects)")
        let compositor = Compositor(options: options)
        let before = try compositor.render(old, size: size)
        var frame = before
        compositor.render(new, into: &frame, damage: damage)
        let full = try compositor.render(new, size: size)
        #expect(frame == full)
        #expect(frame != before)
    }
}
