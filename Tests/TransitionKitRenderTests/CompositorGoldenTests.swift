import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender
import TransitionKitTestSupport
import TransitionKitTesting

/// Golden images of layer trees, looked at before recording (see `__Snapshots__`).
@Suite struct CompositorGoldenTests {
    static func screenshot(_ name: String) throws -> Bitmap {
        try PNGDecoder.read(contentsOf: Fixtures.url("screenshots/\(name).png").path)
    }

    /// A perspective-transformed, circle-masked, rounded, semi-transparent layer (with image
    /// contents) over a full-screen bitmap: every feature of the compositor in one frame.
    @Test func perspectiveMaskedRoundedTranslucentOverBitmap() throws {
        let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
        let background = LayerSnapshot {
            $0.bounds = screen
            $0.position = CGPoint(x: 195, y: 422)
            $0.contents = try! Self.screenshot("shell-exit-expanded")
            $0.contentsGravity = .resizeAspectFill
        }
        let cardBounds = CGRect(x: 0, y: 0, width: 300, height: 420)
        let card = LayerSnapshot(
            mask: LayerSnapshot {
                $0.bounds = cardBounds
                $0.position = CGPoint(x: 150, y: 210)
                $0.path = .circle(center: CGPoint(x: 150, y: 190), radius: 170)
            }
        ) {
            $0.bounds = cardBounds
            $0.position = CGPoint(x: 195, y: 430)
            $0.backgroundColor = Color(red: 0.1, green: 0.5, blue: 0.9)
            $0.contents = try! Self.screenshot("shell-appts")
            $0.contentsGravity = .resizeAspect
            $0.cornerRadius = 24
            $0.masksToBounds = true
            $0.opacity = 0.75
            $0.transform = Transform3D(rotationAngle: 25 * .pi / 180, x: 0, y: 1, z: 0)
                .concatenating(Transform3D(rotationAngle: 10 * .pi / 180, x: 1, y: 0, z: 0))
                .concatenating(.perspective(distance: 500))
        }
        let root = LayerSnapshot(sublayers: [background, card]) {
            $0.bounds = screen; $0.position = CGPoint(x: 195, y: 422)
        }
        let bitmap = try Compositor(options: RenderOptions(scale: 1)).render(root, size: screen.size)
        let result = GoldenImage.check(bitmap, suite: "CompositorGoldenTests", test: #function, label: "390x844")
        #expect(result.passed, "\(result)")
    }

    /// `.resizeAspectFill` contents overflow an unmasked layer and are cropped by
    /// `masksToBounds` (Core Animation's rule): a 20x10 red image aspect-filled into a 10x10
    /// layer at (10, 10) covers x 5..<25 unmasked, 10..<20 masked.
    @Test(arguments: [false, true])
    func aspectFillOverflowsUnlessMasked(masks: Bool) throws {
        let image = Bitmap(width: 20, height: 10, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))
        let layer = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.position = CGPoint(x: 15, y: 15)
            $0.contents = image
            $0.contentsGravity = .resizeAspectFill
            $0.masksToBounds = masks
        }
        let root = LayerSnapshot(sublayers: [layer]) {
            $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 30); $0.position = CGPoint(x: 15, y: 15)
        }
        let b = try Compositor(options: RenderOptions(scale: 1, background: .black)).render(root, size: CGSize(width: 30, height: 30))
        #expect(b.pixel(x: 7, y: 15) == (masks ? .black : RGBA8(r: 255, g: 0, b: 0, a: 255)))
        #expect(b.pixel(x: 12, y: 15) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(b.pixel(x: 3, y: 15) == .black)
    }
}

/// Degenerate trees found by trying to break the compositor: skipped or rejected, never a crash.
@Suite struct CompositorRobustnessTests {
    @Test func farAwayLayerIsSkipped() throws {
        let far = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); $0.position = CGPoint(x: 1e19, y: -1e19); $0.backgroundColor = .red
        }
        let huge = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 1e300); $0.backgroundColor = .blue
        }
        let root = LayerSnapshot(sublayers: [far, huge]) {
            $0.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); $0.position = CGPoint(x: 10, y: 10)
        }
        let b = try Compositor(options: RenderOptions(background: .black)).render(root, size: CGSize(width: 20, height: 20))
        #expect(b.width == 20 && b.height == 20)
        // Neither layer draws: the red one lies 1e19 pt away, the blue one's bounds are not
        // finite in pixels once scaled; every pixel is the background.
        let colours = Set((0..<20).flatMap { y in (0..<20).compactMap { b.pixel(x: $0, y: y) } })
        #expect(colours == [RGBA8(r: 0, g: 0, b: 0, a: 255)], "\(colours)")
    }

    func pixels(_ b: Bitmap) -> [RGBA8] { (0..<b.height).flatMap { y in (0..<b.width).compactMap { b.pixel(x: $0, y: y) } } }

    @Test func curveWithHugeOrNaNControlPointDoesNotTrap() throws {
        for c in [CGPoint(x: 1e40, y: 0), CGPoint(x: CGFloat.nan, y: 0)] {
            _ = ShapePath.path([.move(to: .zero), .quadCurve(to: CGPoint(x: 10, y: 10), control: c), .closeSubpath]).flattened()
            let shape = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); $0.position = CGPoint(x: 10, y: 10)
                $0.path = .path([.move(to: .zero), .quadCurve(to: CGPoint(x: 10, y: 10), control: c), .closeSubpath])
                $0.fillColor = .red
            }
            let b = try Compositor(options: RenderOptions(background: .black)).render(shape, size: CGSize(width: 20, height: 20))
            // The general path of the same tree (no fast path) draws the same.
            var generalOptions = RenderOptions(background: .black)
            generalOptions.disableFastPaths = true
            let general = try Compositor(options: generalOptions).render(shape, size: CGSize(width: 20, height: 20))
            #expect(b == general, "control point \(c)")
            if c.x.isNaN {
                // A NaN point: the shape is skipped, the background only.
                #expect(Set(pixels(b)) == [RGBA8(r: 0, g: 0, b: 0, a: 255)], "control point \(c)")
            } else {
                // B(t) = 2t(1 − t)·c + t²·(10, 10): for 0 < y = 10t² < 10 the curve is at
                // x ≈ 2·1e40·t, far right of the window, so on screen the shape is the region
                // between y = 0, y = 10 and the closing line y = x: the polygon
                // (0,0) (40,0) (40,10) (10,10), drawn as a reference with straight lines.
                let reference = LayerSnapshot {
                    $0.bounds = CGRect(x: 0, y: 0, width: 20, height: 20); $0.position = CGPoint(x: 10, y: 10)
                    $0.path = .path([
                        .move(to: .zero), .line(to: CGPoint(x: 40, y: 0)), .line(to: CGPoint(x: 40, y: 10)), .line(to: CGPoint(x: 10, y: 10)),
                        .closeSubpath,
                    ])
                    $0.fillColor = .red
                }
                let expected = try Compositor(options: RenderOptions(background: .black)).render(reference, size: CGSize(width: 20, height: 20))
                let comparison = GoldenImage.compare(b, expected, tolerance: .rounding)
                #expect(comparison.passed, "\(comparison.summary)")
            }
        }
    }

    /// A path through finite points near the largest Double (±1.7e308): edge differences
    /// overflow to infinity and slopes to NaN, so the shape is skipped (background only),
    /// not a trap converting NaN to Int. A shape just inside the bound is drawn.
    @Test func pathWithEnormousFiniteCoordinatesIsSkippedNotATrap() throws {
        func render(_ v: CGFloat) throws -> Bitmap {
            let shape = LayerSnapshot {
                $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 50); $0.position = CGPoint(x: 25, y: 25)
                $0.path = .path([
                    .move(to: CGPoint(x: -v, y: -v)), .line(to: CGPoint(x: v, y: v)), .line(to: CGPoint(x: -v, y: v)), .closeSubpath,
                ])
                $0.fillColor = .red
            }
            return try Compositor(options: RenderOptions(background: .black)).render(shape, size: CGSize(width: 50, height: 50))
        }
        let skipped = try render(1.7e308)
        #expect(skipped.pixel(x: 10, y: 40) == RGBA8(r: 0, g: 0, b: 0, a: 255))
        // 1e6: the triangle below the diagonal y = x covers (10, 40) and not (40, 10).
        let drawn = try render(1e6)
        #expect(drawn.pixel(x: 10, y: 40) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(drawn.pixel(x: 40, y: 10) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    /// A hand-built snapshot deeper than `LayerSnapshot.maximumDepth` is rejected with a
    /// typed error (or drawn as background by `render(_:into:)`), never overflowing the stack.
    @Test func deepTreeIsRejected() throws {
        var node = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 4, height: 4); $0.backgroundColor = .red
        }
        for _ in 0..<2000 { node = LayerSnapshot(sublayers: [node]) { $0.bounds = CGRect(x: 0, y: 0, width: 4, height: 4) } }
        #expect(node.depth == 2000)
        #expect(throws: TransitionKitError.self) { try Compositor().render(node, size: CGSize(width: 4, height: 4)) }
        var b = Bitmap(width: 4, height: 4)
        Compositor(options: RenderOptions(background: .black)).render(node, into: &b)
        #expect(b.pixel(x: 1, y: 1) == .black)
    }
}
