import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport

@Suite struct CompositorTests {
    static let white = RGBA8.white, black = RGBA8.black

    func render(
        _ root: LayerSnapshot, width: CGFloat, height: CGFloat, scale: CGFloat = 1,
        background: RGBA8 = .black, threads: Int = 1
    ) throws -> Bitmap {
        var options = RenderOptions(scale: scale, background: background, threads: threads)
        options.choosesBandCount = false
        return try Compositor(options: options).render(root, size: CGSize(width: width, height: height))
    }

    @Test func pixelAlignedRectHasExactEdges() throws {
        // At scale 2 the half-point frame lands on whole pixels: (5, 7)..(25, 31).
        let root = layer(CGRect(x: 2.5, y: 3.5, width: 10, height: 12), .white)
        let bitmap = try render(root, width: 20, height: 20, scale: 2)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 5 && x < 25 && y >= 7 && y < 31
                #expect(bitmap.pixel(x: x, y: y) == (inside ? Self.white : Self.black), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func halfPixelEdgeIsHalfCovered() throws {
        // Exact-area coverage: a white rect whose left edge is at x = 3.5 covers pixel 3 by half,
        // 255·½ = 127.5, rounded once (to 128) by the coverage quantiser.
        let bitmap = try render(layer(CGRect(x: 3.5, y: 0, width: 4, height: 4), .white), width: 10, height: 4)
        #expect(bitmap.pixel(x: 3, y: 1) == RGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(bitmap.pixel(x: 4, y: 1) == Self.white)
        #expect(bitmap.pixel(x: 2, y: 1) == Self.black)
    }

    @Test func geometryBehindTheEyeIsClippedNotMirrored() throws {
        // Anchor at the right edge, rotated 80° about y with the eye 300 pt away: the left part
        // of a 600 pt wide layer swings towards the viewer and passes behind the eye where
        // w = 1 − |x|·sin 80°/300 <= 0, i.e. beyond |x| ≈ 304.6 pt. What is in front projects
        // to the left of the anchor; a mirrored drawing would show up to its right.
        let transform = Transform3D(rotationAngle: 80 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
        var image = Bitmap(width: 8, height: 8, fill: .white)
        image.setPixel(RGBA8(r: 0, g: 0, b: 255, a: 255), x: 0, y: 0)
        for withContents in [false, true] {
            let quad = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 600, height: 200)
                $0.anchorPoint = CGPoint(x: 1, y: 0.5)
                $0.position = CGPoint(x: 300, y: 200)
                $0.transform = transform
                $0.backgroundColor = withContents ? nil : .white
                $0.contents = withContents ? image : nil
            }
            let bitmap = try render(layer(CGRect(x: 0, y: 0, width: 400, height: 400), sublayers: [quad]), width: 400, height: 400)
            writeForLooking(bitmap, name: "behind-the-eye-\(withContents ? "contents" : "background")")
            for y in stride(from: 0, to: 400, by: 7) {
                for x in 301..<400 {
                    #expect(bitmap.pixel(x: x, y: y) == Self.black, "mirrored pixel at (\(x), \(y))")
                }
            }
            #expect(bitmap.pixel(x: 290, y: 200)?.a == 255 && bitmap.pixel(x: 290, y: 200) != Self.black, "the near part is drawn")
            #expect(bitmap.pixel(x: 10, y: 200) != Self.black, "the part rushing towards the eye fills the left edge")
        }
    }

    @Test func degenerateLayersAreSkipped() throws {
        var nan = Transform3D.identity
        nan.m11 = .nan
        var infinite = Transform3D.identity
        infinite.m34 = .infinity
        let visible = layer(CGRect(x: 0, y: 0, width: 2, height: 2), .white)
        let root = layer(
            CGRect(x: 0, y: 0, width: 10, height: 10),
            sublayers: [
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.transform = nan },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.transform = infinite },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.transform = Transform3D(scaleX: 0, y: 0) },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.transform = Transform3D(scaleX: 1, y: 0) },
                layer(CGRect(x: 5, y: 5, width: 0, height: 0), .white) { $0.contents = Bitmap(width: 1, height: 1, fill: .white) },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.opacity = .nan },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) { $0.position = CGPoint(x: CGFloat.nan, y: 0) },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white) {
                    $0.cornerRadius = .infinity; $0.bounds.size.width = .infinity
                },
                layer(CGRect(x: 0, y: 0, width: 10, height: 10)) {
                    $0.path = .path([.move(to: .zero), .line(to: CGPoint(x: CGFloat.nan, y: 3)), .line(to: CGPoint(x: 5, y: 5))])
                },
                visible,
            ])
        let bitmap = try render(root, width: 10, height: 10)
        for y in 0..<10 {
            for x in 0..<10 {
                #expect(bitmap.pixel(x: x, y: y) == (x < 2 && y < 2 ? Self.white : Self.black), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func fillRulesDifferOnNestedSquares() throws {
        // Two nested squares wound the same way: the centre has winding number 2, filled under
        // non-zero and empty under even-odd (CAShapeLayerFillRule).
        func square(_ r: CGRect) -> [ShapePath.Element] {
            [
                .move(to: CGPoint(x: r.minX, y: r.minY)), .line(to: CGPoint(x: r.maxX, y: r.minY)),
                .line(to: CGPoint(x: r.maxX, y: r.maxY)), .line(to: CGPoint(x: r.minX, y: r.maxY)), .closeSubpath,
            ]
        }
        let elements = square(CGRect(x: 10, y: 10, width: 40, height: 40)) + square(CGRect(x: 20, y: 20, width: 20, height: 20))
        var centre: [ShapePath.FillRule: RGBA8] = [:]
        for rule in [ShapePath.FillRule.nonZero, .evenOdd] {
            let shape = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
                $0.position = CGPoint(x: 30, y: 30)
                $0.path = .path(elements, fillRule: rule)
                $0.fillColor = .white
            }
            let bitmap = try render(shape, width: 60, height: 60)
            centre[rule] = bitmap.pixel(x: 30, y: 30)
            #expect(bitmap.pixel(x: 15, y: 15) == Self.white, "the ring is filled under both rules")
            #expect(bitmap.pixel(x: 5, y: 5) == Self.black)
        }
        #expect(centre[.nonZero] == Self.white)
        #expect(centre[.evenOdd] == Self.black)
    }

    @Test func groupOpacityBlendsOverlapOnce() throws {
        // Parent at opacity 0.5 (α = round(0.5·255) = 128) over white, children opaque red and
        // blue overlapping. Group opacity (Core Animation; Porter–Duff over of the flattened
        // group): result = C_group·α/255 + white·(255 − α)/255 per channel, each product rounded
        // as pixman does (⌊(x·a + 128 + ((x·a + 128) >> 8)) >> 8⌋):
        //   overlap (group = blue):  r = g = 0 + 255·127/255 = 127, b = 255·128/255 + 127 = 255
        //   red only:                r = 128 + 127 = 255, g = b = 127
        // Blending each child separately would give r = 127·127/255 ≈ 63 in the overlap instead.
        let parent = layer(
            CGRect(x: 0, y: 0, width: 40, height: 40),
            sublayers: [
                layer(CGRect(x: 0, y: 0, width: 25, height: 25), .red),
                layer(CGRect(x: 15, y: 15, width: 25, height: 25), .blue),
            ]
        ) { $0.opacity = 0.5 }
        let bitmap = try render(parent, width: 40, height: 40, background: .white)
        for y in 15..<25 {
            for x in 15..<25 {
                #expect(bitmap.pixel(x: x, y: y) == RGBA8(r: 127, g: 127, b: 255, a: 255), "overlap pixel (\(x), \(y))")
            }
        }
        #expect(bitmap.pixel(x: 5, y: 5) == RGBA8(r: 255, g: 127, b: 127, a: 255))
        #expect(bitmap.pixel(x: 35, y: 35) == RGBA8(r: 127, g: 127, b: 255, a: 255))
        #expect(bitmap.pixel(x: 35, y: 5) == Self.white)
    }

    @Test func bilinearContentsRamp() throws {
        // A 2x1 image (black, white) stretched over 4 pixels. Destination pixel i has its centre
        // at i + ½, which maps to image x = (i + ½)·2/4; the bilinear sample with centres at
        // j + ½ and edge clamping (OpenGL GL_LINEAR, CLAMP_TO_EDGE) is at u = (i + ½)/2 − ½ =
        // −0.25, 0.25, 0.75, 1.25, giving 255·clamp(u, 0, 1) = 0, 63.75, 191.25, 255,
        // rounded: 0, 64, 191, 255.
        var image = Bitmap(width: 2, height: 1)
        image.setPixel(.black, x: 0, y: 0)
        image.setPixel(.white, x: 1, y: 0)
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 1)) { $0.contents = image }
        let bitmap = try render(root, width: 4, height: 1, background: .transparent)
        let ramp = (0..<4).map { bitmap.pixel(x: $0, y: 0) }
        #expect(ramp == [0, 64, 191, 255].map { RGBA8(r: $0, g: $0, b: $0, a: 255) })
    }

    @Test func contentsGravityPlacesTheImage() throws {
        let image = Bitmap(width: 2, height: 1, fill: .white)  // aspect 2:1
        for (gravity, covered) in [(ContentsGravity.resize, 20 * 20), (.resizeAspect, 20 * 10), (.resizeAspectFill, 20 * 20)] {
            let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20)) {
                $0.contents = image; $0.contentsGravity = gravity
            }
            let bitmap = try render(root, width: 20, height: 20)
            var n = 0
            for y in 0..<20 { for x in 0..<20 where bitmap.pixel(x: x, y: y) == Self.white { n += 1 } }
            #expect(n == covered, "\(gravity)")
        }
    }

    @Test func masksToBoundsClipsSublayers() throws {
        let child = layer(CGRect(x: -10, y: -10, width: 60, height: 60), .white)
        let clipped = layer(CGRect(x: 10, y: 10, width: 20, height: 20), sublayers: [child]) { $0.masksToBounds = true }
        let bitmap = try render(clipped, width: 40, height: 40)
        #expect(bitmap.pixel(x: 9, y: 20) == Self.black)
        #expect(bitmap.pixel(x: 10, y: 20) == Self.white)
        #expect(bitmap.pixel(x: 29, y: 29) == Self.white)
        #expect(bitmap.pixel(x: 30, y: 20) == Self.black)
        // With rounded corners the corner pixel is outside (radius 8: (10,10) is ~3.3 px out).
        let rounded = layer(CGRect(x: 10, y: 10, width: 20, height: 20), sublayers: [child]) {
            $0.masksToBounds = true; $0.cornerRadius = 8
        }
        let r = try render(rounded, width: 40, height: 40)
        #expect(r.pixel(x: 10, y: 10) == Self.black)
        #expect(r.pixel(x: 20, y: 20) == Self.white)
        let corner = try #require(r.pixel(x: 11, y: 14))
        #expect(corner.r > 0 && corner.r < 255, "anti-aliased rounded corner")
    }

    @Test func generalMaskMatchesPathMask() throws {
        // The same circle as a leaf path mask (rasterised straight to coverage) and as a mask
        // whose sublayer holds the path (rendered offscreen, alpha taken): identical coverage.
        let circle = ShapePath.circle(center: CGPoint(x: 32, y: 30), radius: 17.3)
        let leaf = LayerSnapshot { $0.path = circle }
        let nested = LayerSnapshot(sublayers: [LayerSnapshot { $0.path = circle }]) { _ in }
        let content = { (mask: LayerSnapshot) in
            layer(CGRect(x: 0, y: 0, width: 64, height: 64), .white, sublayers: [layer(CGRect(x: 0, y: 0, width: 32, height: 64), .red)], mask: mask)
        }
        let a = try render(content(leaf), width: 64, height: 64)
        let b = try render(content(nested), width: 64, height: 64)
        #expect(a == b)
        #expect(a.pixel(x: 32, y: 30) == RGBA8.white.withRed(255))
        #expect(a.pixel(x: 2, y: 2) == Self.black)
    }

    @Test func threadsDoNotChangeTheResult() throws {
        let transform = Transform3D(rotationAngle: 0.4, x: 1, y: 1, z: 0).concatenating(.perspective(distance: 400))
        var image = Bitmap(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { image.setPixel((x + y) % 2 == 0 ? .white : RGBA8(r: 0, g: 0, b: 200, a: 200), x: x, y: y) } }
        let root = layer(
            CGRect(x: 0, y: 0, width: 120, height: 200), .green,
            sublayers: [
                layer(
                    CGRect(x: 10, y: 20, width: 100, height: 150), .red,
                    sublayers: [
                        layer(CGRect(x: 20, y: 20, width: 60, height: 60), .blue) {
                            $0.cornerRadius = 12; $0.opacity = 0.7
                        }
                    ]
                ) {
                    $0.transform = transform; $0.contents = image; $0.opacity = 0.8
                }
            ], mask: LayerSnapshot { $0.path = .circle(center: CGPoint(x: 60, y: 100), radius: 70) })
        let one = try render(root, width: 120, height: 200, scale: 2, threads: 1)
        let three = try render(root, width: 120, height: 200, scale: 2, threads: 3)
        writeForLooking(one, name: "threads-scene")
        #expect(one == three)
    }

    @Test func rejectsBadSizes() {
        let c = Compositor()
        #expect(throws: TransitionKitError.self) { try c.render(LayerSnapshot(), size: CGSize(width: 0, height: 10)) }
        #expect(throws: TransitionKitError.self) { try c.render(LayerSnapshot(), size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: TransitionKitError.self) { try c.render(LayerSnapshot(), size: CGSize(width: 1e9, height: 10)) }
    }
}

private extension RGBA8 {
    func withRed(_ r: UInt8) -> RGBA8 { RGBA8(r: r, g: g, b: b, a: a) }
}
