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
    ) throws -> (coverage: [UInt32], built: Bool) {
        let band = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let renderer = BandRenderer(band: band, width: width)
        let ellipse = ShapeFlattening.ellipse(oval, tolerance: BandRenderer.flatteningTolerance)
        let clip = try #require(renderer.intersect(Clip(bounds: band, mask: nil), with: [ellipse], rule: .nonZero, alpha: 255))
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
        return (coverage, shape.rows.isBuilt)
    }

    @Test func shapeDrawnOnceIsFilledStraightIntoTheDrawing() throws {
        // Circles centred inside and left of the band, from a few pixels to past its corners, and
        // one cut by the band's bottom; the drawn rectangle covers the band.
        let width = 180, height = 300, band = PixelRect(x0: 0, y0: 0, x1: 180, y1: 300)
        for (cx, cy, r) in [(90.0, 150.0, 3.3), (140.4, 60.7, 52.5), (-30.0, 150.0, 170.0), (90.0, 280.0, 95.7), (90.0, 150.0, 400.0)] {
            let oval = CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
            let direct = try shapeClippedCoverage(oval: oval, rect: band, width: width, height: height, drawnOnce: true)
            let kept = try shapeClippedCoverage(oval: oval, rect: band, width: width, height: height, drawnOnce: false)
            #expect(!direct.built && kept.built, "circle \(cx), \(cy), \(r): the direct fill keeps no rows")
            #expect(direct.coverage == kept.coverage, "circle \(cx), \(cy), \(r)")
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
        }
    }

    @Test func shapeDrawnOnceThroughAPieceKeepsItsRows() throws {
        // A rectangle narrower than the shape's reach (a piece of the contents drawn beside a
        // later opaque part) could meet the same rows again: the rows are built and kept.
        let oval = CGRect(x: 20, y: 40, width: 140, height: 140)
        let piece = PixelRect(x0: 0, y0: 0, x1: 90, y1: 300)
        let direct = try shapeClippedCoverage(oval: oval, rect: piece, width: 180, height: 300, drawnOnce: true)
        let kept = try shapeClippedCoverage(oval: oval, rect: piece, width: 180, height: 300, drawnOnce: false)
        #expect(direct.built)
        #expect(direct.coverage == kept.coverage)
        // Row 110 crosses the circle's centre: full inside the piece, nothing right of it.
        #expect(direct.coverage[110 * 180 + 89] == 255 && direct.coverage[110 * 180 + 90] == 0)
    }
}
