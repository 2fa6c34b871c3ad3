import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// A shape clip drawn through once (`ShapeClip.drawnOnce`: a mask over a layer whose contents
/// are its only part, the radial reveal's) by a pixel-aligned rectangle is rasterised straight
/// into the drawing's spans, its rows never kept; the coverage must be the kept rows' bit for
/// bit, and sum to the ellipse's area.
extension FastPathTests {
    /// Per-pixel coverage of `forEachShapeClippedSpan` of `rect` through the ellipse in `oval`
    /// (device pixels) in a `width` × `height` band, and whether the shape's rows were built.
    private func shapeClippedCoverage(
        oval: CGRect, rect: PixelRect, width: Int, height: Int, drawnOnce: Bool
    ) throws -> (coverage: [UInt32], built: Bool, replayedRows: Int) {
        try shapeClippedCoverage(
            outline: ShapeFlattening.ellipse(oval, tolerance: LoweredFrame.flatteningTolerance), rect: rect, width: width,
            height: height, drawnOnce: drawnOnce)
    }

    /// `shapeClippedCoverage(oval:…)` through the polygon `outline` (device pixels); also the
    /// rows the band's rasteriser replayed (`RepeatedRows`) building and drawing through it.
    private func shapeClippedCoverage(
        outline: [CGPoint], rect: PixelRect, width: Int, height: Int, drawnOnce: Bool
    ) throws -> (coverage: [UInt32], built: Bool, replayedRows: Int) {
        let band = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let renderer = BandRenderer(band: band, width: width, kernels: .native)
        let clip = try #require(renderer.intersect(Clip(bounds: band, mask: nil), with: [outline], rule: .nonZero, alpha: 255))
        let shape = try #require(clip.shape)
        shape.drawnOnce = drawnOnce
        var coverage = [UInt32](repeating: 0, count: width * height)
        let square = [
            CGPoint(x: rect.x0, y: rect.y0), CGPoint(x: rect.x1, y: rect.y0), CGPoint(x: rect.x1, y: rect.y1),
            CGPoint(x: rect.x0, y: rect.y1),
        ]
        renderer.forEachShapeClippedSpan([square], rule: .nonZero, clip: clip) { span in
            for i in 0..<span.count { coverage[span.y * width + span.x + i] += UInt32(span.coverage[i]) }
            for i in 0..<span.solidCount { coverage[span.y * width + span.x + span.count + i] += span.solidCoverage }
        }
        return (coverage, shape.rows.isBuilt, renderer.rasterizer.replayedRows)
    }

    @Test func shapeDrawnOnceIsFilledStraightIntoTheDrawing() throws {
        // Circles centred inside and left of the band, from a few pixels to past its corners, and
        // one cut by the band's bottom; the drawn rectangle covers the band.
        let width = 180, height = 300, band = PixelRect(x0: 0, y0: 0, x1: 180, y1: 300)
        var areasChecked = 0
        for (cx, cy, r) in [(90.0, 150.0, 3.3), (140.4, 60.7, 52.5), (-30.0, 150.0, 170.0), (90.0, 280.0, 95.7), (90.0, 150.0, 400.0)] {
            let oval = CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
            let direct = try shapeClippedCoverage(oval: oval, rect: band, width: width, height: height, drawnOnce: true)
            let kept = try shapeClippedCoverage(oval: oval, rect: band, width: width, height: height, drawnOnce: false)
            #expect(!direct.built && kept.built, "circle \(cx), \(cy), \(r): the direct fill keeps no rows")
            let same = direct.coverage == kept.coverage
            #expect(same, "circle \(cx), \(cy), \(r): the direct fill's coverage is the kept rows'")
            #expect(direct.coverage.allSatisfy { $0 <= 255 })
            // The polygon has the circle's area πr² (`ShapeFlattening.ellipse`), so a circle
            // inside the band sums to it, and one past the band's corners to the band's area,
            // each partly covered pixel rounded to 1/255 (half a level at most).
            let inside = cx - r >= 0 && cx + r <= Double(width) && cy - r >= 0 && cy + r <= Double(height)
            let corners = [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))]
            let covers = corners.allSatisfy { (($0.0 - cx) * ($0.0 - cx) + ($0.1 - cy) * ($0.1 - cy)).squareRoot() < r - 1 }
            guard inside || covers else { continue }
            let area = inside ? Double.pi * r * r : Double(width * height)
            let sum = Double(direct.coverage.reduce(0, +)) / 255
            let partial = direct.coverage.filter { $0 > 0 && $0 < 255 }.count
            #expect(abs(sum - area) <= 0.5 * Double(partial) / 255 + 1e-6 * area, "circle \(cx), \(cy), \(r): \(sum) vs \(area)")
            areasChecked += 1
        }
        // The circle of radius 3.3 inside the band and the one of 400 past its corners.
        #expect(areasChecked == 2)
    }

    @Test func shapeRowsBetweenCornerArcsAreReplayed() throws {
        // A rounded rect (a zoom's screen mask) has rows between its corner arcs that only its
        // two vertical sides cross: the rasteriser replays them (`RepeatedRows`), into the
        // direct fill's spans and into the kept rows (which share the row above's entries).
        // Both must give the same coverage, of the right area: w·h − (4 − π)·r², less at most
        // the flattening's tolerance along the arcs (chords inside them, 0.02 px deep), each
        // partly covered pixel rounded to 1/255. Between the arcs lie 250.25 − 2·24 ≈ 202 rows,
        // all but the bands the arcs or the first record reach (16 rows each) replayed.
        let width = 180, height = 300, band = PixelRect(x0: 0, y0: 0, x1: 180, y1: 300)
        let rect = CGRect(x: 10.4, y: 20.3, width: 150.5, height: 250.25), radius = 24.0
        var outline: [CGPoint] = []
        ShapeFlattening.roundedRect(rect, cornerRadius: radius, tolerance: LoweredFrame.flatteningTolerance, into: &outline)
        let direct = try shapeClippedCoverage(outline: outline, rect: band, width: width, height: height, drawnOnce: true)
        let kept = try shapeClippedCoverage(outline: outline, rect: band, width: width, height: height, drawnOnce: false)
        #expect(!direct.built && kept.built)
        #expect(direct.replayedRows >= 150 && kept.replayedRows >= 150, "replayed \(direct.replayedRows), \(kept.replayedRows) rows")
        let same = direct.coverage == kept.coverage
        #expect(same, "the direct fill's coverage is the kept rows'")
        let area = Double(rect.width * rect.height) - (4 - Double.pi) * radius * radius
        let sum = Double(direct.coverage.reduce(0, +)) / 255
        let partial = direct.coverage.filter { $0 > 0 && $0 < 255 }.count
        #expect(abs(sum - area) <= 0.5 * Double(partial) / 255 + 0.02 * 2 * Double.pi * radius, "\(sum) vs \(area)")
    }

    @Test func shapeDrawnOnceThroughAPieceKeepsItsRows() throws {
        // A rectangle narrower than the shape's reach (a piece of the contents drawn beside a
        // later opaque part) could meet the same rows again: the rows are built and kept.
        let oval = CGRect(x: 20, y: 40, width: 140, height: 140)
        let piece = PixelRect(x0: 0, y0: 0, x1: 90, y1: 300)
        let direct = try shapeClippedCoverage(oval: oval, rect: piece, width: 180, height: 300, drawnOnce: true)
        let kept = try shapeClippedCoverage(oval: oval, rect: piece, width: 180, height: 300, drawnOnce: false)
        #expect(direct.built)
        let same = direct.coverage == kept.coverage
        #expect(same, "the piece's coverage is the kept rows'")
        // Row 110 crosses the circle's centre: full inside the piece, nothing right of it.
        #expect(direct.coverage[110 * 180 + 89] == 255 && direct.coverage[110 * 180 + 90] == 0)
    }
}

/// Two faults of the deferred shape clip found by a breaker's random scenes (6,600 scenes, each
/// rendered the fast way, the general way, in bands and as damage).
extension FastPathTests {
    @Test func stackedVerticalEdgesDoNotShareRows() throws {
        // Three subpaths whose left sides are 0.1 px apart in one pixel column: rows between
        // their tops and bottoms are crossed only by vertical edges, but a cell three edges add
        // to is summed in the order of the rasteriser's active edges, which differs from band to
        // band. Sharing the first such row's spans (a geometric test this compositor once made
        // of the shape) was 1/255 off the general path in 22–24 pixels of column 27; rows are
        // replayed now only with the active edges, in their order, they were recorded with
        // (`RepeatedRows`, whose own tests cover the rule).
        var elements: [ShapePath.Element] = []
        for k in 0..<3 {
            let x = 27 + CGFloat(k) * 0.1
            elements += [
                .move(to: CGPoint(x: x, y: 25 + CGFloat(k))), .line(to: CGPoint(x: 57.3, y: 25)), .line(to: CGPoint(x: 57.3, y: 65)),
                .line(to: CGPoint(x: x, y: 65)), .closeSubpath,
            ]
        }
        let size = CGSize(width: 49, height: 120)
        for rule in [ShapePath.FillRule.evenOdd, .nonZero] {
            let mask = layer(CGRect(origin: .zero, size: size)) { $0.path = .path(elements, fillRule: rule) }
            // Contents as the only part (the direct fill), a background only, and contents
            // narrower than the shape reaches (the kept rows).
            let masked: [LayerSnapshot] = [
                layer(CGRect(origin: .zero, size: size), nil, mask: mask) { $0.contents = Self.image(width: 49, height: 120, opaque: true) },
                layer(CGRect(origin: .zero, size: size), Color(red: 0.1, green: 0.3, blue: 0.9), mask: mask),
                layer(CGRect(x: 0, y: 0, width: 40, height: 120), nil, mask: mask) { $0.contents = Self.image(width: 40, height: 120, opaque: true) },
            ]
            for (i, m) in masked.enumerated() {
                let root = layer(CGRect(origin: .zero, size: size), Color(red: 0.5, green: 0.5, blue: 0.5), sublayers: [m])
                try check("stacked_vertical_edges_\(rule)_\(i)", root, size: size, scale: 1, exact: true)
            }
        }
    }

    @Test func hugeMaskDrawsAsTheGeneralPath() throws {
        // A mask whose bounds lie 1e9 pixels or more from the origin has no `PixelRect` bounds;
        // the fast path hid the masked layer, where the general path (the rasteriser takes
        // points up to 1e150) draws it: over the whole 40x30 pt frame for a circle of radius
        // 1e9 px (scale 1) or 5e8 pt (scale 3), and a square 2e10 pt wide.
        let size = CGSize(width: 40, height: 30)
        let paths: [(String, ShapePath, CGFloat)] = [
            ("circle_1e9", .circle(center: CGPoint(x: 20, y: 20), radius: 1e9), 1),
            ("circle_5e8", .circle(center: CGPoint(x: 20, y: 20), radius: 5e8), 3),
            ("square_2e10", .rect(CGRect(x: -1e10, y: -1e10, width: 2e10, height: 2e10)), 1),
        ]
        for (name, path, scale) in paths {
            let mask = layer(CGRect(origin: .zero, size: size)) { $0.path = path }
            let blue = Color(red: 0.1, green: 0.3, blue: 0.9)
            let masked = layer(CGRect(origin: .zero, size: size), blue, mask: mask)
            let root = layer(CGRect(origin: .zero, size: size), Color(red: 0.5, green: 0.5, blue: 0.5), sublayers: [masked])
            try check("huge_mask_\(name)", root, size: size, scale: scale, exact: true)
            let frame = try Compositor(options: RenderOptions(scale: scale, background: .black)).render(root, size: size)
            // Every pixel is the blue layer's (opaque, so the grey under it does not show).
            let expected = blue.premultipliedRGBA8
            for (x, y) in [(0, 0), (Int(20 * scale), Int(15 * scale)), (frame.width - 1, frame.height - 1)] {
                let p = try #require(frame.pixel(x: x, y: y))
                #expect(p == expected, "\(name) at \(x), \(y): \(p)")
            }
        }
    }
}
